/**
 * The loop around a kernel body in WebAssembly: the loop plan (codegen/loop-plan.ts), printed as the
 * JavaScript drivers print it (codegen/js/drivers.ts), for the same `JsPlan`, reading the same launch
 * data `L`.
 *
 * Out: module bytes exporting `run(start, end, ...values)` and the source of a JavaScript wrapper
 * `run(L, start, end)` that takes the values from L (byte addresses of streams in the shared memory,
 * extents, constants) and calls it. Streams must live in the memory the module imports (the CPU
 * backend's arena): an argument's byte address is its view's `byteOffset`.
 *
 * Covered: map kernels and full reductions (`reduceAll`) over in/out streams addressed linearly or per
 * dimension (resized or not), constants, gathers, indexof (extents up to SMALL_WHOLE, so positions
 * are exact in float32), helper calls, loops and branches. Everything else (iterators, vout, masks,
 * partial reductions, scatters, narrow streams) throws WasmUnsupported and the JavaScript kernel runs
 * instead.
 */
import type { KernelFacts } from '../../facts/index.js';
import type { KernelIR } from '../../ir.js';
import type { JsPlan } from '../loop-plan.js';
import { encodeModule, OP, type HostImport } from './encode.js';
import { advance, bodyVersion, dimIndex, dimsN, elementStart, iterValue, pushAsF64, seed, stores } from './element.js';
import { append } from './func.js';
import { createWasmLaunch, END, indexofWalk, type WasmLaunch } from './launch.js';
import { vectorStart, vectorStores, vectorVersion, type Vector } from './vector.js';

export interface WasmKernelCode {
  bytes: Uint8Array;
  /** Host functions the module imports (HOST_IMPORTS_SOURCE names), in import order. */
  imports: HostImport[];
  /** `new Function('ex', wrapper)(instance.exports)` gives `run(L, start, end)`, with `run.values(L, V)`
   *  (the launch values into a Float64Array, `run.valueCount` of them) and `run.runValues(V, start, end)`. */
  wrapper: string;
  /** Whether the body has a vector version (4 positions per step). */
  vector: boolean;
  /** In the vector version: operations done lane by lane (extract, scalar code, rebuild); 0 without one. */
  laneOps: number;
  /** The vector version keeps elements as stored, one v128 each (vector.ts `asStored`). */
  asStored: boolean;
}

/** Pages the module's memory import may reach (the arena's maximum or more). */
const MAX_PAGES = 65536;

const WRAPPER_PRELUDE = `"use strict";
function f2i(x) { return x >= 2147483647 ? 2147483647 : x <= -2147483648 ? -2147483648 : (x | 0); }
function f2u(x) { return x >= 4294967295 ? 4294967295 : x > 0 ? (x >>> 0) : 0; }
const wasmRun = ex.run;`;

export function generateKernelWasm(ir: KernelIR, plan: JsPlan, facts: KernelFacts): WasmKernelCode {
  const lw = createWasmLaunch(ir, plan, facts);
  const { f, emitter, params, values } = lw;
  f.open('block', 'done');
  f.open('loop', 'rows');
  writeRowStart(lw);
  const vector = writeElementLoop(lw);
  writeRowEnd(lw);
  f.br('rows');
  f.close();
  f.close();

  const bytes = encodeModule({ params, locals: f.locals, code: f.code }, emitter.imports, MAX_PAGES);
  // run(L, start, end) for the calling thread; run.values(L, V) writes the launch values into V (a
  // shared Float64Array: every value is an i32, f32 or f64, exact as a double) and run.runValues(V,
  // start, end) runs from them, so worker threads get a launch without a message (workers.ts).
  const wrapper = `${WRAPPER_PRELUDE}
const run = function run(L, start, end) {
  wasmRun(start, end${values.map((v) => `, ${v.js}`).join('')});
};
run.values = function values(L, V) {
${values.map((v, k) => `  V[${k}] = ${v.js};`).join('\n')}
};
run.valueCount = ${values.length};
run.runValues = function runValues(V, start, end) {
  wasmRun(start, end${values.map((_, k) => `, V[${k}]`).join('')});
};
return run;`;
  return { bytes, imports: emitter.imports, wrapper, vector: vector !== null, laneOps: vector?.laneOps ?? 0, asStored: vector?.asStored ?? false };
}

