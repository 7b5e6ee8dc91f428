/**
 * The application harness behind the notebooks' Figure 3 (bench/apps/): the size switch, kernels
 * taken from a notebook, every hand-written WGSL plan verified on a real WebGPU device (lavapipe in
 * CI) at small sizes, checks that reject wrong answers, and one whole Figure 3 run (SAXPY) whose
 * rows, ratios and transfers hold together.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appSize, notebookSize, SOFTWARE_ADAPTER } from '../../bench/apps/size.js';
import { compiledKernel } from '../../bench/apps/kernels.js';
import { LABELS, runFigure3 } from '../../bench/apps/figure3.js';
import { saxpyApp, saxpyInputs, saxpyParams } from '../../bench/apps/saxpy.js';
import { segmentCheck, segmentInputs, segmentParams, segmentReference } from '../../bench/apps/segment.js';
import { sortCheck, sortInputs, sortParams } from '../../bench/apps/sort.js';
import { fftCheck, fftInputs, fftParams, fftReference } from '../../bench/apps/fft.js';
import { rayCheck, rayParams, rayReference, rayScene } from '../../bench/apps/ray.js';
import { rayWgsl } from '../../bench/wgsl/ray.js';
import { segmentWgsl } from '../../bench/wgsl/segment.js';
import { sortWgsl } from '../../bench/wgsl/sort.js';
import { fftWgsl } from '../../bench/wgsl/fft.js';
import { sgemvWgsl } from '../../bench/wgsl/sgemv.js';
import { openBenchGpu, type BenchGpu } from '../../bench/gpu.js';
import { randomFloats, sgemvAxpbyRef, sgemvRef, compare } from '../../bench/reference.js';
import type { Side } from '../../bench/side.js';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Figure3Summary, loadFigures } from '../../bench/apps/summary.js';
import { compile } from '../../runtime/compiler/index.js';
import { BrookRuntimeError } from '../../runtime/compiler/index.js';

let gpu: BenchGpu;
beforeAll(async () => {
  const g = await openBenchGpu();
  if ('error' in g) throw new Error(`these tests need a WebGPU adapter (lavapipe in CI): ${g.error}`);
  gpu = g;
}, 120_000);
afterAll(() => gpu?.device.destroy());

/** Every plan runs once and passes its own check; returns the plans for more checks. */
async function allPlansVerify(plans: Side[]): Promise<void> {
  expect(plans.length).toBeGreaterThan(0);
  for (const p of plans) {
    await p.reset?.();
    await p.run();
    const c = await p.check();
    expect(c.ok, `${p.plan}: ${c.detail}`).toBe(true);
  }
  expect(gpu.uncaptured).toEqual([]);
  for (const p of plans) p.dispose();
}

describe('application sizes and kernels', () => {
  it('BROOK_SIZE small or full wins; unset, lavapipe and the CPU backend get small; anything else is a located error with a fix', async () => {
    expect(appSize({})).toBeUndefined();
    expect(appSize({ BROOK_SIZE: 'FULL' })).toBe('full');
    expect(await notebookSize({ BROOK_SIZE: 'full' })).toBe('full');
    expect(await notebookSize({ BROOK_BACKEND: 'cpu' })).toBe('small');
    // This suite runs on lavapipe (or a GPU): the adapter decides.
    expect(await notebookSize({})).toBe(SOFTWARE_ADAPTER.test(`${gpu.info.name} ${gpu.info.vendor ?? ''}`) ? 'small' : 'full');
    expect(() => appSize({ BROOK_SIZE: 'huge' })).toThrow(BrookRuntimeError);
    try {
      appSize({ BROOK_SIZE: 'huge' });
    } catch (e) {
      expect((e as BrookRuntimeError).code).toBe('BRK5350');
      expect((e as BrookRuntimeError).hint).toMatch(/BROOK_SIZE=small or BROOK_SIZE=full/);
    }
  });

  it('a kernel is taken from a CompiledKernel (or a notebook kernel function); anything else names the kernel wanted', () => {
    const out = compile('kernel void k(float a<>, out float b<>) { b = a; }\nint main() { return 0; }\n', { fileName: 't.br' });
    const k = out.kernels.get('k')!;
    expect(compiledKernel(k, 'k')).toBe(k);
    const notebookFn = Object.assign(() => undefined, { [Symbol.for('brook.handle')]: () => k });
    expect(compiledKernel(notebookFn, 'k')).toBe(k);
    expect(() => compiledKernel(undefined, 'grow')).toThrow(/'grow' is not a Brook kernel/);
    try {
      compiledKernel(42, 'grow');
    } catch (e) {
      expect((e as BrookRuntimeError).code).toBe('BRK5351');
    }
  });
});

