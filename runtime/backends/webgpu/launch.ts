/**
 * From a resolved Launch (brt/api.ts) to what a generated module needs: the variant (which
 * arguments are addressed directly, which alias a written buffer) and the uniform words of
 * layout.ts. Shapes are padded to 4-D at the front, as the CPU backend pads them.
 */
import type { Launch, LaunchArg } from '../../brt/api.js';
import type { KernelIR } from '../../compiler/ir.js';
import type { KernelVariant, ModulePlan, VariantMode } from '../../compiler/codegen/wgsl/index.js';
import { f32Bits, paramIsBound } from '../../compiler/codegen/wgsl/index.js';
import { flattenElement } from '../../compiler/types.js';
import { asGpuBuf } from './buffers.js';

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
  if (a.kind !== 'stream') return false;
  const s = pad4(a.shape, 1);
  const O = pad4(space, 1);
  const full = pad4(a.stream.shape, 1);
  return a.lo.every((x) => x === 0) && s.every((x, d) => x === O[d] && x === full[d]);
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
    if (!paramIsBound(p, mode) || !a || a.kind !== 'stream') return -1;
    const f = first.get(a.stream.buffer);
    if (f !== undefined) return f;
    first.set(a.stream.buffer, k);
    return -1;
  });
  share.push(launch.mask ? first.get(launch.mask.stream.buffer) ?? -1 : -1);
  return { mode, direct, share, masked: launch.mask !== undefined, workgroupSize };
}

export function variantKey(v: KernelVariant): string {
  // Built by hand: this runs for every kernel call, so no intermediate arrays.
  let k = v.mode + '|';
  for (const d of v.direct) k += d ? '1' : '0';
  k += '|';
  for (const x of v.share) k += x + ',';
  return k + (v.masked ? '|m' : '|-') + v.workgroupSize + (v.strided ? 's' : 'c');
}

/** Words of a constant: float components as f32 bits, int as i32, uint as u32, bool as 0/1. */
export function constWords(ir: KernelIR, index: number, value: number[]): number[] {
  const flat = flattenElement(ir.params[index]!.type);
  return flat.map((c, k) => {
    const v = value[k] ?? 0;
    switch (c.scalar) {
      case 'float': case 'double': return f32Bits(v);
      case 'bool': return v ? 1 : 0;
      case 'uint': case 'uchar': case 'ushort': case 'ulong': return v >>> 0;
      default: return (v | 0) >>> 0;
    }
  });
}

/** Fill the parameter slots (everything after the header) for `args`. */
export function fillParams(data: Uint32Array, plan: ModulePlan, ir: KernelIR, args: LaunchArg[], mask?: StreamArg): void {
  const put = (vec4: number, words: number[]) => data.set(words.map((x) => x >>> 0), vec4 * 4);
  for (const p of plan.params) {
    const a = args[p.index];
    if (!a) continue;
    if (p.role === 'const') {
      if (a.kind === 'value') put(p.uniform, constWords(ir, p.index, a.value));
      continue;
    }
    if (a.kind === 'value') continue;
    put(p.uniform, pad4(a.lo, 0));
    put(p.uniform + 1, pad4(a.shape, 1));
    if (p.role === 'iter' && a.kind === 'iter') {
      const it = a.stream.iter!;
      put(p.uniform + 2, pad4(a.stream.shape, 1));
      put(p.uniform + 3, [0, 1, 2, 3].map((c) => f32Bits(it.lo[c] ?? 0)));
      put(p.uniform + 4, [0, 1, 2, 3].map((c) => f32Bits(it.hi[c] ?? 0)));
      put(p.uniform + 5, [a.stream.shape.length, 0, 0, 0]);
    } else {
      put(p.uniform + 2, strides4(a.stream.shape));
    }
  }
  if (plan.mask && mask) {
    put(plan.mask.uniform, pad4(mask.lo, 0));
    put(plan.mask.uniform + 1, pad4(mask.shape, 1));
    put(plan.mask.uniform + 2, strides4(mask.stream.shape));
  }
}

/** Storage buffers for a plan's parameter bindings (and the mask). */
export function paramBuffers(plan: ModulePlan, args: LaunchArg[], mask?: StreamArg) {
  const out: { binding: number; buffer: GPUBufferLike; id: number | string }[] = [];
  const seen = new Set<number>();
  for (const p of plan.params) {
    if (p.binding === null || seen.has(p.binding)) continue;
    seen.add(p.binding);
    const a = args[p.index];
    if (!a || a.kind === 'value') throw new Error(`internal: parameter ${p.index} needs a stream`);
    const b = asGpuBuf(a.stream.buffer);
    out.push({ binding: p.binding, buffer: b.buffer, id: b.id });
  }
  if (plan.mask && mask && !seen.has(plan.mask.binding)) {
    const b = asGpuBuf(mask.stream.buffer);
    out.push({ binding: plan.mask.binding, buffer: b.buffer, id: b.id });
  }
  return out;
}

type GPUBufferLike = ReturnType<typeof asGpuBuf>['buffer'];
