/**
 * Helpers that generated host code calls as `$H.name(...)`: C conversions the JS operators do not give
 * directly, integer division with a clear error on division by zero, host vector values (small JS
 * arrays, one number per component) and copies between Mem and flat component lists (kernel
 * constants, reductions into host structs).
 *
 * Everything here is a pure function of its arguments (Mem passed explicitly), so one `$H` object is
 * shared by every program and notebook session.
 */
import { BrookRuntimeError } from '../compiler/diagnostics.js';
import type { Span } from '../compiler/source.js';
import type { ScalarName, Type } from '../compiler/types.js';
import { fixedCode, fixedValue, flattenElement, shortfixedCode, shortfixedValue } from '../compiler/types.js';
import { WASM_FAULT_RECORD } from '../compiler/host-memory.js';
import { MemoryFault, type Mem } from './memory.js';

const fround = Math.fround;

/** float/double -> int as x86-64 does (cvttsd2si): truncation; NaN and out-of-range give INT_MIN. */
export function f2i(x: number): number {
  return x > -2147483649 && x < 2147483648 ? x | 0 : -2147483648;
}

/** float/double -> unsigned: gcc converts through int64, so negatives wrap modulo 2^32. */
export function f2u(x: number): number {
  const t = Math.trunc(x);
  if (!(Math.abs(t) < 9.2e18)) return 0;
  const r = t % 4294967296;
  return r < 0 ? r + 4294967296 : r;
}

/** float/double -> long: truncation (out of range is undefined in C; we saturate). */
export function f2l(x: number): number {
  if (Number.isNaN(x)) return -9223372036854775808;
  return Math.max(-9223372036854775808, Math.min(9223372036854775807, Math.trunc(x)));
}

/**
 * A notebook (TypeScript) value used where C wants a number (n = 1) or a vector of n numbers: numbers
 * and booleans pass, arrays of n numbers pass for vectors; anything else is a clear error, never a
 * string silently stored in a float.
 */
export function fromSession(v: unknown, n: number, span?: Span): number | number[] {
  if (n === 1 && (typeof v === 'number' || typeof v === 'boolean')) return Number(v);
  if (n > 1 && (Array.isArray(v) || ArrayBuffer.isView(v)) && (v as ArrayLike<unknown>).length === n && Array.from(v as ArrayLike<unknown>).every((x) => typeof x === 'number')) {
    return Array.from(v as ArrayLike<number>);
  }
  const what = v === null ? 'null' : Array.isArray(v) ? `an array of ${v.length}` : typeof v === 'object' ? 'an object' : typeof v === 'string' ? `the string ${JSON.stringify(v.length > 20 ? v.slice(0, 20) + '…' : v)}` : typeof v;
  throw new BrookRuntimeError('BRK5102', `a notebook value used here is ${what}, but ${n === 1 ? 'a number' : `a vector of ${n} numbers`} is needed`, span, n === 1 ? 'pass a number (or a boolean) from the TypeScript cell' : `pass an array of ${n} numbers from the TypeScript cell`);
}

/**
 * What a generated host function rethrows when a call inside it failed: the JS engine's stack
 * overflow becomes BRK5100 naming the recursing function; anything else passes unchanged.
 */
export function stackOverflow(e: unknown, fn: string, span?: Span): unknown {
  if (e instanceof StackOverflowError) {
    e.passedThrough(fn, span);
    return e;
  }
  // No regular expression here: compiling one with little stack left fails too (a SyntaxError
  // "Invalid regular expression: Maximum call stack size exceeded", which an outer frame gets).
  if ((e instanceof RangeError || e instanceof SyntaxError) && e.message.includes('call stack')) return new StackOverflowError(fn, span);
  if (!(e instanceof RangeError)) return e;
  // Mem.alloca: the frame (local arrays and structs) or a global does not fit the 4 GiB host memory.
  if (e.message.includes('out of host memory')) {
    return new BrookRuntimeError('BRK5103', `${e.message} in '${fn}'`, span, 'host memory holds at most 4 GiB: make local arrays smaller, allocate with malloc and check for NULL, or keep large data in streams');
  }
  return e;
}

