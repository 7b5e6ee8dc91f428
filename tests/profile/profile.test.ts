/**
 * Profiles of whole programs (runtime/profile) on both backends: counts, bytes and flops of each row
 * against formulas written here, times that add up to no more than the wall time and cover a
 * kernel-bound program's time, results unchanged by profiling, the paper's model terms from their
 * definitions, peaks measured once and cached, and the hook kernel fusion reports groups through.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createRuntime, type BrookRuntimeHandle } from '../../runtime/backends/index.js';
import { activeProfile } from '../../runtime/brt/profile-hooks.js';
import { compile } from '../../runtime/compiler/index.js';
import { HostLib, runProgram } from '../../runtime/hostlib/loader.js';
import { adapterPeaks, finishProfile, profileWork, type Peaks, type Profile } from '../../runtime/profile/index.js';
import { webgpuAdapterAvailable } from '../conformance/cli.js';

const BACKENDS: ('cpu' | 'webgpu')[] = ['cpu', ...(process.env.BROOK_TEST_WEBGPU !== '0' && webgpuAdapterAvailable() ? (['webgpu'] as const) : [])];

/** Peaks given to profiles that are not about peaks (measuring them is tested on its own). */
const PEAKS: Peaks & { cached: boolean } = {
  key: 'test peaks', backend: 'test', adapter: 'test adapter', bandwidthGBs: 10, gflops: 100, uploadGBs: 2, downloadGBs: 4,
  clock: 'host', measuredAt: '2026-01-01T00:00:00Z', measureMs: 0, cached: true,
};

const runtimes: BrookRuntimeHandle[] = [];
afterAll(() => {
  for (const rt of runtimes) rt.dispose();
});

async function runtime(backend: 'cpu' | 'webgpu', timing = true): Promise<BrookRuntimeHandle> {
  const rt = await createRuntime({ backend, requireGpu: backend === 'webgpu', webgpu: { timing }, stderr: () => {} });
  runtimes.push(rt);
  return rt;
}

/** Run a program's main under a profile; returns the profile and what the program printed. */
async function profileProgram(rt: BrookRuntimeHandle, src: string, options: Parameters<typeof finishProfile>[2] = { peaks: PEAKS, cpuSample: false }): Promise<{ profile: Profile; out: string }> {
  const r = compile(src);
  expect(r.diagnostics.filter((d) => d.severity === 'error').map((d) => d.message)).toEqual([]);
  let out = '';
  const lib = new HostLib({ io: { write: (_fd, bytes) => void (out += bytes) } });
  const profile = await profileWork(rt, (prt) => runProgram(r.hostJs!, { rt: prt, lib, K: r.kernels, argv: ['test'] }), options);
  return { profile, out };
}

const row = (p: Profile, op: string) => {
  const r = p.rows.find((x) => x.op === op);
  expect(r, `no row '${op}' in ${p.rows.map((x) => x.op).join(', ')}`).toBeDefined();
  return r!;
};

const N = 4096;
const SAXPY = `
kernel void saxpy(float a, float4 x<>, float4 y<>, out float4 r<>) { r = a * x + y; }
int main() {
  float4 x<${N}>, y<${N}>, r<${N}>;
  float *h = (float *) malloc(${N} * 16);
  float *g = (float *) malloc(${N} * 16);
  int i;
  for (i = 0; i < ${N} * 4; i++) { h[i] = (float) (i % 13) * 0.25f; g[i] = (float) (i % 7) - 3.0f; }
  streamRead(x, h);
  streamRead(y, g);
  for (i = 0; i < 5; i++) saxpy(1.5f, x, y, r);
  streamWrite(r, h);
  printf("%.4f %.4f %.4f\\n", h[0], h[1], h[${N} * 4 - 1]);
  return 0;
}`;

