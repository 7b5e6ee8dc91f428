/**
 * A launch as the CPU writers' plan and the data its kernel reads (L): O(1) work per argument, the
 * addressing is arithmetic (launchdata.ts). The plan also records the launch facts the writers
 * specialize on: whole-number constants and iterators, small extents.
 */
import type { BufferHandle, Launch, LaunchArg } from '../../brt/api.js';
import { SMALL_WHOLE, flatKinds, type IterForm, type JsPlan } from '../../compiler/kernels.js';
import { asCpuBuffer, type CpuBuffer } from './buffers.js';
import { accessOf, dimsOf, gatherData, iterData, iterForms, pad4, streamData, wholeForm } from './launchdata.js';

type StreamArg = LaunchArg & { kind: 'stream' };

/** Thrown by generated code when a bounded vout receives too many pushes; brt reports BRK5020. */
export class VoutOverflow extends Error {
  constructor(readonly param: number) {
    super(`vout parameter ${param} overflowed`);
  }
}

export interface PreparedLaunch {
  L: Record<string, unknown>;
  plan: JsPlan;
  n: number;
  /** Whether every stream the launch touches is in the arena (a WebAssembly kernel can address it). */
  arenaOnly: boolean;
}

/** Launch data and plan for positions of `space`: O(1) work per argument (addressing is arithmetic). */
export function prepareLaunch(launch: Launch, mode: JsPlan['mode'], space: number[]): PreparedLaunch {
  const ir = launch.kernel.ir;
  // A fused reduction (ir.ts `produce`): its input has no storage, and the producer's parameters
  // are addressed at element positions of the input (launch.outShape), whatever `space` is.
  const produce = mode === 'reduceAll' || mode === 'reduceBlocks' ? ir.produce : undefined;
  const inputIndex = ir.kind === 'reduce' ? ir.params.findIndex((p) => p.role === 'in') : -1;
  const virtualInput = produce ? inputIndex : -1;
  const spaceOf = (k: number) => (produce && k >= produce.from ? launch.outShape : space);
  const access: JsPlan['access'] = [];
  const iterDimsOf: (number[] | null)[] = [];
  const iterFormsOf: (IterForm[] | null)[] = [];
  const constForms: (IterForm[] | null)[] = [];
  // indexof values are small when every extent is (then index arithmetic needs no fround).
  let largest = Math.max(...space);
  // Whether every stream the launch touches is in the arena (a WebAssembly kernel can address it).
  let arenaOnly = true;
  const buf = (h: BufferHandle | undefined): CpuBuffer => {
    const b = asCpuBuffer(h);
    if (!b.block) arenaOnly = false;
    return b;
  };
  const args = launch.args.map((a, k) => {
    const p = ir.params[k]!;
    access.push(null);
    iterDimsOf.push(null);
    iterFormsOf.push(null);
    constForms.push(null);
    if (a.kind === 'stream' || a.kind === 'iter') largest = Math.max(largest, ...a.shape);
    switch (p.role) {
      case 'const': {
        const value = a.kind === 'value' ? a.value : [];
        // Whole-number constants let gathers indexed by them skip rounding (a plan property).
        constForms[k] = flatKinds(p.type).map((kind, c) => (kind === 'float' ? wholeForm(Math.fround(value[c] ?? 0)) : kind === 'double' ? wholeForm(value[c] ?? 0) : 'g'));
        return { value };
      }
      case 'gather':
        return gatherData(a as StreamArg, buf((a as StreamArg).stream.buffer));
      case 'iter': {
        const it = a as LaunchArg & { kind: 'iter' };
        const d = iterData(it);
        access[k] = dimsOf(it.shape, spaceOf(k));
        iterDimsOf[k] = d.dim;
        iterFormsOf[k] = iterForms(d);
        return d;
      }
      case 'vout':
        return { pushed: [] as number[] };
      case 'reduce':
        return {};
      case 'in':
      case 'out': {
        if (a.kind === 'value') return {}; // combine-only use (gather-op updates): no stream
        const s = a as StreamArg;
        if (k === virtualInput) return streamData(s, undefined);
        if (!(mode === 'reduceBlocks' && k === inputIndex)) access[k] = accessOf(s, spaceOf(k));
        return streamData(s, buf(s.stream.buffer));
      }
    }
  });
  const E = pad4(space, 1);
  const L: Record<string, unknown> = {
    E,
    IE: pad4(launch.outShape, 1),
    args,
    overflow: (param: number) => {
      throw new VoutOverflow(param);
    },
  };
  let mask: JsPlan['mask'] = null;
  if (launch.mask) {
    mask = accessOf(launch.mask, space);
    L.mask = streamData(launch.mask, buf(launch.mask.stream.buffer));
  }
  const plan: JsPlan = { mode, access, mask, iterDims: iterDimsOf, iterForms: iterFormsOf, constForms, smallIndex: largest <= SMALL_WHOLE };
  return { L, plan, n: E.reduce((a, b) => a * b, 1), arenaOnly };
}
