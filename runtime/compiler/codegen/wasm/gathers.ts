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
    if (kind === 'float' || kind === 'double') {
      const x = this.tmp('double', () => {
        this.push(v);
        if (cls === 'whole') {
          if (kind === 'float') f.op('f64.promote_f32');
        }
        else if (kind === 'float') f.f32(GATHER_ROUND_BIAS).op('f32.add').op('f64.promote_f32');
        else f.f64(GATHER_ROUND_BIAS).op('f64.add').op('f32.demote_f64').op('f64.promote_f32');
      }, [v]);
      return this.tmp('int', () => {
        // x >= 0 ? (x < n ? trunc(x) : n - 1) : 0, with both arms computed (no traps: saturating).
        this.push(x);
        f.sat('i32.trunc_sat_f64_s');
        f.get(n).i32(1).op('i32.sub');
        this.push(x);
        f.get(n).op('f64.convert_i32_s').op('f64.lt');
        f.op('select');
        f.i32(0);
        this.push(x);
        f.f64(0).op('f64.ge');
        f.op('select');
      }, [x]);
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
