/**
 * Built-in functions callable inside kernels (BROOK.md section 7), with Cg's typing:
 * componentwise on float scalars and vectors; a scalar argument splats to the vector size of the
 * others (`lerp(a3, b3, 0.5)`, `clamp(v, 0, 1)`); mixed vector sizes take the smaller size (warning).
 * `abs sign min max clamp` also take ints. `modf(x, ip)` and `frexp(x, e)` write their second argument.
 *
 * `resolveBuiltin` gives the concrete parameter types (what each argument converts to) and the result.
 * The IR keeps the name; the IR-only names `trunc`, `frexpMantissa`, `frexpExponent` come from lowering
 * `modf` and `frexp` (see lower/). Writers implement every name in KERNEL_BUILTIN_NAMES plus those.
 */
import type { Type } from '../types.js';
import { makeType, scalarKind, size } from './typing.js';

/** T: float (or int, where allowed) scalar/vector unified across args; S: float scalar; V3: float3;
 *  V4: float4; B: bool of the argument's own size; Bs: bool scalar. */
type Pattern = 'T' | 'S' | 'V3' | 'V4' | 'B' | 'Bs';

interface BuiltinSig {
  params: Pattern[];
  ret: Pattern;
  ints?: boolean;
  /** Indices of arguments written by the call (out parameters). */
  outs?: number[];
}

const SIGS: Record<string, BuiltinSig> = {};
const def = (names: string, sig: BuiltinSig) => {
  for (const n of names.split(' ')) SIGS[n] = sig;
};
def('acos asin atan ceil cos cosh degrees exp exp2 floor frac log log2 log10 radians round rsqrt saturate sin sinh sqrt tan tanh normalize', { params: ['T'], ret: 'T' });
def('abs sign', { params: ['T'], ret: 'T', ints: true });
def('atan2 fmod pow step ldexp', { params: ['T', 'T'], ret: 'T' });
def('min max', { params: ['T', 'T'], ret: 'T', ints: true });
def('clamp', { params: ['T', 'T', 'T'], ret: 'T', ints: true });
def('lerp smoothstep', { params: ['T', 'T', 'T'], ret: 'T' });
def('cross', { params: ['V3', 'V3'], ret: 'V3' });
def('dot distance', { params: ['T', 'T'], ret: 'S' });
def('length', { params: ['T'], ret: 'S' });
def('isfinite isinf isnan', { params: ['T'], ret: 'B' });
def('any all', { params: ['B'], ret: 'Bs' });
def('modf frexp', { params: ['T', 'T'], ret: 'T', outs: [1] });
// Cg (fp30): four components in [0, 1] as the bytes of one float (x lowest), each rounded to the
// nearest of 256 codes as a fixed is (types.ts fixedCode); unpack gives code / 255 per byte.
def('pack_4ubyte', { params: ['V4'], ret: 'S' });
def('unpack_4ubyte', { params: ['S'], ret: 'V4' });

export const KERNEL_BUILTIN_NAMES: readonly string[] = Object.keys(SIGS);

export function isKernelBuiltin(name: string): boolean {
  return Object.prototype.hasOwnProperty.call(SIGS, name);
}

export function builtinOuts(name: string): number[] {
  return SIGS[name]?.outs ?? [];
}

export interface BuiltinResolution {
  params: Type[];
  ret: Type;
  narrowed?: { left: number; right: number };
}

/** Signature text for hints, such as "lerp(T a, T b, T s)". */
export function builtinSignature(name: string): string {
  const sig = SIGS[name];
  if (!sig) return name;
  const names = ['a', 'b', 'c'];
  const p = sig.params.map((pt, i) => `${sig.outs?.includes(i) ? 'out ' : ''}${patternText(pt)} ${names[i]}`);
  return `${patternText(sig.ret)} ${name}(${p.join(', ')}), T = float..float4${sig.ints ? ' or int..int4' : ''}`;
}

function patternText(p: Pattern): string {
  return p === 'S' ? 'float' : p === 'V3' ? 'float3' : p === 'V4' ? 'float4' : p === 'B' ? 'boolN' : p === 'Bs' ? 'bool' : 'T';
}

/** Concrete types for a call with `args`, or a reason. Argument count is checked by the caller. */
export function resolveBuiltin(name: string, args: Type[]): BuiltinResolution | string {
  const sig = SIGS[name]!;
  for (const a of args) {
    if (a.kind !== 'scalar' && a.kind !== 'vector') return `${name} takes numbers and vectors`;
  }
  const tArgs = args.filter((_, i) => sig.params[i] === 'T');
  let n = 1;
  let narrowed: BuiltinResolution['narrowed'];
  const vecSizes = tArgs.map(size).filter((s) => s > 1);
  if (vecSizes.length > 0) {
    const lo = Math.min(...vecSizes);
    const hi = Math.max(...vecSizes);
    n = lo;
    if (lo !== hi) narrowed = { left: hi, right: lo };
  }
  const allInt = tArgs.length > 0 && tArgs.every((t) => { const s = scalarKind(t)!; return s !== 'float' && s !== 'double' && s !== 'bool'; });
  const allUint = allInt && tArgs.every((t) => scalarKind(t) === 'uint');
  const tElem = sig.ints && allInt ? (allUint ? 'uint' : 'int') : 'float';
  const T = makeType(tElem, n);
  const params = sig.params.map((p, i): Type => {
    switch (p) {
      case 'T': return T;
      case 'S': return makeType('float', 1);
      case 'V3': return makeType('float', 3);
      case 'V4': return makeType('float', 4);
      case 'B': return makeType('bool', size(args[i]!));
      case 'Bs': return makeType('bool', 1);
    }
  });
  if (sig.params.includes('V3') && args.some((a) => size(a) !== 3)) return `${name} takes two float3 vectors`;
  if (sig.params.includes('V4') && args.some((a) => size(a) !== 4)) return `${name} takes a float4`;
  const ret = sig.ret === 'T' ? T : sig.ret === 'S' ? makeType('float', 1) : sig.ret === 'V3' ? makeType('float', 3) : sig.ret === 'V4' ? makeType('float', 4)
    : sig.ret === 'B' ? makeType('bool', n) : makeType('bool', 1);
  return { params, ret, narrowed };
}

export function builtinArity(name: string): number {
  return SIGS[name]!.params.length;
}
