// Where streamRead / streamWrite time goes (bench/README.md, Probes), on the Brook runtime alone:
// the host's memcpy (as the bench measures it), a copy into and out of mapped staging memory (the
// ceiling of a one-copy transfer), then streamRead by upload chunk size (upload.ts) and streamWrite
// by readback chunk size (download.ts; 0 = one piece), every result checked. One JSON line a result.
// Usage: node bench/probes/transfers.mjs [MiB=256] [runs=9]
import { brookSession } from '../../dist/bench/brook/session.js';
import { Uploader } from '../../dist/runtime/backends/webgpu/upload.js';
import { Downloader } from '../../dist/runtime/backends/webgpu/download.js';
import { vec } from '../../dist/runtime/compiler/types.js';

const mib = Number(process.argv[2] ?? 256);
const runs = Number(process.argv[3] ?? 9);
const bytes = mib << 20;
const med = (a) => a.slice().sort((p, q) => p - q)[a.length >> 1];
const gbps = (ms) => +(bytes / ms / 1e6).toFixed(2);
const say = (o) => console.log(JSON.stringify(o));

const s = await brookSession('webgpu');
const { rt } = s;
const device = rt.backend.device;
const host = new Float32Array(bytes / 4).map((_, i) => i);
const dst = new Float32Array(bytes / 4);

// 1. memcpy as bench/main.ts hostMemcpy measures it.
{
  const ms = [];
  for (let i = 0; i < 6; i++) { const t0 = performance.now(); dst.set(host); ms.push(performance.now() - t0); }
  say({ what: 'memcpy', ms: med(ms.slice(1)), gbps: gbps(med(ms.slice(1))) });
}

// 2. Into mapped MAP_WRITE memory, 16 MiB buffers: at creation, then re-mapped.
{
  const chunk = 16 << 20;
  const bufs = [];
  const t0 = performance.now();
  for (let at = 0; at < bytes; at += chunk) {
    const b = device.createBuffer({ size: chunk, usage: GPUBufferUsage.MAP_WRITE | GPUBufferUsage.COPY_SRC, mappedAtCreation: true });
    new Uint8Array(b.getMappedRange()).set(new Uint8Array(host.buffer, at, chunk));
    bufs.push(b);
  }
  const created = performance.now() - t0;
  const again = [];
  for (let r = 0; r < 3; r++) {
    for (const b of bufs) b.unmap();
    await Promise.all(bufs.map((b) => b.mapAsync(GPUMapMode.WRITE)));
    const t1 = performance.now();
    bufs.forEach((b, k) => new Uint8Array(b.getMappedRange()).set(new Uint8Array(host.buffer, k * chunk, chunk)));
    again.push(performance.now() - t1);
  }
  say({ what: 'set into mapped MAP_WRITE (16 MiB buffers)', createdMs: created, createdGbps: gbps(created), remappedMs: med(again), remappedGbps: gbps(med(again)) });
  for (const b of bufs) b.destroy();
}

// 3. Out of mapped MAP_READ memory (one buffer), after a GPU copy into it.
{
  const src = device.createBuffer({ size: bytes, usage: GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_SRC | GPUBufferUsage.COPY_DST });
  device.queue.writeBuffer(src, 0, host);
  const rb = device.createBuffer({ size: bytes, usage: GPUBufferUsage.MAP_READ | GPUBufferUsage.COPY_DST });
  const out = [];
  const copy = [];
  for (let r = 0; r < 3; r++) {
    const enc = device.createCommandEncoder();
    enc.copyBufferToBuffer(src, 0, rb, 0, bytes);
    const t0 = performance.now();
    device.queue.submit([enc.finish()]);
    await rb.mapAsync(GPUMapMode.READ);
    const t1 = performance.now();
    dst.set(new Float32Array(rb.getMappedRange()));
    out.push(performance.now() - t1);
    copy.push(t1 - t0);
    rb.unmap();
  }
  say({ what: 'GPU copy + map, then set out of mapped MAP_READ (one buffer)', copyMapMs: med(copy), setMs: med(out), setGbps: gbps(med(out)) });
  src.destroy();
  rb.destroy();
}

const X = rt.createStream('x', vec('float', 4), [bytes / 16]);
const check = async () => {
  dst.fill(0);
  await rt.streamWrite(X, dst);
  for (let i = 0; i < dst.length; i += 4093) if (dst[i] !== host[i]) return false;
  return dst[dst.length - 1] === host[host.length - 1];
};

// 4. streamRead by upload chunk size.
for (const c of [4, 8, 16, 32, 64]) {
  Uploader.chunkBytes = c << 20;
  const t = [];
  const before = { ...Uploader.stats };
  for (let i = 0; i < runs + 2; i++) {
    const t0 = performance.now();
    await rt.streamRead(X, host);
    await rt.finish();
    if (i >= 2) t.push(performance.now() - t0);
  }
  const st = Object.fromEntries(Object.entries(Uploader.stats).map(([k, v]) => [k, v - before[k]]));
  say({ what: 'streamRead', chunkMiB: c, ms: +med(t).toFixed(2), min: +Math.min(...t).toFixed(2), gbps: gbps(med(t)), staging: st, ok: await check() });
}
Uploader.chunkBytes = 16 << 20;

// 5. streamWrite by readback chunk size.
await rt.streamRead(X, host);
await rt.finish();
for (const c of [0, 4, 8, 16, 32]) {
  Downloader.chunkBytes = c << 20;
  const t = [];
  for (let i = 0; i < runs + 2; i++) {
    const t0 = performance.now();
    await rt.streamWrite(X, dst);
    if (i >= 2) t.push(performance.now() - t0);
  }
  say({ what: 'streamWrite', chunkMiB: c, ms: +med(t).toFixed(2), min: +Math.min(...t).toFixed(2), gbps: gbps(med(t)), ok: await check() });
}
process.exit(0);
