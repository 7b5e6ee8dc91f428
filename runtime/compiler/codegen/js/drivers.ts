/**
 * Loop drivers: the code around a kernel body that walks positions, reads the current elements and
 * stores the outputs. A driver is specialized on a `JsPlan` (how each stream argument is addressed),
 * so the element loop has no per-element branching on argument kinds.
 *
 * Generated functions take `(L, start, end)`: L is the launch data the CPU backend builds (see
 * backends/cpu/launchdata.ts), [start, end) a range of linear positions in row-major order of the
 * iteration space. Splitting a range into pieces never changes a result (workers rely on it). A full
 * reduction stores one partial accumulator per chunk of `L.chunk` positions into `L.partials` (a
 * Float64Array); the caller combines them in the fixed tree of compiler/facts reduce.ts (treeJoins)
 * with `combineAt`.
 *
 * The walk (row segments, chunk cuts, what is fixed per launch, row or element, how each stream's
 * address advances) is the loop plan's (codegen/loop-plan.ts), printed here as JavaScript and by
 * codegen/wasm as WebAssembly; launch.ts holds the per-parameter lines, loops.ts the loops by mode.
 */
import type { KernelFacts } from '../../facts/index.js';
import type { KernelIR } from '../../ir.js';
import { storageScalars } from '../../types.js';
import { KernelEmitter, type EmitFacts } from './emit.js';
import { addressOf, bindParams, createLaunchLines, voutPush } from './launch.js';
import { writeCombine, writeRun, Writer, type RunParts } from './loops.js';
import { planWholeSeeds, type JsPlan } from '../loop-plan.js';
import { convert, flatKinds, type Kind, viewOf } from './scalar.js';

export { planKey, resizeIndex, SMALL_WHOLE, type Access, type IterForm, type JsPlan } from '../loop-plan.js';

/** Source text of a module body: `new Function('brk_w', 'brk_stop', src)(word, stop)` returns
 *  `{ run, combine, combineAt }` (loops throw `stop` when the Int32 `word[0]` is set: codegen/loop-poll.ts). */
export function generateKernelSource(ir: KernelIR, plan: JsPlan, kernelFacts: KernelFacts): string {
  const st = createLaunchLines(ir, plan, kernelFacts);
  bindParams(st);
  const { inputParam, reduceParam, produce, prologue } = st;
  const onPush = (param: number, comps: string[]): string[] => voutPush(ir, param, comps);

  const inKinds = inputParam >= 0 ? flatKinds(ir.params[inputParam]!.type) : [];
  const accKinds = reduceParam >= 0 ? flatKinds(ir.params[reduceParam]!.type) : [];
  // Stores into the target stream (reduceBlocks, scatter) narrow; partial results do not.
  const accNarrow = reduceParam >= 0 ? storageScalars(ir.params[reduceParam]!) : [];

  if (plan.mask) {
    const off = addressOf(st, 'M', plan.mask, 1, 'L.mask');
    prologue.push('const FM = AM.F;');
    st.perElement.unshift(`if (FM[${off}] === 0) break el;`);
  }
  let indexOffset = '';
  if (plan.mode === 'scatter') {
    // The reduce param is the destination element dst[index[i]], the input param is data[i].
    prologue.push('const SD = L.dst, SDe = SD.e, SDl = SD.l, SDs = SD.s;');
    for (const v of new Set(accKinds.map(viewOf))) prologue.push(`const ${v}D = SD.${v};`);
    // Index components are float (rounded by the gather rule, compiler/facts) or int (taken as they are); XW words an element.
    prologue.push('const XW = L.index.words, XFLOAT = L.indexIsFloat;');
    indexOffset = addressOf(st, 'X', plan.target ?? 'table', 1, 'L.index');
    prologue.push('const FX = AX.F, IX = AX.I;');
  }
  let targetOffset = '';
  if (plan.mode === 'reduceBlocks') {
    prologue.push('const TG = L.target;');
    for (const v of new Set(accKinds.map(viewOf))) prologue.push(`const ${v}TG = TG.${v};`);
    targetOffset = addressOf(st, 'TG', plan.target ?? 'table', accKinds.length, 'TG');
  }

  if (produce) {
    // The producer's part in a block of its own (its temporaries are its own), then its stores.
    // Without facts: nothing of it is hoisted to the row, where the body's hoisted names live.
    const lines = new KernelEmitter({ ...ir, body: produce.body }, st.bindings, kernelFacts, onPush).emitBody(0);
    st.perElement.push('{', ...lines, '}', ...st.produceStores);
  }
  const facts: EmitFacts = { rowInvariant: st.rowInvariant, seeds: planWholeSeeds(plan), bounds: st.bounds, hoisted: [] };
  const body = new KernelEmitter(ir, st.bindings, kernelFacts, onPush, facts).emitBody(0);
  // The reduce body can join two partial results (accumulator and element of one type, no indexof).
  // (A fused reduction's indexof is its producer's: compiler/fuse never fuses a reduction whose
  // body reads indexof, so the combining step is free of it.)
  const canCombine = ir.kind === 'reduce' && inputParam >= 0 && reduceParam >= 0 && sameKinds(inKinds, accKinds) && (produce !== undefined || ir.indexofParams.length === 0);
  const seed = accKinds.map((kind, c) => `p${reduceParam}_${c} = ${convert(inKinds[c] ?? 'float', kind, `p${inputParam}_${c}`)};`);

  const w = new Writer();
  const parts: RunParts = { st, w, body, hoisted: facts.hoisted, seed, canCombine, inKinds, accKinds, accNarrow, indexOffset, targetOffset };
  writeRun(parts);
  writeCombine(parts, onPush);
  w.line(0, 'return { run, combine, combineAt };');
  return w.lines.join('\n');
}

function sameKinds(a: Kind[], b: Kind[]): boolean {
  return a.length === b.length && a.every((k, i) => k === b[i]);
}
