/**
 * Brook and C types, shared by the checker, the IR, both code generators and the runtime.
 *
 * Element types of streams are scalars, vectors and structs of those. Host code also has pointers,
 * fixed arrays and functions. Layout helpers give C's layout (x86-64 / LP64), which is what
 * streamRead/streamWrite copy and what `sizeof` answers.
 */

export type ScalarName = 'float' | 'double' | 'int' | 'uint' | 'bool' | 'char' | 'uchar' | 'short' | 'ushort' | 'long' | 'ulong' | 'fixed' | 'shortfixed';

/** Scalar kinds a vector type can have: Brook's float/int/uint/bool/double vectors, and the 8-bit
 *  stream element vectors of BrookGPU (char2..4, uchar2..4, Cg's fixed2..4; its 16-bit
 *  shortfixed2..4). */
export type VectorElem = 'float' | 'int' | 'uint' | 'bool' | 'double' | 'char' | 'uchar' | 'fixed' | 'shortfixed';

export type Type =
  | { kind: 'void' }
  | { kind: 'scalar'; name: ScalarName }
  | { kind: 'vector'; elem: VectorElem; size: 2 | 3 | 4 }
  | StructType
  | { kind: 'array'; elem: Type; length: number | null }
  | { kind: 'pointer'; to: Type }
  /** A host-side stream variable (`float4 s<10,5>`), a kernel stream parameter, or an iterator. */
  | { kind: 'stream'; elem: Type; rank: number | null; iter: boolean }
  /** A kernel gather parameter `T g[][]` with `dims` dimensions. */
  | { kind: 'gather'; elem: Type; dims: number }
  | { kind: 'function'; ret: Type; params: Type[]; variadic: boolean; /** declared with `...` (not K&R `f()`): extra arguments reach va_arg */ ellipsis?: boolean }
  /** Type of the domain object `s.domain(a, b)`. */
  | { kind: 'domain'; stream: Type }
  /** A value from the notebook session whose type is known only at run time. */
  | { kind: 'dynamic' };

export interface StructType {
  kind: 'struct';
  name: string;
  fields: { name: string; type: Type }[];
  /** Declared (`struct S;`, `class C;`) and not defined yet: only pointers to it can be used. */
  incomplete?: boolean;
}

export const VOID: Type = { kind: 'void' };
export const FLOAT: Type = { kind: 'scalar', name: 'float' };
export const DOUBLE: Type = { kind: 'scalar', name: 'double' };
export const INT: Type = { kind: 'scalar', name: 'int' };
export const UINT: Type = { kind: 'scalar', name: 'uint' };
export const BOOL: Type = { kind: 'scalar', name: 'bool' };
export const CHAR: Type = { kind: 'scalar', name: 'char' };
export const FIXED: Type = { kind: 'scalar', name: 'fixed' };
export const SHORTFIXED: Type = { kind: 'scalar', name: 'shortfixed' };

export function vec(elem: VectorElem, size: number): Type {
  if (size === 1) return { kind: 'scalar', name: elem };
  return { kind: 'vector', elem, size: size as 2 | 3 | 4 };
}

/** stdio's `FILE`: opaque (programs only hold `FILE *`; runtime/hostlib/files.ts implements it). */
export const FILE_TYPE: Type = { kind: 'struct', name: 'FILE', fields: [] };

/** BrookGPU's `brook::StreamType`: opaque; programs hold `const brook::StreamType *`, an element type
 *  as a run-time value (runtime/hostlib/stream-handles.ts gives each element type one address). */
export const STREAM_TYPE_DESC: Type = { kind: 'struct', name: 'brook::StreamType', fields: [] };

