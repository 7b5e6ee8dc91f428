/**
 * The JavaScript driver's view of one launch (drivers.ts writes the loops around it): for every kernel
 * parameter, how the body reaches it (a ParamBinding) and the lines that set it up, sorted by how often
 * they run: once per launch (`prologue`), once per row (`rowLines`), running offsets advanced after
 * each element (`running`), once per element (`perElement`), and the stores after the body.
 * Nothing here writes a loop; the order of the lines pushed is the order they run in.
 */
import type { KernelIR } from '../../ir.js';
import type { KernelFacts } from '../../facts/index.js';
import { storageScalars } from '../../types.js';
import type { ParamBinding } from './emit.js';
import { dimForms, whereAlong, planLoop, resizeIndex, SMALL_WHOLE, streamWalk, type Access, type IterForm, type JsPlan, type LoopPlan } from '../loop-plan.js';
import { convert, flatKinds, type Kind, load, narrowStore, storeValue, viewOf, zero } from './scalar.js';

export const DIMS = [0, 1, 2, 3];
const SLOW = [0, 1, 2];

export interface LaunchLines {
  ir: KernelIR;
  plan: JsPlan;
  /** The kernel facts the compiler decided (compiler/facts): every emitter prints from them. */
  facts: KernelFacts;
  /** The walk (codegen/loop-plan.ts): coordinates, segments, how each stream advances. */
  loop: LoopPlan;
  bindings: ParamBinding[];
  prologue: string[];
  /** Once per row (c0..c2 fixed): row bases, slow indexof and iterator components. */
  rowLines: string[];
  /** Running offsets: declared at the start of each row segment, advanced after each element. */
  running: { name: string; init: string; step: number }[];
  perElement: string[];
  stores: string[];
  /** A fused reduction's producer stores its kept outputs at each element, after computing it. */
  produceStores: string[];
  /** Names fixed for a whole row (the body's pure expressions over them are hoisted). */
  rowInvariant: Set<string>;
  /** Float names known to hold small whole numbers, with a bound on their magnitude (exact
   *  arithmetic without fround; which values are whole at all is the kernel facts' decision). */
  bounds: Map<string, number>;
  inputParam: number;
  reduceParam: number;
  /** A fused reduction (ir.ts `produce`): the input element is computed by the producer's part from
   *  the parameters from `produce.from` on, per element, instead of loaded. */
  produce: KernelIR['produce'];
}

export function createLaunchLines(ir: KernelIR, plan: JsPlan, facts: KernelFacts): LaunchLines {
  return {
    ir,
    plan,
    facts,
    loop: planLoop(ir, plan),
    bindings: [],
    prologue: [],
    rowLines: [],
    running: [],
    perElement: [],
    stores: [],
    produceStores: [],
    rowInvariant: new Set(),
    bounds: new Map(),
    inputParam: ir.kind === 'reduce' ? ir.params.findIndex((p) => p.role === 'in') : -1,
    reduceParam: ir.params.findIndex((p) => p.role === 'reduce'),
    produce: ir.kind === 'reduce' && plan.mode !== 'scatter' ? ir.produce : undefined,
  };
}

function know(st: LaunchLines, name: string, form: IterForm): void {
  if (form === 's') st.bounds.set(name, SMALL_WHOLE);
}

export function isProducer(st: LaunchLines, k: number): boolean {
  return st.produce !== undefined && k >= st.produce.from;
}

/** Producer parameters of a partial reduction are addressed at the element's input position
 *  (q = c * BF + b per dimension, in the input's extents IE), recomputed for every element. */
function atElement(st: LaunchLines, k: number): boolean {
  return st.plan.mode === 'reduceBlocks' && isProducer(st, k);
}

/** Domain index expressions of dimension d for a stream with extents `ext` (names of constants);
 *  `el`: at the element's input position (atElement). */
function dimIndex(form: string, d: number, c: string, ext: string, el = false): string {
  return el ? (form[d] === 'i' ? `q${d}` : resizeIndex(`q${d}`, ext, `IE${d}`)) : form[d] === 'i' ? c : resizeIndex(c, ext, `E${d}`);
}