/**
 * BRK5100. The frame that makes it is the innermost one with stack enough left to run the handler,
 * which depends on how much stack the engine's own code needs there (what V8 has compiled already:
 * a code cache, the backend in use); in a mutual recursion that frame's function flips between
 * ping and pong. So every frame the error passes through on the way out tells it its function, and
 * the error names the outermost one that recurs (seen further in too): the same for every run.
 */
class StackOverflowError extends BrookRuntimeError {
  private readonly seen = new Set<string>();

  constructor(fn: string, span?: Span) {
    super('BRK5100', overflowMessage(fn), span, overflowHint(fn));
    this.seen.add(fn);
  }

  passedThrough(fn: string, span?: Span): void {
    if (!this.seen.has(fn)) {
      this.seen.add(fn);
      return;
    }
    this.message = overflowMessage(fn);
    this.span = span;
    (this as { hint?: string }).hint = overflowHint(fn);
  }
}

const overflowMessage = (fn: string) => `stack overflow: calls of '${fn}' nest too deeply`;
const overflowHint = (fn: string) => `make sure the recursion of '${fn}' reaches its end; for deep but finite recursion use a loop (the host stack holds some thousands of calls)`;

/** A memory fault of the host library (free, memcpy...) as a runtime error at the C call. */
export function located(e: unknown, span?: Span): unknown {
  return e instanceof MemoryFault ? new BrookRuntimeError(e.code, e.message, span, e.hint) : e;
}

/**
 * The slow path of a checked access (generated code tests the shadow byte inline first): p when
 * the n bytes at p are addressable, else a located error (NULL, out of bounds, use after free).
 */
export function ck(M: Mem, p: number, n: number, write: number, span?: Span): number {
  if (M.accessible(p, n)) return p;
  throw located(M.fault(p, n, write !== 0), span);
}

/**
 * How many elements of 2^shift bytes from p on are addressable for sure while a call-free loop runs:
 * those of the malloc block p starts (0 for any other p: every access then takes the full check).
 */
export function span(M: Mem, p: number, shift: number): number {
  return count(M, p, 1 << shift);
}

/**
 * The slow path of a checked element access in a call-free loop (codegen/host/expr.ts elementIndex):
 * element index q of a view of 2^shift-byte elements, whose shadow byte was not 0. Returns q when the
 * bytes are addressable after all (a partial granule); otherwise the located fault.
 */
export function cki(M: Mem, q: number, shift: number, write: number, span?: Span): number {
  const n = 1 << shift;
  ck(M, q * n, n, write, span);
  return q;
}

/**
 * The slow path of element q of a pointer `base` that a call-free loop checks against `count`, the
 * elements of the malloc block base starts (hoist.ts hoistSpans; 0: base starts no block). With a
 * count, an element outside the block is a fault even where the bytes belong to another block (C
 * allows no pointer arithmetic out of an object; the shadow bytes alone would not see it). Without,
 * the full check (cki). Returns the element index `(base >>> shift) + q` when the access is valid.
 */
export function ckb(M: Mem, base: number, q: number, shift: number, write: number, count: number, span?: Span): number {
  const at = (base >>> shift) + q;
  if (count === 0) return cki(M, at, shift, write, span);
  throw outsideBlock(M, base, q, 1 << shift, 1 << shift, write, count, span);
}

/**
 * The fault of element q (of `stride` bytes, `size` of them accessed) of the malloc block of `count`
 * elements that `base` starts, q outside it: the memory's own description where the bytes are not
 * addressable, else that they belong to another object.
 */
function outsideBlock(M: Mem, base: number, q: number, stride: number, size: number, write: number, count: number, span?: Span, object = 'a malloc block'): unknown {
  const p = base + q * stride;
  if (!M.accessible(p, size)) return located(M.fault(p, size, write !== 0), span);
  const what = `${write ? 'write' : 'read'} of ${size} byte${size === 1 ? '' : 's'}`;
  return located(new MemoryFault('BRK5106', `out-of-bounds ${what}: element ${q} of ${object} of ${count} element${count === 1 ? '' : 's'} (at address ${p}, inside another object)`, 'keep the index within the array or block: valid indices of n elements are 0 to n - 1'), span);
}