/** `float3` -> vector type; `float` -> scalar; otherwise undefined. */
export function builtinTypeByName(name: string): Type | undefined {
  const m = /^(float|int|uint|bool|double|char|uchar|fixed|shortfixed)([234])?$/.exec(name);
  if (m) return m[2] ? vec(m[1] as VectorElem, Number(m[2])) : { kind: 'scalar', name: m[1] as ScalarName };
  switch (name) {
    case 'void': return VOID;
    case 'char': case 'signed char': return CHAR;
    case 'unsigned char': return { kind: 'scalar', name: 'uchar' };
    case 'short': case 'short int': case 'signed short': return { kind: 'scalar', name: 'short' };
    case 'unsigned short': return { kind: 'scalar', name: 'ushort' };
    case 'unsigned': case 'unsigned int': return UINT;
    case 'signed': case 'signed int': return INT;
    case 'long': case 'long int': case 'long long': case 'signed long': return { kind: 'scalar', name: 'long' };
    case 'unsigned long': case 'unsigned long long': return { kind: 'scalar', name: 'ulong' };
    case 'size_t': return { kind: 'scalar', name: 'ulong' };
    case 'clock_t': case 'time_t': return { kind: 'scalar', name: 'long' }; // glibc x86-64
    case 'FILE': return FILE_TYPE;
    case 'brook::StreamType': return STREAM_TYPE_DESC;
    case 'va_list': return { kind: 'pointer', to: CHAR }; // <stdarg.h>: the next 8-byte slot (hostlib/varargs.ts)
    case 'half': return FLOAT; // Cg's half: stored as float
  }
  // Cg's halfN are float-backed, as BrookGPU's CPU runtime computed them (brcc printed them as
  // __BrtFloatN), and __BrtFloat1..4 are the names of that runtime's float vectors. (fixed, fixed2..4
  // are 8-bit storage types: see narrowStorage below.)
  if (name === 'fixed1') return FIXED;
  const cg = /^(?:half|__BrtFloat)([1234])$/.exec(name);
  if (cg) return vec('float', Number(cg[1]));
  return undefined;
}

/** Number of components: 1 for scalars, 2..4 for vectors. */
export function componentCount(t: Type): number {
  return t.kind === 'vector' ? t.size : 1;
}

/** The scalar kind of a scalar or vector type. */
export function scalarOf(t: Type): ScalarName | undefined {
  if (t.kind === 'scalar') return t.name;
  if (t.kind === 'vector') return t.elem;
  return undefined;
}

export function typeEquals(a: Type, b: Type): boolean {
  return typeToString(a) === typeToString(b);
}

export function typeToString(t: Type): string {
  switch (t.kind) {
    case 'void': return 'void';
    case 'scalar': return t.name === 'uchar' ? 'unsigned char' : t.name === 'ushort' ? 'unsigned short' : t.name === 'ulong' ? 'unsigned long' : t.name;
    case 'vector': return `${t.elem}${t.size}`; // char2, uchar2, fixed2 are BrookGPU's own names
    case 'struct': return t.name;
    case 'array': return `${typeToString(t.elem)}[${t.length ?? ''}]`;
    case 'pointer': return `${typeToString(t.to)} *`;
    case 'stream': if (t.elem.kind === 'dynamic' && !t.iter) return 'brook::stream';
      return `${t.iter ? 'iter ' : ''}${typeToString(t.elem)}<${t.rank === null ? '' : ','.repeat(Math.max(0, t.rank - 1))}>`;
    case 'gather': return `${typeToString(t.elem)}${'[]'.repeat(t.dims)}`;
    case 'function': return `${typeToString(t.ret)}(${t.params.map(typeToString).join(', ')}${t.variadic ? ', ...' : ''})`;
    case 'domain': return `domain of ${typeToString(t.stream)}`;
    case 'dynamic': return 'dynamic';
  }
}

// ---------------------------------------------------------------------------------------------------
// C layout (LP64). Streams of structs are copied to and from host memory in this layout.

const SCALAR_SIZE: Record<ScalarName, number> = {
  float: 4, double: 8, int: 4, uint: 4, bool: 4, char: 1, uchar: 1, short: 2, ushort: 2, long: 8, ulong: 8, fixed: 1, shortfixed: 2,
};

