/**
 * Built-in functions of the WebAssembly kernel writer: codegen/js/builtins.ts's formulas, rounded the
 * same way (f32 operations where they round as fround does, f64 and one rounding where the JavaScript
 * computes in double, host Math functions for the transcendental ones).
 */
import type { IRExpr } from '../../ir.js';
import { flatKinds, type Kind } from '../js/scalar.js';
import { emitExpF64, inlineExpMatchesHost } from './exp.js';
import { WasmArithmetic } from './arith.js';
import { literal, UNARY_MATH, valType, VECTOR_BUILTINS, VectorUnsupported, WasmUnsupported, type Scope, type Val } from './values.js';


/** One built-in call as the parts below see it: its arguments and the writing helpers over them. */
interface BuiltinCall {
  e: { name: string };
  args: { comps: Val[]; kinds: Kind[] }[];
  /** Component k of argument i (a scalar argument's one component for every k). */
  at: (i: number, k: number) => Val;
  /** The result, component by component. */
  map: (f: (k: number, kind: Kind) => Val) => Val[];
  argKind: Kind;
  isF: (k: Kind) => boolean;
  fop: (kind: Kind, name: string) => 'f32.add';
  /** A float operation of one or two operands (SIMD on vectors). */
  un: (kind: Kind, op: string, x: Val) => Val;
  bin: (kind: Kind, op: string, x: Val, y: Val) => Val;
  /** A Math function through the host, on f64, rounded once to the result kind. */
  host: (kind: Kind, name: string, ...xs: Val[]) => Val;
  fconst: (kind: Kind, v: number) => Val;
}

/** The f32 or f64 form of a float operation (`gt` -> `f32.gt`). */
const fop = (kind: Kind, name: string) => `${valType(kind)}.${name}` as 'f32.add';

export abstract class WasmBuiltins extends WasmArithmetic {
  protected builtin(e: Extract<IRExpr, { op: 'builtin' }>, scope: Scope): Val[] {
    const args = e.args.map((a) => ({ comps: this.emitExpr(a, scope), kinds: flatKinds(a.type) }));
    return this.builtinOn(e.name, args, flatKinds(e.type));
  }

  protected builtinOn(name: string, args: { comps: Val[]; kinds: Kind[] }[], kinds: Kind[]): Val[] {
    if (args.some((a) => a.comps.some((c) => c.vec)) && !VECTOR_BUILTINS.has(name)) {
      // No SIMD form: the scalar built-in once per lane.
      const flat = args.flatMap((a) => a.comps);
      return this.perLane(kinds, flat, (lane) => {
        let at = 0;
        const scalarArgs = args.map((a) => ({ comps: a.comps.map(() => lane[at++]!), kinds: a.kinds }));
        return this.builtinOn(name, scalarArgs, kinds);
      });
    }
    const e = { name };
    const at = (i: number, k: number) => {
      const a = args[i]!;
      return a.comps.length === 1 ? a.comps[0]! : a.comps[k]!;
    };
    const map = (f: (k: number, kind: Kind) => Val) => kinds.map((kind, k) => f(k, kind));
    const argKind = args[0]?.kinds[0] ?? 'float';
    const isF = (k: Kind) => k === 'float' || k === 'double';
    const vector = (xs: Val[], kind: Kind) => {
      if (!xs.some((x) => x.vec)) return false;
      if (kind !== 'float') throw new VectorUnsupported(`${kind} vectors in ${name}`);
      return true;
    };
    const un = (kind: Kind, op: string, x: Val) =>
      vector([x], kind) ? this.vop(kind, `f32x4.${op}` as 'f32x4.abs', [x]) : this.tmp(kind, () => (this.push(x), this.fn.op(fop(kind, op))), [x]);
    const bin = (kind: Kind, op: string, x: Val, y: Val) =>
      vector([x, y], kind) ? this.vop(kind, `f32x4.${op}` as 'f32x4.add', [x, y]) : this.tmp(kind, () => this.arith(fop(kind, op), x, y), [x, y]);
    /** A Math function through the host, on f64, rounded once to the result kind. */
    const host = (kind: Kind, name: string, ...xs: Val[]) => {
      if (!isF(kind)) throw new WasmUnsupported(`${name} on ${kind}`);
      const fnIndex = this.hostFn(name);
      return this.tmp(kind, () => {
        for (const x of xs) this.pushF64(x);
        this.fn.call(fnIndex);
        this.fromF64(kind);
      }, xs);
    };
    const fconst = (kind: Kind, v: number): Val => literal(kind, v);

    if (e.name === 'exp' && isF(argKind) && inlineExpMatchesHost()) {
      // Written in the kernel (exp.ts, Math.exp's bits): no call out of the kernel per element.
      const hostExp = this.hostFn('exp');
      return map((k, kind) => this.tmp(kind, () => {
        this.pushF64(at(0, k));
        emitExpF64(this.fn, hostExp);
        this.fromF64(kind);
      }, [at(0, k)]));
    }
    if (UNARY_MATH.has(e.name)) return map((k, kind) => host(kind, e.name, at(0, k)));
    const c: BuiltinCall = { e, args, at, map, argKind, isF, fop, un, bin, host, fconst };
    const out = this.builtinOneArgument(c) ?? this.builtinSeveralArguments(c) ?? this.builtinGeometric(c);
    if (out) return out;
    throw new WasmUnsupported(`builtin ${e.name}`);
  }

