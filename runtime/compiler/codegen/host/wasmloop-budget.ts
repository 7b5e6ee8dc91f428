/**
 * How a call of a compiled host loop keeps to its budget of iterations (the function's last
 * parameter; wasmloop.ts calls again until the loop has ended, wasmloop-writer.ts writes the loop).
 * A call runs at most that many iterations of the top loop, then returns with 0 at WASM_LOOP_ENDED;
 * the loop's end (its test fails, a `break`) writes 1 there. The budget is kept:
 * - in a counted top loop `for (; i < E; i++)` (wasmloop-nest.ts loopCounter: E unchanged by the
 *   nest) by testing i against min(E, i + budget), taken once a call: no cost an iteration;
 * - in any other top loop of a cell, or with inner loops, by counting iterations down (a decrement
 *   and a branch an iteration of the top loop);
 * - not at all in any other loop: it runs to its end in one call, since a count down in a tight loop
 *   cost up to 18% (bench/cases/host_shapes.c structs, 2core).
 */
import { WASM_LOOP_ENDED } from '../../host-memory.js';
import { OP } from '../wasm/encode.js';
import type { FuncBuilder } from '../wasm/func.js';

/** Writes how the call leaves the top loop (`ended` pushes 1: ended, 0: out of budget) at WASM_LOOP_ENDED. */
export function storeEnded(b: FuncBuilder, ended: () => void): void {
  b.i32(WASM_LOOP_ENDED);
  ended();
  b.code.push(OP['i32.store'], 2, 0);
}

/** Pops i (i32) and sets local `lim` to min(local `end`, i + local `budget`), in 64 bits so no sum wraps. */
export function setCallLimit(b: FuncBuilder, end: number, budget: number, lim: number): void {
  const a = b.local('i64');
  const z = b.local('i64');
  b.op('i64.extend_i32_s').get(budget).op('i64.extend_i32_u').op('i64.add').set(a);
  b.get(end).op('i64.extend_i32_s').set(z);
  b.get(a).get(z).get(a).get(z).op('i64.lt_s').op('select').op('i32.wrap_i64').set(lim);
}

/** The count down at the top loop's back edge: leaves to `out` once `budget` iterations have run. */
export function countDown(b: FuncBuilder, budget: number, out: string): void {
  b.get(budget).i32(1).op('i32.sub').tee(budget).op('i32.eqz').brIf(out);
}
