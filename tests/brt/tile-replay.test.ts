/**
 * The replay trie of chain tiling (runtime/brt/tiling.ts, "Replay"): a loop that issues the same
 * launch objects again takes every join decision from the trie instead of the analysis, and the
 * WebGPU backend reuses what it prepared for the tiled launch (webgpu/tiled.ts). Replayed rounds must
 * tile exactly as the first one did, and a round that leaves the recorded path midway (a call that
 * was never recorded there) must fall back to the analysis and still be exact. Every tiled launch is
 * checked against its calls run one by one (BROOK_TILE=verify), and the keys against a sort in float64.
 * The same calls run on the CPU backend (never tiled) and must give the same keys.
 */
import { describe, expect, it } from 'vitest';
import { createRuntime } from '../../runtime/backends/index.js';
import { compile, renderDiagnostic } from '../../runtime/compiler/index.js';
import { FLOAT } from '../../runtime/compiler/types.js';
import { MAX_CHAIN_STEPS } from '../../runtime/brt/tiling.js';

const SOURCE = `
kernel void bitonic(float keys[], float block, float half, out float r<>) {
  float i = indexof(r).x;
  float lower = fmod(i, 2.0f * half) < half ? 1.0f : -1.0f;
  float ascending = fmod(floor(i / block), 2.0f) == 0.0f ? 1.0f : -1.0f;
  float a = keys[i];
  float b = keys[i + lower * half];
  r = (lower == ascending) ? min(a, b) : max(a, b);
}
kernel void same(float x<>, out float y<>) { y = x; }
int main() { return 0; }`;

const N = 1024;

async function sortRounds(backend: 'cpu' | 'webgpu') {
  const r = compile(SOURCE);
  if (!r.ok) throw new Error(r.diagnostics.map((d) => renderDiagnostic(d, SOURCE)).join('\n'));
  const rt = await createRuntime({ backend, requireGpu: backend === 'webgpu', stdout: () => {}, cpu: { workers: 0 } });
  try {
    rt.fusion.tileMode = 'verify';
    rt.fusion.tileLanes = 64;
    const bitonic = r.kernels.get('bitonic')!;
    const same = r.kernels.get('same')!;
    const keys = rt.createStream('keys', FLOAT, [N]);
    const x = rt.createStream('x', FLOAT, [N]);
    const y = rt.createStream('y', FLOAT, [N]);
    const steps: [number, number][] = [];
    for (let block = 2; block <= N; block *= 2) for (let half = block / 2; half >= 1; half /= 2) steps.push([block, half]);
    const rounds: { keys: Float32Array; want: Float64Array; replayed: number; chains: number; calls: number }[] = [];
    for (let round = 0; round < 4; round++) {
      const input = new Float32Array(N).map((_, i) => ((i * 7919 + round * 104729) % 1000) / 7 - 60);
      await rt.streamRead(keys, input);
      const before = { ...rt.fusion.tileStats };
      // Round 3 leaves the recorded path: after block 64's merge, an element-wise copy that no earlier
      // round made at that place (it joins the chain: later steps may read at their own position).
      let s = keys;
      let d = x;
      const hand = () => {
        s = d;
        d = d === x ? y : x;
      };
      for (const [block, half] of steps) {
        rt.call(bitonic, [s, block, half, d]);
        hand();
        if (round === 3 && block === 64 && half === 1) {
          rt.call(same, [s, d]);
          hand();
        }
      }
      const out = new Float32Array(N);
      await rt.streamWrite(s, out);
      await rt.finish();
      const t = rt.fusion.tileStats;
      rounds.push({ keys: out, want: Float64Array.from(input).sort(), replayed: t.replayed - before.replayed, chains: t.chains - before.chains, calls: t.calls - before.calls });
    }
    return { rounds, verified: rt.fusion.tileStats.verified };
  } finally {
    rt.dispose();
  }
}

