/**
 * The host IR as WebAssembly instructions (a call-free host loop's function, wasmloop.ts). The
 * meaning is the IR's; this file only chooses the instructions, giving the values the JavaScript
 * printer gives:
 * - the 32-bit integer kinds are i32s (int arithmetic wraps there as `| 0` does), float is f32 (one
 *   rounding per operation, as Math.fround of the double result for + - * / sqrt), double f64;
 * - division and remainder by a divisor that may be 0 (or -1 for int: INT_MIN / -1 traps in wasm)
 *   call the same $H helpers as JavaScript, which raise the located BRK5101 error;
 * - float to int is $H.f2i's rule (truncation; NaN and out of range give INT_MIN), to unsigned $H.f2u.
 * - a long (64-bit) value inside an expression is an i64 (printLong: C's 64-bit arithmetic, which is
 *   JavaScript's exact-integer-in-a-double wherever that is exact); a long variable is not (its
 *   JavaScript value would cross into WebAssembly as a BigInt), nor a long division that can fail;
 * What it cannot print (long variables, unsigned long, fixed, an unsigned index) throws NotCompiled:
 * the loop stays JavaScript.
 */
import type { Expr } from '../../../ast.js';
import type { Span } from '../../../source.js';
import type { FuncBuilder } from '../../wasm/func.js';
import type { OpName, ValType } from '../../wasm/encode.js';
import type { HostWasmModule } from '../wasmmodule.js';
import type { IrCond, IrValue, Kind } from './nodes.js';

/** Thrown while writing a loop that uses something the WebAssembly printer does not cover. */
export class NotCompiled extends Error {}

export function notCompiled(what: string): never {
  throw new NotCompiled(what);
}

/** The kinds a compiled loop holds: the 32-bit integers, float, double, and pointers (byte offsets). */
export type WasmKind = 'int' | 'uint' | 'short' | 'ushort' | 'char' | 'uchar' | 'bool' | 'float' | 'double' | 'ptr';
const WASM_KINDS = new Set<string>(['int', 'uint', 'short', 'ushort', 'char', 'uchar', 'bool', 'float', 'double', 'ptr']);

export function wasmKind(k: Kind | undefined): WasmKind {
  if (!k || !WASM_KINDS.has(k)) return notCompiled(`values of type ${k ?? 'unknown'}`);
  return k as WasmKind;
}

export function valType(k: WasmKind): ValType {
  return k === 'float' ? 'f32' : k === 'double' ? 'f64' : 'i32';
}

const isFloat = (k: WasmKind) => k === 'float' || k === 'double';
/** Kinds whose i32 holds a value that may be read as signed (all but uint and ptr). */
const signed = (k: WasmKind) => k !== 'uint' && k !== 'ptr';

/** Math functions that are one wasm instruction, by C name (double form; the `f` forms use f32). */
const NATIVE_MATH: Record<string, string> = { sqrt: 'sqrt', fabs: 'abs', floor: 'floor', ceil: 'ceil', trunc: 'trunc' };

export interface WasmPrinter {
  b: FuncBuilder;
  mod: HostWasmModule;
  /** Pushes an operand the IR leaves to the printer (wasmloop.ts): its kind. */
  leaf(e: Expr): WasmKind;
  /** Pushes the current value of a compound assignment's or ++/--'s target. */
  current?(): WasmKind;
  /** The span constant a failing division reports. */
  span(at: Span): string;
}

