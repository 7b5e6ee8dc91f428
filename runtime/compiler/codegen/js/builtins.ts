/**
 * Built-in functions of BROOK.md section 7 as JavaScript over flat components, with Cg's semantics:
 * frac(x) = x - floor(x); fmod has the sign of x (JavaScript's %, like C); round halves away from
 * zero; step(a, x) = x >= a ? 1 : 0; lerp(a, b, s) = a + s * (b - a); saturate clamps to [0, 1].
 * modf and frexp arrive lowered to `trunc`, `frexpMantissa` and `frexpExponent` (x = m * 2^e with
 * 0.5 <= |m| < 1; for 0, inf and NaN: m = x, e = 0, as C's frexp).
 * Float results are rounded to float32 after every operation; dot, length, distance and normalize
 * accumulate in component order x, y, z, w (a GPU may fuse multiply-adds: up to 1 ulp apart).
 *
 * `emitBuiltin` gets each argument as an array of atoms (identifiers or literals: safe to repeat) and
 * returns the result components as expression text; the caller materializes them.
 */
import { type Kind, literal, wrap } from './scalar.js';

export interface BuiltinArg {
  comps: string[];
  kinds: Kind[];
}

const UNARY_MATH: Record<string, string> = {
  acos: 'Math.acos', asin: 'Math.asin', atan: 'Math.atan', cos: 'Math.cos', cosh: 'Math.cosh',
  sin: 'Math.sin', sinh: 'Math.sinh', tan: 'Math.tan', tanh: 'Math.tanh', exp: 'Math.exp',
  log: 'Math.log', log2: 'Math.log2', log10: 'Math.log10', sqrt: 'Math.sqrt',
};

/** Component k of an argument; a scalar argument broadcasts over a vector result. */
function at(a: BuiltinArg, k: number): string {
  return a.comps.length === 1 ? a.comps[0]! : a.comps[k]!;
}

function isFloatKind(k: Kind): boolean {
  return k === 'float' || k === 'double';
}