describe.each(BACKENDS)('profile of a program on %s', (backend) => {
  it('saxpy: calls, records, bytes and flops of each row by formula; results as without a profile', async () => {
    const rt = await runtime(backend);
    const { profile, out } = await profileProgram(rt, SAXPY);
    // The program's output, computed here in float32 (not by Brook).
    const f = Math.fround;
    const at = (i: number) => f(f(1.5 * f((i % 13) * 0.25)) + f((i % 7) - 3));
    expect(out).toBe(`${at(0).toFixed(4)} ${at(1).toFixed(4)} ${at(N * 4 - 1).toFixed(4)}\n`);
    const s = row(profile, 'saxpy');
    expect(s).toMatchObject({ kind: 'kernel', calls: 5, records: 5 * N, bytes: 5 * N * 48, flops: 5 * N * 8, flops_exact: true });
    expect(s.intensity).toBeCloseTo(8 / 48, 12);
    expect(s.GB_s).toBeCloseTo(s.bytes / (s.time_ms * 1e6), 9);
    expect(s.GFLOP_s!).toBeCloseTo(s.flops! / (s.time_ms * 1e6), 9);
    expect(s.bw_peak_pct!).toBeCloseTo((100 * s.GB_s) / PEAKS.bandwidthGBs, 9);
    expect(s.clock).toBe(backend === 'cpu' ? 'host wall (CPU backend)' : 'GPU timestamps');
    expect(row(profile, 'streamRead x')).toMatchObject({ calls: 1, bytes: N * 16, flops: null, clock: 'host wall' });
    expect(row(profile, 'streamRead y')).toMatchObject({ calls: 1, bytes: N * 16 });
    expect(row(profile, 'streamWrite r')).toMatchObject({ calls: 1, bytes: N * 16 });
    expect(profile.summary.deviceClock).toBe(backend === 'cpu' ? 'host' : 'timestamps');
    // The parts never claim more time than passed.
    const sum = profile.rows.reduce((n, r) => n + r.time_ms, 0);
    expect(sum).toBeLessThanOrEqual(profile.summary.wallMs * 1.02 + 1);
    expect(profile.table.numRows()).toBe(profile.rows.length);
    expect(profile.table.columnNames()).toEqual(expect.arrayContaining(['op', 'calls', 'time_ms', 'bytes', 'flops', 'GB_s', 'GFLOP_s', 'share_pct', 'bw_peak_pct', 'flop_peak_pct']));
  });

  it('a kernel-bound program: kernel time covers most of the wall time, and the parts add up to it', async () => {
    const rt = await runtime(backend);
    const iters = backend === 'cpu' ? 400 : 8000;
    const { profile } = await profileProgram(rt, `
      kernel void work(float iters, float a<>, out float r<>) {
        float x = a;
        float i;
        for (i = 0.0f; i < iters; i += 1.0f) x = x * 0.999f + 0.001f;
        r = x;
      }
      int main() {
        float a<65536>, r<65536>;
        int i;
        work(1.0f, a, r);
        for (i = 0; i < 3; i++) work(${iters}.0f, a, r);
        streamPrint(r.domain(0, 2));
        return 0;
      }`);
    const w = row(profile, 'work');
    expect(w.flops).toBe(65536 * 2 + 3 * 65536 * iters * 2);
    const s = profile.summary;
    expect(s.kernelsMs + s.copiesMs + s.otherMs).toBeCloseTo(s.wallMs, 6);
    expect(s.kernelsMs + s.copiesMs).toBeLessThanOrEqual(s.wallMs * 1.02 + 1);
    expect(s.kernelsMs).toBeGreaterThan(0.5 * s.wallMs);
    expect(w.share_pct).toBeCloseTo((100 * w.time_ms) / s.wallMs, 9);
  });

  it('sgemv (mul + sum, the seeds\' form) and gemm: flops of the rows are n^2, n^2 - n and 2n^3 exactly, fused or not', async () => {
    const n = 32;
    const src = `
      kernel void mul(float a<>, float b<>, out float c<>) { c = a * b; }
      reduce void sum(float a<>, reduce float r<>) { r += a; }
      kernel void gemm(float n, float A[][], float B[][], out float C<>) {
        float2 p = indexof(C).xy;
        float acc = 0.0f;
        int k;
        for (k = 0; k < n; k++) acc += A[p.y][k] * B[k][p.x];
        C = acc;
      }
      int main() {
        float A<${n}, ${n}>, x<1, ${n}>, T<${n}, ${n}>, y<${n}, 1>, C<${n}, ${n}>;
        float *h = (float *) malloc(${n * n} * 4);
        int i;
        for (i = 0; i < ${n * n}; i++) h[i] = (float) (i % 5);
        streamRead(A, h);
        streamRead(x, h);
        mul(A, x, T);
        sum(T, y);
        gemm(${n}.0f, A, A, C);
        streamWrite(y, h);
        printf("%.1f %.1f\\n", h[0], h[${n - 1}]);
        return 0;
      }`;
    // y[i] = sum_j A[i][j] * x[j], A[i][j] = (i*n + j) % 5, x[j] = j % 5: float64 reference.
    const y = (i: number) => Array.from({ length: n }, (_, j) => ((i * n + j) % 5) * (j % 5)).reduce((a, b) => a + b, 0);
    const unfusedRt = await runtime(backend);
    unfusedRt.fusion.mode = 'off';
    const unfused = await profileProgram(unfusedRt, src);
    expect(unfused.out).toBe(`${y(0).toFixed(1)} ${y(n - 1).toFixed(1)}\n`);
    expect(row(unfused.profile, 'mul')).toMatchObject({ flops: n * n, records: n * n, flops_exact: true, bytes: n * n * 4 + n * 4 + n * n * 4 });
    expect(row(unfused.profile, 'sum')).toMatchObject({ kind: 'reduction', flops: n * n - n, records: n * n, bytes: n * n * 4 + n * 4 });
    expect(row(unfused.profile, 'gemm')).toMatchObject({ flops: 2 * n * n * n, flops_exact: true, records: n * n });
    // gemm reads A twice over as gathers (compulsory traffic: each element once) and writes C.
    expect(row(unfused.profile, 'gemm').bytes).toBe(3 * n * n * 4);
    // Fused (the default), mul and sum run as one launch: one row, the same flops, T passed in registers.
    const fusedRt = await runtime(backend);
    const elided = fusedRt.fusion.stats.elided;
    const fused = await profileProgram(fusedRt, src, { peaks: PEAKS, cpuSample: true });
    expect(fused.out).toBe(unfused.out);
    const g = row(fused.profile, 'mul+sum');
    expect(g).toMatchObject({ kind: 'fused', group: 'mul+sum', calls: 2, flops: n * n + n * n - n });
    const tWrite = fusedRt.fusion.stats.elided > elided ? 0 : n * n * 4;
    expect(g.bytes).toBe(n * n * 4 + n * 4 + tWrite + n * 4);
    expect(fused.profile.rows.some((r) => r.op === 'mul' || r.op === 'sum')).toBe(false);
    // K_cpu of the group: its kernels one after the other on the CPU backend.
    const m = fused.profile.modelRows.find((r) => r.kernel === 'mul+sum')!;
    expect(m.K_cpu_ns).toBeGreaterThan(0);
    expect(m.advice).toContain("K_cpu is the group's kernels run one after the other");
  });

  it('the paper\'s model: T_r, K_gpu, K_cpu, gamma, s and s needed follow their definitions', async () => {
    const rt = await runtime(backend);
    const { profile } = await profileProgram(rt, SAXPY, { peaks: PEAKS, cpuSample: true });
    const m = profile.modelRows.find((r) => r.kernel === 'saxpy')!;
    const s = row(profile, 'saxpy');
    expect(m.records_per_call).toBe(N);
    // A call sends x and y (2 x 16 bytes a record) at 2 GB/s and fetches r (16 bytes) at 4 GB/s.
    expect(m.T_r_ns).toBeCloseTo(32 / 2 + 16 / 4, 9);
    expect(m.K_gpu_ns).toBeCloseTo((s.time_ms * 1e6) / s.records, 9);
    expect(m.K_cpu_ns).toBeGreaterThan(0);
    expect(m.s!).toBeCloseTo(m.K_cpu_ns! / m.K_gpu_ns, 9);
    expect(m.gamma).toBeCloseTo(m.K_gpu_ns / m.T_r_ns, 9);
    expect(m.s_needed).toBeCloseTo(1 + 1 / m.gamma, 9);
    expect(m.gpu_wins).toBe(m.T_r_ns < m.K_cpu_ns! - m.K_gpu_ns);
    expect(m.advice).toContain('saxpy');
    expect(m.advice).toMatch(m.gpu_wins ? /: s = [0-9.,]+ > [0-9.,]+ needed/ : /would need s > [0-9.,]+ to beat the CPU/);
    expect(profile.text()).toContain('cost model (Brook paper, section 5.2)');
    expect(profile.roofline?.spec).toBeDefined();
  });
});

