/**
 * Tiling, chosen here and printed by the WGSL writer (layout.ts asks, kernel.ts prints): thread
 * coarsening of 2-D maps (four outputs a thread, vec4 loads and stores) and partial reductions that
 * read their rows as vec4. Both depend on the call's layout (shapes, alignment, which arguments
 * share a binding), which the writer's module plan knows: it passes its parameter plans.
 */
import type { KernelIR } from '../ir.js';
import { storageScalars } from '../types.js';
import { VEC4_BLOCK_WG } from './order.js';

/** What tiling reads of the writer's variant (codegen/wgsl/layout.ts KernelVariant satisfies it):
 *  a schedule names no writer's type. */
export interface TilingVariant {
  mode: string;
  direct: readonly boolean[];
  masked: boolean;
  strided?: boolean;
  wide?: boolean;
  untiled?: boolean;
  coop?: boolean;
  shapes?: { grid: number; words: ReadonlyMap<number, readonly number[]> };
  pages?: readonly unknown[];
}

/** What tiling reads of a parameter's plan (layout.ts ParamPlan satisfies it). */
export interface TilingParam {
  index: number;
  role: string;
  uniform: number;
  binding: number | null;
  storage: { kind: string } | null;
  pages?: unknown;
}

/**
 * A partial reduction into a stream (a workgroup per target, commutative: reduce.ts) whose blocks
 * are rows: runs of consecutive words starting on a 16-byte boundary, a multiple of 4 long. Its
 * input is then read as vec4, each workgroup of VEC4_BLOCK_WG threads striding over the row's vec4s
 * (measured on an H200, the rows of an 8192^2 float stream: 252 us as 256 threads of scalar loads,
 * 178 us so). Returns the input parameter, or null. The vec4 lanes are the order of such a row
 * (order.ts VEC4_BLOCK_WG), so this follows from the call's shapes and is not a choice to force.
 *
 * A fused reduction's input is computed (ir.produce): it is dense from 0 in one buffer of its own, so
 * its rows take the same order as the stream the unfused calls would have stored (fusion must not
 * change a bit): the order follows from the shapes alone. (Until 2026-12-03 a fused input kept the
 * scalar lanes and its sums differed from the unfused calls' in the last bit: BROOK_FUSE=verify.)
 */
export function vec4Rows(ir: KernelIR, v: TilingVariant, params: readonly TilingParam[], members: Map<number, unknown[]>): number | null {
  if (v.mode !== 'reduceBlocks' || !v.wide || !v.strided || v.pages || !v.shapes) return null;
  const input = params.find((p) => p.role === 'in');
  if (!input) return null;
  if (!ir.produce && (input.binding === null || input.pages || input.storage?.kind !== 'typed' || (members.get(input.binding)?.length ?? 0) !== 1)) return null;
  const ip = ir.params[input.index]!;
  if (ip.type.kind !== 'scalar' || !PLAIN_SCALARS.has(ip.type.name)) return null;
  const lo = v.shapes.words.get(input.uniform);
  const shape = v.shapes.words.get(input.uniform + 1);
  const strides = v.shapes.words.get(input.uniform + 2);
  const out = v.shapes.words.get(0);
  if (!lo || !shape || !strides || !out) return null;
  const bs = shape.map((e, d) => e / out[d]!);
  // A block along the fastest dimension only, 4k long with at least 4 words a thread.
  if (bs.some((b, d) => (d < 3 ? b !== 1 : b % 4 !== 0 || b < 4 * VEC4_BLOCK_WG))) return null;
  if (strides[3] !== 1 || strides.some((s, d) => d < 3 && s % 4 !== 0) || lo[3]! % 4 !== 0) return null;
  return input.index;
}

/**
 * The producer inputs of a fused reduction read as rows of vec4 (vec4Rows): those addressed at the
 * computed input's own element (direct), plain scalars on an unsplit binding of their own. Each vec4
 * feeds four runs of the producer, in element order (reduce.ts pr4), so the loads are 16 bytes wide and
 * the results the same.
 */
export function vec4ProducerInputs(ir: KernelIR, v: TilingVariant, params: readonly TilingParam[], members: Map<number, unknown[]>): number[] {
  if (!ir.produce) return [];
  return params
    .filter((p) => p.index >= ir.produce!.from && p.role === 'in' && v.direct[p.index] && p.binding !== null && !p.pages && p.storage?.kind === 'typed')
    .filter((p) => {
      const t = ir.params[p.index]!.type;
      return t.kind === 'scalar' && PLAIN_SCALARS.has(t.name) && (members.get(p.binding!)?.length ?? 0) === 1;
    })
    .map((p) => p.index);
}

/** Scalars stored as they are computed (no narrowing on store: memory.ts narrowWgsl). */
const PLAIN_SCALARS = new Set(['float', 'int', 'uint']);

/**
 * Thread coarsening of a 2-D map (measured on an H200, 4096^2 5-point stencil: 70 us with one output
 * per thread, 45 us with four; 8192^2 `c = a * b`: 726 us against 330 us): each thread computes
 * four consecutive outputs of a row, so every output and every direct input moves as one vec4 per
 * thread (16-byte loads and stores, four times fewer memory instructions and more bytes in flight).
 * The body runs once per output exactly as before, so results do not change (ScheduleForce tiling
 * false turns it off: KernelVariant.untiled).
 *
 * Taken when the call is shape-specialized on a 2-D grid, unmasked, unsplit, its width a multiple of
 * 4 (at least 64), and every output is a plain one-word scalar (float, int, uint) written at the
 * launch's own positions (direct) on a binding of its own. Direct inputs of the same kind get vec4
 * loads; everything else (gathers, resized or offset inputs) is read per output as before.
 */
export function mapTiling(ir: KernelIR, v: TilingVariant, params: readonly TilingParam[], members: Map<number, unknown[]>): { coarsen: 1 | 4; vec4Params: Set<number> } {
  const none = { coarsen: 1 as const, vec4Params: new Set<number>() };
  // A cooperative variant (coop.ts) runs one element a workgroup: nothing to coarsen.
  if (v.mode !== 'map' || v.coop || v.untiled || v.shapes?.grid !== 2 || v.masked || v.pages) return none;
  const cols = v.shapes.words.get(0)?.[3] ?? 0;
  if (cols % 4 !== 0 || cols < 64) return none;
  const vectorizable = (p: TilingParam) => {
    const ip = ir.params[p.index]!;
    return (
      v.direct[p.index] === true &&
      p.binding !== null &&
      !p.pages &&
      p.storage?.kind === 'typed' &&
      ip.type.kind === 'scalar' &&
      PLAIN_SCALARS.has(ip.type.name) &&
      storageScalars(ip).every((s) => PLAIN_SCALARS.has(s)) &&
      (members.get(p.binding)?.length ?? 0) === 1
    );
  };
  const outs = params.filter((p) => p.role === 'out');
  if (outs.length === 0 || !outs.every(vectorizable)) return none;
  const indexof = new Set(ir.indexofParams);
  const ins = params.filter((p) => p.role === 'in' && !indexof.has(p.index) && vectorizable(p));
  return { coarsen: 4, vec4Params: new Set([...outs, ...ins].map((p) => p.index)) };
}

