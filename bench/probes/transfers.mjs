// Where streamRead / streamWrite time goes (bench/README.md, Probes), on the Brook runtime alone:
// the host's memcpy (as the bench measures it), a copy into and out of mapped staging memory (the
// ceiling of a one-copy transfer), then streamRead by upload chunk size (upload.ts) and streamWrite
// by readback chunk size and growth (download.ts; 0 = one piece), every result checked. One JSON line
// a result; the last names the fastest settings as BROOK_* variables.
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
  // Into memory never touched before (page faults included), and in 16 MiB pieces.
  const fresh = [];
  for (let i = 0; i < 3; i++) { const to = new Float32Array(bytes / 4); const t0 = performance.now(); to.set(host); fresh.push(performance.now() - t0); }
  say({ what: 'memcpy into fresh memory', ms: med(fresh), gbps: gbps(med(fresh)) });
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
  // The same copy in smaller pieces, and as a plain loop of 8-byte stores: on a host where mapped
  // memory is write-combined or behind the PCIe BAR, the copy's store pattern decides its speed.
  for (const piece of [1 << 20, 64 << 10, 'loop']) {
    const t = [];
    for (let r = 0; r < 3; r++) {
      for (const b of bufs) b.unmap();
      await Promise.all(bufs.map((b) => b.mapAsync(GPUMapMode.WRITE)));
      const t1 = performance.now();
      bufs.forEach((b, k) => {
        const m = b.getMappedRange();
        if (piece === 'loop') {
          const to = new Float64Array(m);
          const from = new Float64Array(host.buffer, k * chunk, chunk / 8);
          for (let i = 0; i < to.length; i++) to[i] = from[i];
        } else {
          const to = new Uint8Array(m);
          for (let at = 0; at < chunk; at += piece) to.set(new Uint8Array(host.buffer, k * chunk + at, piece), at);
        }
      });
      t.push(performance.now() - t1);
    }
    say({ what: `into mapped MAP_WRITE, ${piece === 'loop' ? 'Float64Array loop' : `set in ${piece >> 10} KiB pieces`}`, ms: med(t), gbps: gbps(med(t)) });
  }
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
const best = { read: null, write: null };
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
  // Staging counts over all runs; times per run (ms).
  const st = Object.fromEntries(Object.entries(Uploader.stats).map(([k, v]) => [k, k.endsWith('Ms') ? +((v - before[k]) / (runs + 2)).toFixed(2) : v - before[k]]));
  const r = { what: 'streamRead', chunkMiB: c, ms: +med(t).toFixed(2), min: +Math.min(...t).toFixed(2), gbps: gbps(med(t)), staging: st, ok: await check() };
  say(r);
  if (r.ok && (!best.read || r.ms < best.read.ms)) best.read = r;
}
Uploader.chunkBytes = 16 << 20;

// 5. streamWrite by readback chunk size.
await rt.streamRead(X, host);
await rt.finish();
for (const [c, growth] of [[0, 1], [8, 1], [16, 1], [32, 1], [64, 1], [4, 2], [8, 2], [16, 2]]) {
  Downloader.chunkBytes = c << 20;
  Downloader.growth = growth;
  const before = { ...Downloader.stats };
  const t = [];
  for (let i = 0; i < runs + 2; i++) {
    const t0 = performance.now();
    await rt.streamWrite(X, dst);
    if (i >= 2) t.push(performance.now() - t0);
  }
  const parts = Object.fromEntries(Object.entries(Downloader.stats).map(([k, v]) => [k, +((v - before[k]) / (runs + 2)).toFixed(2)]));
  const r = { what: 'streamWrite', chunkMiB: c, growth, ms: +med(t).toFixed(2), min: +Math.min(...t).toFixed(2), gbps: gbps(med(t)), perRun: parts, ok: await check() };
  say(r);
  if (r.ok && (!best.write || r.ms < best.write.ms)) best.write = r;
}
// The fastest of each, as environment settings for a bench run (bench/probes/remeasure-device.sh, step transfers).
say({ what: 'best', env: `BROOK_UPLOAD_CHUNK_MIB=${best.read?.chunkMiB ?? 16} BROOK_READ_CHUNK_MIB=${best.write?.chunkMiB ?? 0} BROOK_READ_CHUNK_GROWTH=${best.write?.growth ?? 1}` });
process.exit(0);
