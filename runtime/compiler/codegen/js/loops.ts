/**
 * The JavaScript driver's loops (drivers.ts assembles them): `run(L, start, end)` walks [start, end)
 * in row segments (cut at chunk ends for full reductions), with one element part per launch mode:
 * map (and vout), reduceAll (the chunk's first element seeds the accumulator; a partial per chunk),
 * reduceBlocks (each output folds its block in chunks joined on a stack), scatter (dst[index[i]] =
 * op(dst[index[i]], data[i])). Then `combine` / `combineAt`, the reduce body on two partial results.
 */
import { KernelEmitter, pollCounterLine } from './emit.js';
import { isProducer, type LaunchLines } from './launch.js';
import { type Kind, load, narrowStore, PRELUDE, SHORTFIXED_PRELUDE, storeValue, viewOf } from './scalar.js';
import { storageScalars, type ScalarName } from '../../types.js';
import { jsRoundedIndex } from '../../facts/index.js';

export class Writer {
  lines: string[] = [];
  line(depth: number, s: string): void {
    this.lines.push('  '.repeat(depth) + s);
  }
}

/** What the loops print around: the launch's lines, the body's, and the reduction's shapes. */
export interface RunParts {
  st: LaunchLines;
  w: Writer;
  body: string[];
  /** Row-fixed lines the body hoisted (EmitFacts.hoisted). */
  hoisted: string[];
  /** The accumulator set from the element (a reduction's first element of a group). */
  seed: string[];
  canCombine: boolean;
  inKinds: Kind[];
  accKinds: Kind[];
  /** Stores into the target stream (reduceBlocks, scatter) narrow; partial results do not. */
  accNarrow: (ScalarName | undefined)[];
  /** scatter: the index stream's running offset; reduceBlocks: the target's. */
  indexOffset: string;
  targetOffset: string;
}

/** `function run(L, start, end)`: positions [start, end) in row segments. */
export function writeRun(r: RunParts): void {
  const { st, w } = r;
  const { mode, usesCoords, chunked, firstSeeds } = st.loop;
  w.line(0, '"use strict";');
  w.lines.push(PRELUDE);
  if (st.ir.params.some((p) => storageScalars(p).includes('shortfixed'))) w.lines.push(SHORTFIXED_PRELUDE);
  w.line(0, 'function run(L, start, end) {');
  // Local aliases: V8 inlines a call through a local const more reliably than through the closure.
  w.line(1, 'const fround = Math.fround, floor = Math.floor;');
  w.line(1, 'const E0 = L.E[0], E1 = L.E[1], E2 = L.E[2], E3 = L.E[3];');
  w.line(1, pollCounterLine());
  for (const l of st.prologue) w.line(1, l);
  w.line(1, 'let i = start;');
  if (usesCoords) {
    w.line(1, 'let c3 = start % E3, q = (start - c3) / E3, c2 = q % E2; q = (q - c2) / E2;');
    w.line(1, 'let c1 = q % E1, c0 = (q - c1) / E1;');
  }
  if (firstSeeds) w.line(1, 'let first = true;');
  if (mode === 'reduceBlocks') w.line(1, 'const CH = L.chunk, ST = L.stack;');
  if (chunked) {
    // One partial result per chunk of L.chunk positions (start is a multiple of it), stored in
    // L.partials at the chunk's index; the caller combines them (combineAt).
    w.line(1, 'const CH = L.chunk, PT = L.partials;');
  }

  // One segment: the rest of the current row (whole range when no coordinates are needed), cut at
  // the end of the current chunk for full reductions.
  w.line(1, 'while (i < end) {');
  w.line(2, usesCoords ? 'let stop = i + (E3 - c3);' : 'let stop = end;');
  if (usesCoords) w.line(2, 'if (stop > end) stop = end;');
  if (chunked) {
    w.line(2, 'const chunkEnd = (floor(i / CH) + 1) * CH;');
    w.line(2, 'if (stop > chunkEnd) stop = chunkEnd;');
  }
  for (const l of st.rowLines) w.line(2, l);
  for (const l of r.hoisted) w.line(2, l);
  for (const run of st.running) w.line(2, `let ${run.name} = ${run.init};`);
  const advance = ['i++', ...(usesCoords ? ['c3++'] : []), ...st.running.map((run) => `${run.name} += ${run.step}`)].join(', ');
  if (chunked) {
    // The chunk's first element seeds the accumulator, outside the loop (no test per element).
    w.line(2, 'if (first) {');
    w.line(3, 'el: {');
    for (const l of st.perElement) w.line(4, l);
    for (const s of r.seed) w.line(4, s);
    w.line(3, '}');
    w.line(3, 'first = false;');
    w.line(3, `${advance};`);
    w.line(2, '}');
  }
  w.line(2, `for (; i < stop; ${advance}) {`);
  switch (mode) {
    case 'map':
    case 'reduceAll':
      writeElement(r, 3, false);
      break;
    case 'reduceBlocks':
      writeReduceBlock(r);
      break;
    case 'scatter':
      writeScatterElement(r);
      break;
  }
  w.line(2, '}');
  if (chunked) writeChunkPartial(r);
  if (usesCoords) {
    w.line(2, 'if (c3 === E3) {');
    w.line(3, 'c3 = 0;');
    w.line(3, 'if (++c2 === E2) { c2 = 0; if (++c1 === E1) { c1 = 0; ++c0; } }');
    w.line(2, '}');
  }
  w.line(1, '}');
  w.line(0, '}');
}

