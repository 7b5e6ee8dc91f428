/**
 * Component-uniform kernels (codegen/wasm/uniform.ts): a map over float4 streams whose every output
 * component is the same expression of the same input component keeps its elements in the WebAssembly
 * vector version as they lie in memory (one v128 an element, no transposes: issue 27). Which kernels
 * qualify, that the others do not, and that both give the JavaScript kernels' bits (and a hand
 * reference), alone, fused and over worker threads.
 */
import { describe, expect, it } from 'vitest';
import { createCpuRuntime } from '../../runtime/backends/index.js';
import type { CompiledKernel, Stream } from '../../runtime/brt/api.js';
import { compile, renderDiagnostic } from '../../runtime/compiler/index.js';
import { vec } from '../../runtime/compiler/types.js';
import { generateKernelWasm } from '../../runtime/compiler/codegen/wasm/index.js';
import { componentUniform } from '../../runtime/compiler/codegen/wasm/uniform.js';

const F4 = vec('float', 4);
const I4 = vec('int', 4);
const f = Math.fround;

const SOURCE = `
kernel void saxpy(float a, float4 x<>, float4 y<>, out float4 r<>) { r = a * x + y; }
kernel void m1(float4 x<>, float a, float b, out float4 y<>) { y = a * x + b; }
kernel void m2(float4 x<>, out float4 y<>) { y = x * x; }
kernel void m3(float4 x<>, out float4 y<>) { y = x * 0.5f - 1.0f; }
kernel void m4(float4 t<>, float4 x<>, out float4 y<>) { y = t + x; }
kernel float4 twice(float4 v, float k) { return v * k + v; }
kernel void helped(float4 x<>, float k, out float4 y<>) {
  float4 t = twice(x, k);
  int i;
  for (i = 0; i < 3; i++) t = t * 0.5f;
  y = x > 0.0f ? min(t, 4.0f) : clamp(abs(t), 0.25f, 2.0f);
}
kernel void picked(float4 x<>, float k, out float4 y<>) { y = x > 0.0f ? min(twice(x, k), 4.0f) : max(abs(x), 0.25f); }
kernel void swz(float4 x<>, out float4 y<>) { y = x.yxwz; }
kernel void ctor(float4 x<>, out float4 y<>) { y = x + float4(1.0f, 2.0f, 3.0f, 4.0f); }
kernel void same(float4 x<>, out float4 y<>) { y = x + float4(2.0f, 2.0f, 2.0f, 2.0f); }
kernel void dotk(float4 x<>, out float4 y<>) { y = x * dot(x, x); }
kernel void part(float4 x<>, out float4 y<>) { y = x; y.x = 1.0f; }
kernel void vconst(float4 x<>, float4 k, out float4 y<>) { y = x * k; }
kernel void narrow(float2 x<>, out float2 y<>) { y = x * 2.0f; }
kernel void flags(bool4 x<>, out float4 y<>) { y = x ? 1.0f : 2.0f; }
kernel void bytes(char4 x<>, out float4 y<>) { y = x * 2.0f; }
kernel void ints(int4 x<>, int k, out int4 y<>) { y = x * k + 1; }
kernel void pos(float4 x<>, out float4 y<>) { y = x + indexof(x).x; }
kernel void gat(float4 x<>, float4 g[], out float4 y<>) { y = x + g[0.0f]; }
int main() { return 0; }
`;

function kernels(): Map<string, CompiledKernel> {
  const out = compile(SOURCE, { fileName: 'wasm-uniform.test.br' });
  if (!out.ok) throw new Error(out.diagnostics.map((d) => renderDiagnostic(out.sources, d)).join('\n'));
  return out.kernels;
}

/** Values with the awkward cases in them (NaN, infinities, -0, tiny and huge, fractions). */
function awkward(n: number, seed: number): number[] {
  const special = [NaN, Infinity, -Infinity, -0, 0, 1e-40, 3e38, -2.5, 0.5, 1.5, -1.5, 2 ** 24 + 1];
  return Array.from({ length: n }, (_, i) => (i % 7 === 3 ? special[(i + seed) % special.length]! : Math.sin(i * 12.9898 + seed) * 4.5));
}

/** Bits with every NaN written as one pattern. */
function nanAsOne(words: number[]): number[] {
  return words.map((w) => ((w & 0x7f800000) === 0x7f800000 && (w & 0x7fffff) !== 0 ? 0x7fc00000 : w));
}

async function bits(rt: ReturnType<typeof createCpuRuntime>, s: Stream): Promise<number[]> {
  const n = s.shape.reduce((a, b) => a * b, 1) * s.words;
  const o = s.elem.kind === 'vector' && s.elem.elem === 'int' ? new Int32Array(n) : new Float32Array(n);
  await rt.streamWrite(s, o);
  return [...new Uint32Array(o.buffer)];
}

