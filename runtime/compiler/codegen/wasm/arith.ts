/**
 * Arithmetic of the WebAssembly kernel writer: operators, conversions and fmod with the semantics of
 * codegen/js/scalar.ts, and the whole-number facts that let float index arithmetic run in i32.
 */
import type { Kind } from '../js/scalar.js';
import { FuncBuilder } from './func.js';
import { EXACT_F32, literal, valType, VectorUnsupported, WasmValues, type Val } from './values.js';

export abstract class WasmArithmetic extends WasmValues {
  /** The whole-number view of a float value (see `whole`), or null. */
  wholeOf(v: Val): { int: Val; lo: number; hi: number; nz: boolean } | null {
    if (v.kind !== 'float') return null;
    if (v.local !== undefined) return this.whole.get(v.local) ?? null;
    const n = v.num!;
    if (!Number.isInteger(n) || Math.abs(n) >= EXACT_F32) return null;
    return { int: { kind: 'int', num: n + 0 }, lo: n, hi: n, nz: Object.is(n, -0) };
  }

  /** Registers float local `f` as whole: the value of i32 `int` (0 for -0), within [lo, hi]; `nz`:
   *  the float may be -0. */
  markWhole(f: Val, int: Val, lo: number, hi: number, nz = false): void {
    if (f.local !== undefined) this.whole.set(f.local, { int, lo, hi, nz });
  }

  /** Float `a op b` on whole numbers, computed exactly in i32 when the result stays whole and small;
   *  null when the facts do not allow it (then the float operation runs). */
  protected wholeBinary(op: string, a: Val, b: Val): Val | null {
    if (op !== '+' && op !== '-' && op !== '*') return null;
    const x = this.wholeOf(a);
    const y = this.wholeOf(b);
    if (!x || !y) return null;
    // x - 0 is x; x + 0 and 0 + x are x unless x may be -0 (-0 + 0 is +0).
    if (op === '-' && y.lo === 0 && y.hi === 0 && a.local !== undefined) return a;
    if (op === '+' && y.lo === 0 && y.hi === 0 && !x.nz && a.local !== undefined) return a;
    if (op === '+' && x.lo === 0 && x.hi === 0 && !y.nz && b.local !== undefined) return b;
    let lo: number;
    let hi: number;
    let nz: boolean;
    const mayBeZero = (w: { lo: number; hi: number }) => w.lo <= 0 && w.hi >= 0;
    if (op === '+') [lo, hi, nz] = [x.lo + y.lo, x.hi + y.hi, x.nz && y.nz];
    else if (op === '-') [lo, hi, nz] = [x.lo - y.hi, x.hi - y.lo, x.nz];
    else {
      const p = [x.lo * y.lo, x.lo * y.hi, x.hi * y.lo, x.hi * y.hi];
      [lo, hi] = [Math.min(...p), Math.max(...p)];
      nz = x.nz || y.nz || (mayBeZero(x) && y.lo < 0) || (mayBeZero(y) && x.lo < 0);
    }
    if (Math.max(Math.abs(lo), Math.abs(hi)) >= EXACT_F32) return null;
    const name = op === '+' ? 'add' : op === '-' ? 'sub' : 'mul';
    const vector = x.int.vec || y.int.vec || a.vec || b.vec;
    const int = vector
      ? this.vop('int', `i32x4.${name}` as 'i32x4.add', [x.int, y.int])
      : this.tmp('int', () => this.arith(`i32.${name}` as 'i32.add', x.int, y.int), [x.int, y.int]);
    // The float result by the float operation (exact here, and -0 where the JavaScript gives -0);
    // the i32 twin holds the same number for index arithmetic.
    const fl = vector ? this.vop('float', `f32x4.${name}` as 'f32x4.add', [a, b]) : this.tmp('float', () => this.arith(`f32.${name}` as 'f32.add', a, b), [a, b]);
    this.markWhole(fl, int, lo, hi, nz);
    // c3 + K plus or minus a constant is c3 + K' again.
    const ka = x.int.local !== undefined ? this.affine.get(x.int.local) : undefined;
    const kb = y.int.local !== undefined ? this.affine.get(y.int.local) : undefined;
    if (op !== '*' && ka !== undefined && y.int.local === undefined) this.affine.set(int.local!, op === '+' ? ka + y.int.num! : ka - y.int.num!);
    if (op === '+' && kb !== undefined && x.int.local === undefined) this.affine.set(int.local!, kb + x.int.num!);
    return fl;
  }

