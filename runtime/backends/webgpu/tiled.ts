/// <reference types="@webgpu/types" />
/**
 * Running a tiled chain (brt/tiling.ts) on WebGPU: one dispatch of the module
 * codegen/wgsl/chain-tile.ts writes, a workgroup per tile. Bindings: the uniform block (the steps'
 * constants) and every distinct stream buffer once, read_write where a step writes it. A step stores
 * an output only when it is that buffer's last writer in the chain. The module depends on the
 * kernels, the shapes, the tile and the wiring, never on the constants' values, so a loop of chains
 * with changing constants reuses one pipeline. A group that repeats an earlier one (the same launch
 * objects: TiledGroup.replay) reuses what was prepared for it: pipeline, bindings, uniform words.
 */
import { createHash } from 'node:crypto';
import type { Launch, TiledGroup } from '../../brt/api.js';
import { handOver } from '../../brt/tiling.js';
import { wordsOf, writeTiledModule, type TiledStep } from '../../compiler/kernels.js';
import type { Type } from '../../compiler/types.js';
import { constWords } from './launch.js';
import { asGpuBuf, type GpuBuf } from './buffers.js';
import type { GpuContext } from './context.js';
import type { Pipeline } from './pipelines.js';

/** What a tiled launch needs besides a uniform slot and its call's label. */
interface PreparedChain {
  ctx: GpuContext;
  p: Pipeline;
  bufs: GpuBuf[];
  buffers: { binding: number; buffer: GPUBuffer; id: number | string }[];
  words: number[];
  gx: number;
  gy: number;
  work: number;
}

/** By TiledGroup.replay. */
const prepared = new WeakMap<object, PreparedChain>();

export function runTiledChain(ctx: GpuContext, g: TiledGroup, what: string): void {
  let prep = g.replay ? prepared.get(g.replay) : undefined;
  if (!prep || prep.ctx !== ctx || prep.bufs.some((b) => b.released)) {
    prep = prepare(ctx, g);
    if (g.replay) prepared.set(g.replay, prep);
  }
  const call = ctx.rec.nextSeq(what, g.steps[0]!.span);
  const bg = ctx.bindGroups.get(prep.p, ctx.rec.uniformBuffer, prep.buffers, () => `brook#${call.seq} ${call.what}`);
  const slot = ctx.rec.uniformSlot(prep.p.uniformBytes);
  slot.data.set(prep.words);
  ctx.rec.dispatch(prep.p.pipelines.get('main')!, bg, slot.offset, prep.gx, prep.gy);
  ctx.rec.addWork(prep.work);
  ctx.rec.callRecorded();
}