describe('hand-written WGSL plans verify on the device, and the checks reject wrong answers', () => {
  it('SGEMV with the alpha/beta epilogue, every plan', async () => {
    const n = 64;
    const A = randomFloats(n * n, 1);
    const x = randomFloats(n, 2);
    const y0 = randomFloats(n, 3);
    await allPlansVerify(await sgemvWgsl(gpu, A, x, n, n, { alpha: 1.5, beta: -0.5, y0 }));
    // The reference is not plain A x: a kernel that forgot alpha or beta y fails its check.
    const ref = sgemvAxpbyRef(A, x, n, n, { alpha: 1.5, beta: -0.5, y0 });
    expect(compare(sgemvRef(A, x, n, n).want, ref.want, ref.scale, 1e-5).ok).toBe(false);
  }, 120_000);

  it('Segment: global and workgroup-tile plans, against float64', async () => {
    const p = { ...segmentParams('small'), n: 48, iterations: 5 };
    const inp = segmentInputs(p);
    const want = segmentReference(p, inp.init, p.iterations);
    await allPlansVerify(await segmentWgsl(gpu, p, inp.init, (got) => segmentCheck(got, want)));
    // One step fewer is a different answer.
    const short = segmentReference(p, inp.init, p.iterations - 1);
    const got = new Float32Array(2 * want.length);
    for (let i = 0; i < want.length; i++) got[2 * i + 1] = short[i]!;
    expect(segmentCheck(got, want).ok).toBe(false);
  }, 120_000);

  it('bitonic sort: per-step and workgroup-memory plans, exactly sorted', async () => {
    for (const lg of [10, 12]) {
      const p = { ...sortParams('small'), lg, n: 2 ** lg };
      const keys = sortInputs(p);
      const plans = await sortWgsl(gpu, keys, (got) => sortCheck(keys, got));
      expect(plans).toHaveLength(2);
      await allPlansVerify(plans);
    }
    const keys = Float32Array.from([3, 1, 2, 0]);
    expect(sortCheck(keys, [0, 1, 2, 3]).ok).toBe(true);
    expect(sortCheck(keys, [0, 2, 1, 3]).ok).toBe(false);
  }, 120_000);

  it('FFT: per-pass and workgroup-line plans, against a float64 FFT that itself matches a direct DFT', async () => {
    const p = { ...fftParams('small'), n: 32, bits: 5 };
    const inp = fftInputs(p);
    const want = fftReference(p, inp);
    // The reference FFT against the DFT's definition at a few frequencies of every channel.
    for (const [u, v] of [[0, 0], [3, 7], [31, 16], [14, 2]] as const) {
      for (let c = 0; c < 4; c++) {
        let sr = 0, si = 0;
        for (let y = 0; y < p.n; y++) for (let x = 0; x < p.n; x++) {
          const a = (-2 * Math.PI * (u * x + v * y)) / p.n;
          const o = 4 * (y * p.n + x) + c;
          sr += inp.re[o]! * Math.cos(a) - inp.im[o]! * Math.sin(a);
          si += inp.re[o]! * Math.sin(a) + inp.im[o]! * Math.cos(a);
        }
        const o = 4 * (v * p.n + u) + c;
        expect(want.re[o]).toBeCloseTo(sr, 8);
        expect(want.im[o]).toBeCloseTo(si, 8);
      }
    }
    const plans = await fftWgsl(gpu, p.n, inp, (re, im) => fftCheck(p, inp, want, re, im));
    expect(plans).toHaveLength(2);
    await allPlansVerify(plans);
    // A transform of the wrong sign is caught.
    const conj = Float32Array.from(want.im, (v) => -v);
    expect(fftCheck(p, inp, want, Float32Array.from(want.re), conj).ok).toBe(false);
  }, 120_000);
});

describe('the ray tracer', () => {
  it('both WGSL plans find the hits of the float64 ray caster; an all-miss frame is rejected', async () => {
    const p = { ...rayParams('small'), width: 40, height: 30 };
    const sc = rayScene(p);
    const want = rayReference(p, sc);
    // The camera sees floor, objects and sky.
    const hits = Array.from(want).filter((t) => Number.isFinite(t)).length;
    expect(hits).toBeGreaterThan(want.length / 2);
    expect(hits).toBeLessThan(want.length);
    await allPlansVerify(await rayWgsl(gpu, p, sc, (got) => rayCheck(got, want)));
    // Every pixel a miss: far more disagreements than grazing edges allow.
    const misses = new Float32Array(4 * want.length).fill(-1);
    expect(rayCheck(misses, want).ok).toBe(false);
  }, 120_000);
});