  /** `a op b` with the semantics of codegen/js/scalar.ts `binary`. */
  binary(op: string, kind: Kind, a: Val, b: Val): Val {
    const f = this.fn;
    if (kind === 'float') {
      const w = this.wholeBinary(op, a, b);
      if (w) return w;
    }
    if (a.vec || b.vec) return this.vbinary(op, kind, a, b);
    const cmp: Record<string, string> = { '<': 'lt', '>': 'gt', '<=': 'le', '>=': 'ge', '==': 'eq', '!=': 'ne' };
    if (op in cmp) {
      const c = cmp[op]!;
      return this.tmp('bool', () => {
        this.push(a);
        this.push(b);
        if (kind === 'float' || kind === 'double') f.op(`${valType(kind)}.${c}` as 'f32.lt');
        else if (c === 'eq' || c === 'ne') f.op(`i32.${c}` as 'i32.eq');
        else f.op(`i32.${c}_${kind === 'uint' ? 'u' : 's'}` as 'i32.lt_s');
      }, [a, b]);
    }
    if (kind === 'bool') {
      if (op === '&' || op === '|' || op === '^') return this.tmp('bool', () => this.arith(op === '&' ? 'i32.and' : op === '|' ? 'i32.or' : 'i32.xor', a, b), [a, b]);
      throw new Error(`internal: operator ${op} on bool`);
    }
    if (kind === 'float' || kind === 'double') {
      const t = valType(kind);
      if (op === '%') return this.fmod(kind, a, b);
      const names: Record<string, string> = { '+': 'add', '-': 'sub', '*': 'mul', '/': 'div' };
      if (!(op in names)) throw new Error(`internal: operator ${op} on ${kind}`);
      return this.tmp(kind, () => this.arith(`${t}.${names[op]}` as 'f32.add', a, b), [a, b]);
    }
    const u = kind === 'uint';
    switch (op) {
      case '+': return this.tmp(kind, () => this.arith('i32.add', a, b));
      case '-': return this.tmp(kind, () => this.arith('i32.sub', a, b));
      case '*': return this.tmp(kind, () => this.arith('i32.mul', a, b));
      case '&': return this.tmp(kind, () => this.arith('i32.and', a, b));
      case '|': return this.tmp(kind, () => this.arith('i32.or', a, b));
      case '^': return this.tmp(kind, () => this.arith('i32.xor', a, b));
      case '<<': return this.tmp(kind, () => this.arith('i32.shl', a, b));
      case '>>': return this.tmp(kind, () => this.arith(u ? 'i32.shr_u' : 'i32.shr_s', a, b));
      case '/':
      case '%':
        // JavaScript: (a / b) | 0 and (a % b) | 0: 0 for b = 0, and INT_MIN / -1 wraps to INT_MIN
        // (wasm traps on both, so they are tested first).
        return this.tmp(kind, () => {
          this.push(b);
          f.op('i32.eqz');
          f.open('if', null, 'i32');
          f.i32(0);
          f.else();
          if (op === '/' && !u) {
            this.push(b);
            f.i32(-1).op('i32.eq');
            f.open('if', null, 'i32');
            f.i32(0);
            this.push(a);
            f.op('i32.sub');
            f.else();
            this.arith('i32.div_s', a, b);
            f.close();
          } else {
            this.arith(op === '/' ? 'i32.div_u' : u ? 'i32.rem_u' : 'i32.rem_s', a, b);
          }
          f.close();
        }, [a, b]);
    }
    throw new Error(`internal: operator ${op} on ${kind}`);
  }

  /** `a op b` on vectors (4 positions), lane by lane the same as `binary`. */
  protected vbinary(op: string, kind: Kind, a: Val, b: Val): Val {
    if (kind === 'double') throw new VectorUnsupported('double vectors');
    const cmp: Record<string, string> = { '<': 'lt', '>': 'gt', '<=': 'le', '>=': 'ge', '==': 'eq', '!=': 'ne' };
    if (op in cmp) {
      const c = cmp[op]!;
      if (kind === 'float') return this.vop('bool', `f32x4.${c}` as 'f32x4.eq', [a, b]);
      if (c === 'eq' || c === 'ne') return this.vop('bool', `i32x4.${c}` as 'i32x4.eq', [a, b]);
      if (kind === 'bool') throw new VectorUnsupported('ordered comparison of bools');
      return this.vop('bool', `i32x4.${c}_${kind === 'uint' ? 'u' : 's'}` as 'i32x4.lt_s', [a, b]);
    }
    if (op === '&' || op === '|' || op === '^') return this.vop(kind, op === '&' ? 'v128.and' : op === '|' ? 'v128.or' : 'v128.xor', [a, b]);
    if (kind === 'float') {
      const names: Record<string, string> = { '+': 'add', '-': 'sub', '*': 'mul', '/': 'div' };
      if (op in names) return this.vop(kind, `f32x4.${names[op]}` as 'f32x4.add', [a, b]);
      return this.perLane([kind], [a, b], ([x, y]) => [this.binary(op, kind, x!, y!)])[0]!;
    }
    if (kind === 'bool') throw new Error(`internal: operator ${op} on bool`);
    if (op === '+' || op === '-' || op === '*') return this.vop(kind, op === '+' ? 'i32x4.add' : op === '-' ? 'i32x4.sub' : 'i32x4.mul', [a, b]);
    if ((op === '<<' || op === '>>') && !b.vec) {
      // A shift count the same for all positions: the SIMD shift (count mod 32, as the scalar one).
      const va = this.vec(a);
      const name = op === '<<' ? 'i32x4.shl' : kind === 'uint' ? 'i32x4.shr_u' : 'i32x4.shr_s';
      return this.tmp(kind, () => (this.push(va), this.push(b), this.fn.simd(name)), [va, b], true);
    }
    return this.perLane([kind], [a, b], ([x, y]) => [this.binary(op, kind, x!, y!)])[0]!;
  }