/**
 * Declares the addressing of stream argument `k` (its launch data is `src`) and returns the name of
 * its running element offset (in words). Linear arguments need no coordinates; the others get a
 * row base from c0..c2 and either a running offset (dimension 3 not resized) or one per element.
 */
export function addressOf(st: LaunchLines, k: string, access: Access, words: number, src: string, el = false): string {
  st.prologue.push(`const A${k} = ${src}, B${k} = A${k}.base;`);
  const o = `o${k}`;
  const scale = (e: string) => (words === 1 ? e : `(${e}) * ${words}`);
  if (el) {
    const forms = dimForms(access);
    st.prologue.push(`const S${k}_0 = A${k}.S[0], S${k}_1 = A${k}.S[1], S${k}_2 = A${k}.S[2], N${k}_0 = A${k}.s[0], N${k}_1 = A${k}.s[1], N${k}_2 = A${k}.s[2], N${k}_3 = A${k}.s[3];`);
    const terms = DIMS.map((d) => `${dimIndex(forms, d, '', `N${k}_${d}`, true)}${d < 3 ? ` * S${k}_${d}` : ''}`);
    st.perElement.push(`const ${o} = ${scale(`B${k} + ${terms.join(' + ')}`)};`);
    return o;
  }
  const walk = streamWalk(access);
  if (walk.linear) {
    st.running.push({ name: o, init: scale(`B${k} + i`), step: words });
    return o;
  }
  const forms = walk.forms;
  st.prologue.push(`const S${k}_0 = A${k}.S[0], S${k}_1 = A${k}.S[1], S${k}_2 = A${k}.S[2], N${k}_0 = A${k}.s[0], N${k}_1 = A${k}.s[1], N${k}_2 = A${k}.s[2], N${k}_3 = A${k}.s[3];`);
  const terms = SLOW.map((d) => `${dimIndex(forms, d, `c${d}`, `N${k}_${d}`)} * S${k}_${d}`);
  st.rowLines.push(`const R${k} = B${k} + ${terms.join(' + ')};`);
  if (walk.running) {
    st.running.push({ name: o, init: scale(`R${k} + c3`), step: words });
  } else {
    st.perElement.push(`const ${o} = ${scale(`R${k} + ${resizeIndex('c3', `N${k}_3`, 'E3')}`)};`);
  }
  return o;
}

function views(st: LaunchLines, k: string, kinds: Kind[], src: string): void {
  for (const v of new Set(kinds.map(viewOf))) st.prologue.push(`const ${v}${k} = ${src}.${v};`);
}

/** Binds every kernel parameter, in order (the lines of each follow the lines of the one before). */
export function bindParams(st: LaunchLines): void {
  const indexofSet = new Set(st.ir.indexofParams);
  st.ir.params.forEach((p, k) => {
    const kinds = flatKinds(p.type);
    const b: ParamBinding = { kinds };
    st.bindings.push(b);
    const names = kinds.map((_, c) => `p${k}_${c}`);
    if (indexofSet.has(k)) bindIndexof(st, k, b);
    switch (p.role) {
      case 'const':
        return bindConst(st, k, b, names);
      case 'gather': {
        b.gather = { id: k, dims: p.gatherDims ?? 1, words: kinds.length };
        st.prologue.push(`const GA${k} = L.args[${k}];`);
        for (const v of new Set(kinds.map(viewOf))) {
          st.prologue.push(`const G${k}${v} = GA${k}.${v};`);
          st.rowInvariant.add(`G${k}${v}`); // gathered streams are never written by the launch (brt: BRK5010)
        }
        for (const d of DIMS) {
          st.prologue.push(`const G${k}e${d} = GA${k}.e[${d}], G${k}l${d} = GA${k}.l[${d}], G${k}s${d} = GA${k}.s[${d}];`);
          for (const x of 'els') st.rowInvariant.add(`G${k}${x}${d}`);
        }
        return;
      }
      case 'iter':
        return bindIter(st, k, b, names);
      case 'in':
        return bindInput(st, k, b, names);
      case 'out':
      case 'vout':
        return bindOutput(st, k, b, names);
      case 'reduce': {
        b.comps = names;
        b.writable = true;
        st.prologue.push(`let ${kinds.map((kind, c) => `${names[c]} = ${zero(kind)}`).join(', ')};`);
        return;
      }
    }
  });
}

