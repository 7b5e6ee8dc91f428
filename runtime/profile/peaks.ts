/**
 * This adapter's measured peaks, the roofs of the roofline and the denominators of "% of peak":
 * - bandwidth: a Brook copy kernel over float4 streams (read + write bytes per second);
 * - arithmetic: a Brook kernel of four independent chains of `x = x * a + b` on float4 (flops by the
 *   profile's own counting rule, flops.ts: 2 per component per step, what an FMA does);
 * - transfers: streamRead and streamWrite of a large host array (the paper's T_r).
 * Kernels are timed as profiles time them (GPU timestamps where the adapter has them), the stream
 * grown until a call takes a few milliseconds (or a size limit), then the best of several calls.
 * It takes a second or two, once per adapter: results are cached on disk by the adapter's name
 * (`BROOK_CACHE_DIR`, else `$XDG_CACHE_HOME/brook`, else `~/.cache/brook`; file peaks-v1.json).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BrookRuntime, CompiledKernel, Stream } from '../brt/api.js';
import { defaultCpuThreads } from '../backends/cpu/workers.js';
import { compile } from '../compiler/index.js';
import { vec } from '../compiler/types.js';
import { countFlops } from './flops.js';
import { ProfileRecorder } from './recorder.js';

export interface Peaks {
  /** Cache key: backend and adapter (for the CPU backend, the processor and thread count). */
  key: string;
  backend: string;
  adapter: string;
  /** Copy kernel: bytes read + written per second, in GB/s (1e9 bytes). */
  bandwidthGBs: number;
  /** FMA kernel: GFLOP/s by the counting rule. */
  gflops: number;
  /** streamRead (host to device) and streamWrite (device to host), GB/s. */
  uploadGBs: number;
  downloadGBs: number;
  /** How kernel time was measured. */
  clock: 'timestamps' | 'completion' | 'host';
  measuredAt: string;
  /** How long measuring took. */
  measureMs: number;
}

const CACHE_FILE = 'peaks-v1.json';
/** A device time below this is checked against the wall time of a batch of calls. */
const MIN_TRUSTED_MS = 0.2;

const PEAK_SOURCE = `
kernel void brook_peak_copy(float4 a<>, out float4 b<>) { b = a; }
kernel void brook_peak_fma(float4 a<>, out float4 b<>) {
  float4 x0 = a;
  float4 x1 = a + 1.0f;
  float4 x2 = a + 2.0f;
  float4 x3 = a + 3.0f;
  int i;
  for (i = 0; i < 128; i++) {
    x0 = x0 * 0.999f + 0.001f;
    x1 = x1 * 0.999f + 0.001f;
    x2 = x2 * 0.999f + 0.001f;
    x3 = x3 * 0.999f + 0.001f;
  }
  b = x0 + x1 + x2 + x3;
}
int main() { return 0; }
`;

let peakKernels: { copy: CompiledKernel; fma: CompiledKernel } | undefined;
function kernels(): { copy: CompiledKernel; fma: CompiledKernel } {
  if (!peakKernels) {
    const r = compile(PEAK_SOURCE, { fileName: 'brook-peaks.br' });
    if (!r.ok) throw new Error(`internal: the peak kernels do not compile: ${r.diagnostics.map((d) => d.message).join('; ')}`);
    peakKernels = { copy: r.kernels.get('brook_peak_copy')!, fma: r.kernels.get('brook_peak_fma')! };
  }
  return peakKernels;
}

