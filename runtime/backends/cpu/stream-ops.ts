/**
 * streamScatterOp and streamGatherOp on the CPU backend, in element order: built-in operators word by
 * word, a reduce kernel's body as the operator (compiled like a launch). Indices follow the gather
 * rule (compiler/facts gather.ts): scatters skip an index out of range, gathers clamp it.
 */
import {
  STREAM_GATHER_FETCH,
  STREAM_GATHER_INC,
  STREAM_SCATTER_ADD,
  STREAM_SCATTER_ASSIGN,
  STREAM_SCATTER_MUL,
  type Launch,
  type LaunchArg,
  type StreamOp,
} from '../../brt/api.js';
import { flatKinds, gatherIndex, type Kind } from '../../compiler/kernels.js';
import { flattenElement, narrowNumber } from '../../compiler/types.js';
import { MAIN_STOP_WORD } from '../../brt/abort-watch.js';
import { asCpuBuffer, type CpuBuffer } from './buffers.js';
import { accessOf, gatherData, streamData } from './launchdata.js';
import { hasLoop, stoppable } from './stopping.js';
import { prepareLaunch } from './prepare.js';
import type { CpuCore } from './launches.js';

type StreamArg = LaunchArg & { kind: 'stream' };

/**
 * The seeds' textbook scatter: dst[index[i]] = op(dst[index[i]], data[i]), in order of i (so ASSIGN
 * keeps the last writer). Deliberate difference from BrookGPU 0.5: its CPU code
 * (brt.cpp, __streamGatherOrScatterOp, marked "XXX: Bug") applied the index to the data stream,
 * computing dst[i] = op(dst[i], data[index[i]]), a gather-accumulate.
 */
export function scatterOp(core: CpuCore, dst: StreamArg, index: StreamArg, data: StreamArg, op: StreamOp): void {
  if (typeof op !== 'number') {
    scatterWithKernel(core, dst, index, data, op);
    return;
  }
  const kinds = flatKinds(dst.stream.elem);
  const w = kinds.length;
  const D = asCpuBuffer(dst.stream.buffer);
  const X = asCpuBuffer(index.stream.buffer);
  const S = asCpuBuffer(data.stream.buffer);
  const xw = index.stream.words;
  const xKind = flatKinds(index.stream.elem)[0]!;
  forEachPosition(data.shape, (i, pos) => {
    const od = targetOffset(dst, X, offsetIn(index, pos) * xw, xw, xKind, false);
    if (od < 0) return;
    const os = offsetIn(data, pos) * w;
    for (let c = 0; c < w; c++) combineWord(D, od * w + c, S, os + c, kinds[c]!, op);
    void i;
  });
}

export function gatherOp(core: CpuCore, dst: StreamArg, index: StreamArg, src: StreamArg, op: StreamOp): void {
  const kinds = flatKinds(src.stream.elem);
  const w = kinds.length;
  const D = asCpuBuffer(dst.stream.buffer);
  const X = asCpuBuffer(index.stream.buffer);
  const S = asCpuBuffer(src.stream.buffer);
  const xw = index.stream.words;
  const xKind = flatKinds(index.stream.elem)[0]!;
  // A reduce kernel as the update: the new value is its body with both arguments set to the old
  // value (the original ran the kernel on two copies and kept the one that changed).
  const update = typeof op === 'number' ? null : gatherUpdate(core, op);
  const scalars = flattenElement(src.stream.elem).map((c) => c.scalar);
  const run = () => forEachPosition(dst.shape, (_i, pos) => {
    const os = targetOffset(src, X, offsetIn(index, pos) * xw, xw, xKind, true);
    const od = offsetIn(dst, pos) * w;
    for (let c = 0; c < w; c++) D.U[od + c] = S.U[os * w + c]!;
    if (update) {
      const old = readNumbers(S, os * w, kinds);
      // The kernel computes as int / float; an 8-bit source stores narrowed (types.ts narrowStorage).
      storeNumbers(S, os * w, update(old).map((v, c) => narrowNumber(scalars[c]!, v)), kinds);
    } else if (op === STREAM_GATHER_INC) {
      for (let c = 0; c < w; c++) {
        const o = os * w + c;
        const k = kinds[c]!;
        if (k === 'float' || k === 'double') S.F[o] = Math.fround(S.F[o]! + 1);
        else if (k === 'int') S.I[o] = (S.I[o]! + 1) | 0;
        else S.U[o] = (S.U[o]! + 1) >>> 0;
      }
    } else if (op !== STREAM_GATHER_FETCH) {
      throw new Error(`internal: unknown gather op ${op}`);
    }
  });
  // A reduce kernel with loops as the update can spin inside one element: watched like a launch
  // (brt's located() puts the call's span on the stop error).
  if (update && typeof op !== 'number' && hasLoop(op.ir)) stoppable(MAIN_STOP_WORD, undefined, [...new Set([dst.stream.name, src.stream.name])], run);
  else run();
}