/** How many whole elements of `stride` bytes the malloc block p starts holds (0: p starts none). */
export function count(M: Mem, p: number, stride: number): number {
  return Math.floor(M.mallocSpan(p) / stride);
}

/**
 * A checked access of n bytes (n > 8: vectors, struct copies), or the elements of `elem` bytes that
 * a loop will touch, checked once before it starts (the error names the first bad element).
 */
export function ckr(M: Mem, p: number, n: number, write: number, span?: Span, elem = 1): number {
  if (M.rangeAccessible(p, p + n)) return p;
  let q = p;
  while (q < p + n && M.rangeAccessible(q, q + elem)) q += elem;
  throw located(M.fault(q, elem, write !== 0), span);
}

/** A C++ static local whose initializer reached its own declaration again (g++ throws
 *  recursive_init_error): codegen/host/stmt.ts emitFirstPassStatics. */
export function recursiveInit(name: string, span?: Span): BrookRuntimeError {
  return new BrookRuntimeError('BRK5110', `the static local '${name}' is used by its own initializer: its declaration was reached again while it was being initialized`, span, 'initialize it from values that do not call back into this function (C++ says this is undefined; g++ throws recursive_init_error)');
}

function divZero(span?: Span): BrookRuntimeError {
  return new BrookRuntimeError('BRK5101', 'integer division by zero', span, 'check the divisor before dividing (a C program would stop with SIGFPE here)');
}

export function idiv(a: number, b: number, span?: Span): number {
  if (b === 0) throw divZero(span);
  return (a / b) | 0;
}

export function imod(a: number, b: number, span?: Span): number {
  if (b === 0) throw divZero(span);
  return (a % b) | 0;
}

export function udiv(a: number, b: number, span?: Span): number {
  if (b === 0) throw divZero(span);
  return (a / b) >>> 0;
}

export function umod(a: number, b: number, span?: Span): number {
  if (b === 0) throw divZero(span);
  return (a % b) >>> 0;
}

export function ldiv(a: number, b: number, span?: Span): number {
  if (b === 0) throw divZero(span);
  return Math.trunc(a / b);
}

export function lmod(a: number, b: number, span?: Span): number {
  if (b === 0) throw divZero(span);
  return a % b;
}

/**
 * An unsigned long held as its signed bit pattern (ctypes.ts), read as unsigned: `(size_t)-1` is 2^64
 * here, rounded as a double (exact below 2^53, as every long).
 */
export function u64(a: number): number {
  return a < 0 ? a + 18446744073709551616 : a;
}

function toU64(a: number): bigint {
  return BigInt.asUintN(64, BigInt(Math.trunc(a)));
}

/** unsigned long `/` through BigInt: `((size_t)-1) / 2` is 2^63 - 1 (printed as the nearest double). */
export function uldiv(a: number, b: number, span?: Span): number {
  if (b === 0) throw divZero(span);
  return Number(BigInt.asIntN(64, toU64(a) / toU64(b)));
}

export function ulmod(a: number, b: number, span?: Span): number {
  if (b === 0) throw divZero(span);
  return Number(BigInt.asIntN(64, toU64(a) % toU64(b)));
}

/** 64-bit shifts and bitwise operators (rare in host code): through BigInt. */
export function l64(op: string, a: number, b: number): number {
  const x = BigInt(Math.trunc(a));
  const y = BigInt(Math.trunc(b));
  let r: bigint;
  switch (op) {
    case '<<': r = x << (y & 63n); break;
    case '>>': r = x >> (y & 63n); break;
    case '>>>': r = BigInt.asUintN(64, x) >> (y & 63n); break; // unsigned long
    case '&': r = x & y; break;
    case '|': r = x | y; break;
    case '^': r = x ^ y; break;
    default: r = ~x;
  }
  return Number(BigInt.asIntN(64, r));
}