/** Pushes the value of `v`; returns its kind. */
export function printWasmValue(p: WasmPrinter, v: IrValue): WasmKind {
  const b = p.b;
  if (v.op === 'convert' && v.from === 'long') {
    const to = wasmKind(v.kind);
    printLong(p, v.arg);
    printLongConvert(p, to);
    return to;
  }
  const k = wasmKind(v.kind);
  switch (v.op) {
    case 'const':
      if (k === 'float') b.f32(Math.fround(v.value));
      else if (k === 'double') b.f64(v.value);
      else b.i32(v.value);
      return k;
    case 'leaf': {
      const got = p.leaf(v.expr);
      if (got !== k) notCompiled(`a ${got} where the IR has a ${k}`);
      return k;
    }
    case 'current':
      if (!p.current) throw new Error('internal: host IR current value without a target');
      p.current();
      return k;
    case 'convert':
      printWasmValue(p, v.arg);
      printWasmConvert(p, wasmKind(v.from), k);
      return k;
    case 'arith':
      printWasmValue(p, v.left);
      printWasmValue(p, v.right);
      arith(p, v, k);
      return k;
    case 'neg':
      if (k === 'float' || k === 'double') {
        printWasmValue(p, v.arg);
        b.op(k === 'float' ? 'f32.neg' : 'f64.neg');
        return k;
      }
      if (k !== 'int' && k !== 'uint') return notCompiled('negating this type');
      b.i32(0);
      printWasmValue(p, v.arg);
      b.op('i32.sub');
      return k;
    case 'bitnot':
      if (k !== 'int' && k !== 'uint') return notCompiled('~ on this type');
      printWasmValue(p, v.arg);
      b.i32(-1).op('i32.xor');
      return k;
    case 'bool':
      printWasmCond(p, v.cond);
      // Comparisons, ! and the logical operators leave 0 or 1; a plain truth value may not.
      if (v.cond.op === 'truth') b.op('i32.eqz').op('i32.eqz');
      return k;
    case 'select':
      printWasmCond(p, v.cond);
      b.open('if', null, valType(k));
      printWasmValue(p, v.then);
      b.else();
      printWasmValue(p, v.else);
      b.close();
      return k;
    case 'ptradd': {
      printWasmValue(p, v.ptr);
      printWasmIndex(p, v.index);
      if (v.stride !== 1) b.i32(v.stride).op('i32.mul');
      b.op(v.sub ? 'i32.sub' : 'i32.add');
      return k;
    }
    case 'ptrdiff':
      return notCompiled('the difference of two pointers as a value');
    case 'session':
      return notCompiled('a notebook value');
    case 'math':
      return math(p, v, k);
  }
}

/**
 * Pushes a long value as an i64: C's 64-bit two's complement arithmetic. Its leaves are 32-bit values
 * (converted), constants and pointer differences; a long variable is not compiled (wasmKind).
 */
function printLong(p: WasmPrinter, v: IrValue): void {
  const b = p.b;
  if (v.kind !== 'long') notCompiled(`a ${v.kind} where a long is wanted`);
  switch (v.op) {
    case 'const':
      b.const('i64', v.value);
      return;
    case 'convert': {
      const from = wasmKind(v.from);
      if (isFloat(from)) notCompiled('a floating-point value converted to long');
      printWasmValue(p, v.arg);
      b.op(signed(from) ? 'i64.extend_i32_s' : 'i64.extend_i32_u');
      return;
    }
    case 'ptrdiff':
      // Addresses are unsigned 32-bit byte offsets; their difference in elements (exact in C).
      printWasmValue(p, v.left);
      b.op('i64.extend_i32_u');
      printWasmValue(p, v.right);
      b.op('i64.extend_i32_u').op('i64.sub');
      if (v.stride !== 1) b.const('i64', v.stride).op('i64.div_s');
      return;
    case 'neg':
      b.const('i64', 0);
      printLong(p, v.arg);
      b.op('i64.sub');
      return;
    case 'bitnot':
      printLong(p, v.arg);
      b.const('i64', -1).op('i64.xor');
      return;
    case 'select':
      printWasmCond(p, v.cond);
      b.open('if', null, 'i64');
      printLong(p, v.then);
      b.else();
      printLong(p, v.else);
      b.close();
      return;
    case 'arith': {
      printLong(p, v.left);
      const op = v.bin;
      if (op === '<<' || op === '>>') {
        // The count is an int (lower.ts); a count outside 0..63 is undefined in C.
        printWasmValue(p, v.right);
        b.op('i64.extend_i32_s').op(op === '<<' ? 'i64.shl' : 'i64.shr_s');
        return;
      }
      printLong(p, v.right);
      const ops: Partial<Record<string, OpName>> = { '+': 'i64.add', '-': 'i64.sub', '*': 'i64.mul', '&': 'i64.and', '|': 'i64.or', '^': 'i64.xor' };
      const native = ops[op];
      if (native) {
        b.op(native);
        return;
      }
      // A division that cannot fail (a literal divisor, not 0 or -1); the others stay JavaScript ($H.ldiv).
      if (v.divisor === undefined || v.divisor === 0 || v.divisor === -1) notCompiled('a long division that can fail');
      b.op(op === '/' ? 'i64.div_s' : 'i64.rem_s');
      return;
    }
    default:
      notCompiled(`a long ${v.op}`);
  }
}

/** Converts the i64 on the stack (a long) to kind `to` (ctypes.ts convertScalar's values). */
function printLongConvert(p: WasmPrinter, to: WasmKind): void {
  const b = p.b;
  if (to === 'float') b.op('f32.convert_i64_s');
  else if (to === 'double') b.op('f64.convert_i64_s');
  else if (to === 'bool') b.const('i64', 0).op('i64.ne');
  else {
    b.op('i32.wrap_i64');
    printWasmConvert(p, 'int', to);
  }
}