/** One element: its loads, the body and the stores, in a block the body can leave (`break el`). */
function writeElement(r: RunParts, depth: number, withSeed: boolean): void {
  const { st, w } = r;
  w.line(depth, 'el: {');
  for (const l of st.perElement) w.line(depth + 1, l);
  if (withSeed) {
    w.line(depth + 1, 'if (first) {');
    for (const s of r.seed) w.line(depth + 2, s);
    w.line(depth + 2, 'first = false;');
    w.line(depth + 2, 'break el;');
    w.line(depth + 1, '}');
  }
  for (const l of r.body) w.line(depth + 1, l);
  for (const l of st.stores) w.line(depth + 1, l);
  w.line(depth, '}');
}

/** reduceAll: a finished chunk (or the range's end) stores its partial in L.partials. */
function writeChunkPartial(r: RunParts): void {
  const { st, w } = r;
  w.line(2, 'if (i === chunkEnd || i === end) {');
  w.line(3, `const pk = (floor((i - 1) / CH)) * ${r.accKinds.length};`);
  r.accKinds.forEach((kind, c) => w.line(3, `PT[pk + ${c}] = ${storeValue(kind, `p${st.reduceParam}_${c}`)};`));
  w.line(3, 'first = true;');
  w.line(2, '}');
}

/**
 * reduceBlocks, in the order of compiler/facts reduce.ts: each block is folded in chunks of CH
 * elements (row-major); finished chunks are joined on a small stack like a binary counter (adjacent
 * partials only, so element order is kept), and the rest is folded right to left at the end of the
 * block: the error grows with log(block).
 */
function writeReduceBlock(r: RunParts): void {
  const { st, w, accKinds, canCombine } = r;
  const W = accKinds.length;
  const acc = (c: number) => `p${st.reduceParam}_${c}`;
  const push = (depth: number) => {
    accKinds.forEach((kind, c) => w.line(depth, `ST[sp * ${W} + ${c}] = ${storeValue(kind, acc(c))};`));
    w.line(depth, 'sp++;');
  };
  if (!st.produce) w.line(3, 'const ib = IB + c0 * BF0 * S0 + c1 * BF1 * S1 + c2 * BF2 * S2 + c3 * BF3 * S3;');
  w.line(3, 'first = true;');
  if (canCombine) w.line(3, 'let sp = 0, done = 0, left = CH;');
  w.line(3, 'for (let b0 = 0; b0 < BF0; b0++) for (let b1 = 0; b1 < BF1; b1++) for (let b2 = 0; b2 < BF2; b2++) for (let b3 = 0; b3 < BF3; b3++) {');
  writeElement(r, 4, true);
  if (canCombine) {
    w.line(4, 'if (--left === 0) {');
    push(5);
    w.line(5, 'for (let m = ++done; (m & 1) === 0; m >>= 1) { combineAt(L, ST, sp - 2, sp - 1); sp--; }');
    w.line(5, 'first = true;');
    w.line(5, 'left = CH;');
    w.line(4, '}');
  }
  w.line(3, '}');
  if (canCombine) {
    w.line(3, 'if (sp > 0) {');
    w.line(4, 'if (!first) {');
    push(5);
    w.line(4, '}');
    w.line(4, 'while (sp > 1) { combineAt(L, ST, sp - 2, sp - 1); sp--; }');
    accKinds.forEach((kind, c) => w.line(4, `${acc(c)} = ${kind === 'bool' ? `ST[${c}] !== 0` : `ST[${c}]`};`));
    w.line(3, '}');
  }
  const t = r.targetOffset;
  accKinds.forEach((kind, c) => w.line(3, `${viewOf(kind)}TG[${c === 0 ? t : `${t} + ${c}`}] = ${storeValue(kind, narrowStore(r.accNarrow[c], acc(c)))};`));
}