  /** Componentwise built-ins of one argument. */
  private builtinOneArgument(c: BuiltinCall): Val[] | null {
    const { e, at, map, isF, fop, un, bin, host, fconst } = c;
    switch (e.name) {
      case 'sqrt': return map((k, kind) => (isF(kind) ? un(kind, 'sqrt', at(0, k)) : host(kind, 'sqrt', at(0, k))));
      case 'exp2': return map((k, kind) => host(kind, 'pow', fconst('double', 2), at(0, k)));
      case 'ceil': return map((k, kind) => this.rounding(kind, 'ceil', at(0, k)));
      case 'floor': return map((k, kind) => this.rounding(kind, 'floor', at(0, k)));
      case 'trunc': return map((k, kind) => this.rounding(kind, 'trunc', at(0, k)));
      case 'abs':
        return map((k, kind) => {
          if (isF(kind)) return un(kind, 'abs', at(0, k));
          if (kind === 'uint') return at(0, k);
          // (Math.abs(x) | 0): INT_MIN stays INT_MIN.
          const x = at(0, k);
          const neg = this.unary('-', 'int', x);
          return this.tmp(kind, () => {
            this.push(neg);
            this.push(x);
            this.push(x);
            this.fn.i32(0).op('i32.lt_s');
            this.fn.op('select');
          }, [x, neg]);
        });
      case 'frac': return map((k, kind) => bin(kind, 'sub', at(0, k), this.rounding(kind, 'floor', at(0, k))));
      // compiler/fuse: what a stream would have held between two fused calls (codegen/js/builtins.ts).
      // A fused chain's vector version passes float lanes through (no per-lane detour: issue 27).
      case 'fuseFence':
        return map((k, kind) => {
          const x = at(0, k);
          if (kind !== 'double') return x;
          if (x.vec) throw new VectorUnsupported('double vectors in fuseFence');
          return this.tmp(kind, () => (this.push(x), this.fn.op('f32.demote_f64').op('f64.promote_f32')), [x]);
        });
      case 'round':
        // roundAway in double: x < 0 ? -floor(-x + 0.5) : x === 0 ? x : floor(x + 0.5), rounded once.
        return map((k, kind) => {
          if (!isF(kind)) throw new WasmUnsupported('round on integers');
          const x = at(0, k);
          return this.tmp(kind, () => {
            const f = this.fn;
            const xd = f.local('f64');
            this.pushF64(x);
            f.set(xd);
            f.get(xd).f64(0).op('f64.lt');
            f.open('if', null, 'f64');
            f.get(xd).op('f64.neg').f64(0.5).op('f64.add').op('f64.floor').op('f64.neg');
            f.else();
            f.get(xd).f64(0).op('f64.eq');
            f.open('if', null, 'f64');
            f.get(xd);
            f.else();
            f.get(xd).f64(0.5).op('f64.add').op('f64.floor');
            f.close();
            f.close();
            this.fromF64(kind);
          });
        });
      case 'rsqrt':
        return map((k, kind) => {
          if (!isF(kind)) throw new WasmUnsupported('rsqrt on integers');
          return this.tmp(kind, () => {
            this.fn.f64(1);
            this.pushF64(at(0, k));
            this.fn.op('f64.sqrt').op('f64.div');
            this.fromF64(kind);
          });
        });
      case 'saturate':
        return map((k, kind) => {
          if (!isF(kind)) throw new WasmUnsupported('saturate on integers');
          return bin(kind, 'min', bin(kind, 'max', at(0, k), fconst(kind, 0)), fconst(kind, 1));
        });
      case 'sign':
        return map((k, kind) => {
          const x = at(0, k);
          if (kind === 'uint') return this.tmp(kind, () => (this.push(x), this.fn.i32(0).op('i32.ne')));
          if (!isF(kind)) {
            // (Math.sign(x) | 0): (x > 0) - (x < 0)
            return this.tmp(kind, () => {
              this.push(x);
              this.fn.i32(0).op('i32.gt_s');
              this.push(x);
              this.fn.i32(0).op('i32.lt_s');
              this.fn.op('i32.sub');
            });
          }
          // Math.sign: NaN and +-0 give themselves.
          return this.twoSided(kind, x, ['gt', 0, 1], ['lt', 0, -1]);
        });
      case 'degrees': return map((k, kind) => (isF(kind) ? bin(kind, 'mul', at(0, k), fconst(kind, 180 / Math.PI)) : host(kind, 'unsupported')));
      case 'radians': return map((k, kind) => (isF(kind) ? bin(kind, 'mul', at(0, k), fconst(kind, Math.PI / 180)) : host(kind, 'unsupported')));
      case 'isfinite':
        return map((k) => {
          const x = at(0, k);
          if (!isF(x.kind)) return literal('bool', 1);
          // x - x is 0 for finite x, NaN otherwise.
          return this.tmp('bool', () => {
            this.push(x);
            this.push(x);
            this.fn.op(fop(x.kind, 'sub'));
            this.fn.const(valType(x.kind), 0).op(fop(x.kind, 'eq'));
          });
        });
      case 'isinf':
        return map((k) => {
          const x = at(0, k);
          if (!isF(x.kind)) return literal('bool', 0);
          return this.tmp('bool', () => {
            this.push(x);
            this.fn.op(fop(x.kind, 'abs'));
            this.fn.const(valType(x.kind), Infinity).op(fop(x.kind, 'eq'));
          });
        });
      case 'isnan':
        return map((k) => {
          const x = at(0, k);
          if (!isF(x.kind)) return literal('bool', 0);
          return this.tmp('bool', () => {
            this.push(x);
            this.push(x);
            this.fn.op(fop(x.kind, 'ne'));
          });
        });
    }
    return null;
  }

