/**
 * The harness's own parts, without a device: options, medians, the reference checks (they must
 * reject a wrong answer, or a fast wrong kernel would be reported as a result), case selection,
 * and measureCase's rules for wrong, failing and missing sides.
 */
import { describe, expect, it } from 'vitest';
import { parseArgs } from '../../bench/cli.js';
import { median, summarize, type SideResult } from '../../bench/results.js';
import { compare, compareExact, randomFloats, stencilRef, sum4Ref, sgemvRef } from '../../bench/reference.js';
import { allCases, selectCases } from '../../bench/cases.js';
import { measureCase, type MeasureSettings } from '../../bench/measure.js';
import { Unavailable, type BenchCase, type Side } from '../../bench/side.js';

describe('bench options', () => {
  it('parses every flag in both spellings', () => {
    expect(parseArgs(['--backend', 'cpu', '--quick', '--only', 'saxpy,sum.large', '--json', 'o.json'])).toEqual({
      backends: ['cpu'], quick: true, only: ['saxpy', 'sum.large'], json: 'o.json', help: false,
    });
    expect(parseArgs(['--backend=both'])).toMatchObject({ backends: ['webgpu', 'cpu'] });
    expect(parseArgs([])).toMatchObject({ backends: ['webgpu', 'cpu'], quick: false });
  });
  it('rejects bad input with a message that says what is accepted', () => {
    expect(parseArgs(['--backend', 'gpu'])).toEqual({ error: '--backend takes webgpu, cpu or both, not "gpu"' });
    expect(parseArgs(['--only'])).toHaveProperty('error');
    expect(parseArgs(['--fast'])).toEqual({ error: 'unknown option "--fast"' });
  });
  it('--only matches an id or a prefix up to a dot, within the chosen backends', () => {
    const cases = allCases(true);
    const ids = (only?: string[], b: ('webgpu' | 'cpu')[] = ['webgpu', 'cpu']) => selectCases(cases, only, b).map((c) => c.id);
    expect(ids(['saxpy'])).toEqual(['saxpy.small', 'saxpy.large', 'saxpy.huge']);
    expect(ids(['sgemv.large'])).toEqual(['sgemv.large.mulsum', 'sgemv.large.single', 'sgemv.large.alive', 'sgemv.large.dead']);
    expect(ids(['sum'])).toEqual(['sum.small', 'sum.large', 'sum.ordered']);
    const cpuGroup = [
      ...['saxpy', 'sum', 'stencil', 'gather', 'chain'].flatMap((j) => [`cpu.${j}`, `cpu.${j}.threads`, `cpu.${j}.c`]),
      'cpu.chain.fusion',
      'cpu.chain.fusion.threads',
      'cpu.streamRead',
    'cpu.streamRead.hostmem',
      'cpu.streamWrite',
    'cpu.streamWrite.hostmem',
    ];
    expect(ids(['cpu'])).toEqual(cpuGroup);
    expect(ids(['cpu.stencil'])).toEqual(['cpu.stencil', 'cpu.stencil.threads', 'cpu.stencil.c']);
    expect(ids(undefined, ['cpu']).filter((id) => id.startsWith('cpu.'))).toEqual(cpuGroup);
    expect(ids(['host.heap'], ['cpu'])).toEqual(['host.heap.gcc', 'host.heap.js', 'host.heap.checks']);
    expect(ids(['host'], ['cpu'])).toHaveLength(9);
    expect(ids(['loops.pointer'], ['cpu'])).toEqual(['loops.pointer.gcc', 'loops.pointer.js']);
    // Eight C shapes and five C++ shapes (bench/host.ts SHAPES), each against gcc/g++ and the JavaScript path.
    expect(ids(['loops'], ['cpu'])).toHaveLength(26);
    expect(ids(['sax'])).toEqual([]);
  });
});

describe('bench statistics', () => {
  it('median of odd and even counts, unsorted input', () => {
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });
  it('GB/s and GFLOP/s from the median', () => {
    const s: SideResult = { impl: 'x', status: 'measured', verified: true };
    summarize(s, [2, 1, 100], 3e6, 1e6); // median 2 ms
    expect(s.medianMs).toBe(2);
    expect(s.gbps).toBeCloseTo(1.5, 12); // 3e6 B / 2e-3 s = 1.5e9 B/s
    expect(s.gflops).toBeCloseTo(0.5, 12);
    expect(s.minMs).toBe(1);
    expect(s.maxMs).toBe(100);
  });
});

