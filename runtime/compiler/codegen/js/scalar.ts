/**
 * Scalar building blocks of the kernel-to-JavaScript writer: how one component of one scalar kind is
 * loaded, stored, converted and combined. Everything here returns JavaScript expression text.
 *
 * Float32 semantics: every float operation is wrapped in `fround`, so each result is the correctly
 * rounded float32 of the exact result (for + - * / and sqrt, rounding the double result again to
 * float32 is exact: double has more than 2 * 24 + 2 bits). `double` values stay JS numbers.
 * int is int32 (`| 0`, `Math.imul`), uint is uint32 (`>>> 0`), bool is a JS boolean.
 * Integer division by zero gives 0 (JavaScript's `Infinity | 0`); float to int conversion saturates
 * and maps NaN to 0 (WGSL's rule), so the CPU and GPU backends agree.
 */
import type { IRBinaryOp } from '../../ir.js';
import type { ScalarName, Type } from '../../types.js';
import { flattenElement, scalarOf } from '../../types.js';
import { JS_GATHER_FUNCTIONS } from '../../facts/index.js';

/** The scalar kinds a kernel computes with. */
export type Kind = 'float' | 'double' | 'int' | 'uint' | 'bool';

export function kindOf(s: ScalarName): Kind {
  switch (s) {
    case 'float': return 'float';
    case 'double': return 'double';
    case 'bool': return 'bool';
    case 'uint': case 'ulong': return 'uint';
    case 'fixed': case 'shortfixed': return 'float'; // a fixed struct field computes as float (types.ts narrowStorage)
    default: return 'int'; // char, uchar, short, ushort: C promotes them to int
  }
}

/** The scalar kind of every flat component of a type (vectors: one per component; structs: C order). */
export function flatKinds(t: Type): Kind[] {
  const s = scalarOf(t);
  if (s !== undefined) return new Array<Kind>(t.kind === 'vector' ? t.size : 1).fill(kindOf(s));
  if (t.kind === 'struct') return flattenElement(t).map((c) => kindOf(c.scalar));
  throw new Error(`internal: kernel value of type ${t.kind} cannot be flattened`);
}

export function flatCount(t: Type): number {
  return flatKinds(t).length;
}

/** First flat component and count of a struct field. */
export function fieldRange(t: Type, field: string): { start: number; count: number } {
  if (t.kind !== 'struct') throw new Error(`internal: field '${field}' of non-struct`);
  let start = 0;
  for (const f of t.fields) {
    const n = flatCount(f.type);
    if (f.name === field) return { start, count: n };
    start += n;
  }
  throw new Error(`internal: struct ${t.name} has no field '${field}'`);
}

/** Round a JS number expression to the kind's representation (the result of an operation). */
export function wrap(kind: Kind, e: string): string {
  switch (kind) {
    case 'float': return `fround(${e})`;
    case 'int': return `(${e} | 0)`;
    case 'uint': return `(${e} >>> 0)`;
    default: return `(${e})`;
  }
}

export function literal(kind: Kind, v: number): string {
  switch (kind) {
    case 'bool': return v !== 0 ? 'true' : 'false';
    case 'float': return numberText(Math.fround(v));
    case 'int': return numberText(v | 0);
    case 'uint': return numberText(v >>> 0);
    default: return numberText(v);
  }
}

export function numberText(v: number): string {
  if (Number.isNaN(v)) return 'NaN';
  if (v === Infinity) return 'Infinity';
  if (v === -Infinity) return '-Infinity';
  if (Object.is(v, -0)) return '-0';
  return v < 0 ? `(${String(v)})` : String(v);
}

export function zero(kind: Kind): string {
  return kind === 'bool' ? 'false' : '0';
}

/** The typed-array view a stream component of this kind lives in (see api.ts: f32, i32, u32 words). */
export function viewOf(kind: Kind): 'F' | 'I' | 'U' {
  if (kind === 'float' || kind === 'double') return 'F';
  return kind === 'int' ? 'I' : 'U';
}

export function load(kind: Kind, view: string, offset: string): string {
  return kind === 'bool' ? `(${view}[${offset}] !== 0)` : `${view}[${offset}]`;
}

/** A component computed as int / float narrowed to what a stream of scalar `s` holds (types.ts
 *  narrowStorage): 8/16-bit integers wrap, fixed saturates and rounds to code / 255. */
export function narrowStore(s: ScalarName | undefined, e: string): string {
  switch (s) {
    case 'char': return `((${e} << 24) >> 24)`;
    case 'uchar': return `(${e} & 255)`;
    case 'short': return `((${e} << 16) >> 16)`;
    case 'ushort': return `(${e} & 65535)`;
    case 'fixed': return `fixq(${e})`;
    case 'shortfixed': return `sfixq(${e})`;
    default: return e;
  }
}

export function storeValue(kind: Kind, e: string): string {
  return kind === 'bool' ? `(${e} ? 1 : 0)` : e;
}

export function convert(from: Kind, to: Kind, e: string): string {
  if (from === to) return e;
  if (from === 'bool') return to === 'bool' ? e : `(${e} ? 1 : 0)`;
  switch (to) {
    case 'bool': return `(${e} !== 0)`;
    case 'float': return `fround(${e})`;
    case 'double': return e;
    case 'int': return from === 'uint' ? `(${e} | 0)` : `f2i(${e})`;
    case 'uint': return from === 'int' ? `(${e} >>> 0)` : `f2u(${e})`;
  }
}