  /** Componentwise built-ins of two or three arguments. */
  private builtinSeveralArguments(c: BuiltinCall): Val[] | null {
    const { e, at, map, isF, bin, host, fconst } = c;
    switch (e.name) {
      case 'atan2': return map((k, kind) => host(kind, 'atan2', at(0, k), at(1, k)));
      case 'pow': return map((k, kind) => host(kind, 'pow', at(0, k), at(1, k)));
      case 'fmod': return map((k, kind) => (isF(kind) ? this.fmod(kind, at(0, k), at(1, k)) : host(kind, 'fmod', at(0, k), at(1, k))));
      case 'min':
      case 'max':
        return map((k, kind) => {
          if (isF(kind)) return bin(kind, e.name, at(0, k), at(1, k));
          return this.intMinMax(e.name as 'min' | 'max', kind, at(0, k), at(1, k));
        });
      case 'clamp':
        return map((k, kind) => {
          if (isF(kind)) return bin(kind, 'min', bin(kind, 'max', at(0, k), at(1, k)), at(2, k));
          return this.intMinMax('min', kind, this.intMinMax('max', kind, at(0, k), at(1, k)), at(2, k));
        });
      case 'step':
        return map((k, kind) => {
          const a = at(0, k);
          const b = at(1, k);
          const ge = this.binary('>=', a.kind, b, a);
          return this.convert('bool', kind === 'bool' ? 'bool' : kind, ge);
        });
      case 'ldexp':
        return map((k, kind) => {
          if (!isF(kind)) throw new WasmUnsupported('ldexp on integers');
          const p = this.hostFn('pow');
          return this.tmp(kind, () => {
            this.pushF64(at(0, k));
            this.fn.f64(2);
            this.pushF64(at(1, k));
            this.fn.call(p).op('f64.mul');
            this.fromF64(kind);
          });
        });
      case 'lerp':
        return map((k, kind) => {
          if (!isF(kind)) throw new WasmUnsupported('lerp on integers');
          const a = at(0, k);
          return bin(kind, 'add', a, bin(kind, 'mul', at(2, k), bin(kind, 'sub', at(1, k), a)));
        });
      case 'smoothstep':
        return map((k, kind) => {
          if (!isF(kind)) throw new WasmUnsupported('smoothstep on integers');
          const a = at(0, k);
          const t0 = bin(kind, 'div', bin(kind, 'sub', at(2, k), a), bin(kind, 'sub', at(1, k), a));
          // t < 0 ? 0 : t > 1 ? 1 : t (NaN stays NaN)
          const t = this.twoSided(kind, t0, ['lt', 0, 0], ['gt', 1, 1]);
          return bin(kind, 'mul', bin(kind, 'mul', t, t), bin(kind, 'sub', fconst(kind, 3), bin(kind, 'mul', fconst(kind, 2), t)));
        });
    }
    return null;
  }

