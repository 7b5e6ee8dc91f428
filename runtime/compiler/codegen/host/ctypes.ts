/**
 * C value semantics as JavaScript expression text: conversions between scalar kinds, the arithmetic of
 * each operand type (32-bit wrap, truncating division, float32 rounding), loads and stores in Mem.
 *
 * Representation of host values (what every emitted expression evaluates to):
 * - int, char, short, bool: a JS number holding the exact value (int32 range after `|0`).
 * - unsigned int/char/short: a non-negative JS number (`>>> 0`).
 * - long, unsigned long, size_t: a JS number, exact below 2^53 (unsigned long keeps the signed bit
 *   pattern, so `(size_t)-1` prints as 18446744073709551615 with %lu; its `/ % >>`, order comparisons
 *   and conversion to float/double read it as unsigned through $H.u64 / BigInt).
 * - float: a JS number that is always a float32 value (Math.fround after every operation).
 * - double: a JS number. Pointers: byte offsets into Mem (0 = NULL).
 * - vectors: JS arrays of numbers (fresh arrays; copied on assignment). Arrays and structs: their address.
 * - streams, domains: the runtime's objects.
 */
import type { ScalarName, Type } from '../../types.js';
import { fixedCode, fixedValue, shortfixedCode, shortfixedValue, sizeOf } from '../../types.js';

/** Integer kinds (a fixed is held as its 8-bit code, but it is a number in [0, 1]: not an integer). */
export function isIntKind(s: ScalarName): boolean {
  return s !== 'float' && s !== 'double' && s !== 'fixed' && s !== 'shortfixed';
}

/** Scalar kind of a scalar or pointer type (pointers behave as unsigned long offsets). */
export function scalarOfType(t: Type): ScalarName | 'ptr' | undefined {
  if (t.kind === 'scalar') return t.name;
  if (t.kind === 'pointer' || t.kind === 'array') return 'ptr';
  return undefined;
}

/** The number a numeric literal operand stands for (`3`, `(-2.5)`), or undefined. */
export function literalValue(js: string): number | undefined {
  const m = /^\(?(-?(?:\d+\.?\d*(?:e[+-]?\d+)?|Infinity))\)?$/.exec(js);
  return m ? Number(m[1]) : undefined;
}

/** JS text for a number, as an operand. */
export function numText(x: number): string {
  if (Number.isNaN(x)) return 'NaN';
  if (Object.is(x, -0)) return '(-0)';
  return x < 0 ? `(${x})` : String(x);
}

/** Convert a constant at compile time, as the emitted code would at run time. */
function foldScalar(x: number, from: ScalarName | 'ptr', to: ScalarName | 'ptr'): number | undefined {
  if (from === 'fixed') return foldScalar(fixedValue(x), 'float', to);
  if (to === 'fixed') return from === 'ptr' || isIntKind(from) ? x & 255 : fixedCode(x);
  if (from === 'shortfixed') return foldScalar(shortfixedValue(x), 'float', to);
  if (to === 'shortfixed') return from === 'ptr' || isIntKind(from) ? x & 65535 : shortfixedCode(x);
  const int = from === 'ptr' || isIntKind(from);
  const trunc = (v: number) => (int ? v : Number.isFinite(v) ? Math.trunc(v) : NaN);
  switch (to) {
    case 'float': return Math.fround(x);
    case 'double': return x;
    case 'int': { const t = trunc(x); return Number.isNaN(t) || Math.abs(t) >= 2 ** 31 && !int ? undefined : t | 0; }
    case 'uint': { const t = trunc(x); return Number.isNaN(t) || (!int && (t < 0 || t >= 2 ** 32)) ? undefined : t >>> 0; }
    default: return undefined;
  }
}

