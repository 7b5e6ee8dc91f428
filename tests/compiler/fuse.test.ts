/**
 * The fusion IR transform (compiler/fuse) on its own: what the fused kernel looks like (parameters
 * and where their arguments come from, the producer as a helper, the fence on every value that
 * crosses, a reduction's `produce`), that it passes the IR validator, and the pairs it refuses.
 * Running fused kernels is tested in tests/brt/fusion.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { compile, renderDiagnostic } from '../../runtime/compiler/index.js';
import { FUSE_FENCE, FUSE_ZERO, fuseKernels } from '../../runtime/compiler/fuse/index.js';
import { validateKernelIR } from '../../runtime/compiler/lower/validate.js';
import { printKernelIR } from '../../runtime/compiler/ir-print.js';
import type { KernelIR } from '../../runtime/compiler/ir.js';

function kernels(src: string): Map<string, KernelIR> {
  const out = compile(`${src}\nint main() { return 0; }`, { fileName: 'fuse.br' });
  if (!out.ok) throw new Error(out.diagnostics.map((d) => renderDiagnostic(out.sources, d)).join('\n'));
  return new Map([...out.kernels].map(([k, v]) => [k, v.ir]));
}

const K = kernels(`
kernel void mul(float a<>, float b<>, out float c<>) { c = a * b; }
kernel void add(float c<>, float d<>, out float e<>) { e = c + d + indexof(c).x; }
reduce void sum(float a<>, reduce float r<>) { r += a; }
reduce void sumi(float a<>, reduce float r<>) { r += a + indexof(a).x; }
kernel void edge(float a<>, out float b<>) { b = a + indexof(b).x; }
`);
const k = (n: string) => K.get(n)!;

describe('fuseKernels', () => {
  it('map -> map: consumer params first (minus the computed one), then the producer\'s, then the zero', () => {
    const r = fuseKernels(k('mul'), k('add'), { reads: [0, -1, -1], keep: [true, true, false], tag: 1 });
    if ('refused' in r) throw new Error(r.refused);
    expect(validateKernelIR(r.ir)).toEqual([]);
    expect(r.ir.name).toBe('mul+add');
    expect(r.origin).toEqual([
      { side: 'consumer', index: 1 },
      { side: 'consumer', index: 2 },
      { side: 'producer', index: 0 },
      { side: 'producer', index: 1 },
      { side: 'zero' },
    ]);
    expect(r.ir.params.map((p) => p.role)).toEqual(['in', 'out', 'in', 'in', 'const']);
    expect(r.ir.params[4]!.sourceName).toBe(FUSE_ZERO);
    expect(r.ir.helpers.map((h) => h.name)).toEqual(['h_1fz']);
    const text = printKernelIR(r.ir);
    expect(text).toContain(FUSE_FENCE);
    // indexof(c) of the computed input becomes the fused kernel's position (its output's).
    expect(r.ir.indexofParams).toEqual([1]);
  });

  it('a kept output is stored, a dead one is not a parameter at all', () => {
    const kept = fuseKernels(k('mul'), k('add'), { reads: [0, -1, -1], keep: [true, true, true], tag: 1 });
    if ('refused' in kept) throw new Error(kept.refused);
    expect(kept.origin).toContainEqual({ side: 'producer', index: 2 });
    expect(kept.ir.params.filter((p) => p.role === 'out')).toHaveLength(2);
  });

  it('map -> reduce keeps the reduction\'s parameters and body; the producer goes to produce', () => {
    const r = fuseKernels(k('mul'), k('sum'), { reads: [0, -1], keep: [true, true, false], tag: 1 });
    if ('refused' in r) throw new Error(r.refused);
    expect(validateKernelIR(r.ir)).toEqual([]);
    expect(r.ir.kind).toBe('reduce');
    expect(r.ir.body).toBe(k('sum').body);
    expect(r.ir.produce!.from).toBe(2);
    expect(r.origin.slice(0, 2)).toEqual([{ side: 'consumer', index: 0 }, { side: 'consumer', index: 1 }]);
    const last = r.ir.produce!.body[r.ir.produce!.body.length - 1]!;
    expect(last.op === 'assign' && last.target.root.kind === 'param' && last.target.root.index === 0).toBe(true);
  });

  it('a fused producer brings its zero along: one per chain', () => {
    const first = fuseKernels(k('mul'), k('add'), { reads: [0, -1, -1], keep: [true, true, false], tag: 1 });
    if ('refused' in first) throw new Error(first.refused);
    const second = fuseKernels(first.ir, k('sum'), { reads: [1, -1], keep: first.ir.params.map(() => false), tag: 2 });
    if ('refused' in second) throw new Error(second.refused);
    expect(validateKernelIR(second.ir)).toEqual([]);
    expect(second.ir.params.filter((p) => p.sourceName === FUSE_ZERO)).toHaveLength(1);
    expect(second.ir.helpers.map((h) => h.name)).toEqual(['h_1fz', 'h_2fz']);
  });

  it('refuses a reduction reading indexof, or fused through anything but its input; a lost position is the input\'s', () => {
    expect(fuseKernels(k('mul'), k('sumi'), { reads: [0, -1], keep: [true, true, false], tag: 1 })).toHaveProperty('refused');
    expect(fuseKernels(k('mul'), k('sum'), { reads: [-1, -1], keep: [true, true, false], tag: 1 })).toHaveProperty('refused');
    // A producer's indexof of an output no longer kept reads the reduction's (dense) input instead.
    const edge = fuseKernels(k('edge'), k('sum'), { reads: [1, -1], keep: [true, false], tag: 1 });
    if ('refused' in edge) throw new Error(edge.refused);
    expect(edge.ir.indexofParams).toEqual([0]);
    expect(fuseKernels(k('sum'), k('add'), { reads: [-1, -1, -1], keep: [true, true], tag: 1 })).toHaveProperty('refused');
  });
});