/**
 * Stream components narrower than 32 bits (BrookGPU's char, uchar and Cg's fixed streams; short and
 * ushort too). On the device every component is one 32-bit word holding the value a kernel reads:
 * char/uchar/short/ushort as an int word (already wrapped into the type's range), fixed as a float
 * word holding code / 255 exactly. A kernel computes with int (C's promotion) or float and narrows
 * only when it stores: integers wrap to their width, fixed saturates to [0, 1] and rounds to the
 * nearest of the 256 codes (half to even). docs/DECISIONS.md, "8-bit streams".
 */
export type NarrowScalar = 'char' | 'uchar' | 'short' | 'ushort' | 'fixed' | 'shortfixed';

export function isNarrowStorage(s: ScalarName): s is NarrowScalar {
  return s === 'char' || s === 'uchar' || s === 'short' || s === 'ushort' || s === 'fixed' || s === 'shortfixed';
}

/** How a stream component of scalar kind `s` is held in its 32-bit device word. */
export function wordKind(s: ScalarName): 'float' | 'int' | 'uint' | 'bool' {
  switch (s) {
    case 'float': case 'double': case 'fixed': case 'shortfixed': return 'float';
    case 'uint': case 'ulong': return 'uint';
    case 'bool': return 'bool';
    default: return 'int';
  }
}

/** The value a kernel computes with for a stream element of type `t` (char2 -> int2, fixed4 ->
 *  float4); other types unchanged. */
export function narrowValueType(t: Type): Type {
  if (t.kind === 'scalar' && isNarrowStorage(t.name)) return isFixedKind(t.name) ? FLOAT : INT;
  if (t.kind === 'vector' && isNarrowStorage(t.elem)) return vec(isFixedKind(t.elem) ? 'float' : 'int', t.size);
  return t;
}

/** Whether an element type has a narrow component (its stores narrow; its host copies convert). */
export function hasNarrowStorage(t: Type): boolean {
  return flattenElement(t).some((c) => isNarrowStorage(c.scalar));
}

/** A number narrowed to what a stream component of kind `s` holds (the device word's value): the
 *  JavaScript twin of the codegens' narrowing stores. Other kinds pass unchanged. */
export function narrowNumber(s: ScalarName, v: number): number {
  switch (s) {
    case 'char': return (v << 24) >> 24;
    case 'uchar': return v & 255;
    case 'short': return (v << 16) >> 16;
    case 'ushort': return v & 65535;
    case 'fixed': return fixedValue(fixedCode(v));
    case 'shortfixed': return shortfixedValue(shortfixedCode(v));
    default: return v;
  }
}

/** Per flat component, the scalar kind a kernel parameter's stream stores (IRParam.storage); empty
 *  when the stream stores what the kernel computes. */
export function storageScalars(p: { storage?: Type }): ScalarName[] {
  return p.storage ? flattenElement(p.storage).map((c) => c.scalar) : [];
}

/** `code / 255` as the float32 a fixed component holds for code 0..255. */
export function fixedValue(code: number): number {
  return Math.fround(code / 255);
}

/** The 8-bit code of a float stored into a fixed component: saturate to [0, 1], scale by 255 in
 *  float32, round half to even (WGSL's round); NaN gives 0. */
export function fixedCode(v: number): number {
  if (!(v > 0)) return 0;
  if (v >= 1) return 255;
  const x = Math.fround(v * 255);
  const f = Math.floor(x);
  const d = x - f;
  return d > 0.5 || (d === 0.5 && f % 2 === 1) ? f + 1 : f;
}

/** Cg's fixed or BrookGPU's shortfixed: normalized codes a kernel reads as floats in [0, 1]. */
export function isFixedKind(s: ScalarName): s is 'fixed' | 'shortfixed' {
  return s === 'fixed' || s === 'shortfixed';
}