/**
 * Pushes the index of pointer arithmetic (ptradd's `index`, converted to long: ptrdiff_t) as an i32:
 * for a signed 32-bit kind the same address arithmetic modulo 2^32. An unsigned index is a
 * non-negative long in JavaScript, not an i32 here: not compiled.
 */
/** An element index as an i32. Unsigned only where `checked`: the caller compares it (i32.lt_u) with
 *  its block's count before use (wasmloop-access.ts), so index * stride cannot wrap. */
export function printWasmIndex(p: WasmPrinter, v: IrValue, checked = false): void {
  const index = v.op === 'convert' && v.kind === 'long' ? v.arg : v;
  const k = wasmKind(index.kind);
  if (isFloat(k) || k === 'ptr') notCompiled('this index');
  if (k === 'uint' && !checked) notCompiled('an unsigned index');
  printWasmValue(p, index);
}

/** `l op r` on the two operands on the stack, of kind `k`. */
function arith(p: WasmPrinter, v: Extract<IrValue, { op: 'arith' }>, k: WasmKind): void {
  const b = p.b;
  const op = v.bin;
  if (op === '<<' || op === '>>') {
    if (k !== 'int' && k !== 'uint') notCompiled(`shifts in ${k}`);
    b.op(op === '<<' ? 'i32.shl' : k === 'uint' ? 'i32.shr_u' : 'i32.shr_s');
    return;
  }
  if (isFloat(k)) {
    const ops: Record<string, string> = { '+': 'add', '-': 'sub', '*': 'mul', '/': 'div' };
    if (!ops[op]) notCompiled(`'${op}' on floating point`);
    b.op(`${k === 'float' ? 'f32' : 'f64'}.${ops[op]}` as never);
    return;
  }
  if (k !== 'int' && k !== 'uint') notCompiled(`arithmetic in ${k}`);
  const unsigned = k === 'uint';
  switch (op) {
    case '+': b.op('i32.add'); return;
    case '-': b.op('i32.sub'); return;
    case '*': b.op('i32.mul'); return;
    case '&': b.op('i32.and'); return;
    case '|': b.op('i32.or'); return;
    case '^': b.op('i32.xor'); return;
    case '/': case '%': {
      const native = op === '/' ? (unsigned ? 'i32.div_u' : 'i32.div_s') : unsigned ? 'i32.rem_u' : 'i32.rem_s';
      // A constant divisor that cannot trap: the instruction alone (JavaScript: no helper either).
      if (v.divisor !== undefined && v.divisor !== 0 && (unsigned || v.divisor !== -1)) {
        b.op(native);
        return;
      }
      // Otherwise 0 (and -1 for int, where INT_MIN / -1 traps) go to $H, as in JavaScript.
      const x = b.local('i32');
      const y = b.local('i32');
      b.set(y).set(x);
      if (unsigned) b.get(y).op('i32.eqz');
      else b.get(y).i32(1).op('i32.add').i32(1).op('i32.le_u'); // y == 0 || y == -1
      b.open('if', null, 'i32');
      const which = (op === '/' ? 0 : 1) + (unsigned ? 2 : 0);
      const fn = p.mod.importIndex('div', ['i32', 'i32', 'i32', 'i32'], ['i32']);
      b.get(x).get(y).i32(which).i32(p.mod.spanIndex(p.span(v.at))).call(fn);
      b.else();
      b.get(x).get(y).op(native);
      b.close();
      return;
    }
  }
}

function math(p: WasmPrinter, v: Extract<IrValue, { op: 'math' }>, ret: WasmKind): WasmKind {
  const b = p.b;
  if (v.name === 'abs') {
    // (Math.abs(x) | 0): two's complement, abs(INT_MIN) stays INT_MIN.
    const x = b.local('i32');
    printWasmValue(p, v.args[0]!);
    b.set(x).i32(0).get(x).op('i32.sub').get(x).get(x).i32(0).op('i32.lt_s').op('select');
    return ret;
  }
  if (v.name === 'isnan') {
    const x = b.local('f64');
    printWasmConvert(p, printWasmValue(p, v.args[0]!), 'double');
    b.tee(x).get(x).op('f64.ne');
    return ret;
  }
  const native = NATIVE_MATH[v.name];
  if (native) {
    const k: WasmKind = v.single ? 'float' : 'double';
    printWasmConvert(p, printWasmValue(p, v.args[0]!), k);
    b.op(`${v.single ? 'f32' : 'f64'}.${native}` as never);
    printWasmConvert(p, k, ret);
    return ret;
  }
  // Math.fround(Math.f(x)) for the float forms: the double function on the promoted arguments.
  for (const a of v.args) printWasmConvert(p, printWasmValue(p, a), 'double');
  b.call(p.mod.importIndex(v.name, v.args.map(() => 'f64'), ['f64']));
  printWasmConvert(p, 'double', ret);
  return ret;
}