describe('profile details', () => {
  it.runIf(BACKENDS.includes('webgpu'))('webgpu without timestamp queries: device wall time from submit to done, labelled so', async () => {
    const rt = await runtime('webgpu', false);
    const { profile } = await profileProgram(rt, SAXPY);
    expect(profile.summary.deviceClock).toBe('completion');
    const s = row(profile, 'saxpy');
    expect(s.clock).toBe('device wall (submit to done)');
    expect(s.time_ms).toBeGreaterThan(0);
    expect(profile.rows.reduce((n, r) => n + r.time_ms, 0)).toBeLessThanOrEqual(profile.summary.wallMs * 1.02 + 1);
    expect(profile.summaryText()).toContain('no timestamp queries on this adapter');
  });

  it.each(BACKENDS)('peaks on %s: measured once, then read from the cache by adapter name', async (backend) => {
    const rt = await runtime(backend);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'brook-peaks-'));
    const env = { BROOK_CACHE_DIR: dir };
    const first = await adapterPeaks(rt, { env });
    expect(first.cached).toBe(false);
    for (const k of ['bandwidthGBs', 'gflops', 'uploadGBs', 'downloadGBs'] as const) expect(first[k]).toBeGreaterThan(0);
    expect(first.key).toContain(backend === 'cpu' ? 'cpu: ' : rt.backend.description);
    // A GPU whose best call is too short for one timestamp pair is timed by the wall clock instead.
    expect(backend === 'cpu' ? ['host'] : ['timestamps', 'host']).toContain(first.clock);
    const file = JSON.parse(fs.readFileSync(path.join(dir, 'peaks-v1.json'), 'utf8')) as Record<string, Peaks>;
    expect(file[first.key]!.gflops).toBe(first.gflops);
    const second = await adapterPeaks(rt, { env });
    expect(second).toEqual({ ...first, cached: true });
    fs.rmSync(dir, { recursive: true, force: true });
  }, 120_000);

});