  /** `x OP1 C1 ? R1 : x OP2 C2 ? R2 : x` on a float component, as branches: a NaN x fails both
   *  compares and gives itself (sign, smoothstep's clamp). */
  private twoSided(kind: Kind, x: Val, first: [string, number, number], second: [string, number, number]): Val {
    return this.tmp(kind, () => {
      const f = this.fn;
      for (const [op, c, r] of [first, second]) {
        this.push(x);
        f.const(valType(kind), c).op(fop(kind, op));
        f.open('if', null, valType(kind));
        f.const(valType(kind), r);
        f.else();
      }
      this.push(x);
      f.close();
      f.close();
    });
  }

  /** Built-ins over whole vectors (dot, length, cross, any, all, ...). */
  private builtinGeometric(c: BuiltinCall): Val[] | null {
    const { e, at, argKind, isF, un, bin, host, args } = c;
    switch (e.name) {
      case 'dot':
        if (argKind === 'uint' || argKind === 'bool') throw new WasmUnsupported('dot of uint'); // the JavaScript multiplies unwrapped
        return [this.dot(args[0]!.comps, args[1]!.comps, argKind)];
      case 'length': {
        const d = this.dot(args[0]!.comps, args[0]!.comps, argKind);
        return [isF(argKind) ? un(argKind, 'sqrt', d) : host(argKind, 'sqrt', d)];
      }
      case 'distance': {
        if (!isF(argKind)) throw new WasmUnsupported('distance on integers');
        const d = args[0]!.comps.map((x, k) => bin(argKind, 'sub', x, at(1, k)));
        return [un(argKind, 'sqrt', this.dot(d, d, argKind))];
      }
      case 'normalize': {
        if (!isF(argKind)) throw new WasmUnsupported('normalize on integers');
        const len = un(argKind, 'sqrt', this.dot(args[0]!.comps, args[0]!.comps, argKind));
        return args[0]!.comps.map((x) => bin(argKind, 'div', x, len));
      }
      case 'cross': {
        if (!isF(argKind)) throw new WasmUnsupported('cross on integers');
        const m = (i: number, j: number) => bin(argKind, 'sub', bin(argKind, 'mul', at(0, i), at(1, j)), bin(argKind, 'mul', at(0, j), at(1, i)));
        return [m(1, 2), m(2, 0), m(0, 1)];
      }
      case 'any':
      case 'all': {
        const truth = args[0]!.comps.map((x) => (x.kind === 'bool' ? x : this.convert(x.kind, 'bool', x)));
        let acc = truth[0]!;
        for (const x of truth.slice(1)) acc = this.tmp('bool', () => this.arith(e.name === 'any' ? 'i32.or' : 'i32.and', acc, x));
        return [acc];
      }
    }
    return null;
  }

  /** floor/ceil/trunc: whole numbers stay as they are (the JavaScript's Math.floor of an int). */
  protected rounding(kind: Kind, name: 'floor' | 'ceil' | 'trunc', x: Val): Val {
    if (kind !== 'float' && kind !== 'double') {
      if (x.kind === kind) return x;
      throw new WasmUnsupported(`${name} of ${x.kind} as ${kind}`);
    }
    if (x.vec) {
      if (kind !== 'float') throw new VectorUnsupported('double vectors');
      return this.vop(kind, `f32x4.${name}` as 'f32x4.floor', [x]);
    }
    return this.tmp(kind, () => (this.push(x), this.fn.op(`${valType(kind)}.${name}` as 'f32.floor')), [x]);
  }

  protected intMinMax(which: 'min' | 'max', kind: Kind, a: Val, b: Val): Val {
    if (a.vec || b.vec) {
      if (kind === 'bool') throw new VectorUnsupported('min/max of bools');
      return this.vop(kind, `i32x4.${which}_${kind === 'uint' ? 'u' : 's'}` as 'i32x4.min_s', [a, b]);
    }
    return this.tmp(kind, () => {
      this.push(a);
      this.push(b);
      this.push(a);
      this.push(b);
      this.fn.op(kind === 'uint' ? (which === 'min' ? 'i32.lt_u' : 'i32.gt_u') : which === 'min' ? 'i32.lt_s' : 'i32.gt_s');
      this.fn.op('select');
    }, [a, b]);
  }

  /** Sum of products in component order, rounded after each operation (builtins.ts `dot`). */
  protected dot(a: Val[], b: Val[], kind: Kind): Val {
    const n = Math.max(a.length, b.length);
    const at = (v: Val[], k: number) => (v.length === 1 ? v[0]! : v[k]!);
    let acc: Val | null = null;
    for (let k = 0; k < n; k++) {
      const p = this.binary('*', kind, at(a, k), at(b, k));
      acc = acc === null ? p : this.binary('+', kind, acc, p);
    }
    return acc!;
  }

}
