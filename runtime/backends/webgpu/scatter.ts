/**
 * streamScatterOp and streamGatherOp on the GPU (shaders: codegen/wgsl/ops.ts, and kernel.ts's
 * scatterFold for a reduce-kernel operator).
 * - ASSIGN: the last writer in element order wins, as on the CPU: `mark` takes the atomic maximum of
 *   the positions aiming at each target, `write` lets only that position write.
 * - ADD, MUL: per 32-bit component with atomics (float through compare-exchange loops).
 * - A reduce kernel: count the positions per target, scan, list them, then one invocation per
 *   target sorts its list and folds dst = op(dst, data[i]) in element order: the CPU's result.
 * - Gather FETCH copies; INC also adds 1 to the source component atomically, handing out the value
 *   from before the update.
 * - Gather with a reduce kernel: the positions per source element are listed like scatter's (indices
 *   clamped), then one invocation per source element hands its value to them in element order,
 *   updating it with the body on (old, old) after each fetch (kernel.ts gatherFold): the CPU's result.
 * Streams split into pages (paging.ts) are refused with BRK5401: these shaders bind one buffer each.
 */
import type { StreamOp } from '../../brt/api.js';
import { SG_UNIFORMS, gatherOpShader, scatterListShader, scatterShader, type ScatterGatherSpec } from '../../compiler/kernels.js';
import { flattenElement } from '../../compiler/types.js';
import { asGpuBuf } from './buffers.js';
import { brtError } from '../../brt/errors.js';
import type { GpuContext } from './context.js';
import { count, fillParams, pad4, strides4, variantFor, type StreamArg } from './launch.js';
import type { Launch, LaunchArg } from '../../brt/api.js';
import { recordScan } from './scan.js';

const WG = 64;

function spec(target: StreamArg, moved: StreamArg, index: StreamArg): ScatterGatherSpec {
  return {
    elem: flattenElement(moved.stream.elem).map((c) => c.scalar),
    indexKind: flattenElement(index.stream.elem)[0]!.scalar,
    indexWords: index.stream.words,
    rank: target.shape.length,
  };
}

function specKey(s: ScatterGatherSpec): string {
  return `${s.elem.join(',')}|${s.indexKind}${s.indexWords}|r${s.rank}`;
}

function fillSG(data: Uint32Array, space: number[], target: StreamArg, index: StreamArg, value: StreamArg): void {
  const put = (v: number, w: number[]) => data.set(w, v * 4);
  put(SG_UNIFORMS.space, pad4(space, 1));
  put(SG_UNIFORMS.targetLo, pad4(target.lo, 0));
  put(SG_UNIFORMS.targetShape, pad4(target.shape, 1));
  put(SG_UNIFORMS.targetStrides, strides4(target.stream.shape));
  put(SG_UNIFORMS.indexLo, pad4(index.lo, 0));
  put(SG_UNIFORMS.indexStrides, strides4(index.stream.shape));
  put(SG_UNIFORMS.valueLo, pad4(value.lo, 0));
  put(SG_UNIFORMS.valueStrides, strides4(value.stream.shape));
}

const bindingsOf = (list: [number, boolean][]) => list.map(([binding, writable]) => ({ binding, writable }));
const buf = (binding: number, a: StreamArg): { binding: number; buffer: GPUBuffer; id: number | string } => {
  const b = asGpuBuf(a.stream.buffer);
  return { binding, buffer: b.buffer, id: b.id };
};

/** BRK5401 when a stream of the operation is split into pages (brt adds the statement's span). */
function refuseSplit(ctx: GpuContext, op: string, streams: StreamArg[]): void {
  for (const a of streams) {
    const b = asGpuBuf(a.stream.buffer);
    if (b.paged) throw brtError('BRK5401', { op, name: a.stream.name, pages: b.pages.length, bytes: b.bytes, page: ctx.pageBytes });
  }
}

export function scatterOp(ctx: GpuContext, dst: StreamArg, index: StreamArg, data: StreamArg, op: StreamOp): void {
  refuseSplit(ctx, 'streamScatterOp', [dst, index, data]);
  const n = count(data.shape);
  if (n === 0) return;
  if (typeof op !== 'number') return scatterWithKernel(ctx, dst, index, data, op);
  const s = spec(dst, dst, index);
  const call = ctx.rec.nextSeq('streamScatterOp');
  const shader = scatterShader(s, op);
  const p = ctx.libPipeline(`scatter${op}|${specKey(s)}`, () => ({
    ...shader,
    uniformVec4s: 10,
    bindings: bindingsOf(op === 0 ? [[1, true], [2, false], [3, false], [4, true]] : [[1, true], [2, false], [3, false]]),
  }));
  const buffers = [buf(1, dst), buf(2, index), buf(3, data)];
  const fill = (d: Uint32Array) => fillSG(d, data.shape, dst, index, data);
  if (op === 0) {
    const win = ctx.scratchBuffer(count(dst.stream.shape));
    ctx.rec.commands().clearBuffer(win.buffer);
    buffers.push({ binding: 4, buffer: win.buffer, id: win.id });
    ctx.dispatch(p, 'mark', buffers, n, WG, fill, call);
    ctx.dispatch(p, 'write', buffers, n, WG, fill, call);
  } else {
    ctx.dispatch(p, 'main', buffers, n, WG, fill, call);
  }
}