describe.each(BACKENDS)('profiles of fused calls on %s', (backend) => {
  it('a chain of maps fused into one launch: one row with the group\'s calls, flops and time; the copy after it keeps only its own time', async () => {
    const rt = await runtime(backend);
    const n = 1 << 16;
    const steps = backend === 'cpu' ? 40 : 2000;
    const { profile, out } = await profileProgram(rt, `
      kernel void step(float k, float a<>, out float b<>) {
        float x = a;
        float i;
        for (i = 0.0f; i < k; i += 1.0f) x = x * 0.5f + 1.0f;
        b = x + 1.0f;
      }
      int main() {
        float a<${n}>, b<${n}>, c<${n}>, d<${n}>;
        float *h = (float *) malloc(${n} * 4);
        int i;
        for (i = 0; i < ${n}; i++) h[i] = (float) (i % 3);
        streamRead(a, h);
        step(${steps}.0f, a, b);
        step(${steps}.0f, b, c);
        step(${steps}.0f, c, d);
        streamWrite(d, h);
        printf("%.3f %.3f\\n", h[0], h[2]);
        return 0;
      }`);
    // x -> 0.5x + 1 converges to 2 (exactly, in float32, after enough steps); then + 1 each call.
    const f = Math.fround;
    const stepOf = (v: number) => {
      let x = f(v);
      for (let i = 0; i < steps; i++) x = f(f(x * 0.5) + 1);
      return f(x + 1);
    };
    const at = (v: number) => stepOf(stepOf(stepOf(v)));
    expect(out).toBe(`${at(0).toFixed(3)} ${at(2).toFixed(3)}\n`);
    const g = row(profile, 'step+step+step');
    expect(g).toMatchObject({ kind: 'fused', group: 'step+step+step', calls: 3, records: 3 * n, flops: 3 * n * (2 * steps + 1), flops_exact: true });
    expect(g.time_ms).toBeGreaterThan(0);
    // The group ran inside streamWrite's call (the first operation after it), but its time is the group's.
    expect(row(profile, 'streamWrite d').time_ms).toBeLessThan(g.time_ms);
    expect(profile.rows.reduce((t, r) => t + r.time_ms, 0)).toBeLessThanOrEqual(profile.summary.wallMs * 1.02 + 1);
    expect(activeProfile()).toBeNull();
  });
});

