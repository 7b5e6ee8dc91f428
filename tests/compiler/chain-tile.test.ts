/**
 * Chain tiling's proof and tile choice (compiler/schedule/chain-proof.ts, chain-tile.ts), on kernels
 * compiled from Brook source: which gathers provably stay inside a tile of the output for the call's
 * constants, and which do not (with the reason the profile shows). Each positive case is also
 * checked by brute force here: every output position of a small domain, its gather index computed
 * in float32 as a kernel does, must land in the position's own tile.
 */
import { describe, expect, it } from 'vitest';
import { compile, renderDiagnostic } from '../../runtime/compiler/index.js';
import type { KernelIR } from '../../runtime/compiler/ir.js';
import { planChainTile, proveTileLocal, tileCandidates, tileRefusal } from '../../runtime/compiler/schedule/chain-tile.js';
import { writeTiledModule, type TiledStep } from '../../runtime/compiler/kernels.js';
import { FLOAT } from '../../runtime/compiler/types.js';

const SOURCE = `
kernel void bitonic(float keys[], float block, float half, out float r<>) {
  float i = indexof(r).x;
  float lower = fmod(i, 2.0f * half) < half ? 1.0f : -1.0f;
  float ascending = fmod(floor(i / block), 2.0f) == 0.0f ? 1.0f : -1.0f;
  float a = keys[i];
  float b = keys[i + lower * half];
  r = (lower == ascending) ? min(a, b) : max(a, b);
}
kernel void haar(float v[], int half, out float r<>) {
  int i = (int)indexof(r).x;
  r = ((i & half) == 0) ? v[i] + v[i ^ half] : v[i ^ half] - v[i];
}
kernel void butterfly(float4 re[][], float4 im[][], float2 tw[], float half, float n, float2 dir,
                      out float4 ore<>, out float4 oim<>) {
  float2 p = indexof(ore).xy;
  float j = fmod(dot(p, dir), 2.0f * half);
  float lower = j < half ? 1.0f : 0.0f;
  float2 pa = p - (1.0f - lower) * half * dir;
  float2 pb = pa + half * dir;
  float2 w = tw[(j - (1.0f - lower) * half) * (n / (2.0f * half))];
  float s = 2.0f * lower - 1.0f;
  ore = re[pa] + s * (w.x * re[pb] - w.y * im[pb]);
  oim = im[pa] + s * (w.x * im[pb] + w.y * re[pb]);
}
kernel void smooth(float v[], out float r<>) {
  float i = indexof(r).x;
  r = 0.25f * v[i - 1.0f] + 0.5f * v[i] + 0.25f * v[i + 1.0f];
}
kernel void lookup(float v[], float idx<>, out float r<>) { r = v[idx]; }
kernel void mirror(float g[][], out float r<>) {
  float2 p = indexof(r).xy;
  r = g[float2(31.0f - p.x, p.y)];
}
kernel void walk(float v[], float n, out float r<>) {
  float i = indexof(r).x;
  float k;
  float acc = 0.0f;
  for (k = 0.0f; k < n; k += 1.0f) acc += v[i + k];
  r = acc;
}
kernel void shifted(float v[], float k, out float r<>) { r = v[indexof(r).x + k]; }
kernel void until(float v[], out float r<>) {
  float x = v[indexof(r).x];
  while (x > 1.0f) x = x * 0.5f;
  r = x;
}
int main() { return 0; }
`;

function kernels(): Map<string, KernelIR> {
  const out = compile(SOURCE, { fileName: 'chain-tile.br' });
  if (!out.ok) throw new Error(out.diagnostics.map((d) => renderDiagnostic(out.sources, d)).join('\n'));
  return new Map([...out.kernels].map(([name, k]) => [name, k.ir]));
}
const K = kernels();
const ir = (name: string) => K.get(name)!;

/** The proof for kernel `name` with constants by parameter name. */
function prove(name: string, consts: Record<string, number[]>, outShape: number[], tile: number[], local: string[]): string | null {
  const k = ir(name);
  const byName = new Map(k.params.map((p, i) => [p.sourceName, i]));
  return proveTileLocal({
    ir: k,
    constArg: (i) => consts[k.params[i]!.sourceName],
    outShape,
    tile,
    local: new Set(local.map((n) => byName.get(n)!)),
  });
}

