/**
 * Gathers in the WebAssembly kernel writer: the element address from clamped indices (gatherIndex,
 * the gather rule of compiler/facts gather.ts, as the JavaScript prelude's gidx prints it), hoisted to
 * the row where the indices are fixed there, and the vector version's contiguous v128 loads. Which
 * indices are rounded is the kernel facts' decision (their view for what the launch plan makes whole).
 */
import type { IRExpr } from '../../ir.js';
import { GATHER_ROUND_BIAS, type IndexClass, type KernelFacts } from '../../facts/index.js';
import { flatKinds, type Kind } from '../js/scalar.js';
import { WasmBuiltins } from './builtins.js';
import type { Scope, Val, WasmParam } from './values.js';

type Index = { v: Val; kind: Kind; cls: IndexClass };

export abstract class WasmGathers extends WasmBuiltins {
  /** The kernel facts, as the launch plan sees them (set by the driver before the body is written). */
  facts: KernelFacts | null = null;

  protected gather(e: Extract<IRExpr, { op: 'gather' }>, scope: Scope): Val[] {
    const p = scope.params[e.param];
    if (!p?.gather) throw new Error(`internal: parameter ${e.param} is not a gather`);
    if (!this.facts) throw new Error(`internal: the WebAssembly writer of kernel '${this.ir.name}' was given no kernel facts`);
    const coords = this.facts.gather(e).coords;
    const idx = e.index.map((ix, k) => ({ v: this.emitExpr(ix, scope)[0]!, kind: flatKinds(ix.type)[0]!, cls: coords[k]!.cls }));
    if (idx.some((x) => x.v.vec)) return this.vgather(p, idx);
    return this.gatherAt(p, idx);
  }

  /**
   * A gather in the vector version: where the 4 positions read 4 consecutive words (a 1-word element,
   * the fastest index c3 + K inside the grid, the other indices the same for the 4), one v128 load;
   * otherwise the scalar gather once per lane.
   */
  protected vgather(p: WasmParam, idx: Index[]): Val[] {
    const g = p.gather!;
    const x = idx[0]!.v;
    const w = idx[0]!.cls === 'whole' ? this.wholeOf(x) : null;
    const K = w?.int.local !== undefined ? this.affine.get(w.int.local) : undefined;
    const contiguous = [1, 2, 4].includes(g.words) && this.interior && K !== undefined && idx.slice(1).every((i) => !i.v.vec) && !p.kinds.includes('double');
    if (!contiguous) {
      const lanes = this.vgatherLanes(p, idx);
      if (lanes) return lanes;
      return this.perLane(p.kinds, idx.map((i) => i.v), (lanes) => this.gatherAt(p, lanes.map((v, k) => ({ ...idx[k]!, v }))));
    }
    this.interiorUses.set(`${K}:${g.e[3]}`, { K: K!, n: g.e[3]! });
    // The scalar gather's address at the first position: index c3 + K needs no clamp here.
    const c3: Val = { kind: 'int', local: this.c3 };
    const first = this.tmp('int', () => (this.push(c3), this.fn.i32(K!).op('i32.add')), [c3]);
    const at = this.gatherAddress(g, [{ v: first, kind: 'int', cls: 'int', exact: true }, ...idx.slice(1).map((i) => ({ ...i, exact: false }))]);
    // The 4 elements' words (loaded once per address: gathered streams are not written), then one
    // vector per component.
    const rows = p.kinds.map((_, j) =>
      this.tmp('int', () => {
        this.push(at);
        this.fn.i32(16 * j).op('i32.add').simd('v128.load');
      }, [at], true),
    );
    if (g.words === 1) {
      const kind = p.kinds[0]!;
      return [kind === 'bool' ? this.vop('bool', 'i32x4.ne', [rows[0]!, { kind: 'int', num: 0 }]) : { ...rows[0]!, kind } as Val];
    }
    const out = p.kinds.map((kind) => ({ kind, local: this.fn.local('v128'), vec: true }) as Val);
    this.fn.transpose(g.words, rows.map((r) => r.local!), out.map((o) => o.local!));
    return out.map((o) => (o.kind === 'bool' ? this.vop('bool', 'i32x4.ne', [{ ...o, kind: 'int' } as Val, { kind: 'int', num: 0 }]) : o));
  }

