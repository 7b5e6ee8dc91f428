/**
 * Checked memory access in a compiled host loop (wasmloop-writer.ts): the address of an element
 * checked against the count of its block as the JavaScript code checks it (an access outside writes
 * a fault record and traps), the JavaScript variable that holds that count, and the load and store
 * instructions of each value kind.
 */
import type { Expr } from '../../ast.js';
import type { FuncBuilder } from '../wasm/func.js';
import { OP } from '../wasm/encode.js';
import { WASM_FAULT_RECORD } from '../../host-memory.js';
import type { Ctx } from './expr.js';
import { emitValue as emitJsValue } from './expr.js';
import { notCompiled, printWasmIndex, printWasmValue, type IrValue, type WasmKind, type WasmPrinter } from './ir/index.js';

/** What one checked element access is checked against, and how it is recorded if it faults. */
export interface CheckedAccess {
  /** The local holding the block's element count (a pointer's block), or undefined for a fixed array. */
  count: number | undefined;
  /** A fixed array's length (when `count` is undefined). */
  length: number | undefined;
  /** The source span's index in the module's span table (the fault names it). */
  spanK: number;
  write: boolean;
  stride: number;
  size: number;
  /** The index is unsigned (the fault record says so: its address is base + index as unsigned). */
  unsigned?: boolean;
}

/** Pushes the address `ptr + index * stride` of `at`, trapping after a fault record when index is outside. */
export function emitCheckedAddress(b: FuncBuilder, printer: WasmPrinter, at: Extract<IrValue, { op: 'ptradd' }>, a: CheckedAccess): void {
  const base = b.local('i32');
  const q = b.local('i32');
  printWasmValue(printer, at.ptr);
  b.set(base);
  printWasmIndex(printer, at.index, true);
  b.tee(q);
  if (a.count !== undefined) b.get(a.count);
  else b.i32(a.length!);
  b.op('i32.lt_u').op('i32.eqz');
  // Outside the block: record the access and trap (a call here, even never taken, makes V8 keep
  // the loop's values in memory: a checked gather ran 3x slower). The loop runs only where every
  // count is above 0, so this element is outside its block: a fault (hostlib support.ts ckbs says
  // which), raised by wasmFault from the record.
  b.open('if');
  // The array's length, or -1: the count of the malloc block base starts.
  const record = [a.unsigned ? 2 : 1, a.spanK, base, q, a.write ? 1 : 0, a.stride, a.size, a.length ?? -1];
  record.forEach((v, k) => {
    b.i32(WASM_FAULT_RECORD + 4 * k);
    if (k === 2 || k === 3) b.get(v);
    else b.i32(v);
    b.code.push(OP['i32.store'], 2, 0);
  });
  b.op('unreachable');
  b.close();
  b.get(base).get(q);
  if (a.stride !== 1) b.i32(a.stride).op('i32.mul');
  b.op('i32.add');
}

/**
 * The JavaScript variable holding how many elements of `stride` bytes the malloc block pointer P
 * starts holds: hoistSpans' count where it made one, else a temp the loop's guard sets
 * ($H.count; `counts` shares the temps between the loops of one function); `guards` gets the test
 * that requires it above 0.
 */
export function blockCountVariable(c: Ctx, counts: Map<string, string>, guards: Map<string, string>, p: Extract<Expr, { kind: 'Ident' }>, stride: number, size: number): string {
  const pJs = emitJsValue(c, p);
  const shift = Math.log2(stride);
  const spanned = stride === size && Number.isInteger(shift) ? c.spans?.get(`${pJs}|${shift}`) : undefined;
  if (spanned) {
    guards.set(spanned, `${spanned} > 0`);
    return spanned;
  }
  const key = `${pJs}|${stride}`;
  let t = counts.get(key);
  if (!t) {
    t = c.f!.temp();
    counts.set(key, t);
  }
  guards.set(t, `(${t} = $H.count($M, ${pJs}, ${stride})) > 0`);
  return t;
}

/** The load and store instructions of a value kind in memory, and log2 of its alignment. */
export function memoryOps(k: WasmKind): [keyof typeof OP, keyof typeof OP, number] {
  switch (k) {
    case 'float': return ['f32.load', 'f32.store', 2];
    case 'double': return ['f64.load', 'f64.store', 3];
    case 'char': return ['i32.load8_s', 'i32.store8', 0];
    case 'uchar': return ['i32.load8_u', 'i32.store8', 0];
    case 'short': return ['i32.load16_s', 'i32.store16', 1];
    case 'ushort': return ['i32.load16_u', 'i32.store16', 1];
    case 'ptr': return notCompiled('a pointer in memory (8 bytes)');
    default: return ['i32.load', 'i32.store', 2];
  }
}