describe('component-uniform kernels', () => {
  const ks = kernels();
  const uniform = ['saxpy', 'm1', 'm2', 'm3', 'm4', 'helped', 'picked', 'same', 'ints'];
  const not = ['swz', 'ctor', 'dotk', 'part', 'vconst', 'narrow', 'pos', 'gat', 'flags', 'bytes'];

  it('qualify when every component is the same expression; swizzles, constructors, dot, partial writes and the rest do not', () => {
    for (const name of uniform) expect(componentUniform(ks.get(name)!.ir), name).toBe(true);
    for (const name of not) expect(componentUniform(ks.get(name)!.ir), name).toBe(false);
  });

  it('their vector versions keep elements as stored; the others transpose', () => {
    const plan = (name: string) => ({ mode: 'map' as const, access: ks.get(name)!.ir.params.map((p) => (p.role === 'in' || p.role === 'out' ? ('linear' as const) : null)), mask: null, smallIndex: true });
    for (const name of ['saxpy', 'm1', 'm4', 'picked', 'same']) {
      const code = generateKernelWasm(ks.get(name)!.ir, plan(name), ks.get(name)!.facts);
      expect([name, code.vector, code.asStored]).toEqual([name, true, true]);
    }
    for (const name of ['swz', 'dotk', 'part']) {
      const code = generateKernelWasm(ks.get(name)!.ir, plan(name), ks.get(name)!.facts);
      expect([name, code.asStored]).toEqual([name, false]);
    }
  });

  // 1 element (scalar path only), 5 and 13 (vector steps and a tail), 1003 (many steps).
  for (const workers of [0, 2]) {
    it(`give the JavaScript kernels' bits, alone and fused (${workers} worker threads)`, async () => {
      const run = async (wasm: boolean, fusion: 'on' | 'off') => {
        const rt = createCpuRuntime({ cpu: { workers, wasm, workerThresholdMs: 0 }, fusion, stdout: () => {} });
        const k = kernels();
        try {
          const out: Record<string, number[]> = {};
          for (const n of [1, 5, 13, 1003]) {
            const mk = async (name: string, seed: number) => {
              const s = rt.createStream(name, F4, [n]);
              await rt.streamRead(s, awkward(4 * n, seed));
              return s;
            };
            const x = await mk('x', n);
            const y = await mk('y', n + 1);
            const [r, t1, t2, t3, c, h, p, sw] = ['r', 't1', 't2', 't3', 'c', 'h', 'p', 'sw'].map((name) => rt.createStream(name, F4, [n]));
            rt.call(k.get('saxpy')!, [2.5, x, y, r!]);
            rt.call(k.get('m1')!, [x, 0.5, 1, t1!]);
            rt.call(k.get('m2')!, [t1!, t2!], undefined, { dead: [t1!] });
            rt.call(k.get('m3')!, [t2!, t3!], undefined, { dead: [t2!] });
            rt.call(k.get('m4')!, [t3!, x, c!], undefined, { dead: [t3!] });
            rt.call(k.get('helped')!, [x, 0.75, h!]);
            rt.call(k.get('picked')!, [y, 0.75, p!]);
            rt.call(k.get('swz')!, [x, sw!]);
            const xi = rt.createStream('xi', I4, [n]);
            await rt.streamRead(xi, Int32Array.from({ length: 4 * n }, (_, i) => [2147483647, -2147483648, -7, 0, 123456789][i % 5]! + i));
            const yi = rt.createStream('yi', I4, [n]);
            rt.call(k.get('ints')!, [xi, 3, yi]);
            for (const [name, s] of Object.entries({ r, c, h, p, sw, yi })) out[`${name}${n}`] = await bits(rt, s!);
          }
          return { out, groups: rt.fusion.stats.groups, ks: k };
        } finally {
          rt.dispose();
        }
      };
      const js = await run(false, 'off');
      const wasm = await run(true, 'off');
      const fused = await run(true, 'on');
      // Fused or not, the WebAssembly kernels agree bit for bit; with the JavaScript kernels, up to the
      // sign of a NaN (min/max of a NaN: f32x4.max gives +NaN where x86 doubles give -NaN; both
      // writers did so before component-uniform kernels, and fuzz/compare.ts treats NaNs alike).
      expect(fused.out).toEqual(wasm.out);
      for (const key of Object.keys(js.out)) expect(nanAsOne(wasm.out[key]!), key).toEqual(nanAsOne(js.out[key]!));
      expect(fused.groups).toBeGreaterThan(0);
      const record = (k: CompiledKernel) => [...k.cache.entries()].find(([key, v]) => key.startsWith('wasm:') && v !== null)?.[1] as { asStored: boolean } | undefined;
      for (const name of ['saxpy', 'm1', 'picked', 'ints']) expect(record(wasm.ks.get(name)!)?.asStored, name).toBe(true);
      expect(record(wasm.ks.get('swz')!)?.asStored).toBe(false);
      // The hand reference for the chain: every step rounded to float32 as a stored stream would be.
      const xs = new Float32Array(awkward(4 * 1003, 1003));
      const got = new Float32Array(new Uint32Array(fused.out.c1003!).buffer);
      xs.forEach((x, i) => {
        const t1 = f(f(0.5 * x) + 1);
        expect(Object.is(got[i], f(f(f(f(t1 * t1) * 0.5) - 1) + x)) || (Number.isNaN(got[i]) && Number.isNaN(x + t1)), `c[${i}]`).toBe(true);
      });
    });
  }
});