// ---------------------------------------------------------------------------------------------------
// Scalar conversion by kind name (used by the vector helpers)

export function conv(x: number, to: ScalarName): number {
  switch (to) {
    case 'float': return fround(x);
    case 'double': return x;
    case 'int': return Number.isInteger(x) ? x | 0 : f2i(x);
    case 'uint': return Number.isInteger(x) ? x >>> 0 : f2u(x);
    case 'bool': return x ? 1 : 0;
    case 'char': return (f2i(x) << 24) >> 24;
    case 'uchar': return f2i(x) & 255;
    case 'short': return (f2i(x) << 16) >> 16;
    case 'ushort': return f2i(x) & 65535;
    case 'fixed': return f2i(x) & 255; // a fixed is held as its code: values here are codes already
    case 'shortfixed': return f2i(x) & 65535;
    default: return Math.trunc(x);
  }
}

/** A host fixed's number value: its code / 255 (BrookGPU's fixed -> float conversion). */
export function fixval(code: number): number {
  return fixedValue(code);
}

/** The code of a float converted to fixed: saturated, scaled by 255, rounded half to even. */
export function fixcode(x: number): number {
  return fixedCode(x);
}

/** A host shortfixed's number value and a float's shortfixed code (types.ts shortfixedValue). */
export function sfixval(code: number): number {
  return shortfixedValue(code);
}
export function sfixcode(x: number): number {
  return shortfixedCode(x);
}

/** fixedN (codes) -> the numbers they stand for, before a conversion to another vector kind. */
export function vfixval(v: number[]): number[] {
  return v.map(fixedValue);
}

/** shortfixedN codes -> their numbers; a float vector (or scalar) -> `n` shortfixed codes. */
export function vsfixval(v: number[]): number[] {
  return v.map(shortfixedValue);
}
export function vsfixcode(v: number[] | number, n: number): number[] {
  const out = new Array<number>(n);
  for (let i = 0; i < n; i++) out[i] = shortfixedCode(typeof v === 'number' ? v : v[i]!);
  return out;
}

/** A float or double vector (or scalar) -> `n` fixed codes. */
export function vfixcode(v: number[] | number, n: number): number[] {
  const out = new Array<number>(n);
  for (let i = 0; i < n; i++) out[i] = fixedCode(typeof v === 'number' ? v : v[i]!);
  return out;
}

// ---------------------------------------------------------------------------------------------------
// Host vectors: JS arrays, copied on assignment.

export function splat(x: number, n: number): number[] {
  return n === 2 ? [x, x] : n === 3 ? [x, x, x] : [x, x, x, x];
}

/** Convert a vector (or splat a scalar) to `n` components of `kind`; a longer vector is narrowed. */
export function vconv(v: number[] | number, n: number, kind: ScalarName): number[] {
  const out = new Array<number>(n);
  for (let i = 0; i < n; i++) out[i] = conv(typeof v === 'number' ? v : v[i]!, kind);
  return out;
}

/** Componentwise binary operator; scalars splat. Comparisons give 0/1 ints. */
export function vbin(op: string, a: number[] | number, b: number[] | number, n: number, kind: ScalarName): number[] {
  const out = new Array<number>(n);
  for (let i = 0; i < n; i++) {
    const x = typeof a === 'number' ? a : a[i]!;
    const y = typeof b === 'number' ? b : b[i]!;
    let r: number;
    switch (op) {
      case '+': r = x + y; break;
      case '-': r = x - y; break;
      case '*': r = kind === 'int' || kind === 'uint' ? Math.imul(x, y) : x * y; break;
      case '/': r = kind === 'int' || kind === 'uint' ? (y === 0 ? 0 : Math.trunc(x / y)) : x / y; break;
      case '%': r = x % y; break;
      case '<': out[i] = x < y ? 1 : 0; continue;
      case '>': out[i] = x > y ? 1 : 0; continue;
      case '<=': out[i] = x <= y ? 1 : 0; continue;
      case '>=': out[i] = x >= y ? 1 : 0; continue;
      case '==': out[i] = x === y ? 1 : 0; continue;
      case '!=': out[i] = x !== y ? 1 : 0; continue;
      case '&': r = x & y; break;
      case '|': r = x | y; break;
      case '^': r = x ^ y; break;
      case '<<': r = x << y; break;
      case '>>': r = kind === 'uint' ? x >>> y : x >> y; break;
      default: throw new Error(`internal: vector operator ${op}`);
    }
    out[i] = conv(r, kind);
  }
  return out;
}