/** scatter: the destination element dst[index[i]] (skipped outside dst), updated by the body. */
function writeScatterElement(r: RunParts): void {
  const { st, w, accKinds } = r;
  const rp = st.reduceParam;
  w.line(3, 'el: {');
  w.line(4, `const ox = ${r.indexOffset} * XW;`);
  w.line(4, 'let od = 0;');
  w.line(4, 'for (let k = 0; k < XW; k++) {');
  w.line(5, `const d = 3 - k, x = XFLOAT ? ${jsRoundedIndex('FX[ox + k]')} : IX[ox + k];`);
  w.line(5, 'if (!(x >= 0 && x < SDe[d])) break el;');
  w.line(5, 'od += (x + SDl[d]) * SDs[d];');
  w.line(4, '}');
  w.line(4, `od *= ${accKinds.length};`);
  accKinds.forEach((kind, c) => w.line(4, `p${rp}_${c} = ${load(kind, `${viewOf(kind)}D`, `od + ${c}`)};`));
  for (const l of st.perElement) w.line(4, l);
  for (const l of r.body) w.line(4, l);
  accKinds.forEach((kind, c) => w.line(4, `${viewOf(kind)}D[od + ${c}] = ${storeValue(kind, narrowStore(r.accNarrow[c], `p${rp}_${c}`))};`));
  w.line(3, '}');
}

/**
 * combine(L, a, b): the reduce body with accumulator a and next element b: partial results of
 * consecutive ranges, combined left to right; combineAt(L, P, x, y) the same in place on the
 * Float64Array P. Only when accumulator and element have one type (else both are null).
 */
export function writeCombine(r: RunParts, onPush: (param: number, comps: string[]) => string[]): void {
  const { st, w, accKinds, inKinds } = r;
  const { ir, reduceParam, inputParam } = st;
  if (!r.canCombine) {
    w.line(0, 'const combine = null, combineAt = null;');
    return;
  }
  // Constants and gathers the body may read (their prologue lines do not depend on positions);
  // a fused producer's parameters are not the body's.
  const combinePrologue = st.prologue.filter((l) => {
    const m = /^const (?:V|p|GA|G)(\d+)/.exec(l);
    return m !== null && !isProducer(st, Number(m[1]));
  });
  const cw = new KernelEmitter(ir, st.bindings, st.facts, onPush).emitBody(0);
  w.line(0, 'function combine(L, a, b) {');
  w.line(1, pollCounterLine());
  for (const l of combinePrologue) w.line(1, l);
  w.line(1, `let ${accKinds.map((_, c) => `p${reduceParam}_${c} = a[${c}]`).join(', ')};`);
  w.line(1, `const ${inKinds.map((_, c) => `p${inputParam}_${c} = b[${c}]`).join(', ')};`);
  for (const l of cw) w.line(1, l);
  w.line(1, `return [${accKinds.map((_, c) => `p${reduceParam}_${c}`).join(', ')}];`);
  w.line(0, '}');
  // combineAt(L, P, x, y): partial x = combine(partial x, partial y), in place in the Float64Array P.
  const W = accKinds.length;
  const cw2 = new KernelEmitter(ir, st.bindings, st.facts, onPush).emitBody(0);
  w.line(0, 'function combineAt(L, P, x, y) {');
  w.line(1, pollCounterLine());
  for (const l of combinePrologue) w.line(1, l);
  w.line(1, `const ox = x * ${W}, oy = y * ${W};`);
  w.line(1, `let ${accKinds.map((k, c) => `p${reduceParam}_${c} = ${k === 'bool' ? `P[ox + ${c}] !== 0` : `P[ox + ${c}]`}`).join(', ')};`);
  w.line(1, `const ${inKinds.map((k, c) => `p${inputParam}_${c} = ${k === 'bool' ? `P[oy + ${c}] !== 0` : `P[oy + ${c}]`}`).join(', ')};`);
  for (const l of cw2) w.line(1, l);
  accKinds.forEach((kind, c) => w.line(1, `P[ox + ${c}] = ${storeValue(kind, `p${reduceParam}_${c}`)};`));
  w.line(0, '}');
}
