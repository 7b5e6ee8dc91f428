/**
 * From a resolved Launch (brt/api.ts) to what a generated module needs: the variant (which
 * arguments are addressed directly, which alias a written buffer) and the uniform words of
 * layout.ts. Shapes are padded to 4-D at the front, as the CPU backend pads them.
 */
import type { Launch, LaunchArg } from '../../brt/api.js';
import type { KernelIR } from '../../compiler/ir.js';
import type { KernelVariant, ModulePlan, PageSpec, VariantMode } from '../../compiler/kernels.js';
import { f32Bits, paramIsBound, stageKey } from '../../compiler/kernels.js';
import { flattenElement } from '../../compiler/types.js';
import { asGpuBuf, pagedBuf } from './buffers.js';
import { budgetNow, kernelTag, loopBudget } from './loop-budget.js';

export type StreamArg = LaunchArg & { kind: 'stream' };

export function pad4(a: readonly number[], fill: number): number[] {
  return [...new Array<number>(Math.max(0, 4 - a.length)).fill(fill), ...a];
}

export function strides4(shape: readonly number[]): number[] {
  const s = pad4(shape, 1);
  const out = [0, 0, 0, 1];
  for (let d = 2; d >= 0; d--) out[d] = out[d + 1]! * s[d + 1]!;
  return out;
}

export function count(shape: readonly number[]): number {
  return shape.reduce((a, b) => a * b, 1);
}

/** Whether an argument's element index equals the linear position in `space`. */
export function isDirect(a: LaunchArg, space: readonly number[]): boolean {
  if (a.kind !== 'stream' || a.shape.length !== space.length || a.stream.shape.length !== space.length) return false;
  for (let d = 0; d < space.length; d++) {
    if (a.lo[d] !== 0 || a.shape[d] !== space[d] || a.stream.shape[d] !== space[d]) return false;
  }
  return true;
}

export function variantFor(launch: Launch, mode: VariantMode, space: readonly number[], workgroupSize: number): KernelVariant {
  const ir = launch.kernel.ir;
  const direct = ir.params.map((p, k) => {
    const a = launch.args[k];
    return (p.role === 'in' || p.role === 'out') && a !== undefined && isDirect(a, space);
  });
  // Arguments on one buffer share one binding (WebGPU refuses a written buffer bound twice).
  const first = new Map<unknown, number>();
  const share = ir.params.map((p, k) => {
    const a = launch.args[k];
    // (A fused reduction's computed input has no buffer: nothing to share.)
    if (!paramIsBound(p, mode) || !a || a.kind !== 'stream' || a.stream.buffer === undefined) return -1;
    const f = first.get(a.stream.buffer);
    if (f !== undefined) return f;
    first.set(a.stream.buffer, k);
    return -1;
  });
  share.push(launch.mask ? first.get(launch.mask.stream.buffer) ?? -1 : -1);
  const v: KernelVariant = { mode, direct, share, masked: launch.mask !== undefined, workgroupSize };
  if (loopBudget() === 0) v.noBudget = true;
  const pages = allPages(launch, mode);
  if (pages) v.pages = pages;
  return v;
}

/** Split streams bound whole: every page in a slot of its own (paging.ts). A map launch narrows
 *  this to the pages each dispatch touches (paged-launch.ts). Undefined when no stream is split. */
function allPages(launch: Launch, mode: VariantMode): (PageSpec | null)[] | undefined {
  const ir = launch.kernel.ir;
  let any = false;
  const spec = (a: LaunchArg | undefined): PageSpec | null => {
    const b = a && a.kind === 'stream' ? pagedBuf(a.stream.buffer) : null;
    if (!b) return null;
    any = true;
    return { slots: b.pages.length, pageElems: b.pageElems };
  };
  const pages = ir.params.map((p, k) => (paramIsBound(p, mode) ? spec(launch.args[k]) : null));
  pages.push(spec(launch.mask));
  return any ? pages : undefined;
}

export function variantKey(v: KernelVariant): string {
  // Built by hand: this runs for every kernel call, so no intermediate arrays.
  let k = v.mode + '|';
  for (const d of v.direct) k += d ? '1' : '0';
  k += '|';
  for (const x of v.share) k += x + ',';
  k += (v.masked ? '|m' : '|-') + v.workgroupSize + (v.strided ? 's' : 'c') + (v.longRuns ? 'L' : '') + (v.wide ? 'w' : '') + (v.coop ? 'C' : '') + (v.untiled ? 'T' : '') + (v.noBudget ? 'B' : '') + (v.stage ? '|S' + stageKey(v.stage) : '') + (v.shapes ? '|' + v.shapes.key : '');
  if (v.pages) {
    k += '|P';
    for (const p of v.pages) k += p ? `${p.slots}x${p.pageElems},` : '-,';
  }
  return k;
}

