/**
 * Measures one case: verify, warm up, then time the baseline and Brook alternately in the same process.
 *
 * Order of events, and why:
 * 1. Every baseline plan runs once and is checked against the float64 reference; a plan that fails
 *    is dropped (a fast wrong answer is not a result). With several verified plans, each gets a short
 *    timing and the fastest is kept, so Brook is compared with a good hand-written kernel.
 * 2. The Brook side runs once and is checked the same way.
 * 3. Both sides warm up (pipelines, allocations, clocks), then samples alternate baseline / Brook so
 *    drifting clocks or a noisy neighbour affect both alike. On the GPU, a separate submit that writes
 *    a scratch buffer larger than the last-level cache runs before each sample, outside the timing,
 *    so no sample starts with its inputs in cache.
 * 4. Each side is checked again after timing. The reported time is the median of the samples.
 */
import { Unavailable, type BenchCase, type CaseContext, type Side } from './side.js';
import type { CaseResult, SideResult, TimingMethod } from './results.js';
import { summarize } from './results.js';
import { timeGpu, timeWall, type Timed } from './timer.js';
import type { Flusher } from './wgsl/flush.js';

/** How long GPU cases warm up at least. Measured on an H100 (a warm-up probe, in git history as bench/probes/loop-warmup.mjs, with
 *  nvidia-smi logging clocks every 100 ms): from idle the SM clock stayed at 345-480 MHz for about
 *  0.4 s of load before reaching 1980 MHz, and every sample in that time took 1.7x as long, on the
 *  hand-written loop and Brook alike (the loop.large spread of 0.80 on an H200). */
export const GPU_WARMUP_MS = 1000;

export interface MeasureSettings {
  warmup: number;
  samples: number;
  /** Samples per plan when choosing among baseline plans. */
  planSamples: number;
  /** Bytes of scratch written between GPU samples to evict caches. */
  flushBytes: number;
  /** GPU cases warm up for at least this long (ms), both sides alternating, so samples start at
   *  the GPU's working clock rather than its idle one (GPU_WARMUP_MS). */
  gpuWarmupMs?: number;
  /** Print progress lines to stderr. */
  log: (line: string) => void;
}

