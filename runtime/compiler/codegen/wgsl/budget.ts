/**
 * Loop budgets: every loop of a kernel's code (its body, a fused producer's body, its helpers) counts
 * its iterations against one budget per element, so a loop that never ends for some element stops
 * instead of holding the GPU for ever (WebGPU cannot cancel a dispatch).
 *
 * The budget is a uniform word (layout.ts `LoopBudgetPlan.uniform`, .x), so changing it never
 * recompiles a pipeline; the backend passes a small one to first tries and a larger one to re-runs
 * (backends/webgpu/loop-budget.ts). One counter serves every loop an element runs: an endless inner
 * loop and a long nest of sane ones are both bounded by it, and once it is spent every other loop of
 * the element leaves at its first test, so the rest of the element is cheap.
 *
 * A spent budget is reported in the status buffer `b_lstat` (two words): word 0 takes, by atomicMax,
 * `(tag << 12) | loop`, where `tag` (U[..].y) names the kernel to the runtime and `loop` is the
 * loop's number in `loopSites` order (1-based; 0: a loop without a source span); word 1 counts the
 * elements that ran out. One atomic per spent element; nothing at all while the budget lasts.
 *
 * Loops the writer makes itself are not counted: their trip counts are bounded by the launch
 * (reductions folding their chunk, vout scans) or by the arithmetic (fmod's halving: <= 280 steps),
 * and a cooperative variant's own strided loop (coop.ts) has a uniform bound and a constant step.
 */
import type { IRStmt, KernelIR } from '../../ir.js';
import type { Span } from '../../source.js';

/** A counted loop's place in the source: its number in the status word and its span. */
export interface LoopSite {
  id: number;
  span?: Span;
  /** The kernel or helper function the loop is written in. */
  fn: string;
}

/** Loop numbers past this do not fit the status word's 12 bits: they report as "a loop" (id 0). */
export const MAX_LOOP_ID = 4095;

const sitesCache = new WeakMap<KernelIR, LoopSite[]>();

/** Every loop of `ir`, numbered from 1 in a fixed order (body, producer, helpers); cached. */
export function loopSites(ir: KernelIR): LoopSite[] {
  let sites = sitesCache.get(ir);
  if (sites) return sites;
  sites = [];
  const add = (list: IRStmt[], fn: string) => walkLoops(list, (s) => sites!.push({ id: sites!.length + 1, span: s.span, fn }));
  add(ir.body, ir.name);
  if (ir.produce) add(ir.produce.body, ir.name);
  // (Lowering names helpers `h_<source name>`.)
  for (const h of ir.helpers) add(h.body, h.name.replace(/^h_/, ''));
  sitesCache.set(ir, sites);
  return sites;
}

/** Whether any code of `ir` loops (then its modules carry a budget). */
export function hasLoops(ir: KernelIR): boolean {
  return loopSites(ir).length > 0;
}

function walkLoops(list: IRStmt[], f: (s: IRStmt & { op: 'loop' }) => void): void {
  for (const s of list) {
    if (s.op === 'loop') {
      f(s);
      walkLoops(s.init, f);
      walkLoops(s.body, f);
      walkLoops(s.update, f);
    } else if (s.op === 'if') {
      walkLoops(s.then, f);
      walkLoops(s.else, f);
    }
  }
}

/** The number a loop statement reports as: found by its span, which copies of the statement keep
 *  (helpers are written from a renamed copy of their body). */
export function loopIdOf(ir: KernelIR, s: IRStmt & { op: 'loop' }): number {
  if (!s.span) return 0;
  const site = loopSites(ir).find((x) => x.span === s.span);
  return site && site.id <= MAX_LOOP_ID ? site.id : 0;
}

/** Module-scope declarations of a budgeted module: the status buffer and the element's counter. */
export function budgetDecls(binding: number): string[] {
  return [
    `@group(0) @binding(${binding}) var<storage, read_write> b_lstat: array<atomic<u32>>;`,
    'var<private> brk_left: u32;',
    'var<private> brk_spent: bool;',
  ];
}

/** The function a loop calls when the budget is spent: reports once per element. */
export function budgetFns(uniform: number): string[] {
  return [
    `fn brk_out(site: u32) {\n  if (brk_spent) { return; }\n  brk_spent = true;\n  atomicMax(&b_lstat[0], (U[${uniform}].y << 12u) | site);\n  atomicAdd(&b_lstat[1], 1u);\n}`,
  ];
}

/** First statements of a function that runs one element (kbody, pr_elem): a fresh budget. */
export function budgetStart(uniform: number, ind: string): string {
  return `${ind}brk_left = U[${uniform}].x; brk_spent = false;`;
}

/** First statement of a counted loop's body: leave when the element's budget is spent. */
export function budgetTest(id: number, ind: string): string {
  return `${ind}if (brk_left == 0u) { brk_out(${id}u); break; } brk_left = brk_left - 1u;`;
}