export function emitBuiltin(name: string, args: BuiltinArg[], resultKinds: Kind[]): string[] {
  const n = resultKinds.length;
  const a = args[0];
  const b = args[1];
  const c = args[2];
  const map = (f: (k: number, kind: Kind) => string): string[] => resultKinds.map((kind, k) => f(k, kind));
  // The kind the arguments compute in (for any/all/isnan: the argument's, not the bool result's).
  const argKind = a?.kinds[0] ?? 'float';
  const R = (kind: Kind, e: string) => (kind === 'float' ? `fround(${e})` : e);
  const need = (count: number) => {
    if (args.length !== count) throw new Error(`internal: builtin ${name} expects ${count} arguments, got ${args.length}`);
  };

  if (name in UNARY_MATH) {
    need(1);
    return map((k, kind) => R(kind, `${UNARY_MATH[name]}(${at(a!, k)})`));
  }
  switch (name) {
    case 'exp2': need(1); return map((k, kind) => R(kind, `Math.pow(2, ${at(a!, k)})`));
    case 'ceil': need(1); return map((k) => `Math.ceil(${at(a!, k)})`);
    case 'floor': need(1); return map((k) => `floor(${at(a!, k)})`);
    case 'abs': need(1); return map((k, kind) => (isFloatKind(kind) ? `Math.abs(${at(a!, k)})` : wrap(kind, `Math.abs(${at(a!, k)})`)));
    case 'frac': need(1); return map((k, kind) => R(kind, `${at(a!, k)} - floor(${at(a!, k)})`));
    case 'trunc': need(1); return map((k) => `Math.trunc(${at(a!, k)})`);
    case 'frexpMantissa': need(1); return map((k, kind) => R(kind, `frexpM(${at(a!, k)})`));
    case 'frexpExponent': need(1); return map((k) => `frexpE(${at(a!, k)})`);
    // compiler/fuse: a value passed from one fused kernel to the next is what a stream would have
    // held: float32 (double components rounded as a store rounds them), everything else unchanged.
    case 'fuseFence': need(2); return map((k, kind) => (kind === 'double' ? `fround(${at(a!, k)})` : at(a!, k)));
    case 'round': need(1); return map((k) => `roundAway(${at(a!, k)})`);
    case 'rsqrt': need(1); return map((k, kind) => R(kind, `1 / Math.sqrt(${at(a!, k)})`));
    case 'saturate': need(1); return map((k) => `Math.min(Math.max(${at(a!, k)}, 0), 1)`);
    case 'sign': need(1); return map((k, kind) => (isFloatKind(kind) ? `Math.sign(${at(a!, k)})` : `(Math.sign(${at(a!, k)}) | 0)`));
    case 'degrees': need(1); return map((k, kind) => R(kind, `${at(a!, k)} * ${kind === 'float' ? literal('float', 180 / Math.PI) : String(180 / Math.PI)}`));
    case 'radians': need(1); return map((k, kind) => R(kind, `${at(a!, k)} * ${kind === 'float' ? literal('float', Math.PI / 180) : String(Math.PI / 180)}`));
    case 'isfinite': need(1); return map((k) => `Number.isFinite(${at(a!, k)})`);
    case 'isinf': need(1); return map((k) => `(Math.abs(${at(a!, k)}) === Infinity)`);
    case 'isnan': need(1); return map((k) => `(${at(a!, k)} !== ${at(a!, k)})`);
    case 'atan2': need(2); return map((k, kind) => R(kind, `Math.atan2(${at(a!, k)}, ${at(b!, k)})`));
    case 'pow': need(2); return map((k, kind) => R(kind, `Math.pow(${at(a!, k)}, ${at(b!, k)})`));
    case 'fmod': need(2); return map((k, kind) => R(kind, `fmodf(${at(a!, k)}, ${at(b!, k)})`));
    case 'min': need(2); return map((k) => `Math.min(${at(a!, k)}, ${at(b!, k)})`);
    case 'max': need(2); return map((k) => `Math.max(${at(a!, k)}, ${at(b!, k)})`);
    case 'step': need(2); return map((k, kind) => `(${at(b!, k)} >= ${at(a!, k)} ? 1 : 0)${kind === 'bool' ? ' !== 0' : ''}`);
    case 'ldexp': need(2); return map((k, kind) => R(kind, `${at(a!, k)} * Math.pow(2, ${at(b!, k)})`));
    case 'clamp': need(3); return map((k) => `Math.min(Math.max(${at(a!, k)}, ${at(b!, k)}), ${at(c!, k)})`);
    case 'lerp':
      need(3);
      return map((k, kind) => R(kind, `${at(a!, k)} + ${R(kind, `${at(c!, k)} * ${R(kind, `${at(b!, k)} - ${at(a!, k)}`)}`)}`));
    case 'smoothstep':
      need(3);
      return map((k, kind) => `${kind === 'float' ? 'smooth32' : 'smooth64'}(${at(a!, k)}, ${at(b!, k)}, ${at(c!, k)})`);
    case 'dot': need(2); return [dot(a!, b!, argKind)];
    case 'length': need(1); return [R(argKind, `Math.sqrt(${dot(a!, a!, argKind)})`)];
    case 'distance': {
      need(2);
      const d: BuiltinArg = { comps: a!.comps.map((x, k) => R(argKind, `${x} - ${at(b!, k)}`)), kinds: a!.kinds };
      return [R(argKind, `Math.sqrt(${dot(d, d, argKind, true)})`)];
    }
    case 'cross': {
      need(2);
      const m = (i: number, j: number) => R(argKind, `${R(argKind, `${at(a!, i)} * ${at(b!, j)}`)} - ${R(argKind, `${at(a!, j)} * ${at(b!, i)}`)}`);
      return [m(1, 2), m(2, 0), m(0, 1)];
    }
    case 'pack_4ubyte': need(1); return [`pack4ub(${a!.comps.join(', ')})`];
    case 'unpack_4ubyte': need(1); return [0, 1, 2, 3].map((k) => `unpack4ub(${at(a!, 0)}, ${8 * k})`);
    case 'any': need(1); return [`(${a!.comps.map((x) => truthy(x, argKind)).join(' || ')})`];
    case 'all': need(1); return [`(${a!.comps.map((x) => truthy(x, argKind)).join(' && ')})`];
  }
  throw new Error(`internal: unknown builtin '${name}' (${n} components)`);
}

function truthy(x: string, kind: Kind): string {
  return kind === 'bool' ? x : `(${x} !== 0)`;
}

/** Sum of products in component order; `repeatSafe` false means the components are expressions that
 *  must not be evaluated twice, so the caller passed atoms (normalize/length materialize first). */
function dot(a: BuiltinArg, b: BuiltinArg, kind: Kind, exprs = false): string {
  const R = (e: string) => (kind === 'float' ? `fround(${e})` : kind === 'int' ? `(${e} | 0)` : e);
  const mul = (x: string, y: string) => (kind === 'int' ? `Math.imul(${x}, ${y})` : R(`${x} * ${y}`));
  let acc = '';
  const n = Math.max(a.comps.length, b.comps.length);
  for (let k = 0; k < n; k++) {
    // For distance the components are small expressions; squaring evaluates each twice: pure and cheap.
    const x = exprs ? `(${at(a, k)})` : at(a, k);
    const y = exprs ? `(${at(b, k)})` : at(b, k);
    acc = k === 0 ? mul(x, y) : R(`${acc} + ${mul(x, y)}`);
  }
  return acc;
}