describe.each(BACKENDS)('the profile says whether a call staged its gathers (%s)', (backend) => {
  const n = 1000;
  const pts = 300;
  const SRC = `
    kernel void reach(float n, float2 x<>, float2 P[], out float r<>) {
      float best = 1.0e30f;
      float i;
      for (i = 0.0f; i < n; i += 1.0f) {
        float2 d = P[i] - x;
        best = min(best, dot(d, d));
      }
      r = best;
    }
    int main() {
      float2 x<${n}>, P<${pts}>;
      float r<${n}>;
      float *h = (float *) malloc(${n} * 8);
      int i;
      for (i = 0; i < ${n} * 2; i++) h[i] = (float) (i % 17) * 0.25f;
      streamRead(x, h);
      for (i = 0; i < ${pts} * 2; i++) h[i] = (float) (i % 11) * 0.5f + 0.125f;
      streamRead(P, h);
      reach(${pts}.0f, x, P, r);
      streamWrite(r, h);
      printf("%.6f %.6f\\n", h[0], h[${n} - 1]);
      return 0;
    }`;
  // The nearest squared distance, from the same float32 inputs, in float64 (exact here: quarters and eighths).
  const want = (i: number) => {
    const x = [((2 * i) % 17) * 0.25, ((2 * i + 1) % 17) * 0.25];
    let best = Infinity;
    for (let j = 0; j < pts; j++) best = Math.min(best, (((2 * j) % 11) * 0.5 + 0.125 - x[0]!) ** 2 + (((2 * j + 1) % 11) * 0.5 + 0.125 - x[1]!) ** 2);
    return best;
  };
  const expected = `${want(0).toFixed(6)} ${want(n - 1).toFixed(6)}\n`;

  it('staged on webgpu (a note line under the table), none on cpu; BROOK_TILE=0 says why not; results the same', async () => {
    const rt = await runtime(backend);
    const on = await profileProgram(rt, SRC);
    expect(on.out).toBe(expected);
    if (backend === 'cpu') {
      expect(row(on.profile, 'reach').staging).toBeNull();
      return;
    }
    expect(row(on.profile, 'reach').staging).toBe('staged P through workgroup memory in blocks of 256');
    expect(on.profile.text()).toContain('~ reach: staged P through workgroup memory in blocks of 256');
    process.env.BROOK_TILE = '0';
    try {
      const off = await profileProgram(rt, SRC);
      expect(off.out).toBe(expected);
      expect(row(off.profile, 'reach').staging).toBe('not staged: staging is off (BROOK_TILE=0)');
      expect(off.profile.text()).toContain('~ reach: not staged: staging is off (BROOK_TILE=0)');
    } finally {
      delete process.env.BROOK_TILE;
    }
  });
});