export function vneg(a: number[], kind: ScalarName): number[] {
  return a.map((x) => conv(-x, kind));
}

/** Write mask on a vector held in a JS variable: v.zy = value (scalar fills). Returns the value. */
export function setComps(v: number[], comps: number[], value: number[] | number, kind: ScalarName): number[] | number {
  for (let i = 0; i < comps.length; i++) v[comps[i]!] = conv(typeof value === 'number' ? value : value[i]!, kind);
  return value;
}

// ---------------------------------------------------------------------------------------------------
// Memory <-> values

export function loadScalar(M: Mem, addr: number, s: ScalarName): number {
  switch (s) {
    case 'float': return M.f32[addr >>> 2]!;
    case 'double': return M.f64[addr >>> 3]!;
    case 'int': return M.i32[addr >>> 2]!;
    case 'uint': case 'bool': return M.u32[addr >>> 2]!;
    case 'char': return M.i8[addr]!;
    case 'uchar': case 'fixed': return M.u8[addr]!;
    case 'short': return M.i16[addr >>> 1]!;
    case 'ushort': case 'shortfixed': return M.u16[addr >>> 1]!;
    default: return M.loadI64(addr);
  }
}

export function storeScalar(M: Mem, addr: number, s: ScalarName, v: number): number {
  switch (s) {
    case 'float': M.f32[addr >>> 2] = v; break;
    case 'double': M.f64[addr >>> 3] = v; break;
    case 'int': M.i32[addr >>> 2] = v; break;
    case 'uint': case 'bool': M.u32[addr >>> 2] = v; break;
    case 'char': M.i8[addr] = v; break;
    case 'uchar': case 'fixed': M.u8[addr] = v; break;
    case 'short': M.i16[addr >>> 1] = v; break;
    case 'ushort': case 'shortfixed': M.u16[addr >>> 1] = v; break;
    default: M.storeI64(addr, v);
  }
  return v;
}

const SCALAR_BYTES: Record<string, number> = { float: 4, double: 8, int: 4, uint: 4, bool: 4, char: 1, uchar: 1, short: 2, ushort: 2, long: 8, ulong: 8, fixed: 1 };

export function loadVec(M: Mem, addr: number, kind: ScalarName, n: number): number[] {
  const step = SCALAR_BYTES[kind]!;
  const out = new Array<number>(n);
  for (let i = 0; i < n; i++) out[i] = loadScalar(M, addr + i * step, kind);
  return out;
}

export function storeVec(M: Mem, addr: number, kind: ScalarName, n: number, v: number[] | number): number[] | number {
  const step = SCALAR_BYTES[kind]!;
  for (let i = 0; i < n; i++) storeScalar(M, addr + i * step, kind, conv(typeof v === 'number' ? v : v[i]!, kind));
  return v;
}

/** Write mask on a vector in memory. */
export function storeComps(M: Mem, addr: number, kind: ScalarName, comps: number[], v: number[] | number): number[] | number {
  const step = SCALAR_BYTES[kind]!;
  for (let i = 0; i < comps.length; i++) storeScalar(M, addr + comps[i]! * step, kind, conv(typeof v === 'number' ? v : v[i]!, kind));
  return v;
}

/** The flat component list of a value of element type `t` at addr (kernel constants, C layout). */
export function loadFlat(M: Mem, addr: number, t: Type): number[] {
  return flatOf(t).map((c) => loadScalar(M, addr + c.byteOffset, c.scalar));
}