export function binary(op: IRBinaryOp, kind: Kind, a: string, b: string): string {
  switch (op) {
    case '<': case '>': case '<=': case '>=': return `(${a} ${op} ${b})`;
    case '==': return `(${a} === ${b})`;
    case '!=': return `(${a} !== ${b})`;
    case '&&': case '||': return `(${a} ${op} ${b})`;
  }
  if (kind === 'bool') {
    // & | ^ on bools (the lowering may keep them for bool vectors).
    if (op === '&' || op === '|' || op === '^') return `((${a} ${op} ${b}) !== 0)`;
    throw new Error(`internal: operator ${op} on bool`);
  }
  if (kind === 'float' || kind === 'double') {
    if (op === '+' || op === '-' || op === '*' || op === '/' || op === '%') return wrap(kind, `${a} ${op} ${b}`);
    throw new Error(`internal: operator ${op} on ${kind}`);
  }
  if (kind === 'int') {
    switch (op) {
      case '*': return `Math.imul(${a}, ${b})`;
      case '+': case '-': case '/': case '%': return `((${a} ${op} ${b}) | 0)`;
      case '&': case '|': case '^': case '<<': case '>>': return `(${a} ${op} ${b})`;
    }
  }
  switch (op) {
    case '*': return `(Math.imul(${a}, ${b}) >>> 0)`;
    case '>>': return `(${a} >>> ${b})`;
    default: return `((${a} ${op} ${b}) >>> 0)`;
  }
}

export function unary(op: '-' | '!' | '~', kind: Kind, a: string): string {
  if (op === '-' && a.startsWith('-')) a = ` ${a}`; // -(-0) printed as `--0` would be a decrement (fuzz H200 difference-1)
  if (op === '!') return kind === 'bool' ? `(!${a})` : `(${a} === 0)`;
  if (op === '~') return kind === 'uint' ? `((~${a}) >>> 0)` : `(~${a})`;
  switch (kind) {
    case 'int': return `((-${a}) | 0)`;
    case 'uint': return `((-${a}) >>> 0)`;
    case 'bool': return `(!${a})`;
    default: return `(-${a})`;
  }
}

/** Helper functions every generated module defines once (outside the element loop). */
/** sfixq: a shortfixed component stored (types.ts shortfixedCode, then code * fround(1 / 65535); the
 *  WGSL writer's brk_sfixq). Only modules with a shortfixed stream include it (loops.ts). */
export const SHORTFIXED_PRELUDE = `const SFX = Math.fround(1 / 65535);
function sfixq(v) {
  if (!(v > 0)) return 0;
  if (v >= 1) return 1;
  const x = Math.fround(v * 65535), f = Math.floor(x), d = x - f;
  return Math.fround((d > 0.5 || (d === 0.5 && f % 2 === 1) ? f + 1 : f) * SFX);
}`;

export const PRELUDE = `
const fround = Math.fround, floor = Math.floor;
function f2i(x) { return x >= 2147483647 ? 2147483647 : x <= -2147483648 ? -2147483648 : (x | 0); }
function f2u(x) { return x >= 4294967295 ? 4294967295 : x > 0 ? (x >>> 0) : 0; }
// The 8-bit code of v: saturate to [0, 1] (NaN: 0), scale by 255 in float32, round half to even
// (types.ts fixedCode); UN8[code] is code / 255 in float32 (fixedValue). fixq: a fixed component
// stored (the WGSL writer's brk_fixq); pack4ub / unpack4ub: Cg's pack_4ubyte / unpack_4ubyte (x in
// the lowest byte of the float's bits; brk_pack4ub / brk_unpack4ub).
function ub8(v) {
  if (!(v > 0)) return 0;
  if (v >= 1) return 255;
  const x = fround(v * 255), f = floor(x), d = x - f;
  return d > 0.5 || (d === 0.5 && f % 2 === 1) ? f + 1 : f;
}
const UN8 = new Float32Array(256).map((_, c) => c / 255);
function fixq(v) { return UN8[ub8(v)]; }
const PKF = new Float32Array(1), PKU = new Uint32Array(PKF.buffer);
function pack4ub(x, y, z, w) { PKU[0] = (ub8(x) | (ub8(y) << 8) | (ub8(z) << 16) | (ub8(w) << 24)) >>> 0; return PKF[0]; }
function unpack4ub(f, shift) { PKF[0] = f; return UN8[(PKU[0] >>> shift) & 255]; }
function roundAway(x) { return x < 0 ? -floor(-x + 0.5) : x === 0 ? x : floor(x + 0.5); }
function smooth32(a, b, x) {
  let t = fround(fround(x - a) / fround(b - a));
  t = t < 0 ? 0 : t > 1 ? 1 : t;
  return fround(fround(t * t) * fround(3 - fround(2 * t)));
}
function smooth64(a, b, x) {
  let t = (x - a) / (b - a);
  t = t < 0 ? 0 : t > 1 ? 1 : t;
  return t * t * (3 - 2 * t);
}
function frexpE(x) {
  if (x === 0 || !Number.isFinite(x)) return 0;
  let e = Math.ceil(Math.log2(Math.abs(x)));
  const m = Math.abs(x) * Math.pow(2, -e);
  if (m >= 1) e++;
  else if (m < 0.5) e--;
  return e + 0; // Math.ceil(-0.4) is -0; C's exponent is 0
}
function frexpM(x) { return x === 0 || !Number.isFinite(x) ? x : x * Math.pow(2, -frexpE(x)); }
${JS_GATHER_FUNCTIONS}// C's fmod (JavaScript's %, exact). V8 computes % of doubles with a call into C; whole numbers in
// int32 range take the integer remainder instead (sign of x kept, -0 included).
function fmodf(x, y) {
  if ((x | 0) === x && (y | 0) === y && y !== 0) { const r = (x | 0) % (y | 0); return r === 0 ? x * 0 : r; }
  return x % y;
}
`;