function errText(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

/** Runs a side once and checks it; returns the failure, if any, and how long the run took. */
async function verify(side: Side): Promise<{ reason?: string; maxRelError?: number; ms: number }> {
  const t0 = performance.now();
  let ms = 0;
  try {
    await side.reset?.();
    await side.run();
    ms = performance.now() - t0;
    const c = await side.check();
    if (!c.ok) return { reason: `wrong result (${c.detail}; error ${c.maxRelError.toExponential(2)} x tolerance)`, maxRelError: c.maxRelError, ms };
    return { maxRelError: c.maxRelError, ms };
  } catch (e) {
    return { reason: errText(e), ms: performance.now() - t0 };
  }
}

/** Warm-up runs of each side at most (a time-bounded warm-up of a very short case). */
const MAX_WARMUP_RUNS = 300;

/** A side whose first run took this long gets fewer samples, so one slow side cannot eat the run's time. */
const SLOW_RUN_MS = 2000;

interface Sampler {
  side: Side;
  result: SideResult;
  timed: Timed[];
  stamped: Timed[];
}

export async function measureCase(c: BenchCase, ctx: CaseContext, st: MeasureSettings, flusher?: Flusher): Promise<CaseResult> {
  const res: CaseResult = {
    id: c.id,
    backend: c.backend,
    title: c.title,
    size: c.size,
    bytes: c.bytes,
    flops: c.flops,
    workingSetBytes: c.workingSetBytes,
    baseline: { impl: c.backend === 'cpu' ? 'js' : 'wgsl', status: 'skipped', verified: false },
    brook: { impl: 'brook', status: 'skipped', verified: false },
  };
  // Over the adapter's binding limit the baseline cannot run; Brook still may (the runtime splits
  // streams larger than one binding), so its side is measured without a ratio.
  const tooBig = limitProblem(c, ctx);
  const cannot = c.skipReason?.(ctx);
  if (cannot) {
    res.baseline = { ...res.baseline, reason: cannot };
    res.brook = { ...res.brook, reason: cannot };
    return res;
  }
  const useStamps = c.backend === 'webgpu' && !!ctx.gpu?.hasTimestamps;
  // Per-call cases are timed on the wall clock without stamps (stamping 2000 passes has its own cost);
  // a few stamped runs afterwards give their GPU time per call.
  const timeOne = async (side: Side, stamps = useStamps && c.timing === 'gpu'): Promise<Timed> => {
    if (c.timing === 'wall' || c.backend === 'cpu') {
      const wallMs = await timeWall(() => side.run());
      return { wallMs: side.selfTimedMs?.() ?? wallMs, passes: 0 };
    }
    if (flusher && c.timing === 'gpu') await flusher.flush();
    return timeGpu(() => side.run(), stamps);
  };

  // 1. Baseline plans.
  let slowest = 0;
  const samplers: Sampler[] = [];
  let base: Sampler | undefined;
  try {
    if (tooBig) throw new Unavailable(tooBig);
    const plans = await c.baseline(ctx);
    const good: { side: Side; v: { maxRelError?: number } }[] = [];
    const reasons: string[] = [];
    for (const p of plans) {
      const v = await verify(p);
      slowest = Math.max(slowest, v.ms);
      if (v.reason) {
        reasons.push(`${p.plan ?? p.impl}: ${v.reason}`);
        p.dispose();
      } else good.push({ side: p, v });
    }
    if (!good.length) throw new Error(reasons.join('; '));
    let best = good[0];
    if (good.length > 1) {
      let bestMs = Infinity;
      for (const g of good) {
        const ts: number[] = [];
        await timeOne(g.side);
        for (let i = 0; i < st.planSamples; i++) ts.push(pick(await timeOne(g.side)));
        ts.sort((a, b) => a - b);
        const med = ts[ts.length >> 1];
        st.log(`  ${c.id}: plan "${g.side.plan}" ${med.toFixed(4)} ms`);
        if (med < bestMs) {
          bestMs = med;
          best = g;
        }
      }
      for (const g of good) if (g !== best) g.side.dispose();
    }
    base = { side: best.side, result: { impl: best.side.impl, status: 'measured', verified: true, maxRelError: best.v.maxRelError, plan: best.side.plan }, timed: [], stamped: [] };
    samplers.push(base);
  } catch (e) {
    res.baseline = { impl: res.baseline.impl, status: e instanceof Unavailable ? 'skipped' : 'failed', verified: false, reason: errText(e) };
  }

  // 2. Brook.
  let brook: Sampler | undefined;
  try {
    const side = await c.brook(ctx);
    const v = await verify(side);
    slowest = Math.max(slowest, v.ms);
    if (v.reason) {
      side.dispose();
      res.brook = { impl: 'brook', status: 'failed', verified: false, reason: v.reason, maxRelError: v.maxRelError };
    } else {
      brook = { side, result: { impl: 'brook', status: 'measured', verified: true, maxRelError: v.maxRelError, note: side.note }, timed: [], stamped: [] };
      samplers.push(brook);
    }
  } catch (e) {
    const msg = errText(e);
    res.brook = { impl: 'brook', status: e instanceof Unavailable ? 'skipped' : 'failed', verified: false, reason: msg };
  }

  // 3. Warm-up, then alternating samples. A side that throws drops out; the other carries on.
  // Short CPU jobs (the host group) ask for more samples: their medians move with machine load.
  if (c.samples && st.samples > 3) st = { ...st, warmup: Math.max(st.warmup, 5), samples: Math.max(st.samples, c.samples) };
  if (slowest > SLOW_RUN_MS) {
    st = { ...st, warmup: Math.min(st.warmup, 1), samples: Math.min(st.samples, 3) };
    st.log(`  ${c.id}: a first run took ${(slowest / 1000).toFixed(1)} s; ${st.samples} samples only`);
  }
  const live = () => samplers.filter((x) => x.result.status === 'measured');
  const guarded = async (x: Sampler, what: string, fn: () => Promise<void>) => {
    try {
      await fn();
    } catch (e) {
      Object.assign(x.result, { status: 'failed', verified: false, reason: `failed while ${what}: ${errText(e)}` });
    }
  };
  try {
    // Alternating, like the samples; GPU cases go on until gpuWarmupMs have passed (the clock ramp).
    const warmFrom = performance.now();
    const warmMs = c.backend === 'webgpu' ? st.gpuWarmupMs ?? 0 : 0;
    for (let i = 0; i < MAX_WARMUP_RUNS && (i < st.warmup || performance.now() - warmFrom < warmMs); i++) {
      for (const x of live()) await guarded(x, 'warming up', async () => void (await timeOne(x.side)));
    }
    for (let i = 0; i < st.samples; i++) {
      for (const x of live()) await guarded(x, 'timing', async () => void x.timed.push(await timeOne(x.side)));
    }
    if (c.timing === 'calls' && useStamps) {
      for (let i = 0; i < Math.min(3, st.samples); i++) {
        for (const x of live()) await guarded(x, 'timing', async () => void x.stamped.push(await timeOne(x.side, true)));
      }
    }
    // 4. Still right after all those runs?
    for (const x of live()) await guarded(x, 'checking again', async () => {
      const after = await x.side.check();
      if (!after.ok) Object.assign(x.result, { status: 'failed', verified: false, reason: `wrong result after timing (${after.detail})` });
    });
  } finally {
    for (const x of samplers) x.side.dispose();
  }

  // Same timing method on both sides: GPU timestamps only if every sample of every side has them.
  const allStamped = c.timing === 'gpu' && live().length > 0 && live().every((s) => s.timed.length > 0 && s.timed.every((t) => t.gpuMs !== undefined));
  const method: TimingMethod = c.timing !== 'gpu' || c.backend === 'cpu' ? 'wall' : allStamped ? 'gpu-timestamp' : 'wall-submit';
  for (const s of samplers) {
    if (s.result.status !== 'measured') continue;
    const ms = s.timed.map((t) => (method === 'gpu-timestamp' ? (t.gpuMs as number) : t.wallMs));
    s.result.timing = method;
    summarize(s.result, ms, c.bytes, c.flops);
    if (c.timing === 'calls' && s.side.calls) {
      s.result.usPerCall = (s.result.medianMs as number) * 1000 / s.side.calls;
      const g = s.stamped.map((t) => t.gpuMs);
      if (g.length && g.every((x) => x !== undefined)) {
        const sorted = (g as number[]).sort((a, b) => a - b);
        s.result.gpuUsPerCall = sorted[sorted.length >> 1] * 1000 / s.side.calls;
      }
    }
  }
  if (base) res.baseline = base.result;
  if (brook) res.brook = brook.result;
  if (res.baseline.status === 'measured' && res.brook.status === 'measured') {
    res.ratio = (res.baseline.medianMs as number) / (res.brook.medianMs as number);
  }
  return res;
}

function pick(t: Timed): number {
  return t.gpuMs ?? t.wallMs;
}

function limitProblem(c: BenchCase, ctx: CaseContext): string | undefined {
  if (c.backend !== 'webgpu' || !c.largestBufferBytes || !ctx.gpu) return undefined;
  const lim = ctx.gpu.device.limits;
  const cap = Math.min(lim.maxStorageBufferBindingSize, lim.maxBufferSize);
  if (c.largestBufferBytes > cap) {
    return `needs a ${mib(c.largestBufferBytes)} buffer; this adapter allows ${mib(cap)} (maxStorageBufferBindingSize ${mib(lim.maxStorageBufferBindingSize)}, maxBufferSize ${mib(lim.maxBufferSize)})`;
  }
  return undefined;
}

function mib(b: number): string {
  return `${(b / 2 ** 20).toFixed(0)} MiB`;
}