/** Store flat components (a reduction result) into a value of type `t` at addr. */
export function storeFlat(M: Mem, addr: number, t: Type, values: number[] | number): void {
  const vals = typeof values === 'number' ? [values] : values;
  flatOf(t).forEach((c, i) => storeScalar(M, addr + c.byteOffset, c.scalar, conv(vals[i] ?? 0, c.scalar)));
}

const flatCache = new WeakMap<Type, ReturnType<typeof flattenElement>>();
function flatOf(t: Type): ReturnType<typeof flattenElement> {
  let f = flatCache.get(t);
  if (!f) flatCache.set(t, (f = flattenElement(t)));
  return f;
}

/** struct assignment and by-value copies. Returns dst. */
export function copy(M: Mem, dst: number, src: number, bytes: number): number {
  if (dst === src) return dst;
  // A small struct word by word when aligned (copyWithin costs ~0.15 us a call in V8, more than a
  // 12-byte struct's copy: bench loops.cxx_class); overlapping or large copies by copyWithin.
  if (bytes <= 64 && ((dst | src | bytes) & 3) === 0 && (dst + bytes <= src || src + bytes <= dst)) {
    const w = M.u32;
    for (let d = dst >>> 2, s = src >>> 2, e = (dst + bytes) >>> 2; d < e; d++, s++) w[d] = w[s]!;
    return dst;
  }
  M.u8.copyWithin(dst, src, src + bytes);
  return dst;
}

/**
 * A pointer as the runtime's HostArray: `bytes` bounds it (an array's size, or the rest of the malloc
 * block it starts), `elem` is the pointee type so the runtime can check it against the stream's.
 */
export function ptr(M: Mem, p: number, bytes?: number, elem?: Type): { mem: Mem; off: number; bytes?: number; elem?: Type } {
  const b = bytes ?? M.blockBytes(p);
  const out: { mem: Mem; off: number; bytes?: number; elem?: Type } = { mem: M, off: p };
  if (b !== undefined) out.bytes = b;
  if (elem !== undefined) out.elem = elem;
  return out;
}

/** Build argv in Mem: an array of argc + 1 char pointers (8 bytes each, NULL-terminated). */
export function buildArgv(M: Mem, args: string[]): number {
  const argv = M.calloc(args.length + 1, 8);
  args.forEach((a, i) => M.storeI64(argv + 8 * i, M.allocCString(Buffer.from(a, 'utf8').toString('latin1'))));
  return argv;
}

/** Swizzle read: `v.zx` -> [v[2], v[0]]. */
export function swz(v: number[], comps: number[]): number[] {
  return comps.map((i) => v[i]!);
}

/** Iterator bounds: a scalar or vector value as a list of components. */
export function flat(v: number | number[]): number[] {
  return typeof v === 'number' ? [v] : v.slice();
}

/** Domain bounds: `int2(x, y)` (x = fastest dimension) in declaration order [y, x]. */
export function dom(v: number | number[]): number[] {
  return typeof v === 'number' ? [v] : v.slice().reverse();
}

/** Notebook cells: free the stream a re-declared name held. */
export function releaseStream(rt: { free(s: never): void }, old: unknown): void {
  const s = old as { freed?: boolean; shape?: unknown } | undefined;
  if (s && typeof s === 'object' && s.freed === false && Array.isArray(s.shape)) rt.free(s as never);
}

// ---------------------------------------------------------------------------------------------------
// Host loops compiled to WebAssembly (compiler/codegen/host/wasmloop.ts)

/** Compiled modules by their bytes (base64): a program run again (the bench, tests) compiles once. */
const wasmModules = new Map<string, WebAssembly.Module>();
const WASM_MODULES_KEPT = 32;

/** The Math functions a compiled loop may import (the same ones the JavaScript code calls). */
const WASM_MATH: Record<string, (...xs: number[]) => number> = {
  sin: Math.sin, cos: Math.cos, tan: Math.tan, asin: Math.asin, acos: Math.acos, atan: Math.atan, atan2: Math.atan2,
  sinh: Math.sinh, cosh: Math.cosh, tanh: Math.tanh, asinh: Math.asinh, acosh: Math.acosh, atanh: Math.atanh,
  exp: Math.exp, expm1: Math.expm1, log: Math.log, log2: Math.log2, log10: Math.log10, log1p: Math.log1p,
  pow: Math.pow, cbrt: Math.cbrt, hypot: Math.hypot,
};