/** Words of a constant: float components as f32 bits, int as i32, uint as u32, bool as 0/1. */
export function constWords(ir: KernelIR, index: number, value: number[]): number[] {
  const out: number[] = [];
  putConst(out, 0, ir, index, value);
  return out;
}

/** Scalar kinds of each parameter's components, computed once per kernel (flattenElement allocates). */
const paramScalars = new WeakMap<KernelIR, string[][]>();

function scalarsOf(ir: KernelIR, index: number): string[] {
  let all = paramScalars.get(ir);
  if (!all) {
    all = ir.params.map((p) => flattenElement(p.type).map((c) => c.scalar as string));
    paramScalars.set(ir, all);
  }
  return all[index]!;
}

/** constWords written straight into `data` at word `at` (no temporary arrays: per kernel call). */
function putConst(data: Uint32Array | number[], at: number, ir: KernelIR, index: number, value: number[]): void {
  const scalars = scalarsOf(ir, index);
  for (let k = 0; k < scalars.length; k++) {
    const v = value[k] ?? 0;
    switch (scalars[k]) {
      case 'float': case 'double': case 'fixed': case 'shortfixed': data[at + k] = f32Bits(v); break;
      case 'bool': data[at + k] = v ? 1 : 0; break;
      case 'uint': case 'ulong': data[at + k] = v >>> 0; break;
      default: data[at + k] = (v | 0) >>> 0;
    }
  }
}

/** Write a shape (or offsets) padded at the front to 4-D, at word `at` (no temporary arrays:
 *  this runs for every kernel call). */
export function putPadded(data: Uint32Array, at: number, a: readonly number[], fill: number): void {
  const pad = 4 - a.length;
  for (let d = 0; d < 4; d++) data[at + d] = d < pad ? fill : a[d - pad]!;
}

/** Row-major strides of `shape` padded to 4-D, at word `at`. */
export function putStrides(data: Uint32Array, at: number, shape: readonly number[]): void {
  let s = 1;
  const pad = 4 - shape.length;
  for (let d = 3; d >= 0; d--) {
    data[at + d] = d < pad ? 0 : s;
    if (d >= pad) s *= shape[d - pad]!;
  }
}

/** Fill the parameter slots (everything after the header) for `args`. */
export function fillParams(data: Uint32Array, plan: ModulePlan, ir: KernelIR, args: LaunchArg[], mask?: StreamArg): void {
  for (const p of plan.params) {
    const a = args[p.index];
    if (!a) continue;
    const at = p.uniform * 4;
    if (p.role === 'const') {
      if (a.kind === 'value') putConst(data, at, ir, p.index, a.value);
      continue;
    }
    if (a.kind === 'value') continue;
    putPadded(data, at, a.lo, 0);
    putPadded(data, at + 4, a.shape, 1);
    if (p.role === 'iter' && a.kind === 'iter') {
      const it = a.stream.iter!;
      putPadded(data, at + 8, a.stream.shape, 1);
      for (let c = 0; c < 4; c++) {
        data[at + 12 + c] = f32Bits(it.lo[c] ?? 0);
        data[at + 16 + c] = f32Bits(it.hi[c] ?? 0);
      }
      data[at + 20] = a.stream.shape.length;
    } else {
      putStrides(data, at + 8, a.stream.shape);
    }
  }
  if (plan.budget) {
    // The loop budget of this dispatch (pieces.ts may give a try its own) and the kernel's tag.
    data[plan.budget.uniform * 4] = budgetNow();
    data[plan.budget.uniform * 4 + 1] = kernelTag(ir);
  }
  if (plan.mask && mask) {
    const at = plan.mask.uniform * 4;
    putPadded(data, at, mask.lo, 0);
    putPadded(data, at + 4, mask.shape, 1);
    putStrides(data, at + 8, mask.stream.shape);
  }
}

export interface BoundBuffer {
  binding: number;
  buffer: GPUBuffer;
  id: number | string;
}

/** Storage buffers for a plan's parameter bindings (and the mask); a split stream's pages fill
 *  its slots in order (every page bound: variantFor's `pages`). */
export function paramBuffers(plan: ModulePlan, args: LaunchArg[], mask?: StreamArg): BoundBuffer[] {
  const out: BoundBuffer[] = [];
  const bind = (binding: number, a: LaunchArg) => {
    if (out.some((o) => o.binding === binding)) return;
    if (a.kind === 'value') throw new Error(`internal: binding ${binding} needs a stream`);
    const b = asGpuBuf(a.stream.buffer);
    b.pages.forEach((page, k) => out.push({ binding: binding + k, buffer: page, id: b.paged ? `${b.id}p${k}` : b.id }));
  };
  for (const p of plan.params) {
    if (p.binding === null) continue;
    const a = args[p.index];
    if (!a || a.kind === 'value') throw new Error(`internal: parameter ${p.index} needs a stream`);
    bind(p.binding, a);
  }
  if (plan.mask && mask) bind(plan.mask.binding, mask);
  return out;
}
