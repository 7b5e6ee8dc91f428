// streamRead of 256 MiB by upload chunk size, against the host's own memcpy (bench/README.md, Probes).
import { brookSession } from '../../dist/bench/brook/session.js';
import { Uploader } from '../../dist/runtime/backends/webgpu/upload.js';
import { vec } from '../../dist/runtime/compiler/types.js';
const s = await brookSession('webgpu');
const { rt } = s;
const bytes = 256 << 20;
const host = new Float32Array(bytes / 4).map((_, i) => i);
const X = rt.createStream('x', vec('float', 4), [bytes / 16]);
const med = (a) => a.slice().sort((p, q) => p - q)[a.length >> 1];
const dst = new Float32Array(bytes / 4);
const mc = []; for (let i = 0; i < 7; i++) { const t0 = performance.now(); dst.set(host); mc.push(performance.now() - t0); }
console.log(`memcpy ${(bytes / med(mc) / 1e6).toFixed(2)} GB/s`);
for (const mib of [16, 64]) {
  Uploader.chunkBytes = mib << 20;
  const t = [];
  for (let i = 0; i < 9; i++) { const t0 = performance.now(); await rt.streamRead(X, host); await rt.finish(); if (i >= 2) t.push(performance.now() - t0); }
  console.log(`chunk ${mib} MiB: streamRead ${(bytes / med(t) / 1e6).toFixed(2)} GB/s (min ${(Math.min(...t)).toFixed(1)} ms, median ${med(t).toFixed(1)} ms)`);
}
await rt.streamWrite(X, dst);
let bad = 0; for (let i = 0; i < dst.length; i += 4099) if (dst[i] !== Math.fround(i)) bad++;
console.log('check', bad === 0 ? 'ok' : `bad ${bad}`);
process.exit(0);