/** BrookGPU's shortfixed (brt.hpp: a 16-bit code, 65535 standing for 1): the float32 a component of
 *  code 0..65535 holds, code * fround(1 / 65535) in float32. A product, not code / 65535, because
 *  WGSL's division may be off by 2.5 ulp while its product is correctly rounded: both backends give
 *  these same values (within 1 ulp of code / 65535; docs/DECISIONS.md "8-bit streams"). */
export function shortfixedValue(code: number): number {
  return Math.fround(code * SHORTFIXED_STEP);
}
export const SHORTFIXED_STEP = Math.fround(1 / 65535);

/** The 16-bit code of a float stored into a shortfixed component: saturate to [0, 1], scale by 65535
 *  in float32, round half to even; NaN gives 0 (as fixedCode). */
export function shortfixedCode(v: number): number {
  if (!(v > 0)) return 0;
  if (v >= 1) return 65535;
  const x = Math.fround(v * 65535);
  const f = Math.floor(x);
  const d = x - f;
  return d > 0.5 || (d === 0.5 && f % 2 === 1) ? f + 1 : f;
}

export function sizeOf(t: Type): number {
  switch (t.kind) {
    case 'scalar': return SCALAR_SIZE[t.name];
    case 'vector': return SCALAR_SIZE[t.elem] * t.size; // Brook's float3 is 12 bytes in host memory
    case 'struct': return structLayout(t).size;
    case 'array': return sizeOf(t.elem) * (t.length ?? 0);
    case 'pointer': return 8;
    case 'stream': return 8; // a brook::stream slot in host memory holds a handle (hostlib/stream-handles.ts)
    default: return 0;
  }
}

export function alignOf(t: Type): number {
  switch (t.kind) {
    case 'scalar': return SCALAR_SIZE[t.name];
    case 'vector': return SCALAR_SIZE[t.elem];
    case 'struct': return structLayout(t).align;
    case 'array': return alignOf(t.elem);
    case 'pointer': case 'stream': return 8;
    default: return 1;
  }
}

export interface StructLayout {
  size: number;
  align: number;
  offsets: number[];
}

export function structLayout(t: StructType): StructLayout {
  let off = 0;
  let align = 1;
  const offsets: number[] = [];
  for (const f of t.fields) {
    const a = alignOf(f.type);
    align = Math.max(align, a);
    off = Math.ceil(off / a) * a;
    offsets.push(off);
    off += sizeOf(f.type);
  }
  return { size: Math.ceil(off / align) * align, align, offsets };
}

/**
 * The flat list of float/int components of an element type, in C order: `float3` -> 3 floats,
 * `struct { float3 o; float t; }` -> 4. Streams store elements as this many 32-bit words.
 */
export function flattenElement(t: Type): { path: string[]; scalar: ScalarName; byteOffset: number }[] {
  const out: { path: string[]; scalar: ScalarName; byteOffset: number }[] = [];
  const comps = ['x', 'y', 'z', 'w'];
  const walk = (ty: Type, path: string[], base: number) => {
    if (ty.kind === 'scalar') out.push({ path, scalar: ty.name, byteOffset: base });
    else if (ty.kind === 'vector') {
      for (let i = 0; i < ty.size; i++) out.push({ path: [...path, comps[i]!], scalar: ty.elem, byteOffset: base + i * SCALAR_SIZE[ty.elem] });
    } else if (ty.kind === 'struct') {
      const lay = structLayout(ty);
      ty.fields.forEach((f, i) => walk(f.type, [...path, f.name], base + lay.offsets[i]!));
    } else if (ty.kind === 'array' && ty.length !== null) {
      for (let i = 0; i < ty.length; i++) walk(ty.elem, [...path, String(i)], base + i * sizeOf(ty.elem));
    }
  };
  walk(t, [], 0);
  return out;
}