describe('a whole Figure 3 run', () => {
  it('SAXPY: WGSL, Brook on WebGPU, Brook on CPU and JavaScript all verified and timed; ratios, transfers and the chart agree', async () => {
    const out = compile('kernel void saxpy(float a, float4 x<>, float4 y<>, out float4 result<>) { result = a * x + y; }\nint main() { return 0; }\n', { fileName: 'saxpy.br' });
    const p = { ...saxpyParams('small'), n: 4096 };
    const fig = await runFigure3(saxpyApp({ saxpy: out.kernels.get('saxpy') }, p, saxpyInputs(p)), 'small');
    expect(fig.failures()).toEqual([]);
    expect(fig.rows.map((r) => [r.label, r.status, r.verified])).toEqual([
      [LABELS.wgsl, 'measured', true],
      [LABELS.brookGpu, 'measured', true],
      [LABELS.brookCpu, 'measured', true],
      [LABELS.js, 'measured', true],
    ]);
    const cpu = fig.row(LABELS.brookCpu)!;
    expect(cpu.vsCpu).toBe(1);
    for (const r of fig.rows) {
      expect(r.rate).toBeCloseTo((8 * p.n) / (r.medianMs! * 1e-3) / 1e6, 6);
      expect(r.vsCpu).toBeCloseTo(r.rate! / cpu.rate!, 9);
    }
    expect(fig.rows.find((r) => r.backend === 'webgpu')!.timing).toBe(gpu.hasTimestamps ? 'gpu-timestamp' : 'wall-submit');
    expect(fig.transfers.map((t) => t.backend).sort()).toEqual(['cpu', 'webgpu']);
    for (const t of fig.transfers) {
      expect(t.streamReadMs).toBeGreaterThan(0);
      expect(t.bytesIn).toBe(32 * p.n);
      // With transfers counted, a Brook side can only be slower.
      const r = fig.rows.find((x) => x.impl === 'brook' && x.backend === t.backend)!;
      expect(fig.rateWithTransfers(r)!).toBeLessThan(r.rate!);
    }
    const text = fig.bundle()['text/plain'] as string;
    for (const label of Object.values(LABELS)) expect(text).toContain(label);
    const chart = await fig.chart();
    expect(chart.kind).toBe('bar');
    expect(chart.png!.length).toBeGreaterThan(1000);
  }, 300_000);
});

describe('Figure 3 summary', () => {
  it('reads saved figures in the paper\'s order and shows one row and one group of bars an application', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'brook-fig3-'));
    const row = (label: string, backend: 'webgpu' | 'cpu', rate?: number) => ({ label, impl: 'x', backend, device: backend === 'cpu' ? 'CPU' : 'GPU', status: rate ? 'measured' : 'skipped', verified: !!rate, rate });
    const save = (id: string, title: string, rates: [number | undefined, number, number]) =>
      writeFileSync(join(dir, `${id}.json`), JSON.stringify({ date: 'd', size: 'small', transfers: [], app: { id, title, size: 's', unit: 'MFLOPS', work: 1, workNote: '' },
        rows: [row(LABELS.wgsl, 'webgpu', rates[0]), row(LABELS.brookGpu, 'webgpu', rates[1]), row(LABELS.brookCpu, 'cpu', rates[2])] }));
    save('sort', 'Bitonic sort', [8, 4, 2]);
    save('saxpy', 'SAXPY', [undefined, 70, 10]);
    writeFileSync(join(dir, 'notes.txt'), 'not a figure');
    const figs = loadFigures(dir);
    expect(figs.map((f) => f.app.id)).toEqual(['saxpy', 'sort']);
    const s = new Figure3Summary(figs);
    const text = s.bundle()['text/plain'] as string;
    expect(text).toMatch(/SAXPY .* -  +70  +10 .* x7 /);
    expect(text).toMatch(/Bitonic sort .* 8  +4  +2 .* x2 +0\.5/);
    const chart = await s.chart();
    expect(chart.caption).toContain('SAXPY: hand-written WGSL: skipped');
    expect(loadFigures(join(dir, 'absent'))).toEqual([]);
  });
});