  /**
   * C's fmod as the JavaScript prelude's `fmodf` computes it: for x and y whole numbers in int32 range
   * (y not 0) the integer remainder, with x's sign on a zero result (x * 0); otherwise JavaScript's
   * `%` through the host. Rounded once to the kind.
   */
  protected fmod(kind: Kind, a: Val, b: Val): Val {
    const f = this.fn;
    const t = valType(kind) as 'f32' | 'f64';
    const fm = this.hostFn('fmod');
    const wa = this.wholeOf(a);
    const wb = this.wholeOf(b);
    if (wa && wb && !a.vec && !b.vec) {
      // Both whole (in int32): the integer remainder unless y is 0.
      return this.tmp(kind, () => {
        this.push(wb.int);
        f.open('if', null, t);
        const r = f.local('i32');
        this.push(wa.int);
        this.push(wb.int);
        f.op('i32.rem_s').tee(r).op('i32.eqz');
        f.open('if', null, t);
        this.push(a);
        f.const(t, 0).op(`${t}.mul` as 'f32.mul');
        f.else();
        f.get(r).op(`${t}.convert_i32_s` as 'f32.convert_i32_s');
        f.close();
        f.else();
        this.pushF64(a);
        this.pushF64(b);
        f.call(fm);
        this.fromF64(kind);
        f.close();
      }, [a, b, wa.int, wb.int]);
    }
    const xd = this.tmp('double', () => this.pushF64(a), [a]);
    const yd = this.tmp('double', () => this.pushF64(b), [b]);
    const xi = this.tmp('int', () => (this.push(xd), f.sat('i32.trunc_sat_f64_s')), [xd]);
    const yi = this.tmp('int', () => (this.push(yd), f.sat('i32.trunc_sat_f64_s')), [yd]);
    return this.tmp(kind, () => {
      // (x | 0) === x && (y | 0) === y && y !== 0
      this.push(xi);
      f.op('f64.convert_i32_s');
      this.push(xd);
      f.op('f64.eq');
      this.push(yi);
      f.op('f64.convert_i32_s');
      this.push(yd);
      f.op('f64.eq').op('i32.and');
      this.push(yi);
      f.i32(0).op('i32.ne').op('i32.and');
      f.open('if', null, t);
      const r = f.local('i32');
      this.push(xi);
      this.push(yi);
      f.op('i32.rem_s').tee(r).op('i32.eqz');
      f.open('if', null, t);
      this.push(a);
      f.const(t, 0).op(`${t}.mul` as 'f32.mul');
      f.else();
      f.get(r).op(`${t}.convert_i32_s` as 'f32.convert_i32_s');
      f.close();
      f.else();
      this.push(xd);
      this.push(yd);
      f.call(fm);
      this.fromF64(kind);
      f.close();
    }, [a, b, xd, yd, xi, yi]);
  }

  protected arith(name: Parameters<FuncBuilder['op']>[0], a: Val, b: Val): void {
    this.push(a);
    this.push(b);
    this.fn.op(name);
  }

