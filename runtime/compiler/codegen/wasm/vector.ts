/**
 * The WebAssembly driver's vector version of a body: 4 consecutive positions of a row per step, v128
 * locals for the values that differ between them (codegen/wasm/values.ts `vector`), loads and stores
 * of 4 elements at once. drivers.ts runs it where the 4 positions are all inside the row segment and
 * inside [lo, hi) (no gather clamp needed), and the scalar body elsewhere.
 */
import { storageScalars } from '../../types.js';
import { SMALL_WHOLE } from '../loop-plan.js';
import { VectorUnsupported, type Val } from './emit.js';
import { bodyVersion, iterValue } from './element.js';
import type { IterComp, WasmLaunch } from './launch.js';
import { componentUniform } from './uniform.js';

/** A vector version is kept when it has at least this many SIMD operations per per-lane operation. */
const VECTOR_OPS_PER_LANE_OP = 4;

export type Vector = {
  code: number[];
  comps: Map<number, Val[]>;
  x: Map<number, { int: number; f: number }>;
  it: Map<IterComp, { int: number; f: number }>;
  /** Operations written once per lane (no SIMD form): what a fused chain must not add to its members'. */
  laneOps: number;
  /** Elements kept as they lie in memory, one v128 an element (uniform.ts): no transposes. */
  asStored: boolean;
};

/**
 * The body's vector version (4 consecutive positions of a row per step), or null where it cannot be
 * written: streams of more than one word, a resized fastest dimension, control flow that differs
 * between positions, doubles. Stream and indexof bindings point at v128 locals while it is written.
 */
export function vectorVersion(lw: WasmLaunch): Vector | null {
  const { f, ir, plan, streams, iters, mask, bindings, indexofLocals, emitter, c } = lw;
  const vectorWords = (w: number) => w === 1 || w === 2 || w === 4;
  if (plan.mode !== 'map' || !streams.every((s) => vectorWords(s.words) && !s.kinds.includes('double') && s.walk.running)) return null;
  if (iters.some((it) => it.where === 'element' && it.forms[3] !== 'i') || mask) return null;
  // Outputs of 8- and 16-bit integers: the scalar stores narrow them.
  if (streams.some((s) => ir.params[s.k]!.role === 'out' && storageScalars(ir.params[s.k]!).some((c) => ['char', 'uchar', 'short', 'ushort'].includes(c)))) return null;
  const saved = bindings.map((b) => ({ comps: b.comps && [...b.comps], indexof: b.indexof }));
  const itv = new Map<IterComp, { int: number; f: number }>();
  for (const it of iters) {
    if (it.where !== 'element') continue;
    const loc = { int: f.local('v128'), f: f.local('v128') };
    itv.set(it, loc);
    const v: Val = { kind: 'float', local: loc.f, vec: true };
    bindings[it.k]!.comps![it.c] = v;
    if (it.form === 's') emitter.markWhole(v, { kind: 'int', local: loc.int, vec: true }, -SMALL_WHOLE, SMALL_WHOLE);
  }
  const comps = new Map<number, Val[]>();
  const x = new Map<number, { int: number; f: number }>();
  for (const s of streams) {
    const vs: Val[] = s.kinds.map((kind) => ({ kind, local: f.local('v128'), vec: true }));
    comps.set(s.k, vs);
    bindings[s.k]!.comps = vs;
    if (ir.params[s.k]!.role === 'out') for (const v of vs) emitter.markMutable(v.local!);
  }
  for (const [k, xs] of indexofLocals) {
    const loc = { int: f.local('v128'), f: f.local('v128') };
    x.set(k, loc);
    const xf: Val = { kind: 'float', local: loc.f, vec: true };
    bindings[k]!.indexof = [xf, ...xs.slice(1).map((l) => ({ kind: 'float', local: l }) as Val)];
    emitter.markWhole(xf, { kind: 'int', local: loc.int, vec: true }, 0, SMALL_WHOLE);
    emitter.affine.set(loc.int, 0);
  }
  const state = f.save();
  emitter.vector = true;
  emitter.c3 = c[3]!;
  emitter.vectorOps = 0;
  emitter.laneOps = 0;
  try {
    const code = bodyVersion(f, emitter, true);
    // Mostly per-lane work (extracting lanes, scalar code, rebuilding vectors) is slower than the
    // scalar body: measured on the bitonic sort step (fmod and gathers at computed indices).
    if (emitter.laneOps * VECTOR_OPS_PER_LANE_OP > emitter.vectorOps) throw new VectorUnsupported('mostly per-lane work');
    const asStored = componentUniform(ir) && streams.every((s) => s.words === 4);
    return { code, comps, x, it: itv, laneOps: emitter.laneOps, asStored };
  } catch (e) {
    if (!(e instanceof VectorUnsupported)) throw e;
    f.restore(state);
    emitter.resetLoops();
    return null;
  } finally {
    emitter.vector = false;
    saved.forEach((b, k) => {
      bindings[k]!.comps = b.comps;
      bindings[k]!.indexof = b.indexof;
    });
  }
}