/** Float32 brute force of the bitonic partner: does every position's partner lie in its tile? */
function bitonicPartnerInTile(n: number, half: number, tile: number): boolean {
  for (let i = 0; i < n; i++) {
    const f = Math.fround;
    const lower = f(i % f(2 * half)) < half ? 1 : -1;
    const idx = Math.floor(f(f(i + f(lower * half)) + 0.25));
    const g = Math.min(Math.max(idx, 0), n - 1);
    if (Math.floor(g / tile) !== Math.floor(i / tile)) return false;
  }
  return true;
}

describe('the tile proof (compiler/schedule/chain-proof.ts)', () => {
  it('proves the bitonic partner i + lower * half inside a tile when 2 * half divides it, and agrees with brute force', () => {
    for (const half of [1, 2, 8, 64, 256]) {
      expect(prove('bitonic', { block: [1024], half: [half] }, [4096], [512], ['keys'])).toBeNull();
      expect(bitonicPartnerInTile(4096, half, 512)).toBe(true);
    }
    for (const half of [512, 1024]) {
      const why = prove('bitonic', { block: [2048], half: [half] }, [4096], [512], ['keys']);
      expect(why).toMatch(/gather of 'keys'.*index x/);
      expect(bitonicPartnerInTile(4096, half, 512)).toBe(false);
    }
  });

  it('proves the xor partner i ^ half (int indices) for half below the tile, not at it', () => {
    expect(prove('haar', { half: [64] }, [1024], [128], ['v'])).toBeNull();
    expect(prove('haar', { half: [128] }, [1024], [128], ['v'])).toMatch(/index x/);
  });

  it('proves the FFT butterfly along a row in a row tile and along a column in a column tile, not the other way', () => {
    const rows = { half: [4], n: [64], dir: [1, 0] };
    const cols = { half: [4], n: [64], dir: [0, 1] };
    expect(prove('butterfly', rows, [64, 64], [1, 16], ['re', 'im'])).toBeNull();
    expect(prove('butterfly', cols, [64, 64], [16, 1], ['re', 'im'])).toBeNull();
    // (Along a column, which member of a pair a position is depends on its row: not known per tile.)
    expect(prove('butterfly', cols, [64, 64], [1, 16], ['re', 'im'])).toMatch(/gather of 're'.*not known for every tile/);
    expect(prove('butterfly', rows, [64, 64], [16, 1], ['re', 'im'])).toMatch(/gather of 're'.*index x/);
    // The twiddles are not the previous call's output: their gathers may reach anywhere.
    expect(prove('butterfly', rows, [64, 64], [1, 16], ['re', 'im'])).toBeNull();
    expect(prove('butterfly', rows, [64, 64], [1, 16], ['tw'])).toMatch(/'tw'/);
  });

  it('refuses a stencil i +- 1 (no halo) unless the tile spans the whole dimension', () => {
    expect(prove('smooth', {}, [4096], [1024], ['v'])).toMatch(/reaches outside a tile of 1024 \(lane 0 reads -1 away\)/);
    expect(prove('smooth', {}, [1024], [1024], ['v'])).toBeNull();
  });

  it('refuses an index read from memory, and accepts any index along a row a tile spans whole', () => {
    expect(prove('lookup', {}, [4096], [256], ['v'])).toMatch(/not known for every tile/);
    expect(prove('mirror', {}, [16, 32], [1, 32], ['g'])).toBeNull();
    expect(prove('mirror', {}, [16, 64], [1, 32], ['g'])).toMatch(/index x is not the output position plus an offset/);
  });

  it('uses the constants the call was recorded with', () => {
    expect(prove('shifted', { k: [0] }, [4096], [256], ['v'])).toBeNull();
    expect(prove('shifted', { k: [3] }, [4096], [256], ['v'])).toMatch(/reaches outside/);
  });
});