function bindIndexof(st: LaunchLines, k: number, b: ParamBinding): void {
  const plan = st.plan;
  const ix = [3, 2, 1, 0].map((d) => `x${k}_${d}`);
  b.indexof = ix;
  ix.forEach((x) => know(st, x, plan.smallIndex ? 's' : 'z'));
  if (plan.mode === 'reduceBlocks' && k === st.inputParam) {
    [3, 2, 1, 0].forEach((d, c) => st.perElement.push(`const ${ix[c]} = c${d} * BF${d} + b${d};`));
  } else if (atElement(st, k)) {
    const forms = dimForms(plan.access[k] ?? 'table');
    st.prologue.push(`const X${k}_0 = L.args[${k}].s[0], X${k}_1 = L.args[${k}].s[1], X${k}_2 = L.args[${k}].s[2], X${k}_3 = L.args[${k}].s[3];`);
    for (const d of DIMS) st.perElement.push(`const ${ix[3 - d]} = ${dimIndex(forms, d, '', `X${k}_${d}`, true)};`);
  } else {
    // Relative to the argument's domain: the (resized) domain index of each dimension.
    const forms = dimForms(plan.access[k] ?? 'table');
    st.prologue.push(`const X${k}_0 = L.args[${k}].s[0], X${k}_1 = L.args[${k}].s[1], X${k}_2 = L.args[${k}].s[2], X${k}_3 = L.args[${k}].s[3];`);
    for (const d of DIMS) {
      const e = dimIndex(forms, d, `c${d}`, `X${k}_${d}`);
      if (whereAlong(d) === 'element') st.perElement.push(`const ${ix[0]} = ${e};`);
      else {
        st.rowLines.push(`const ${ix[3 - d]} = ${e};`);
        st.rowInvariant.add(ix[3 - d]!);
      }
    }
  }
}

function bindConst(st: LaunchLines, k: number, b: ParamBinding, names: string[]): void {
  b.comps = names;
  st.prologue.push(`const V${k} = L.args[${k}].value;`);
  b.kinds.forEach((kind, c) => {
    st.prologue.push(`const ${names[c]} = ${convert('double', kind, `V${k}[${c}]`)};`);
    st.rowInvariant.add(names[c]!);
    if (kind === 'float' || kind === 'double') know(st, names[c]!, st.plan.constForms?.[k]?.[c] ?? 'g');
  });
}

function bindIter(st: LaunchLines, k: number, b: ParamBinding, names: string[]): void {
  const plan = st.plan;
  b.comps = names;
  st.prologue.push(`const IT${k} = L.args[${k}];`);
  for (const d of DIMS) st.prologue.push(`const IO${k}_${d} = IT${k}.o[${d}], IS${k}_${d} = IT${k}.s[${d}];`);
  const dims = plan.iterDims?.[k];
  if (!dims) throw new Error(`internal: plan has no iterator dimensions for parameter ${k}`);
  const forms = dimForms(plan.access[k] ?? 'table');
  const iforms = plan.iterForms?.[k] ?? [];
  b.kinds.forEach((_, c) => {
    st.prologue.push(`const IL${k}_${c} = IT${k}.lo[${c}], ID${k}_${c} = IT${k}.d[${c}], IN${k}_${c} = IT${k}.n[${c}];`);
    const d = dims[c]!;
    const form = iforms[c] ?? 'g';
    know(st, names[c]!, form);
    const where = atElement(st, k) && d >= 0 ? 'element' : whereAlong(d);
    if (where === 'launch') {
      st.prologue.push(`const ${names[c]} = IL${k}_${c};`);
      st.rowInvariant.add(names[c]!);
      return;
    }
    // The absolute iterator index along dimension d (domain offset + resized position).
    const idx = `(IO${k}_${d} + ${dimIndex(forms, d, `c${d}`, `IS${k}_${d}`, atElement(st, k))})`;
    // The rule of compiler/facts/iterator.ts, fl(lo + fl(fl(d * idx) / n)); exactly lo + idx when the plan says so.
    const value =
      form === 'g' ? `fround(IL${k}_${c} + fround(fround(ID${k}_${c} * ${idx}) / IN${k}_${c}))` : form === 's' ? `(IL${k}_${c} + ${idx})` : `fround(IL${k}_${c} + ${idx})`;
    if (where === 'element') st.perElement.push(`const ${names[c]} = ${value};`);
    else {
      st.rowLines.push(`const ${names[c]} = ${value};`);
      st.rowInvariant.add(names[c]!);
    }
  });
}