/** Where profiles keep what they measure once per machine. */
export function profileCacheDir(env: Record<string, string | undefined> = process.env): string {
  if (env.BROOK_CACHE_DIR) return env.BROOK_CACHE_DIR;
  return path.join(env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache'), 'brook');
}

export function peaksKey(rt: BrookRuntime): string {
  if (rt.backend.name === 'cpu') return `cpu: ${os.cpus()[0]?.model?.trim() ?? 'unknown processor'} x ${defaultCpuThreads()} threads`;
  return `${rt.backend.name}: ${rt.backend.description}`;
}

function readCache(dir: string): Record<string, Peaks> {
  try {
    const v = JSON.parse(fs.readFileSync(path.join(dir, CACHE_FILE), 'utf8')) as unknown;
    return typeof v === 'object' && v !== null ? (v as Record<string, Peaks>) : {};
  } catch {
    return {};
  }
}

function writeCache(dir: string, all: Record<string, Peaks>): void {
  try {
    fs.mkdirSync(dir, { recursive: true });
    const tmp = path.join(dir, `${CACHE_FILE}.${process.pid}.tmp`);
    fs.writeFileSync(tmp, JSON.stringify(all, null, 1));
    fs.renameSync(tmp, path.join(dir, CACHE_FILE));
  } catch {
    // A cache that cannot be written only means measuring again next time.
  }
}

export interface PeaksOptions {
  /** Measure even if the cache has this adapter. */
  remeasure?: boolean;
  env?: Record<string, string | undefined>;
}

/** The peaks of the runtime's adapter: from the cache, else measured now (and cached). */
export async function adapterPeaks(rt: BrookRuntime, options: PeaksOptions = {}): Promise<Peaks & { cached: boolean }> {
  const dir = profileCacheDir(options.env);
  const key = peaksKey(rt);
  const all = readCache(dir);
  const hit = all[key];
  if (hit && !options.remeasure && hit.bandwidthGBs > 0 && hit.gflops > 0) return { ...hit, cached: true };
  const p = await measurePeaks(rt);
  writeCache(dir, { ...readCache(dir), [key]: p });
  return { ...p, cached: false };
}

const FLOAT4 = vec('float', 4);

/** Measure now (about a second or two). */
export async function measurePeaks(rt: BrookRuntime): Promise<Peaks> {
  const t0 = performance.now();
  const k = kernels();
  const gpu = rt.backend.name !== 'cpu';
  const maxElems = Math.max(1 << 12, Math.min(1 << 23, Math.floor(rt.backend.limits.maxBindingBytes / 16), Math.floor(rt.backend.limits.maxBufferBytes / 16)));
  const copyBytes = 32; // a float4 read and a float4 written per element
  const fmaFlops = countFlops(k.fma.ir, []).flops;
  const copy = await bestRate(rt, k.copy, maxElems, gpu);
  const fma = await bestRate(rt, k.fma, Math.min(maxElems, 1 << 22), gpu);
  const transfers = await transferRates(rt, gpu ? 1 << 22 : 1 << 20);
  return {
    key: peaksKey(rt),
    backend: rt.backend.name,
    adapter: rt.backend.description,
    bandwidthGBs: (copy.elemsPerMs * copyBytes) / 1e6,
    gflops: (fma.elemsPerMs * fmaFlops) / 1e6,
    uploadGBs: transfers.uploadGBs,
    downloadGBs: transfers.downloadGBs,
    clock: copy.clock,
    measuredAt: new Date().toISOString(),
    measureMs: performance.now() - t0,
  };
}

/** Time per call of `k` on n float4 elements, by the profile's clock. */
async function timeCalls(rt: BrookRuntime, k: CompiledKernel, a: Stream, b: Stream, calls: number): Promise<{ ms: number[]; clock: Peaks['clock'] }> {
  const rec = new ProfileRecorder(rt);
  rec.start();
  for (let i = 0; i < calls; i++) rec.runtime.call(k, [a, b]);
  const got = await rec.stop();
  return { ms: got.records.map((r) => r.deviceMs ?? r.hostMs), clock: got.deviceClock };
}

/** Grow the stream until a call takes TARGET_MS (or the size limit), then the best of several calls. */
async function bestRate(rt: BrookRuntime, k: CompiledKernel, maxElems: number, gpu: boolean): Promise<{ elemsPerMs: number; clock: Peaks['clock'] }> {
  const TARGET_MS = gpu ? 2 : 10;
  let n = 1 << 12;
  let a: Stream | undefined;
  let b: Stream | undefined;
  try {
    for (;;) {
      a = rt.createStream('peak_a', FLOAT4, [n]);
      b = rt.createStream('peak_b', FLOAT4, [n]);
      await rt.streamRead(a, new Float32Array(4 * n).fill(0.5));
      // The first call of a size compiles and warms up: it is left out.
      const probe = await timeCalls(rt, k, a, b, 3);
      if (Math.min(...probe.ms.slice(1)) >= TARGET_MS || n >= maxElems) break;
      rt.free(a);
      rt.free(b);
      n = Math.min(maxElems, n * 4);
    }
    const best = await timeCalls(rt, k, a, b, gpu ? 10 : 4);
    const ms = Math.min(...best.ms);
    if (ms >= MIN_TRUSTED_MS || !gpu) return { elemsPerMs: n / Math.max(1e-6, ms), clock: best.clock };
    // Too short to trust a single timestamp pair (Dawn rounds timestamps to 100 us on real GPUs unless
    // told not to): the wall time of a batch of calls, waited for, instead.
    const calls = 20;
    await rt.finish();
    const t0 = performance.now();
    for (let i = 0; i < calls; i++) rt.call(k, [a, b]);
    await rt.finish();
    return { elemsPerMs: (n * calls) / Math.max(1e-6, performance.now() - t0), clock: 'host' };
  } finally {
    if (a) rt.free(a);
    if (b) rt.free(b);
  }
}

/** streamRead (with the device's copy finished) and streamWrite of `floats` floats: the best of three. */
async function transferRates(rt: BrookRuntime, floats: number): Promise<{ uploadGBs: number; downloadGBs: number }> {
  const s = rt.createStream('peak_transfer', vec('float', 1), [floats]);
  const host = new Float32Array(floats).fill(1.5);
  const back = new Float32Array(floats);
  let up = Infinity;
  let down = Infinity;
  try {
    await rt.finish();
    for (let i = 0; i < 3; i++) {
      const t0 = performance.now();
      await rt.streamRead(s, host);
      await rt.finish();
      const t1 = performance.now();
      await rt.streamWrite(s, back);
      const t2 = performance.now();
      up = Math.min(up, t1 - t0);
      down = Math.min(down, t2 - t1);
    }
  } finally {
    rt.free(s);
  }
  const bytes = floats * 4;
  return { uploadGBs: bytes / Math.max(1e-6, up) / 1e6, downloadGBs: bytes / Math.max(1e-6, down) / 1e6 };
}
