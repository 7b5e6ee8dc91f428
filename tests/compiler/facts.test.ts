/**
 * compiler/facts decides, once, the class of every gather index (int, uint, whole float, float),
 * which float values are whole numbers, the exact integer form of a coordinate, and a reduction's
 * order facts; the writers print from them (writer-agreement.test.ts runs the writers). These cases
 * pin the decisions themselves, on IR from real kernels.
 */
import { describe, expect, it } from 'vitest';
import { compile, renderDiagnostic } from '../../runtime/compiler/index.js';
import type { IRExpr, IRStmt, KernelIR } from '../../runtime/compiler/ir.js';
import { gatherIndex, kernelFacts, treeJoins, type WholeSeeds } from '../../runtime/compiler/facts/index.js';

function irOf(src: string, name: string): KernelIR {
  const out = compile(`${src}\nint main() { return 0; }\n`, { fileName: 'facts.test.br' });
  if (!out.ok) throw new Error(out.diagnostics.map((d) => renderDiagnostic(out.sources, d)).join('\n'));
  const k = out.kernels.get(name);
  if (!k) throw new Error(`no kernel ${name}`);
  return k.ir;
}

/** Every gather expression of a statement list, in source order. */
function gathers(list: IRStmt[]): Extract<IRExpr, { op: 'gather' }>[] {
  const out: Extract<IRExpr, { op: 'gather' }>[] = [];
  const visit = (x: unknown): void => {
    if (Array.isArray(x)) return x.forEach(visit);
    if (!x || typeof x !== 'object') return;
    const o = x as { op?: string };
    if (o.op === 'gather') out.push(o as Extract<IRExpr, { op: 'gather' }>);
    for (const v of Object.values(o)) if (v && typeof v === 'object') visit(v);
  };
  visit(list);
  return out;
}

describe('compiler/facts: index classes', () => {
  const ir = irOf(`
kernel void k(float x<>, int n<>, float g[], float h[][], float c, out float r<>) {
  float i = indexof(r).x;
  float twice = 0.0f;
  twice = i;
  r = g[x] + g[n] + g[i + 1.0f] + g[i * 0.5f] + g[floor(x)] + g[(float)n - 2.0f] + g[twice] + g[c]
    + h[float2(i - 3.0f, x)] + g[fmod(i, 3.0f)] + g[i / 1.0f];
}`, 'k');
  const gs = gathers(ir.body);
  const facts = kernelFacts(ir);
  const classes = (seeds: WholeSeeds | null) => gs.map((g) => (seeds ? facts.seeded(seeds) : facts).gather(g).coords.map((c) => c.cls).join(','));

  it('int indices are int; indexof arithmetic, floor, conversions from int and fmod of wholes are whole; the rest is float', () => {
    expect(classes(null)).toEqual([
      'float', // g[x]: a stream value
      'int', // g[n]
      'whole', // indexof + 1
      'float', // indexof * 0.5
      'whole', // floor
      'whole', // (float)int - 2
      'float', // a local assigned after its declaration
      'float', // a constant nobody vouched for
      'whole,float', // 2-D: per dimension
      'whole', // fmod of whole numbers
      'float', // a division
    ]);
  });

  it('a launch that makes a constant whole (the writers\' seeds) makes its index whole', () => {
    const c = ir.params.findIndex((p) => p.sourceName === 'c');
    const seeds = (param: number) => param === c;
    expect(classes(seeds)[7]).toBe('whole');
    expect(classes(seeds)[0]).toBe('float');
  });

  it('every coordinate k addresses padded dimension 3 - k', () => {
    const f = kernelFacts(ir).gather(gs[8]!);
    expect(f.dims).toBe(2);
    expect(f.coords.map((c) => c.dim)).toEqual([3, 2]);
  });

  it('the exact integer form: indexof +- integer constants within bounds, nothing else', () => {
    const f = kernelFacts(ir);
    const bound = () => 100;
    expect(f.exactInt(gs[2]!.index[0]!, bound)?.term).toEqual({ op: '+', a: { op: 'indexof', param: ir.params.findIndex((p) => p.role === 'out'), comp: 0 }, b: { op: 'const', value: 1 } });
    expect(f.exactInt(gs[3]!.index[0]!, bound)).toBeNull(); // a product
    expect(f.exactInt(gs[2]!.index[0]!, () => 2 ** 24)).toBeNull(); // could leave float32's exact range
    expect(f.exactInt(gs[2]!.index[0]!, () => null)).toBeNull(); // no bound known
  });
});