/**
 * Instantiate a program's module of compiled loops on its host memory. `spans` are the span constants
 * the helpers report: a checked element's slow path (`ck`: a partial granule passes, anything else is
 * the located fault, as cki) and a division whose divisor is 0 or -1 (`div`, as idiv/imod/udiv/umod).
 */
export function hostWasm(bytes64: string, M: Mem, spans: Span[]): Record<string, (...args: number[]) => unknown> {
  let module = wasmModules.get(bytes64);
  if (!module) {
    module = new WebAssembly.Module(Buffer.from(bytes64, 'base64'));
    if (wasmModules.size >= WASM_MODULES_KEPT) wasmModules.delete(wasmModules.keys().next().value!);
    wasmModules.set(bytes64, module);
  }
  const imports = {
    mem: M.memory,
    div: (a: number, b: number, which: number, k: number): number => {
      const span = spans[k];
      switch (which) {
        case 0: return idiv(a, b, span);
        case 1: return imod(a, b, span);
        case 2: return udiv(a >>> 0, b >>> 0, span);
        default: return umod(a >>> 0, b >>> 0, span);
      }
    },
    f2u: (x: number): number => f2u(x),
    ...WASM_MATH,
  };
  const exports = new WebAssembly.Instance(module, { m: imports as WebAssembly.Imports['m'] }).exports as Record<string, (...args: number[]) => unknown>;
  // A loop that traps after recording a failed check: the located fault instead of the trap.
  const loops: Record<string, (...args: number[]) => unknown> = {};
  for (const [name, f] of Object.entries(exports)) {
    loops[name] = function (this: unknown) {
      try {
        return f.apply(this, arguments as unknown as number[]);
      } catch (e) {
        throw wasmFault(M, e, spans);
      }
    };
  }
  return loops;
}

/** How long a call of a compiled host loop aims to run after its first (codegen/host/wasmloop.ts):
 *  long enough that the call costs nothing (~1 us), short enough that the loop soon runs the code V8
 *  optimizes while the first calls run. */
const LOOP_CALL_MS = 2;

/**
 * The next call's iteration budget of a compiled host loop that has not ended: `since` is when the
 * last call started (0: the first call, not timed), from which the budget scales to LOOP_CALL_MS,
 * by a factor between 1/4 and 4, at least 1 iteration and below 2^30 (an i32).
 */
export function loopBudget(budget: number, since: number): number {
  const factor = since === 0 ? 4 : Math.min(4, Math.max(0.25, LOOP_CALL_MS / Math.max(1e-3, performance.now() - since)));
  return Math.max(1, Math.min(2 ** 30, Math.round(budget * factor)));
}

/** The fault a compiled loop recorded before trapping (memory.ts WASM_FAULT_RECORD), or `e` itself. */
function wasmFault(M: Mem, e: unknown, spans: Span[]): unknown {
  const r = WASM_FAULT_RECORD >>> 2;
  // The first word: 1, or 2 where the index is unsigned (read as such, as the JavaScript path reads it).
  const tag = M.i32[r];
  if (!(e instanceof WebAssembly.RuntimeError) || (tag !== 1 && tag !== 2)) return e;
  M.i32[r] = 0;
  const [k, base, q, write, stride, size, length] = [M.i32[r + 1]!, M.u32[r + 2]!, tag === 2 ? M.u32[r + 3]! : M.i32[r + 3]!, M.i32[r + 4]!, M.i32[r + 5]!, M.i32[r + 6]!, M.i32[r + 7]!];
  if (length >= 0) return outsideBlock(M, base, q, stride, size, write, length, spans[k], 'an array');
  return outsideBlock(M, base, q, stride, size, write, count(M, base, stride), spans[k]);
}