describe('replaying recorded tile chains (runtime/brt/tiling.ts)', () => {
  it('tiles a repeated loop as its first round did, and a round that leaves the path still exactly', async () => {
    const gpu = await sortRounds('webgpu');
    const cpu = await sortRounds('cpu');
    for (const [i, r] of gpu.rounds.entries()) {
      // Sorted, exactly: every key is a float32 value, and sorting moves values without arithmetic.
      expect(Array.from(r.keys), `round ${i}`).toEqual(Array.from(r.want));
      expect(Array.from(cpu.rounds[i]!.keys)).toEqual(Array.from(r.keys));
    }
    const [first, second, third, diverging] = gpu.rounds as [typeof gpu.rounds[0], typeof gpu.rounds[0], typeof gpu.rounds[0], typeof gpu.rounds[0]];
    // 1024 keys in tiles of 64 lanes: the steps whose partner is under 64 away chain.
    expect(first.chains).toBeGreaterThan(0);
    expect(first.replayed).toBe(0);
    // Later rounds: the same tiled launches, every decision from the trie.
    expect(second.replayed).toBeGreaterThan(first.calls);
    expect([second.chains, second.calls, second.replayed]).toEqual([first.chains, first.calls, second.replayed]);
    expect([third.chains, third.calls, third.replayed]).toEqual([first.chains, first.calls, second.replayed]);
    // The copy joins a chain (one call more tiled); the steps after it were analysed again.
    expect(diverging.calls).toBe(first.calls + 1);
    expect(diverging.replayed).toBeLessThan(second.replayed);
    expect(diverging.replayed).toBeGreaterThan(0);
    // Every tiled launch of every round was compared with its calls run one by one.
    expect(gpu.verified).toBe(first.chains + second.chains + third.chains + diverging.chains);
    expect(cpu.rounds.every((r) => r.chains === 0)).toBe(true);
  });
});

describe('the length of a tiled chain (runtime/brt/tiling.ts MAX_CHAIN_STEPS)', () => {
  it('a loop whose every call stays in the tile is cut into chains of at most MAX_CHAIN_STEPS calls', async () => {
    // 100 compare-exchange steps of neighbouring pairs (block 2, half 1): each reads only i and i +- 1,
    // so every call may follow the one before it in a tile. Unbounded, that made one module of 100
    // steps (400 FFT passes made a module NVIDIA's compiler refused).
    const r = compile(SOURCE);
    if (!r.ok) throw new Error(r.diagnostics.map((d) => renderDiagnostic(d, SOURCE)).join('\n'));
    const out: Float32Array[] = [];
    for (const backend of ['webgpu', 'cpu'] as const) {
      const rt = await createRuntime({ backend, requireGpu: backend === 'webgpu', stdout: () => {}, cpu: { workers: 0 } });
      try {
        rt.fusion.tileMode = 'verify';
        rt.fusion.tileLanes = 64;
        const bitonic = r.kernels.get('bitonic')!;
        const x = rt.createStream('x', FLOAT, [N]);
        const y = rt.createStream('y', FLOAT, [N]);
        const input = new Float32Array(N).map((_, i) => ((i * 7919) % 1000) / 8);
        await rt.streamRead(x, input);
        let s = x;
        let d = y;
        for (let k = 0; k < 100; k++) {
          rt.call(bitonic, [s, 2, 1, d]);
          [s, d] = [d, s];
        }
        const got = new Float32Array(N);
        await rt.streamWrite(s, got);
        await rt.finish();
        out.push(got);
        if (backend === 'webgpu') {
          expect(MAX_CHAIN_STEPS).toBe(64);
          expect([rt.fusion.tileStats.chains, rt.fusion.tileStats.calls]).toEqual([2, 100]); // 64 + 36
          expect(rt.fusion.tileStats.verified).toBe(2);
        }
        // Each pair (2j, 2j + 1) ascending for even j, descending for odd j, after the first step.
        for (let j = 0; j < N / 2; j++) {
          const [a, b] = [input[2 * j]!, input[2 * j + 1]!];
          const lo = Math.min(a, b);
          const hi = Math.max(a, b);
          expect([got[2 * j], got[2 * j + 1]], `pair ${j}`).toEqual(j % 2 === 0 ? [lo, hi] : [hi, lo]);
        }
      } finally {
        rt.dispose();
      }
    }
    expect(Array.from(out[0]!)).toEqual(Array.from(out[1]!));
  });
});