/** Pushes a truth value (i32, nonzero = true). */
export function printWasmCond(p: WasmPrinter, cond: IrCond): void {
  const b = p.b;
  switch (cond.op) {
    case 'compare': {
      if (cond.kind === 'long') {
        printLong(p, cond.left);
        printLong(p, cond.right);
        const names: Record<string, OpName> = { '<': 'i64.lt_s', '>': 'i64.gt_s', '<=': 'i64.le_s', '>=': 'i64.ge_s', '==': 'i64.eq', '!=': 'i64.ne' };
        b.op(names[cond.cmp]!);
        return;
      }
      const k = wasmKind(cond.kind);
      printWasmValue(p, cond.left);
      printWasmValue(p, cond.right);
      const t = k === 'float' ? 'f32' : k === 'double' ? 'f64' : 'i32';
      const names: Record<string, string> = { '<': 'lt', '>': 'gt', '<=': 'le', '>=': 'ge', '==': 'eq', '!=': 'ne' };
      let n = names[cond.cmp]!;
      if (t === 'i32' && n !== 'eq' && n !== 'ne') n += signed(k) ? '_s' : '_u';
      b.op(`${t}.${n}` as never);
      return;
    }
    case 'logical':
      // 0 or 1, the right side evaluated only when it decides.
      printWasmCond(p, cond.left);
      b.open('if', null, 'i32');
      if (cond.and) {
        printWasmCond(p, cond.right);
        b.op('i32.eqz').op('i32.eqz');
        b.else().i32(0);
      } else {
        b.i32(1).else();
        printWasmCond(p, cond.right);
        b.op('i32.eqz').op('i32.eqz');
      }
      b.close();
      return;
    case 'not':
      printWasmCond(p, cond.arg);
      b.op('i32.eqz');
      return;
    case 'truth': {
      if (cond.arg.kind === 'long') {
        printLong(p, cond.arg);
        b.op('i64.eqz').op('i32.eqz');
        return;
      }
      const k = printWasmValue(p, cond.arg);
      if (k === 'float') b.f32(0).op('f32.ne');
      else if (k === 'double') b.f64(0).op('f64.ne');
    }
  }
}

/** Converts the value on the stack from kind `from` to kind `to` (ctypes.ts convertScalar's values). */
export function printWasmConvert(p: WasmPrinter, from: WasmKind, to: WasmKind): void {
  const b = p.b;
  if (from === to) return;
  if (to === 'float' || to === 'double') {
    const t = to === 'float' ? 'f32' : 'f64';
    if (from === 'float') b.op('f64.promote_f32');
    else if (from === 'double') b.op('f32.demote_f64');
    else b.op(`${t}.convert_i32_${from === 'uint' || from === 'ptr' ? 'u' : 's'}` as never);
    return;
  }
  if (isFloat(from)) {
    if (from === 'float') b.op('f64.promote_f32');
    if (to === 'uint' || to === 'ptr') {
      if (to === 'ptr') notCompiled('a float converted to a pointer');
      b.call(p.mod.importIndex('f2u', ['f64'], ['i32']));
      return;
    }
    if (to === 'bool') {
      // JavaScript's `x ? 1 : 0`: NaN is false.
      const x = b.local('f64');
      b.tee(x).f64(0).op('f64.ne').get(x).get(x).op('f64.eq').op('i32.and');
      return;
    }
    // $H.f2i: truncation; NaN and out of range give INT_MIN.
    const x = b.local('f64');
    b.tee(x).sat('i32.trunc_sat_f64_s').i32(-2147483648);
    b.get(x).f64(-2147483649).op('f64.gt').get(x).f64(2147483648).op('f64.lt').op('i32.and');
    b.op('select');
    printWasmConvert(p, 'int', to);
    return;
  }
  // Between 32-bit integers: the same bits, narrowed where the target is narrower.
  switch (to) {
    case 'char': if (from !== 'bool') b.op('i32.extend8_s'); return;
    case 'uchar': if (from !== 'bool') b.i32(255).op('i32.and'); return;
    case 'short': if (from !== 'char' && from !== 'uchar' && from !== 'bool') b.op('i32.extend16_s'); return;
    case 'ushort': if (from !== 'uchar' && from !== 'bool') b.i32(65535).op('i32.and'); return;
    case 'bool': b.i32(0).op('i32.ne'); return;
    case 'int': case 'uint': case 'ptr': return;
  }
}
