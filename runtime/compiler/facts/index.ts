/**
 * Kernel facts: what every kernel writer (codegen/js, codegen/wasm, codegen/wgsl) and the CPU
 * backend's joins need to agree on, decided once from the kernel IR.
 *
 * In:  valid kernel IR (lower/, after validation; fused IR from compiler/fuse as well), and for a
 *      writer that specializes on a launch, `WholeSeeds` (which constant and iterator components that
 *      launch makes whole numbers).
 * Out: `kernelFacts(ir)`, a side table keyed by IR node, computed once per kernel by the compiler
 *      right after the IR validator and carried to the writers on the CompiledKernel (`facts`);
 *      `facts.seeded(seeds)` is a launch's view of it:
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
  /** The same facts for a launch whose constant and iterator components `seeds` makes whole (a CPU
   *  writer's plan): the walk of the IR is shared; the same seeds function gives the same view. */
  seeded(seeds: WholeSeeds): KernelFacts;
}

function scalarClass(t: IRExpr['type']): 'float' | 'int' | 'uint' {
  const s = t.kind === 'scalar' ? t.name : t.kind === 'vector' ? t.elem : 'float';
  return s === 'float' || s === 'double' || s === 'fixed' || s === 'shortfixed' ? 'float' : s === 'uint' || s === 'uchar' || s === 'bool' ? 'uint' : 'int';
}

/** One body's walk: its single-assignment locals, its expressions and its gathers. */
interface BodyWalk {
  helper: boolean;
  inits: Map<string, IRExpr>;
  exprs: IRExpr[];
  gathers: GatherExpr[];
}

/**
 * The facts of `ir`: the compiler's stage right after the IR validator (lower/index.ts for every
 * kernel, fuse/index.ts for a fused one), computed once and handed to every writer on the
 * CompiledKernel (compiled.ts `facts`). Constant and iterator floats are not known whole here; a
 * writer that specializes on a launch asks `seeded` for that launch's view.
 */
export function kernelFacts(ir: KernelIR): KernelFacts {
  const walks: BodyWalk[] = bodiesOf(ir).map((body) => {
    const exprs: IRExpr[] = [];
    const gathers: GatherExpr[] = [];
    for (const stmts of body.stmts) {
      forEachExprIn(stmts, (e) => {
        exprs.push(e);
        if (e.op === 'gather') gathers.push(e);
      });
    }
    return { helper: body.helper !== null, inits: singleAssignmentLocals(body.stmts), exprs, gathers };
  });
  return factsFor(ir, walks, null, reductionFacts(ir), new Map());
}

function factsFor(ir: KernelIR, walks: BodyWalk[], seeds: WholeSeeds | null, reduction: ReductionFacts | null, views: Map<WholeSeeds, KernelFacts>): KernelFacts {
  const owner = new Map<IRExpr, WholeNumbers>();
  const gathers = new Map<GatherExpr, GatherFacts>();
  for (const w of walks) {
    const whole = new WholeNumbers(w.inits, w.helper ? null : seeds);
    for (const e of w.exprs) owner.set(e, whole);
    for (const e of w.gathers) {
      const coords = e.index.map((ix, k) => {
        const c = scalarClass(ix.type);
        return { cls: c === 'float' && whole.isWhole(ix) ? 'whole' : c, dim: 3 - k } as CoordFacts;
      });
      gathers.set(e, { param: e.param, dims: e.index.length, coords });
    }
  }
  // An expression a writer made up itself (not in the IR) is not known whole: the plain rule applies.
  const ownerOf = (e: IRExpr) => owner.get(e);
  return {
    gather: (e) => {
      const g = gathers.get(e);
      if (!g) throw new Error(`internal: kernel facts asked about a gather outside kernel '${ir.name}'`);
      return g;
    },
    isWhole: (e, comp = 0) => ownerOf(e)?.isWhole(e, comp) ?? false,
    exactInt: (e, ib) => ownerOf(e)?.exactInt(e, 0, ib) ?? null,
    reduction,
    seeded(s: WholeSeeds): KernelFacts {
      let v = views.get(s);
      if (!v) views.set(s, (v = factsFor(ir, walks, s, reduction, views)));
      return v;
    },
  };
}