describe('bench reference checks', () => {
  it('sum: a reordered float32 sum passes, a dropped block of 1/1024 fails', () => {
    const x = randomFloats(4 * 4096, 3, 0.5, 1.5);
    const ref = sum4Ref(x);
    // Pairwise float32 sum: a different order than the float64 reference.
    const pair = (lo: number, hi: number, c: number): number =>
      hi - lo === 1 ? x[4 * lo + c] : Math.fround(pair(lo, (lo + hi) >> 1, c) + pair((lo + hi) >> 1, hi, c));
    const got = [0, 1, 2, 3].map((c) => pair(0, 4096, c));
    expect(compare(got, ref.want, ref.scale, 1e-5).ok).toBe(true);
    const dropped = [0, 1, 2, 3].map((c) => got[c] - x.subarray(0, 16).filter((_, i) => i % 4 === c).reduce((a, b) => a + b, 0));
    expect(compare(dropped, ref.want, ref.scale, 1e-5).ok).toBe(false);
  });
  it('sgemv: hand-computed 2x4 case, and one wrong row is caught', () => {
    const A = Float32Array.from([1, 2, 3, 4, -1, 0, 1, 0.5]);
    const x = Float32Array.from([1, 1, 2, 2]);
    const ref = sgemvRef(A, x, 2, 4);
    expect([...ref.want]).toEqual([1 + 2 + 6 + 8, -1 + 0 + 2 + 1]);
    expect(compare([17, 2], ref.want, ref.scale, 1e-4).ok).toBe(true);
    const bad = compare([17, 2.01], ref.want, ref.scale, 1e-4);
    expect(bad.ok).toBe(false);
    expect(bad.detail).toContain('element 1');
  });
  it('stencil: clamped edges, hand-computed corner', () => {
    // 2x2 grid [[1, 2], [3, 4]]: corner (0,0) has left = itself (1), up = itself (1), right 2, down 3.
    const ref = stencilRef(Float32Array.from([1, 2, 3, 4]), 2, 2);
    expect(ref.want[0]).toBeCloseTo(0.5 * 1 + 0.125 * (1 + 2 + 1 + 3), 12);
  });
  it('NaN never passes; transfers must match bit for bit', () => {
    expect(compare([NaN], [1], [1], 1).ok).toBe(false);
    const a = Float32Array.from([1, -0, 3]);
    expect(compareExact(Float32Array.from([1, -0, 3]), a).ok).toBe(true);
    expect(compareExact(Float32Array.from([1, 0, 3]), a).ok).toBe(false);
  });
});

describe('measureCase', () => {
  const settings: MeasureSettings = { warmup: 1, samples: 3, planSamples: 1, flushBytes: 0, log: () => {} };
  /** A side whose run counts calls and whose check passes or fails as told. */
  function fake(name: string, ok: boolean, runs: { n: number } = { n: 0 }): Side {
    return {
      impl: name,
      plan: name,
      async run() {
        runs.n++;
      },
      async check() {
        return ok ? { ok: true, maxRelError: 0.5 } : { ok: false, maxRelError: 7, detail: 'element 3: got 1, expected 2' };
      },
      dispose() {},
    };
  }
  function fakeCase(baseline: () => Side[], brook: () => Side): BenchCase {
    return {
      id: 'fake', backend: 'cpu', title: 'fake', size: '1', bytes: 1000, flops: 10, workingSetBytes: 1000, timing: 'wall',
      baseline: async () => baseline(),
      brook: async () => brook(),
    };
  }

  it('drops a baseline plan that gives a wrong answer and keeps the verified one', async () => {
    const r = await measureCase(fakeCase(() => [fake('wrong-fast', false), fake('right', true)], () => fake('brook', true)), { quick: true }, settings);
    expect(r.baseline.status).toBe('measured');
    expect(r.baseline.plan).toBe('right');
    expect(r.baseline.samples).toBe(3);
    expect(r.ratio).toBeCloseTo((r.baseline.medianMs as number) / (r.brook.medianMs as number), 12);
  });

  it('a wrong Brook result is reported as failed, never timed, and gives no ratio', async () => {
    const runs = { n: 0 };
    const r = await measureCase(fakeCase(() => [fake('right', true)], () => fake('brook', false, runs)), { quick: true }, settings);
    expect(r.brook.status).toBe('failed');
    expect(r.brook.verified).toBe(false);
    expect(r.brook.reason).toContain('wrong result (element 3');
    expect(r.brook.medianMs).toBeUndefined();
    expect(runs.n).toBe(1); // the verification run only
    expect(r.ratio).toBeUndefined();
    expect(r.baseline.status).toBe('measured');
  });

  it('GPU cases warm up for gpuWarmupMs, both sides alternating; CPU cases only their count', async () => {
    // Each run takes 4 ms: 60 ms of warm-up is about 7 rounds of the two sides, then 3 samples.
    const slow = (runs: { n: number }, order: string[], name: string): Side => ({
      ...fake(name, true, runs),
      async run() {
        runs.n++;
        order.push(name);
        await new Promise((r) => setTimeout(r, 4));
      },
    });
    for (const backend of ['webgpu', 'cpu'] as const) {
      const b = { n: 0 };
      const k = { n: 0 };
      const order: string[] = [];
      const c = { ...fakeCase(() => [slow(b, order, 'base')], () => slow(k, order, 'brook')), backend };
      const r = await measureCase(c, { quick: true }, { ...settings, gpuWarmupMs: 60 });
      expect(r.brook.samples).toBe(3);
      // 1 verification run + warm-up + 3 samples each.
      const warm = k.n - 1 - 3;
      if (backend === 'webgpu') {
        expect(warm).toBeGreaterThanOrEqual(5);
        expect(b.n - 1 - 3).toBe(warm);
        expect(order.slice(2, 8)).toEqual(['base', 'brook', 'base', 'brook', 'base', 'brook']);
      } else {
        expect(warm).toBe(settings.warmup);
      }
    }
  });

  it('a Brook side that cannot exist yet is skipped, not failed', async () => {
    const r = await measureCase(fakeCase(() => [fake('right', true)], () => { throw new Unavailable('no compiler'); }), { quick: true }, settings);
    expect(r.brook).toMatchObject({ status: 'skipped', reason: 'no compiler' });
  });
});