function scatterWithKernel(ctx: GpuContext, dst: StreamArg, index: StreamArg, data: StreamArg, k: Exclude<StreamOp, number>): void {
  foldWithKernel(ctx, 'scatterFold', dst, index, data, k);
}

function gatherWithKernel(ctx: GpuContext, dst: StreamArg, index: StreamArg, src: StreamArg, k: Exclude<StreamOp, number>): void {
  foldWithKernel(ctx, 'gatherFold', src, index, dst, k);
}

/**
 * A reduce kernel as the op of scatter ('scatterFold': `data` folded into `target`) or gather
 * ('gatherFold': `target` is the gathered source, handed out to `data`, the destination): list the
 * positions of `data` per element of `target`, then run the kernel's fold variant over `target`.
 */
function foldWithKernel(ctx: GpuContext, mode: 'scatterFold' | 'gatherFold', dst: StreamArg, index: StreamArg, data: StreamArg, k: Exclude<StreamOp, number>): void {
  const n = count(data.shape);
  const targets = count(dst.stream.shape);
  const s = spec(dst, dst, index);
  const clamp = mode === 'gatherFold';
  const call = ctx.rec.nextSeq(`${clamp ? 'streamGatherOp' : 'streamScatterOp'} with '${k.ir.name}'`);
  const shader = scatterListShader(s, clamp);
  const lp = ctx.libPipeline(`scatterList${clamp ? 'Clamped' : ''}|${specKey(s)}`, () => ({
    ...shader,
    uniformVec4s: 10,
    bindings: bindingsOf([[2, false], [4, true], [5, false], [6, true]]),
  }));
  const cnt = ctx.scratchBuffer(targets);
  const off = ctx.scratchBuffer(targets + 1);
  const list = ctx.scratchBuffer(n);
  const fill = (d: Uint32Array) => fillSG(d, data.shape, dst, index, data);
  const lb = [buf(2, index), { binding: 4, ...cnt }, { binding: 5, ...off }, { binding: 6, ...list }];
  ctx.rec.commands().clearBuffer(cnt.buffer);
  ctx.dispatch(lp, 'count', lb, n, WG, fill, call);
  recordScan(ctx, cnt, targets, off, call);
  ctx.rec.commands().clearBuffer(cnt.buffer);
  ctx.dispatch(lp, 'fill', lb, n, WG, fill, call);

  // Fold: the op kernel's input is the data stream, its accumulator the whole target stream.
  const ir = k.ir;
  const whole: StreamArg = { kind: 'stream', stream: dst.stream, lo: dst.stream.shape.map(() => 0), shape: dst.stream.shape };
  const args: LaunchArg[] = ir.params.map((p) => (p.role === 'in' ? data : p.role === 'reduce' ? whole : { kind: 'value', value: [] }));
  const launch: Launch = { kernel: k, args, outShape: dst.stream.shape };
  const v = variantFor(launch, mode, dst.stream.shape, WG);
  const fp = ctx.kernelPipeline(k, v);
  const fb: { binding: number; buffer: GPUBuffer; id: number | string }[] = [];
  const seen = new Set<number>();
  for (const p of fp.plan.params) {
    if (p.binding === null || seen.has(p.binding)) continue;
    seen.add(p.binding);
    fb.push(buf(p.binding, args[p.index] as StreamArg));
  }
  for (const e of fp.plan.extra) fb.push({ binding: e.binding, ...(e.name === 'offsets' ? off : list) });
  ctx.dispatch(fp, 'main', fb, targets, WG, (d) => {
    d.set(pad4(dst.stream.shape, 1), 0);
    fillParams(d, fp.plan, ir, args);
  }, call);
}

export function gatherOp(ctx: GpuContext, dst: StreamArg, index: StreamArg, src: StreamArg, op: StreamOp): void {
  refuseSplit(ctx, 'streamGatherOp', [dst, index, src]);
  const n = count(dst.shape);
  if (n === 0) return;
  if (typeof op !== 'number') return gatherWithKernel(ctx, dst, index, src, op);
  const s = spec(src, src, index);
  const call = ctx.rec.nextSeq('streamGatherOp');
  const shader = gatherOpShader(s, op);
  const p = ctx.libPipeline(`gather${op}|${specKey(s)}`, () => ({
    ...shader,
    uniformVec4s: 10,
    bindings: bindingsOf([[1, true], [2, false], [3, op === 1]]),
  }));
  ctx.dispatch(p, 'main', [buf(1, dst), buf(2, index), buf(3, src)], n, WG, (d) => fillSG(d, dst.shape, src, index, dst), call);
}