function gatherUpdate(core: CpuCore, k: Exclude<StreamOp, number>): (old: number[]) => number[] {
  const ir = k.ir;
  const args: LaunchArg[] = ir.params.map(() => ({ kind: 'value', value: [] }));
  const launch: Launch = { kernel: k, args, outShape: [1] };
  const { L, plan } = prepareLaunch(launch, 'reduceAll', [1]);
  const c = core.kernels.compiled(launch, plan, false);
  if (!c.combine) throw new Error('internal: a gather-op kernel needs one element type and no indexof (checked by brt)');
  return (old) => c.combine!(L, old, old);
}

/** streamScatterOp with a reduce kernel: dst[index[i]] = op(dst[index[i]], data[i]) in order of i. */
function scatterWithKernel(core: CpuCore, dst: StreamArg, index: StreamArg, data: StreamArg, k: Exclude<StreamOp, number>): void {
  const ir = k.ir;
  const args: LaunchArg[] = ir.params.map((p) => (p.role === 'in' ? data : p.role === 'reduce' ? dst : { kind: 'value', value: [] }));
  const launch: Launch = { kernel: k, args, outShape: data.shape };
  const { L, plan, n } = prepareLaunch(launch, 'scatter', data.shape);
  plan.target = accessOf(index, data.shape);
  L.index = streamData(index, asCpuBuffer(index.stream.buffer));
  L.indexIsFloat = flatKinds(index.stream.elem)[0] === 'float';
  L.dst = gatherData(dst, asCpuBuffer(dst.stream.buffer));
  core.executor.execute(core.kernels.compiled(launch, plan, false), L, n, launch, { split: false }); // in order of i: the last writer wins
}

function forEachPosition(shape: number[], f: (i: number, pos: number[]) => void): void {
  const n = shape.reduce((a, b) => a * b, 1);
  const pos = shape.map(() => 0);
  for (let i = 0; i < n; i++) {
    f(i, pos);
    for (let d = shape.length - 1; d >= 0; d--) {
      if (++pos[d]! < shape[d]!) break;
      pos[d] = 0;
    }
  }
}

/** Element index of position `pos` (relative to the domain) of a stream argument. */
function offsetIn(a: StreamArg, pos: number[]): number {
  let o = 0;
  const st = a.stream.shape.map((_, d) => a.stream.shape.slice(d + 1).reduce((x, y) => x * y, 1));
  pos.forEach((p, d) => (o += (p + a.lo[d]!) * st[d]!));
  return o;
}

/** Element index in `t` addressed by the index element at word `ow` (x fastest; the gather rule,
 *  compiler/facts gather.ts).
 *  Out of range: -1 for scatters (the write is skipped), clamped for gathers (like a gather read). */
function targetOffset(t: StreamArg, X: CpuBuffer, ow: number, xw: number, xKind: Kind, clamp: boolean): number {
  const rank = t.shape.length;
  const st = t.stream.shape.map((_, d) => t.stream.shape.slice(d + 1).reduce((x, y) => x * y, 1));
  let o = 0;
  for (let k = 0; k < rank; k++) {
    const d = rank - 1 - k;
    const raw = k < xw ? (xKind === 'float' ? X.F[ow + k]! : xKind === 'int' ? X.I[ow + k]! : X.U[ow + k]!) : 0;
    const x = gatherIndex(raw, t.shape[d]!, xKind === 'float' ? 'float' : xKind === 'uint' ? 'uint' : 'int', clamp);
    if (x < 0) return -1;
    o += (x + t.lo[d]!) * st[d]!;
  }
  return o;
}

function combineWord(D: CpuBuffer, od: number, S: CpuBuffer, os: number, kind: Kind, op: number): void {
  if (op === STREAM_SCATTER_ASSIGN) {
    D.U[od] = S.U[os]!;
    return;
  }
  if (op !== STREAM_SCATTER_ADD && op !== STREAM_SCATTER_MUL) throw new Error(`internal: unknown scatter op ${op}`);
  const add = op === STREAM_SCATTER_ADD;
  if (kind === 'float' || kind === 'double') D.F[od] = Math.fround(add ? D.F[od]! + S.F[os]! : D.F[od]! * S.F[os]!);
  else if (kind === 'int') D.I[od] = add ? (D.I[od]! + S.I[os]!) | 0 : Math.imul(D.I[od]!, S.I[os]!);
  else D.U[od] = (add ? D.U[od]! + S.U[os]! : Math.imul(D.U[od]!, S.U[os]!)) >>> 0;
}

function readNumbers(b: CpuBuffer, wordOffset: number, kinds: Kind[]): number[] {
  return kinds.map((k, c) => (k === 'float' || k === 'double' ? b.F[wordOffset + c]! : k === 'int' ? b.I[wordOffset + c]! : b.U[wordOffset + c]!));
}

/** Pushed JS numbers into words of the element's component kinds. */
export function storeNumbers(b: CpuBuffer, wordOffset: number, values: number[], kinds: Kind[]): void {
  const w = kinds.length;
  for (let i = 0; i < values.length; i++) {
    const k = kinds[i % w]!;
    if (k === 'float' || k === 'double') b.F[wordOffset + i] = values[i]!;
    else if (k === 'int') b.I[wordOffset + i] = values[i]!;
    else b.U[wordOffset + i] = values[i]!;
  }
}