  /**
   * A 1-D gather at 4 computed indices (gather4(table, idx, r): issue 27): the clamp of gatherIndex
   * in SIMD, lane by lane the same index (float: trunc_sat of x + 0.25 in float32, min with n - 1,
   * zero where x + 0.25 >= 0 fails, NaN included; int: min with n - 1, zero below 0), then one load
   * a lane: a v128 for a 4-word element (transposed into components as a stream's are), a word for a
   * 1-word one. Null where not covered (more dimensions, other widths, bool, double, uint indices).
   */
  private vgatherLanes(p: WasmParam, idx: Index[]): Val[] | null {
    const g = p.gather!;
    const i0 = idx[0]!;
    if (idx.length !== 1 || (g.words !== 4 && g.words !== 1)) return null;
    if (p.kinds.some((k) => k !== 'float' && k !== 'int' && k !== 'uint') || (i0.kind !== 'float' && i0.kind !== 'int')) return null;
    const f = this.fn;
    const n = g.e[3]!;
    const x = this.vec(i0.v, i0.kind);
    const k = this.tmp('int', () => {
      if (i0.kind === 'float') {
        const y = f.local('v128');
        this.push(x);
        if (i0.cls !== 'whole') f.f32(GATHER_ROUND_BIAS).simd('f32x4.splat').simd('f32x4.add');
        f.tee(y).simd('i32x4.trunc_sat_f32x4_s');
        f.get(n).i32(1).op('i32.sub').simd('i32x4.splat').simd('i32x4.min_s');
        f.get(y).f32(0).simd('f32x4.splat').simd('f32x4.ge');
      } else {
        this.push(x);
        f.get(n).i32(1).op('i32.sub').simd('i32x4.splat').simd('i32x4.min_s');
        this.push(x);
        f.i32(0).simd('i32x4.splat').simd('i32x4.ge_s');
      }
      f.simd('v128.and');
    }, [x], true);
    const base = this.tmp('int', () => f.get(g.addr).get(g.l[3]!).i32(4 * g.words).op('i32.mul').op('i32.add'), []);
    const addrs = this.tmp('int', () => {
      this.push(k);
      f.i32(g.words === 4 ? 4 : 2).simd('i32x4.shl');
      this.push(base);
      f.simd('i32x4.splat').simd('i32x4.add');
    }, [k, base], true);
    if (g.words === 4) {
      // Gathered streams are never written by the launch: the loads are pure.
      const rows = [0, 1, 2, 3].map((j) => this.tmp('int', () => (this.push(addrs), f.simd('i32x4.extract_lane', j).simd('v128.load')), [addrs], true));
      const out = p.kinds.map((kind) => ({ kind, local: f.local('v128'), vec: true }) as Val);
      f.transpose(4, rows.map((r) => r.local!), out.map((o) => o.local!));
      return out;
    }
    const kind = p.kinds[0]!;
    const v = this.tmp(kind, () => {
      const r = f.local('v128');
      f.v128([0, 0, 0, 0]).set(r);
      for (let j = 0; j < 4; j++) {
        f.get(r);
        this.push(addrs);
        f.simd('i32x4.extract_lane', j).load(kind === 'float' ? 'f32' : 'i32', 0);
        f.simd(kind === 'float' ? 'f32x4.replace_lane' : 'i32x4.replace_lane', j).set(r);
      }
      f.get(r);
    }, [addrs], true);
    return [v];
  }

  /** The scalar gather: clamped indices, then the element's components. */
  protected gatherAt(p: WasmParam, idx: Index[]): Val[] {
    const f = this.fn;
    const at = this.gatherAddress(p.gather!, idx.map((i) => ({ ...i, exact: false })));
    return p.kinds.map((kind, c) =>
      this.tmp(kind, () => {
        this.push(at);
        if (kind === 'float') f.load('f32', c * 4);
        else if (kind === 'double') f.load('f32', c * 4).op('f64.promote_f32');
        else {
          f.load('i32', c * 4);
          if (kind === 'bool') f.i32(0).op('i32.ne');
        }
      }, [at]),
    );
  }