describe('compiler/facts: a stage of the compiler', () => {
  const src = `kernel void k(float x<>, float g[], float c, out float r<>) { r = g[indexof(r).x + 1.0f] + g[c] + x; }
reduce void s(float a<>, reduce float r<>) { r += a; }
int main() { return 0; }
`;
  it('every compiled kernel carries the facts decided right after validation; the writers get those', () => {
    const out = compile(src, { fileName: 'facts-stage.br' });
    if (!out.ok) throw new Error(out.diagnostics.map((d) => renderDiagnostic(out.sources, d)).join('\n'));
    const k = out.kernels.get('k')!;
    const gs = gathers(k.ir.body);
    expect(gs.map((g) => k.facts.gather(g).coords[0]!.cls)).toEqual(['whole', 'float']);
    expect(out.kernels.get('s')!.facts.reduction?.commutativeOperator).toBe('+');
    // The checked program's kernel and the compiled one share one decision (one object).
    expect(out.program!.kernels.get('k')!.facts).toBe(k.facts);
  });

  it('a launch\'s view (seeds) shares the walk and is made once per seeds function', () => {
    const out = compile(src, { fileName: 'facts-stage.br' });
    const k = out.kernels.get('k')!;
    const c = k.ir.params.findIndex((p) => p.sourceName === 'c');
    const seeds: WholeSeeds = (param) => param === c;
    const view = k.facts.seeded(seeds);
    expect(k.facts.seeded(seeds)).toBe(view);
    expect(view.seeded(seeds)).toBe(view);
    const gs = gathers(k.ir.body);
    expect(gs.map((g) => view.gather(g).coords[0]!.cls)).toEqual(['whole', 'whole']);
    expect(gs.map((g) => k.facts.gather(g).coords[0]!.cls)).toEqual(['whole', 'float']);
  });
});

describe('compiler/facts: the gather rule on numbers', () => {
  it('rounds floor(float32(x + 0.25)) and clamps; NaN to 0; scatters skip', () => {
    const cases: [number, number][] = [[-1, 0], [-0.26, 0], [-0.25, 0], [0.74, 0], [0.75, 1], [2.5, 2], [4.74, 4], [4.75, 4], [99, 4], [NaN, 0], [Infinity, 4], [-Infinity, 0]];
    for (const [x, want] of cases) expect(gatherIndex(Math.fround(x), 5, 'float'), `x = ${x}`).toBe(want);
    expect(gatherIndex(Math.fround(4.75), 5, 'float', false)).toBe(-1);
    expect(gatherIndex(Math.fround(3.75), 5, 'float', false)).toBe(4);
    // float32 rounding of the sum: 2^24 - 1 + 0.25 is 2^24 - 1
    expect(gatherIndex(2 ** 24 - 1, 2 ** 25, 'float')).toBe(2 ** 24 - 1);
    expect(gatherIndex(-3, 5, 'int')).toBe(0);
    expect(gatherIndex(7, 5, 'int')).toBe(4);
  });
});

describe('compiler/facts: reductions', () => {
  it('operand order and the commutative operator', () => {
    const sum = kernelFacts(irOf('reduce void s(float a<>, reduce float r<>) { r += a; }', 's')).reduction!;
    expect(sum.order).toBe('r-earlier-a-later');
    expect(sum.seed).toBe('first-element');
    expect(sum.commutativeOperator).toBe('+');
    const mm = kernelFacts(irOf('reduce void m(float4 a<>, reduce float4 r<>) { r = float4(r.x * a.x + r.y * a.z, r.x * a.y + r.y * a.w, r.z * a.x + r.w * a.z, r.z * a.y + r.w * a.w); }', 'm')).reduction!;
    expect(mm.commutativeOperator).toBeNull();
    expect(kernelFacts(irOf('kernel void k(float a<>, out float r<>) { r = a; }', 'k')).reduction).toBeNull();
  });

  it('the fixed join tree pairs neighbours first and carries an odd partial up', () => {
    expect(treeJoins(1)).toEqual([]);
    expect(treeJoins(5)).toEqual([[0, 1], [2, 3], [0, 2], [0, 4]]);
    // every partial is joined into partial 0 exactly once, left operand always the earlier one
    for (const m of [2, 3, 7, 16, 33]) {
      const joins = treeJoins(m);
      expect(joins.length).toBe(m - 1);
      expect(joins.every(([l, r]) => l < r)).toBe(true);
    }
  });
});