/** The vector step's loads (v128 at each stream's running address), zeroed outputs and indexof x. */
export function vectorStart(lw: WasmLaunch, v: Vector): void {
  const { f, ir, streams, c } = lw;
  for (const s of streams) {
    const vals = v.comps.get(s.k)!;
    if (ir.params[s.k]!.role === 'out') {
      for (const val of vals) f.v128([0, 0, 0, 0]).set(val.local!);
      continue;
    }
    if (v.asStored) {
      // Component-uniform body: "component j" is computed on element j's four words as they are.
      vals.forEach((val, j) => f.get(s.running).i32(16 * j).op('i32.add').simd('v128.load').set(val.local!));
      continue;
    }
    // The 4 elements' words, then one vector per component.
    const rows = vals.map((_, j) => {
      const r = f.local('v128');
      f.get(s.running).i32(16 * j).op('i32.add').simd('v128.load').set(r);
      return r;
    });
    f.transpose(s.words, rows, vals.map((val) => val.local!));
    for (const val of vals) if (val.kind === 'bool') f.get(val.local!).i32(0).simd('i32x4.splat').simd('i32x4.ne').set(val.local!);
  }
  for (const loc of v.x.values()) {
    f.get(c[3]!).simd('i32x4.splat').v128([0, 1, 2, 3]).simd('i32x4.add').tee(loc.int);
    f.simd('f32x4.convert_i32x4_s').set(loc.f);
  }
  for (const [it, loc] of v.it) {
    if (it.form === 's') {
      f.get(it.ILi).get(it.IO).op('i32.add').get(c[3]!).op('i32.add');
      f.simd('i32x4.splat').v128([0, 1, 2, 3]).simd('i32x4.add').tee(loc.int);
      f.simd('f32x4.convert_i32x4_s').set(loc.f);
      continue;
    }
    // Lane by lane, the scalar formula at positions c3 .. c3 + 3.
    for (let lane = 0; lane < 4; lane++) {
      f.get(c[3]!).i32(lane).op('i32.add');
      iterValue(lw, it);
      if (lane === 0) f.get(it.val).simd('f32x4.splat').set(loc.f);
      else f.get(loc.f).get(it.val).simd('f32x4.replace_lane', lane).set(loc.f);
    }
  }
}

/** The vector step's stores: 4 elements of each output at its running address. */
export function vectorStores(lw: WasmLaunch, v: Vector): void {
  const { f, ir, streams } = lw;
  for (const s of streams) {
    if (ir.params[s.k]!.role !== 'out') continue;
    const comps = v.comps.get(s.k)!.map((val) => {
      if (val.kind !== 'bool') return val.local!;
      const t = f.local('v128');
      f.get(val.local!).i32(1).simd('i32x4.splat').simd('v128.and').set(t); // masks -> 0 / 1
      return t;
    });
    if (v.asStored) {
      comps.forEach((c, j) => f.get(s.running).i32(16 * j).op('i32.add').get(c).simd('v128.store'));
      continue;
    }
    const rows = comps.map(() => f.local('v128'));
    f.interleave(s.words, comps, rows);
    rows.forEach((r, j) => f.get(s.running).i32(16 * j).op('i32.add').get(r).simd('v128.store'));
  }
}