/** Code converting `js` (a value of kind `from`) to kind `to`. `js` must be an operand (parenthesized). */
export function convertScalar(js: string, from: ScalarName | 'ptr', to: ScalarName | 'ptr'): string {
  if (from === to) return js;
  const lit = literalValue(js);
  if (lit !== undefined) {
    const folded = foldScalar(lit, from, to);
    if (folded !== undefined) return numText(folded);
  }
  // A fixed is held as its code (types.ts, narrowStorage); as a number it is code / 255.
  if (from === 'fixed') return convertScalar(`$H.fixval(${js})`, 'float', to);
  if (from === 'shortfixed') return convertScalar(`$H.sfixval(${js})`, 'float', to);
  const fromInt = from === 'ptr' || isIntKind(from);
  switch (to) {
    case 'fixed':
      // BrookGPU's fixed(unsigned char) keeps an integer as the code; a float saturates and rounds.
      if (from === 'ulong') return `(${js} & 255)`;
      return fromInt ? `(${js} & 255)` : `$H.fixcode(${js})`;
    case 'shortfixed': // held as its 16-bit code, as fixed holds its 8-bit one
      if (from === 'ulong') return `(${js} & 65535)`;
      return fromInt ? `(${js} & 65535)` : `$H.sfixcode(${js})`;
    case 'float':
      if (from === 'ulong') return `Math.fround($H.u64(${js}))`;
      return from === 'float' ? js : `Math.fround(${js})`;
    case 'double':
      if (from === 'ulong') return `$H.u64(${js})`; // (double)(size_t)-1 is 2^64, not -1
      return js; // every other kind is exactly representable or already a double
    case 'int':
      if (from === 'char' || from === 'short' || from === 'uchar' || from === 'ushort' || from === 'bool') return js;
      return fromInt ? `(${js} | 0)` : `$H.f2i(${js})`;
    case 'uint':
      if (from === 'uchar' || from === 'ushort' || from === 'bool') return js;
      return fromInt ? `(${js} >>> 0)` : `$H.f2u(${js})`;
    case 'bool':
      return `(${js} ? 1 : 0)`;
    case 'char':
      if (from === 'bool') return js;
      return fromInt ? `((${js} << 24) >> 24)` : `(($H.f2i(${js}) << 24) >> 24)`;
    case 'uchar':
      if (from === 'bool') return js;
      return fromInt ? `(${js} & 255)` : `($H.f2i(${js}) & 255)`;
    case 'short':
      if (from === 'char' || from === 'uchar' || from === 'bool') return js;
      return fromInt ? `((${js} << 16) >> 16)` : `(($H.f2i(${js}) << 16) >> 16)`;
    case 'ushort':
      if (from === 'uchar' || from === 'bool') return js;
      return fromInt ? `(${js} & 65535)` : `($H.f2i(${js}) & 65535)`;
    case 'long': case 'ulong': case 'ptr':
      if (fromInt) return js;
      return `$H.f2l(${js})`;
  }
}

/** Byte size of the element a pointer of type `t` steps over (void * steps bytes, as GNU C). */
export function strideOf(t: Type): number {
  const elem = t.kind === 'pointer' ? t.to : t.kind === 'array' ? t.elem : t;
  if (elem.kind === 'void') return 1;
  return Math.max(1, sizeOf(elem));
}

/** Typed view and shift for a scalar kind in Mem, or undefined for 64-bit kinds (two words). */
/** The typed-array view of `$M` that holds a scalar of kind `s`, and log2 of its element size. */
export function view(s: ScalarName): [string, number] | undefined {
  switch (s) {
    case 'float': return ['f32', 2];
    case 'double': return ['f64', 3];
    case 'int': return ['i32', 2];
    case 'uint': case 'bool': return ['u32', 2];
    case 'char': return ['i8', 0];
    case 'uchar': case 'fixed': return ['u8', 0];
    case 'short': return ['i16', 1];
    case 'ushort': case 'shortfixed': return ['u16', 1];
    default: return undefined;
  }
}

/** `addr + off`, folding constant offsets (`($fp + 8)` + 4 -> `($fp + 12)`). */
export function addrPlus(addr: string, off: number | string): string {
  if (typeof off === 'string') {
    const v = literalValue(off);
    if (v === undefined) return `(${addr} + ${off})`;
    off = v;
  }
  if (off === 0) return addr;
  const m = /^\(([\w$]+) \+ (\d+)\)$/.exec(addr);
  if (m) return `(${m[1]} + ${Number(m[2]) + off})`;
  return off < 0 ? `(${addr} - ${-off})` : `(${addr} + ${off})`;
}

/** `n * stride` as an operand (a literal `n` folded): the byte offset of pointer arithmetic. */
export function scaled(n: string, stride: number): string {
  const v = literalValue(n);
  if (v !== undefined) return numText(v * stride);
  return stride === 1 ? n : `${n} * ${stride}`;
}

function index(addr: string, shift: number): string {
  return shift === 0 ? addr : `${addr} >>> ${shift}`;
}

/**
 * `addr` checked for an access of `t` (see hostlib/memory.ts, shadow memory): `chk` is the span
 * constant of the access, or undefined where the compiler proved the access valid.
 */
export function checkedAddr(addr: string, t: Type, write: boolean, chk: string | undefined, views?: ReadonlyMap<string, string>): string {
  if (chk === undefined) return addr;
  const n = Math.max(1, sizeOf(t));
  const w = write ? 1 : 0;
  if (n > 8) return `$H.ckr($M, ${addr}, ${n}, ${w}, ${chk})`;
  // In a call-free loop the shadow view is a local too (stmt.ts hoistViews): $ckv reads it instead of
  // `$M.sh`, a property load V8 repeats at every access.
  const sh = views?.get('sh');
  return sh ? `$ckv(${sh}, ${addr}, ${n}, ${w}, ${chk})` : `$ck(${addr}, ${n}, ${w}, ${chk})`;
}

/** Load a value of type `t` (scalar, pointer, vector) from address expression `addr`. */
/** `views`: typed-array views a call-free loop copied to locals (stmt.ts), by view name. */
export function loadCode(addr: string, t: Type, chk?: string, views?: ReadonlyMap<string, string>): string {
  if (t.kind === 'array') return addr; // arrays are their address: no access
  addr = checkedAddr(addr, t, false, chk, views);
  if (t.kind === 'scalar') {
    const v = view(t.name);
    return v ? `${views?.get(v[0]) ?? `$M.${v[0]}`}[${index(addr, v[1])}]` : `$M.loadI64(${addr})`;
  }
  if (t.kind === 'pointer') return `$M.loadI64(${addr})`;
  if (t.kind === 'vector') return `$H.loadVec($M, ${addr}, '${t.elem}', ${t.size})`;
  // structs are their address (checked above when reached through a pointer)
  return addr;
}