function bindInput(st: LaunchLines, k: number, b: ParamBinding, names: string[]): void {
  const { plan, produce } = st;
  const kinds = b.kinds;
  const words = kinds.length;
  b.comps = names;
  if (produce && k === st.inputParam) {
    // Computed by the producer's part (drivers.ts), so no storage: a writable element.
    b.writable = true;
    if (plan.mode === 'reduceBlocks') {
      for (const d of DIMS) st.prologue.push(`const BF${d} = L.F[${d}], IE${d} = L.IE[${d}];`);
      st.perElement.push('const q0 = c0 * BF0 + b0, q1 = c1 * BF1 + b1, q2 = c2 * BF2 + b2, q3 = c3 * BF3 + b3;');
    }
    st.perElement.push(`let ${kinds.map((kind, c) => `${names[c]} = ${zero(kind)}`).join(', ')};`);
    return;
  }
  views(st, String(k), kinds, `L.args[${k}]`);
  if (plan.mode === 'reduceBlocks' && k === st.inputParam) {
    st.prologue.push(`const IB = L.args[${k}].base;`);
    for (const d of DIMS) st.prologue.push(`const S${d} = L.args[${k}].S[${d}], BF${d} = L.F[${d}];`);
    st.perElement.push(`const o${k} = (ib + b0 * S0 + b1 * S1 + b2 * S2 + b3 * S3)${words === 1 ? '' : ` * ${words}`};`);
  } else {
    addressOf(st, String(k), plan.access[k] ?? 'table', words, `L.args[${k}]`, atElement(st, k));
  }
  st.perElement.push(`const ${kinds.map((kind, c) => `${names[c]} = ${load(kind, `${viewOf(kind)}${k}`, c === 0 ? `o${k}` : `o${k} + ${c}`)}`).join(', ')};`);
}

function bindOutput(st: LaunchLines, k: number, b: ParamBinding, names: string[]): void {
  const p = st.ir.params[k]!;
  const kinds = b.kinds;
  b.comps = names;
  b.writable = true;
  st.perElement.push(`let ${kinds.map((kind, c) => `${names[c]} = ${zero(kind)}`).join(', ')};`);
  if (p.role === 'vout') {
    st.prologue.push(`const VO${k} = L.args[${k}].pushed;`);
    if (p.voutMax !== null && p.voutMax !== undefined) st.perElement.push(`let vn${k} = 0;`);
    return;
  }
  views(st, String(k), kinds, `L.args[${k}]`);
  const o = addressOf(st, String(k), st.plan.access[k] ?? 'table', kinds.length, `L.args[${k}]`, atElement(st, k));
  const narrow = storageScalars(p);
  // A fused reduction's producer stores its kept outputs at each element, after computing it.
  kinds.forEach((kind, c) => (isProducer(st, k) ? st.produceStores : st.stores).push(`${viewOf(kind)}${k}[${c === 0 ? o : `${o} + ${c}`}] = ${storeValue(kind, narrowStore(narrow[c], names[c]!))};`));
}

/** Code for `push(value)` to vout parameter `param`. */
export function voutPush(ir: KernelIR, param: number, comps: string[]): string[] {
  const p = ir.params[param]!;
  const kinds = flatKinds(p.type);
  const out: string[] = [];
  if (p.voutMax !== null && p.voutMax !== undefined) out.push(`if (++vn${param} > ${p.voutMax}) L.overflow(${param});`);
  const narrow = storageScalars(p);
  out.push(`VO${param}.push(${comps.map((c, i) => storeValue(kinds[i]!, narrowStore(narrow[i], c))).join(', ')});`);
  return out;
}