  unary(op: '-' | '!' | '~', kind: Kind, a: Val): Val {
    const f = this.fn;
    if (a.vec) {
      if (kind === 'double') throw new VectorUnsupported('double vectors');
      if (op === '~' || kind === 'bool') return this.vop(kind, 'v128.not', [a]); // on bools, ! and - are both not
      if (op === '!') return this.vop('bool', kind === 'float' ? 'f32x4.eq' : 'i32x4.eq', [a, literal(kind, 0)]);
      return this.vop(kind, kind === 'float' ? 'f32x4.neg' : 'i32x4.neg', [a]);
    }
    if (op === '!') {
      return this.tmp('bool', () => {
        this.push(a);
        if (kind === 'float') f.f32(0).op('f32.eq');
        else if (kind === 'double') f.f64(0).op('f64.eq');
        else f.op('i32.eqz');
      }, [a]);
    }
    if (op === '~') return this.tmp(kind, () => this.arith('i32.xor', a, { kind, num: -1 }), [a]);
    const w = this.wholeOf(a);
    if (kind === 'float' && w) {
      // -x of a whole number: the i32 twin is 0 - x (the float may be -0, the integer 0).
      const int = this.tmp('int', () => this.arith('i32.sub', { kind: 'int', num: 0 }, w.int), [w.int]);
      const fl = this.tmp('float', () => (this.push(a), f.op('f32.neg')), [a]);
      this.markWhole(fl, int, -w.hi, -w.lo, w.lo <= 0 && w.hi >= 0);
      return fl;
    }
    switch (kind) {
      case 'float': return this.tmp(kind, () => (this.push(a), f.op('f32.neg')), [a]);
      case 'double': return this.tmp(kind, () => (this.push(a), f.op('f64.neg')), [a]);
      case 'bool': return this.tmp(kind, () => (this.push(a), f.op('i32.eqz')), [a]);
      default: return this.tmp(kind, () => this.arith('i32.sub', { kind, num: 0 }, a), [a]);
    }
  }

  /** codegen/js/scalar.ts `convert`. */
  convert(from: Kind, to: Kind, v: Val): Val {
    if (from === to) return v;
    const f = this.fn;
    if (v.vec) {
      if (from === 'double' || to === 'double') throw new VectorUnsupported('double vectors');
      const one = { kind: 'int' as Kind, num: 1 };
      if (from === 'bool') {
        const bits = this.vop('int', 'v128.and', [v, one]); // mask -> 0 / 1
        if (to === 'int' || to === 'uint') return { ...bits, kind: to } as Val;
        return this.vop('float', 'f32x4.convert_i32x4_u', [bits]);
      }
      if (to === 'bool') return this.vop('bool', from === 'float' ? 'f32x4.ne' : 'i32x4.ne', [v, literal(from, 0)]);
      if (to === 'float') return this.vop('float', from === 'uint' ? 'f32x4.convert_i32x4_u' : 'f32x4.convert_i32x4_s', [v]);
      if (from === 'float') return this.vop(to, to === 'int' ? 'i32x4.trunc_sat_f32x4_s' : 'i32x4.trunc_sat_f32x4_u', [v]);
      return { ...v, kind: to } as Val; // int <-> uint: the same bits
    }
    if (v.local === undefined) {
      // Constants convert here (same rules).
      const n = v.num!;
      if (from === 'bool') return literal(to, n);
      if (to === 'bool') return literal('bool', n !== 0 ? 1 : 0);
      if (to === 'float') return literal('float', n);
      if (to === 'double') return literal('double', n);
      if (to === 'int') return literal('int', from === 'uint' ? n : n >= 2147483647 ? 2147483647 : n <= -2147483648 ? -2147483648 : Number.isNaN(n) ? 0 : Math.trunc(n));
      return literal('uint', from === 'int' ? n : n >= 4294967295 ? 4294967295 : n > 0 ? Math.trunc(n) : 0);
    }
    if (from === 'bool') {
      if (to === 'int' || to === 'uint') return { kind: to, local: v.local };
      return this.tmp(to, () => (this.push(v), f.op(to === 'float' ? 'f32.convert_i32_u' : 'f64.convert_i32_u')), [v]);
    }
    return this.tmp(to, () => {
      this.push(v);
      switch (to) {
        case 'bool':
          if (from === 'float') f.f32(0).op('f32.ne');
          else if (from === 'double') f.f64(0).op('f64.ne');
          else f.i32(0).op('i32.ne');
          return;
        case 'float':
          f.op(from === 'double' ? 'f32.demote_f64' : from === 'uint' ? 'f32.convert_i32_u' : 'f32.convert_i32_s');
          return;
        case 'double':
          f.op(from === 'float' ? 'f64.promote_f32' : from === 'uint' ? 'f64.convert_i32_u' : 'f64.convert_i32_s');
          return;
        case 'int':
          if (from === 'float') f.sat('i32.trunc_sat_f32_s');
          else if (from === 'double') f.sat('i32.trunc_sat_f64_s');
          return; // uint -> int: the same bits
        case 'uint':
          if (from === 'float') f.sat('i32.trunc_sat_f32_u');
          else if (from === 'double') f.sat('i32.trunc_sat_f64_u');
          return;
      }
    }, [v]);
  }
}
