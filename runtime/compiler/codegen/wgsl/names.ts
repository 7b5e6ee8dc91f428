/**
 * WGSL spelling of Brook types, literals and names.
 *
 * Storage: every stream element is the flat list of its 32-bit words (api.ts). float is f32, int is
 * i32, uint and bool are u32 in memory; inside a shader bool is WGSL's bool. `double` has no WGSL
 * type: the writer refuses it with a clear error (BROOK.md 2: never a silent demotion).
 */
import type { Type } from '../../types.js';
import { flattenElement } from '../../types.js';

/** Thrown when IR cannot be written as WGSL (a type WGSL lacks); the backend turns it into a
 *  BrookRuntimeError at the call that needed the kernel. */
export class WgslUnsupportedError extends Error {
  constructor(message: string, readonly hint: string) {
    super(message);
    this.name = 'WgslUnsupportedError';
  }
}

export type WScalar = 'f32' | 'i32' | 'u32' | 'bool';

export function wgslScalar(name: string): WScalar {
  switch (name) {
    case 'float': case 'fixed': case 'shortfixed': return 'f32'; // fixed: a float word holding code / 255 (types.ts narrowStorage)
    case 'bool': return 'bool';
    case 'uint': case 'ulong': return 'u32';
    case 'int': case 'char': case 'short': case 'long': case 'uchar': case 'ushort': return 'i32'; // C promotes to int
    case 'double':
      throw new WgslUnsupportedError(
        "the WebGPU backend has no 'double' inside kernels (WGSL has no 64-bit float)",
        "use float in the kernel, or run on the CPU backend (BROOK_BACKEND=cpu), which has double",
      );
  }
  throw new Error(`internal: no WGSL scalar for '${name}'`);
}

/** Scalar kind of a scalar or vector type, as WGSL spells it. */
export function scalarKind(t: Type): WScalar {
  if (t.kind === 'scalar') return wgslScalar(t.name);
  if (t.kind === 'vector') return wgslScalar(t.elem);
  throw new Error(`internal: ${t.kind} has no scalar kind`);
}

export function structName(name: string): string {
  return `S_${name.replace(/[^A-Za-z0-9_]/g, '_')}`;
}

/** Struct fields get a prefix, so a Brook field may be called `loop`, `ptr` or `f32`. */
export function fieldName(name: string): string {
  return `f_${name}`;
}

export function wgslType(t: Type): string {
  switch (t.kind) {
    case 'scalar': return wgslScalar(t.name);
    case 'vector': return `vec${t.size}<${wgslScalar(t.elem)}>`;
    case 'struct': return structName(t.name);
    case 'array':
      if (t.length === null) throw new Error('internal: unsized array in a kernel');
      return `array<${wgslType(t.elem)}, ${t.length}>`;
    default:
      throw new Error(`internal: no WGSL type for ${t.kind}`);
  }
}

/** Struct declarations a type needs, dependencies first (appended to `out`, deduplicated by name). */
export function collectStructs(t: Type, out: Map<string, string>): void {
  if (t.kind === 'array') return collectStructs(t.elem, out);
  if (t.kind !== 'struct') return;
  const name = structName(t.name);
  if (out.has(name)) return;
  for (const f of t.fields) collectStructs(f.type, out);
  const fields = t.fields.map((f) => `  ${fieldName(f.name)}: ${wgslType(f.type)},`).join('\n');
  out.set(name, `struct ${name} {\n${fields}\n}`);
}

/** 32-bit words an element of `t` occupies in a stream. */
export function wordsOf(t: Type): number {
  return flattenElement(t).length;
}

// ---------------------------------------------------------------------------------------------------
// Literals

const F32_BUF = new Float32Array(1);
const U32_BUF = new Uint32Array(F32_BUF.buffer);

export function f32Bits(v: number): number {
  F32_BUF[0] = v;
  return U32_BUF[0]!;
}

/** Module-scope variable holding NaN, +inf, -inf bit patterns (runtime values, so WGSL accepts them). */
export const SPECIAL_BITS = 'brk_special';
export const SPECIAL_DECL = `var<private> ${SPECIAL_BITS}: vec4<u32> = vec4<u32>(0x7fc00000u, 0x7f800000u, 0xff800000u, 0u);`;

/** An f32 literal that reads back as exactly Math.fround(v) (NaN, infinities, -0 and subnormals as bit patterns). */
export function f32Literal(v: number): string {
  const f = Math.fround(v);
  // WGSL rejects NaN and infinity in constant expressions: read them from a private variable.
  if (Number.isNaN(f)) return `bitcast<f32>(${SPECIAL_BITS}.x)`;
  if (f === Infinity) return `bitcast<f32>(${SPECIAL_BITS}.y)`;
  if (f === -Infinity) return `bitcast<f32>(${SPECIAL_BITS}.z)`;
  if (Object.is(f, -0) || (f !== 0 && Math.abs(f) < 1.1754943508222875e-38)) {
    return `bitcast<f32>(0x${f32Bits(f).toString(16)}u)`;
  }
  const s = String(f);
  return `${s}f`;
}

export function i32Literal(v: number): string {
  const i = v | 0;
  if (i === -2147483648) return 'i32(-2147483647 - 1)';
  return i < 0 ? `(${i}i)` : `${i}i`;
}

export function u32Literal(v: number): string {
  return `${v >>> 0}u`;
}

export function scalarLiteral(kind: WScalar, v: number): string {
  switch (kind) {
    case 'f32': return f32Literal(v);
    case 'i32': return i32Literal(v);
    case 'u32': return u32Literal(v);
    case 'bool': return v !== 0 ? 'true' : 'false';
  }
}

/** WGSL's reserved words and keywords that a user's name could hit (locals are prefixed by the
 *  lowering, but names from helpers and structs pass through here too). */
const RESERVED = new Set(
  ('alias break case const const_assert continue continuing default diagnostic discard else enable false fn for if ' +
    'let loop override requires return struct switch true var while f32 f16 i32 u32 bool vec2 vec3 vec4 mat2x2 ' +
    'array atomic ptr sampler texture_2d NULL Self abstract active asm async attribute auto await become binding_array ' +
    'cast catch class co_await co_return co_yield coherent column_major common compile compile_fragment concept ' +
    'const_cast consteval constexpr constinit crate debugger decltype delete demote demote_to_helper do dynamic_cast ' +
    'enum explicit export extends extern external fallthrough filter final finally friend from fxgroup get goto ' +
    'groupshared highp impl implements import inline instanceof interface layout lowp macro macro_rules match mediump ' +
    'meta mod module move mut mutable namespace new nil noexcept noinline nointerpolation non_coherent noncoherent ' +
    'noperspective null nullptr of operator package packoffset partition pass patch pixelfragment precise precision ' +
    'premerge priv protected pub public readonly ref regardless register reinterpret_cast require resource restrict ' +
    'self set shared sizeof smooth snorm static static_assert static_cast std subroutine super target template this ' +
    'thread_local throw trait try type typedef typeid typename typeof union unless unorm unsafe unsized use using ' +
    'varying virtual volatile wgsl where with writeonly yield').split(' '),
);

/** A name safe as a WGSL identifier: reserved words and `__` prefixes get a suffix. */
export function safeName(name: string): string {
  let n = name.replace(/[^A-Za-z0-9_]/g, '_');
  if (n.startsWith('__')) n = `u${n}`;
  if (n === '_' || RESERVED.has(n)) n = `${n}_`;
  return n;
}
