/**
 * Kernel facts: what every kernel writer (codegen/js, codegen/wasm, codegen/wgsl) and the CPU
 * backend's joins need to agree on, decided once from the kernel IR.
 *
 * In:  valid kernel IR (lower/, after validation; fused IR from compiler/fuse as well), and for a
 *      writer that specializes on a launch, `WholeSeeds` (which constant and iterator components that
 *      launch makes whole numbers).
 * Out: `kernelFacts(ir, seeds)`, a side table keyed by IR node:
 *      - per gather expression: its parameter, dimensions, and per index component its class
 *        ('int', 'uint', 'whole' float, or 'float') and the padded dimension it addresses;
 *      - per float expression: whether it is a whole number, and its exact integer form (WGSL);
 *      - for a reduce kernel: its operand order, seed and operator (reduce.ts).
 *      The rules themselves: gather.ts (index rounding, clamping, addressing), whole.ts (whole
 *      numbers), reduce.ts (reduction order, shape, chunks and joins), iterator.ts (an iterator's
 *      value at an index).
 * Always: pure (no device, no clock); a writer prints what the facts say and decides none of it
 *      itself, so two writers cannot disagree on an index or a reduction order
 *      (tests/compiler/writer-agreement.test.ts runs the same cases through all three).
 */
import type { IRExpr, KernelIR } from '../ir.js';
import { type IndexClass } from './gather.js';
import { bodiesOf, forEachExprIn, singleAssignmentLocals, WholeNumbers, type ExactTerm, type WholeSeeds } from './whole.js';
import { reductionFacts, type ReductionFacts } from './reduce.js';

export {
  GATHER_ROUND_BIAS,
  gatherIndex,
  JS_GATHER_FUNCTIONS,
  jsGatherFunction,
  jsRoundedIndex,
  WGSL_GATHER_FUNCTIONS,
  wgslGatherFunction,
  wgslRoundedIndex,
  type IndexClass,
} from './gather.js';
export { iteratorValue, WGSL_ITER_FUNCTIONS } from './iterator.js';
export { EXACT_F32, type ExactTerm, type WholeSeeds } from './whole.js';
export { isCommutativeReduction, REDUCE_CHUNK, reductionFacts, treeJoins, type ReductionFacts } from './reduce.js';

type GatherExpr = Extract<IRExpr, { op: 'gather' }>;

/** One index component of a gather. */
export interface CoordFacts {
  /** Which rule applies (gather.ts): rounding for 'float', none for the others; all are clamped. */
  cls: IndexClass;
  /** The padded dimension (0 slowest .. 3 fastest) it addresses: 3 - k for component k. */
  dim: number;
}

export interface GatherFacts {
  param: number;
  dims: number;
  coords: CoordFacts[];
}

export interface KernelFacts {
  /** The facts of a gather of this kernel (its body, fused producer or helpers). */
  gather(e: GatherExpr): GatherFacts;
  /** Whether component `comp` of `e` (an expression of this kernel) is a whole number; false for an
   *  expression that is not part of the kernel's IR. */
  isWhole(e: IRExpr, comp?: number): boolean;
  /** The exact integer form of a scalar float expression, given bounds of indexof components. */
  exactInt(e: IRExpr, indexofBound: (param: number, comp: number) => number | null): { term: ExactTerm; bound: number } | null;
  reduction: ReductionFacts | null;
}

function scalarClass(t: IRExpr['type']): 'float' | 'int' | 'uint' {
  const s = t.kind === 'scalar' ? t.name : t.kind === 'vector' ? t.elem : 'float';
  return s === 'float' || s === 'double' || s === 'fixed' ? 'float' : s === 'uint' || s === 'uchar' || s === 'bool' ? 'uint' : 'int';
}

const cache = new WeakMap<KernelIR, Map<WholeSeeds | null, KernelFacts>>();

/**
 * The facts of `ir`. `seeds` come from the launch a writer specializes on; the same function object
 * gives the same (cached) facts. Without seeds, constant and iterator floats are not known whole.
 */
export function kernelFacts(ir: KernelIR, seeds: WholeSeeds | null = null): KernelFacts {
  let bySeeds = cache.get(ir);
  if (!bySeeds) cache.set(ir, (bySeeds = new Map()));
  const hit = bySeeds.get(seeds);
  if (hit) return hit;
  const owner = new Map<IRExpr, WholeNumbers>();
  const gathers = new Map<GatherExpr, GatherFacts>();
  for (const body of bodiesOf(ir)) {
    const whole = new WholeNumbers(singleAssignmentLocals(body.stmts), body.helper ? null : seeds);
    for (const stmts of body.stmts) {
      forEachExprIn(stmts, (e) => {
        owner.set(e, whole);
        if (e.op !== 'gather') return;
        const coords = e.index.map((ix, k) => {
          const c = scalarClass(ix.type);
          return { cls: c === 'float' && whole.isWhole(ix) ? 'whole' : c, dim: 3 - k } as CoordFacts;
        });
        gathers.set(e, { param: e.param, dims: e.index.length, coords });
      });
    }
  }
  // An expression a writer made up itself (not in the IR) is not known whole: the plain rule applies.
  const ownerOf = (e: IRExpr) => owner.get(e);
  const facts: KernelFacts = {
    gather: (e) => {
      const g = gathers.get(e);
      if (!g) throw new Error(`internal: kernel facts asked about a gather outside kernel '${ir.name}'`);
      return g;
    },
    isWhole: (e, comp = 0) => ownerOf(e)?.isWhole(e, comp) ?? false,
    exactInt: (e, ib) => ownerOf(e)?.exactInt(e, 0, ib) ?? null,
    reduction: reductionFacts(ir),
  };
  bySeeds.set(seeds, facts);
  return facts;
}