  /**
   * Byte address = addr + 4 * words * sum_k (index_k + l_d) * s_d (index k along dimension 3 - k;
   * `exact` indices are known inside the grid, the others are clamped as gidx does), grouped so that
   * everything fixed for a row (offsets, strides, row-fixed indices) is one hoisted base. The
   * fastest dimension's stride is always 1. Gathered streams are never written by the launch
   * (brt: BRK5010), so a load at a row-fixed address is hoisted too.
   */
  protected gatherAddress(g: NonNullable<WasmParam['gather']>, idx: (Index & { exact: boolean })[]): Val {
    const f = this.fn;
    const bytes = 4 * g.words;
    const base = this.tmp('int', () => {
      f.get(g.addr);
      for (const k of idx.keys()) {
        const d = 3 - k;
        f.get(g.l[d]!);
        if (d !== 3) f.get(g.s[d]!).op('i32.mul');
        f.i32(bytes).op('i32.mul').op('i32.add');
      }
    }, []);
    const terms = idx.map(({ v, kind, cls, exact }, k) => {
      const d = 3 - k;
      const i = exact ? v : this.gatherIndex(v, kind, cls, g.e[d]!);
      return this.tmp('int', () => {
        this.push(i);
        if (d !== 3) f.get(g.s[d]!).op('i32.mul');
        f.i32(bytes).op('i32.mul');
      }, [i]);
    });
    // Row-fixed terms first, so their sum with the base is hoisted too.
    const fixed = (t: Val) => t.local === undefined || this.invariant.has(t.local);
    let addr = base;
    for (const t of [...terms.filter(fixed), ...terms.filter((t) => !fixed(t))]) {
      const sum = addr;
      addr = this.tmp('int', () => this.arith('i32.add', sum, t), [sum, t]);
    }
    return addr;
  }

  /** gidx / gidxz / gidxi of the JavaScript prelude (compiler/facts gather.ts): for a 'float' index
   *  floor(x + 0.25) in float32, for a 'whole' one x, clamped into [0, n) (NaN: 0). `n` is the local
   *  holding the extent (fixed for the launch). */
  protected gatherIndex(v: Val, kind: Kind, cls: IndexClass, n: number): Val {
    const f = this.fn;
    if (cls === 'whole') {
      // Whole: floor(x + 0.25) is x. With an i32 twin (a small whole number) the integer clamp.
      const w = this.wholeOf(v);
      if (w) return this.gatherIndex(w.int, 'int', 'int', n);
    }
    const K = cls !== 'float' && v.local !== undefined ? this.affine.get(v.local) : undefined;
    if (K !== undefined) {
      this.interiorUses.set(`${K}:${n}`, { K, n });
      if (this.interior) return v; // inside [0, n) for every position of the interior version
    }
    if (kind === 'double' && cls === 'whole') {
      return this.tmp('int', () => {
        // x >= 0 ? (x < n ? trunc(x) : n - 1) : 0, with both arms computed (no traps: saturating).
        this.push(v);
        f.sat('i32.trunc_sat_f64_s');
        f.get(n).i32(1).op('i32.sub');
        this.push(v);
        f.get(n).op('f64.convert_i32_s').op('f64.lt');
        f.op('select');
        f.i32(0);
        this.push(v);
        f.f64(0).op('f64.ge');
        f.op('select');
      }, [v]);
    }
    if (kind === 'float' || kind === 'double') {
      // The index as float32: x + 0.25 rounded to float (a double index too, as the JavaScript
      // prelude's fround does), or a whole float index as it is.
      const y = this.tmp('float', () => {
        this.push(v);
        if (cls === 'whole') return;
        if (kind === 'float') f.f32(GATHER_ROUND_BIAS).op('f32.add');
        else f.f64(GATHER_ROUND_BIAS).op('f64.add').op('f32.demote_f64');
      }, [v]);
      return this.tmp('int', () => {
        // y >= 0 ? (y < n ? trunc(y) : n - 1) : 0 in i32 where it can be: n is whole, so y < n is
        // trunc(y) < n, and trunc saturates (NaN: 0, then y >= 0 is false). The same clamp in f64
        // compares and selects ran 3.5x slower (V8 TurboFan, cpu.gather: issue 27).
        const t = f.local('i32');
        this.push(y);
        f.sat('i32.trunc_sat_f32_s');
        f.tee(t);
        f.get(n).i32(1).op('i32.sub');
        f.get(t).get(n).op('i32.lt_s');
        f.op('select');
        f.i32(0);
        this.push(y);
        f.f32(0).op('f32.ge');
        f.op('select');
      }, [y]);
    }
    // Integers: x >= 0 ? (x < n ? x : n - 1) : 0 (a uint is never negative).
    return this.tmp('int', () => {
      this.push(v);
      f.get(n).i32(1).op('i32.sub');
      this.push(v);
      f.get(n).op(kind === 'uint' ? 'i32.lt_u' : 'i32.lt_s');
      f.op('select');
      if (kind !== 'uint') {
        f.i32(0);
        this.push(v);
        f.i32(0).op('i32.ge_s');
        f.op('select');
      }
    }, [v]);
  }
}