/** Store `value` (already converted to `t`) at `addr`; the expression's value is `value`. */
export function storeCode(addr: string, t: Type, value: string, chk?: string, views?: ReadonlyMap<string, string>): string {
  addr = checkedAddr(addr, t, true, chk, views);
  if (t.kind === 'scalar') {
    const v = view(t.name);
    return v ? `(${views?.get(v[0]) ?? `$M.${v[0]}`}[${index(addr, v[1])}] = ${value})` : `$M.storeI64(${addr}, ${value})`;
  }
  if (t.kind === 'pointer') return `$M.storeI64(${addr}, ${value})`;
  if (t.kind === 'vector') return `$H.storeVec($M, ${addr}, '${t.elem}', ${t.size}, ${value})`;
  if (t.kind === 'struct') return `$H.copy($M, ${addr}, ${value}, ${sizeOf(t)})`;
  throw new Error(`internal: store of ${t.kind}`);
}

/**
 * `left op right` for operands already converted to the scalar kind `k` (the usual arithmetic
 * conversions). Division and remainder by a possibly-zero integer go through $H (clear error).
 */
export function arith(op: string, left: string, right: string, k: ScalarName, spanOf: () => string, rightConst?: number): string {
  const safeDiv = rightConst !== undefined && rightConst !== 0;
  // The span constant is emitted only where a division can fail.
  const spanRef = safeDiv ? '' : op === '/' || op === '%' ? spanOf() : '';
  switch (k) {
    case 'float':
    case 'fixed': case 'shortfixed': // never an operand kind: a fixed promotes to float (check/typing.ts)
      return `Math.fround(${left} ${op} ${right})`;
    case 'double':
      return `(${left} ${op} ${right})`;
    case 'int':
    case 'bool':
    case 'char': case 'uchar': case 'short': case 'ushort':
      switch (op) {
        case '+': case '-': return `((${left} ${op} ${right}) | 0)`;
        case '*': return `Math.imul(${left}, ${right})`;
        case '/': return safeDiv ? `((${left} / ${right}) | 0)` : `$H.idiv(${left}, ${right}, ${spanRef})`;
        case '%': return safeDiv ? `((${left} % ${right}) | 0)` : `$H.imod(${left}, ${right}, ${spanRef})`;
        case '>>': return `(${left} >> ${right})`;
        default: return `(${left} ${op} ${right})`; // & | ^ << give int32 already
      }
    case 'uint':
      switch (op) {
        case '+': case '-': return `((${left} ${op} ${right}) >>> 0)`;
        case '*': return `(Math.imul(${left}, ${right}) >>> 0)`;
        case '/': return safeDiv ? `((${left} / ${right}) >>> 0)` : `$H.udiv(${left}, ${right}, ${spanRef})`;
        case '%': return safeDiv ? `((${left} % ${right}) >>> 0)` : `$H.umod(${left}, ${right}, ${spanRef})`;
        case '>>': return `(${left} >>> ${right})`;
        default: return `((${left} ${op} ${right}) >>> 0)`;
      }
    case 'ulong':
      // The signed bit pattern is kept (see the top of this file): division, remainder and right shift
      // read it as unsigned, so `((size_t)-1) / 2` is huge, not 0.
      switch (op) {
        case '/': return `$H.uldiv(${left}, ${right}, ${spanRef})`;
        case '%': return `$H.ulmod(${left}, ${right}, ${spanRef})`;
        case '>>': return `$H.l64('>>>', ${left}, ${right})`;
      }
    // falls through: + - * and the bitwise operators are the same bits as long's
    case 'long':
      switch (op) {
        case '+': case '-': case '*': return `(${left} ${op} ${right})`;
        case '/': return safeDiv ? `Math.trunc(${left} / ${right})` : `$H.ldiv(${left}, ${right}, ${spanRef})`;
        case '%': return safeDiv ? `(${left} % ${right})` : `$H.lmod(${left}, ${right}, ${spanRef})`;
        default: {
          // A long is an exact integer in a double: JavaScript's & keeps its low 32 bits (two's
          // complement), so a mask of 0..2^31-1 gives C's 64-bit result without BigInt (the pointer
          // walk `(p - base) & 1023` ran 25x slower than gcc through $H.l64).
          if (op === '&' && (isSmallMask(right) || isSmallMask(left))) return `(${left} & ${right})`;
          return `$H.l64('${op}', ${left}, ${right})`;
        }
      }
  }
}

/** A JavaScript literal of a whole number in 0..2^31-1 (a mask whose & fits in an int32). */
function isSmallMask(js: string): boolean {
  const t = js.trim().replace(/^\((.*)\)$/, '$1').trim();
  if (!/^(?:\d+|0x[0-9a-f]+)$/i.test(t)) return false;
  const v = Number(t);
  return v >= 0 && v <= 0x7fffffff;
}