describe('the tile choice (compiler/schedule/chain-tile.ts)', () => {
  it('offers power-of-two runs along the last dimension first, then along the others', () => {
    expect(tileCandidates([4096], 1024).slice(0, 3)).toEqual([[1024], [512], [256]]);
    expect(tileCandidates([64, 32], 64).slice(0, 3)).toEqual([[64, 1], [1, 32], [32, 1]]);
  });

  it('takes the largest tile in which every step holds, within workgroup memory', () => {
    const step = (half: number) => ({ ir: ir('bitonic'), constArg: (k: number) => ([undefined, [1024], [half]] as (number[] | undefined)[])[k], local: new Set([0]) });
    const limits = { maxWorkgroupBytes: 16384, maxInvocations: 256, maxLanes: 1024 };
    expect(planChainTile([step(1), step(2)], [4096], 4, limits)).toEqual({ tile: [1024], workgroupSize: 256 });
    // 8 bytes a lane in 4 KiB: at most 512 lanes.
    expect(planChainTile([step(1)], [4096], 8, { ...limits, maxWorkgroupBytes: 4096 })).toEqual({ tile: [512], workgroupSize: 256 });
    expect(planChainTile([step(2048)], [4096], 4, limits)).toMatch(/bitonic: the gather of 'keys'/);
  });

  it('takes loops counted by the call\'s constants (bounded work: no loop budget needed), not others', () => {
    const n = (v: number) => (k: number) => (k === 1 ? [v] : undefined);
    expect(tileRefusal(ir('walk'), n(8))).toBeNull();
    expect(tileRefusal(ir('walk'), n(1e6))).toMatch(/1000000 trips, more than 4096/);
    expect(tileRefusal(ir('walk'))).toMatch(/not counted by constants/);
    expect(tileRefusal(ir('until'), () => undefined)).toMatch(/not counted by constants/);
    expect(tileRefusal(ir('bitonic'))).toBeNull();
  });
});

describe('the tiled chain\'s WGSL (compiler/codegen/wgsl/chain-tile.ts)', () => {
  /** A sort-like chain of `n` bitonic steps over 4096 floats in tiles of 1024: the first step gathers
   *  the keys from binding 1, every later one from tile slot 0, the last stores to binding 2. */
  function bitonicChain(n: number, doubleBuffer: boolean, loopSteps = true): string {
    const steps: TiledStep[] = Array.from({ length: n }, (_, s) => ({
      ir: ir('bitonic'),
      binding: [s === 0 ? 1 : -1, -1, -1, 2],
      tileSlot: [s === 0 ? -1 : 0, -1, -1, -1],
      writeSlot: [-1, -1, -1, s === n - 1 ? -1 : 0],
      store: [false, false, false, s === n - 1],
      gatherShape: [s === 0 ? [4096] : null, null, null, null],
      constWord: [-1, 2 * s, 2 * s + 1, -1],
    }));
    const bindings = [{ type: FLOAT, writable: false }, { type: FLOAT, writable: true }];
    return writeTiledModule({ steps, outShape: [4096], tile: [1024], workgroupSize: 1024, bindings, slots: [FLOAT], doubleBuffer, loopSteps, uniformVec4s: Math.ceil((2 * n) / 4) }).code;
  }
  const mainOf = (code: string) => code.slice(code.indexOf('@compute'));
  const count = (text: string, what: string) => text.split(what).length - 1;

  it('runs the steps between the first and the last as one loop when double-buffered (lavapipe compiled a 55-step sort chain in 12 s written out, 0.36 s as a loop)', () => {
    const main = mainOf(bitonicChain(10, true));
    // Steps 1..8 share a step function, hand over through the tile and store nothing: a loop of 8.
    expect(main).toContain('for (var j = 0u; j < 8u; j++) {');
    // Their constants at words 2, 4, ..., 16: the loop's j-th step reads word 2 + 2j.
    expect(main).toContain('step_1(l, e, 2u + j * 2u, &r_3);');
    // Step j reads the half the step before wrote: step 0 wrote half 1, so step 1 (j = 0) reads it.
    expect(main).toContain('tb_0 = (1u ^ par) * 1024u;');
    expect(main).toContain('ts_0[(0u ^ par) * 1024u + l] = r_3;');
    // One barrier after the first step, one in the loop, none after the last.
    expect(count(main, 'workgroupBarrier()')).toBe(2);
    // The last step reads the half that 8 loop steps (an even number) left where step 0 put it.
    expect(main).toMatch(/tb_0 = 1024u;\s+for \(var r = 0u; r < 1u; r\+\+\) \{\s+var r9_3/);
  });

  it('writes out chains too short for a loop, every step of a single-buffered chain, and every step unless asked for loops', () => {
    expect(mainOf(bitonicChain(4, true))).not.toContain('var j');
    const flat = mainOf(bitonicChain(10, true, false));
    expect(flat).not.toContain('var j');
    expect(count(flat, 'step_1(')).toBe(9);
    expect(count(flat, 'workgroupBarrier()')).toBe(9);
    const single = mainOf(bitonicChain(10, false));
    expect(single).not.toContain('var j');
    expect(count(single, 'step_1(')).toBe(9);
  });
});
