/**
 * Kernel IR -> WGSL.
 *
 * In:  a valid KernelIR (ir.ts) and a variant (layout.ts: the mode, which arguments are addressed
 *      directly, which bindings alias a written buffer, the write mask, and the schedule's choices:
 *      workgroup size, strided or wide reductions, the cooperative form; compiler/schedule makes them).
 * Out: WGSL source plus its ModulePlan (bindings and uniform slots), which the WebGPU backend fills.
 * Always: the writer only prints; it never consults a device or chooses a schedule. Every workgroup
 *      size prints the same order of combining (schedule/order.ts). Pure function of its inputs, so the
 *      backend caches modules by kernel key and variant. IR the writer cannot express in WGSL (double)
 *      raises WgslUnsupportedError with a hint; anything else thrown is a bug in us.
 * Semantics follow the CPU backend (codegen/js), the reference: see builtins.ts for the built-ins and
 * body.ts for operators.
 */
import type { KernelIR } from '../../ir.js';
import type { KernelFacts } from '../../facts/index.js';
import { writeKernelModule, type WgslModule } from './kernel.js';
import type { KernelVariant, VariantMode } from './layout.js';

export { isCommutativeReduction, writeKernelModule, type WgslModule } from './kernel.js';
export { planModule, paramIsBound, storageKind, voutParams, HEADER_VEC4S, WG2D } from './layout.js';
export type { BindingPlan, KernelVariant, ModulePlan, PagePlan, PageSpec, ParamPlan, ShapeSpec, StorageKind, VariantMode, ExtraBinding } from './layout.js';
export { coopLoop, coopTrips, COOP_MAX_ACC_BYTES, type CoopCheck, type CoopLoop } from '../../schedule/coop-loop.js';
export { WgslUnsupportedError, f32Bits, wordsOf } from './names.js';

/** The module for the plainest call of `ir` (no domains, no aliasing): what golden tests print. */
export function generateWGSL(ir: KernelIR, facts: KernelFacts, mode?: VariantMode): WgslModule {
  const m: VariantMode = mode ?? (ir.kind === 'reduce' ? 'reduceAll' : ir.params.some((p) => p.role === 'vout') ? 'voutWrite' : 'map');
  const v: KernelVariant = {
    mode: m,
    direct: ir.params.map(() => false),
    share: [...ir.params.map(() => -1), -1],
    masked: false,
    workgroupSize: 64,
  };
  return writeKernelModule(ir, v, facts);
}