/** A row segment's start: its end (row end, range end, chunk end), the row-fixed iterator and indexof
 *  components and stream addresses, and in a full reduction the seed from the chunk's first element. */
function writeRowStart(lw: WasmLaunch): void {
  const { f, i, stop, c, E, loop, CH, chunkEnd, iters, indexofLocals, indexofInts, addressed, first, usesCoords } = lw;
  f.get(i).get(END).op('i32.ge_s').brIf('done');
  if (usesCoords) {
    // stop = min(i + (E3 - c3), end)
    f.get(i).get(E[3]!).op('i32.add').get(c[3]!).op('i32.sub').set(stop);
    f.get(stop).get(END).get(stop).get(END).op('i32.lt_s').op('select').set(stop);
  } else {
    f.get(END).set(stop);
  }
  if (loop.chunked) {
    f.get(i).get(CH).op('i32.div_u').i32(1).op('i32.add').get(CH).op('i32.mul').set(chunkEnd);
    f.get(stop).get(chunkEnd).get(stop).get(chunkEnd).op('i32.lt_s').op('select').set(stop);
  }
  for (const it of iters) {
    if (it.where !== 'row') continue;
    dimIndex(lw, it.forms, it.d, dimsN(it));
    iterValue(lw, it);
  }
  for (const [k, xs] of indexofLocals) {
    const w = indexofWalk(lw, k);
    for (const d of [0, 1, 2]) {
      dimIndex(lw, w.forms, d, w.N);
      f.tee(indexofInts.get(k)![3 - d]!).op('f32.convert_i32_s').set(xs[3 - d]!);
    }
  }
  for (const s of addressed) {
    if (s.walk.linear) {
      f.get(s.addr).get(i).i32(s.words * 4).op('i32.mul').op('i32.add').set(s.running);
      continue;
    }
    // Row element index (relative to the domain's first element): sum of index_d * stride_d.
    f.i32(0);
    for (const d of [0, 1, 2]) {
      dimIndex(lw, s.walk.forms, d, s.N);
      f.get(s.S[d]!).op('i32.mul').op('i32.add');
    }
    f.set(s.row);
    if (s.walk.running) f.get(s.row).get(c[3]!).op('i32.add').i32(s.words * 4).op('i32.mul').get(s.addr).op('i32.add').set(s.running);
  }
  if (loop.chunked) {
    // The chunk's first element seeds the accumulator (before the element loop: loop-plan.ts).
    f.get(first);
    f.open('if');
    elementStart(lw);
    seed(lw);
    f.i32(0).set(first);
    advance(lw);
    f.close();
  }
}

/**
 * The element loop of a row segment, written aside so the body's row-fixed operations (collected
 * meanwhile in emitter.rowCode) can be placed before it. Returns the vector version, if any.
 */