describe.each(BACKENDS)('tile notes of a profile on %s (chain tiling, runtime/brt/tiling.ts)', (backend) => {
  it('says for each call whether it ran tiled, and if not why not', async () => {
    const rt = await runtime(backend);
    // Tiles of at most 64 keys (BROOK_TILE=64) for 256: merge steps whose partner lies within 64 keys
    // join a chain; half 64 and 128 do not. A lookup through another stream's values cannot be proven.
    rt.fusion.tileLanes = 64;
    const { profile, out } = await profileProgram(rt, `
      kernel void bitonic(float keys[], float block, float half, out float r<>) {
        float i = indexof(r).x;
        float lower = fmod(i, 2.0f * half) < half ? 1.0f : -1.0f;
        float ascending = fmod(floor(i / block), 2.0f) == 0.0f ? 1.0f : -1.0f;
        float a = keys[i];
        float b = keys[i + lower * half];
        r = (lower == ascending) ? min(a, b) : max(a, b);
      }
      kernel void lookup(float v[], float idx<>, out float r<>) { r = v[idx]; }
      int main() {
        float keys<256>, merged<256>, idx<256>;
        float h[256];
        int block, half, i;
        for (i = 0; i < 256; i++) h[i] = (float) ((i * 13) % 256);
        streamRead(keys, h);
        streamRead(idx, h);
        for (block = 2; block <= 256; block *= 2) {
          for (half = block / 2; half >= 1; half /= 2) {
            bitonic(keys, (float) block, (float) half, merged);
            streamSwap(keys, merged);
          }
        }
        lookup(keys, idx, merged);
        streamWrite(merged, h);
        printf("%g %g %g\\n", h[0], h[1], h[255]);
        return 0;
      }`);
    // Sorted keys are 0..255; merged[i] = keys[idx[i]] = idx[i] = (13 i) mod 256.
    expect(out).toBe('0 13 243\n');
    const lines = profile.text().split('\n');
    const at = lines.findIndex((l) => l.startsWith('tiling'));
    expect(at).toBeGreaterThan(0);
    if (backend === 'cpu') {
      expect(row(profile, 'bitonic').tiled).toBe('not tiled: the cpu backend runs calls one by one');
      expect(row(profile, 'lookup').tiled).toBe('not tiled: the cpu backend runs calls one by one');
    } else {
      // Blocks 2..64: one chain of 21 steps; blocks 128 and 256: half 32..1 each (after the calls that
      // reach 64 or 128 away, which run alone: the one after them would write what they gathered).
      expect(row(profile, 'bitonic x21 (tiled)')).toMatchObject({ calls: 21, tiled: 'tiled (chains of 21 calls, tile 64)' });
      expect(row(profile, 'bitonic x6 (tiled)')).toMatchObject({ calls: 12, tiled: 'tiled (chains of 6 calls, tile 64)' });
      const alone = row(profile, 'bitonic');
      expect(alone.calls).toBe(3);
      expect(alone.tiled).toMatch(/not tiled: bitonic: the gather of 'keys': index x .*tile/);
      // The lookup's index is a value read from memory: the proof cannot follow it.
      expect(row(profile, 'lookup').tiled).toMatch(/^not tiled: lookup: the gather of 'v': index x is not known for every tile/);
    }
    expect(lines.slice(at).join('\n')).toContain('lookup: not tiled');
  });
});