function prepare(ctx: GpuContext, g: TiledGroup): PreparedChain {
  const steps = g.steps;
  const outShape = steps[0]!.outShape;
  const { slots, writeSlot, readSlot } = handOver(steps, g.fromTile);
  // Bindings: each distinct buffer once (binding 1, 2, ...), typed by its first use.
  const bindingOf = new Map<unknown, number>();
  const bindings: { type: Type; storage?: Type; writable: boolean }[] = [];
  const buffers: { binding: number; buffer: GPUBuffer; id: number | string }[] = [];
  const bufs: GpuBuf[] = [];
  const lastWriter = new Map<unknown, number>();
  steps.forEach((l, s) => l.kernel.ir.params.forEach((p, k) => {
    const a = l.args[k];
    if (p.role === 'out' && a && a.kind === 'stream') lastWriter.set(a.stream.buffer, s);
  }));
  const words: number[] = [];
  const specSteps: TiledStep[] = steps.map((l: Launch, s) => {
    const ir = l.kernel.ir;
    const binding = ir.params.map(() => -1);
    const constWord = ir.params.map(() => -1);
    const gatherShape: (readonly number[] | null)[] = ir.params.map(() => null);
    const store = ir.params.map(() => false);
    ir.params.forEach((p, k) => {
      const a = l.args[k];
      if (!a) return;
      if (a.kind === 'value') {
        if (p.role === 'const') {
          constWord[k] = words.length;
          words.push(...constWords(ir, k, a.value));
        }
        return;
      }
      if (a.kind !== 'stream' || a.stream.buffer === undefined) return;
      if ((p.role === 'in' || p.role === 'gather') && g.fromTile[s]![k]) return;
      let b = bindingOf.get(a.stream.buffer);
      if (b === undefined) {
        b = bindings.length + 1;
        bindingOf.set(a.stream.buffer, b);
        bindings.push({ type: p.type, ...(p.storage ? { storage: p.storage } : {}), writable: false });
        const gb = asGpuBuf(a.stream.buffer);
        buffers.push({ binding: b, buffer: gb.buffer, id: gb.id });
        bufs.push(gb);
      }
      binding[k] = b;
      if (p.role === 'out') {
        bindings[b - 1]!.writable = true;
        store[k] = lastWriter.get(a.stream.buffer) === s;
      }
      if (p.role === 'gather') gatherShape[k] = a.stream.shape;
    });
    return { ir, binding, tileSlot: readSlot[s]!, writeSlot: writeSlot[s]!, store, gatherShape, constWord };
  });
  const uniformVec4s = Math.max(1, Math.ceil(words.length / 4));
  // Two halves per slot when they fit: one barrier a step instead of two (codegen/wgsl/chain-tile.ts).
  const lanes = g.tile.reduce((a, b) => a * b, 1);
  const slotBytes = slots.reduce((n, t) => n + 4 * wordsOf(t), 0);
  const doubleBuffer = slots.length > 0 && 2 * slotBytes * lanes <= ctx.device.limits.maxComputeWorkgroupStorageSize;
  const loopSteps = chainLoops(ctx);
  const wiring = [
    'tiled',
    outShape.join('x'),
    g.tile.join('x'),
    g.workgroupSize,
    doubleBuffer ? 'db' : 'sb',
    loopSteps ? 'loop' : 'flat',
    ...specSteps.map((s, i) => `${steps[i]!.kernel.key}|${s.binding.join(',')}|${s.tileSlot.join(',')}|${s.writeSlot.join(',')}|${s.store.map(Number).join('')}|${s.gatherShape.map((x) => x?.join('x') ?? '-').join(',')}`),
    bindings.map((b) => (b.writable ? 'w' : 'r')).join(''),
  ].join('#');
  const key = `tiled ${steps.length} steps ${createHash('sha1').update(wiring).digest('hex').slice(0, 16)}`;
  const p = ctx.libPipeline(key, () => ({
    ...writeTiledModule({ steps: specSteps, outShape, tile: g.tile, workgroupSize: g.workgroupSize, bindings, slots, uniformVec4s, doubleBuffer, loopSteps }),
    uniformVec4s,
    bindings: bindings.map((b, k) => ({ binding: k + 1, writable: b.writable })),
  }));
  const tiles = outShape.reduce((a, b) => a * b, 1) / g.tile.reduce((a, b) => a * b, 1);
  const gx = Math.min(tiles, ctx.maxGroupsPerDim);
  const gy = Math.ceil(tiles / gx);
  return { ctx, p, bufs, buffers, words, gx, gy, work: outShape.reduce((a, b) => a * b, 1) * steps.length };
}

/**
 * Whether a chain's identical steps are written as one WGSL loop (codegen/wgsl/chain-tile.ts): on a
 * software renderer, whose LLVM took ~12 s to compile a 55-step sort chain written out (0.36 s as a
 * loop, the same run time); not on a GPU, where the loop made that chain's launch slower (H200: 1.19
 * ms written out, 1.37-1.72 ms as a loop) while compiling in 0.12 s instead of 2.1 s, once a
 * session. BROOK_TILE_LOOPS=1 or 0 chooses either form anywhere (the tests run both).
 */
function chainLoops(ctx: GpuContext): boolean {
  const forced = process.env.BROOK_TILE_LOOPS;
  if (forced === '1' || forced === '0') return forced === '1';
  return ctx.software;
}