function writeElementLoop(lw: WasmLaunch): Vector | null {
  const { f, i, stop, c, E, emitter, streams, mask } = lw;
  const rowPart = f.code;
  const hoisted: number[] = [];
  f.code = [];
  emitter.rowCode = hoisted;
  // The body, and where gathers are indexed by c3 + K (stencils), a second version without their
  // clamps for the positions where every such index is inside its extent (c3 in [lo, hi)); and for
  // streams of one word per element, a vector version doing 4 positions of [lo, hi) per step.
  const general = bodyVersion(f, emitter, false);
  const interior = emitter.interiorUses.size > 0 ? bodyVersion(f, emitter, true) : null;
  const vector = vectorVersion(lw);
  const lo = f.local('i32');
  const hi = f.local('i32');
  if (interior || vector) {
    const uses = [...emitter.interiorUses.values()];
    const saved = f.code;
    f.code = hoisted;
    // lo = max(0, -K...), hi = min(E3, n - K...): K are constants, n launch values.
    f.i32(Math.max(0, ...uses.map((u) => -u.K))).set(lo);
    f.get(E[3]!).set(hi);
    for (const u of uses) {
      f.get(u.n).i32(u.K).op('i32.sub').get(hi).get(u.n).i32(u.K).op('i32.sub').get(hi).op('i32.lt_s').op('select').set(hi);
    }
    f.code = saved;
  }
  f.open('block', 'rowdone');
  f.open('loop', 'el');
  f.get(i).get(stop).op('i32.ge_s').brIf('rowdone');
  if (vector) {
    // 4 positions at once while they are all in [lo, hi) and in this range.
    f.get(c[3]!).get(lo).op('i32.ge_s');
    f.get(c[3]!).i32(4).op('i32.add').get(hi).op('i32.le_s').op('i32.and');
    f.get(i).i32(4).op('i32.add').get(stop).op('i32.le_s').op('i32.and');
    f.open('if');
    vectorStart(lw, vector);
    append(f.code, [OP.block, 0x40], vector.code, [OP.end]);
    vectorStores(lw, vector);
    f.get(i).i32(4).op('i32.add').set(i);
    f.get(c[3]!).i32(4).op('i32.add').set(c[3]!);
    for (const s of streams) f.get(s.running).i32(16 * s.words).op('i32.add').set(s.running);
    f.br('el');
    f.close();
  }
  if (mask) {
    if (!mask.walk.running) {
      f.get(mask.row);
      dimIndex(lw, mask.walk.forms, 3, mask.N);
      f.op('i32.add').i32(4).op('i32.mul').get(mask.addr).op('i32.add').set(mask.running);
    }
    f.open('block', 'masked');
    f.get(mask.running).load('f32').f32(0).op('f32.eq').brIf('masked');
  }
  elementStart(lw);
  if (interior) {
    f.get(c[3]!).get(lo).op('i32.ge_s').get(c[3]!).get(hi).op('i32.lt_s').op('i32.and');
    append(f.code, [OP.if, 0x40], interior, [OP.else], general, [OP.end]);
  } else {
    append(f.code, [OP.block, 0x40], general, [OP.end]);
  }
  stores(lw);
  if (mask) f.close();
  advance(lw);
  f.br('el');
  f.close();
  f.close();
  emitter.rowCode = null;
  const elementPart = f.code;
  f.code = rowPart;
  append(f.code, hoisted, elementPart);
  return vector;
}

/** A row segment's end: a full reduction's partial at a chunk's end, then the next row's coordinates. */
function writeRowEnd(lw: WasmLaunch): void {
  const { f, i, c, E, loop, bindings, reduceParam, chunkEnd, CH, PT, first, emitter, usesCoords } = lw;
  if (loop.chunked) {
    // A finished chunk (or the range's end) stores its partial: PT[(i - 1) / CH * W + comp] as f64.
    const acc = bindings[reduceParam]!;
    const W = acc.kinds.length;
    f.get(i).get(chunkEnd).op('i32.eq').get(i).get(END).op('i32.eq').op('i32.or');
    f.open('if');
    const at = f.local('i32');
    f.get(i).i32(1).op('i32.sub').get(CH).op('i32.div_u').i32(W * 8).op('i32.mul').get(PT).op('i32.add').set(at);
    acc.comps!.forEach((v, comp) => {
      f.get(at);
      pushAsF64(f, v, emitter);
      f.store('f64', comp * 8);
    });
    f.i32(1).set(first);
    f.close();
  }
  if (usesCoords) {
    f.get(c[3]!).get(E[3]!).op('i32.eq');
    f.open('if');
    f.i32(0).set(c[3]!);
    f.get(c[2]!).i32(1).op('i32.add').tee(c[2]!).get(E[2]!).op('i32.eq');
    f.open('if');
    f.i32(0).set(c[2]!);
    f.get(c[1]!).i32(1).op('i32.add').tee(c[1]!).get(E[1]!).op('i32.eq');
    f.open('if');
    f.i32(0).set(c[1]!);
    f.get(c[0]!).i32(1).op('i32.add').set(c[0]!);
    f.close();
    f.close();
    f.close();
  }
}
