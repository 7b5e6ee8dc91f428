/**
 * Loop drivers: the code around a kernel body that walks positions, reads the current elements and
 * stores the outputs. A driver is specialized on a `JsPlan` (how each stream argument is addressed),
 * so the element loop has no per-element branching on argument kinds.
 *
 * Generated functions take `(L, start, end)`: L is the launch data the CPU backend builds (see
 * backends/cpu/launchdata.ts), [start, end) a range of linear positions in row-major order of the
 * iteration space. Splitting a range into pieces never changes a result (workers rely on it). A full
 * reduction stores one partial accumulator per chunk of `L.chunk` positions into `L.partials` (a
 * Float64Array); the caller combines them in a fixed tree with `combineAt`.
 *
 * Positions: the iteration space is padded to 4 dimensions (c0 slowest .. c3 fastest). The range is
 * walked row by row (a row: positions that differ only in c3), so everything that depends on c0..c2
 * (row bases of strided arguments, indexof y/z/w, iterator components along slower dimensions, and
 * every pure expression of the body built only from such values) is computed once per row, not per
 * element. Inside a row each stream argument's offset is a running index advanced by its element
 * size. Addressing is arithmetic, never a table, so a launch costs no O(elements) set-up:
 *   'linear'  element = base + i (same shape as the space, contiguous)
 *   'iiri'..  per padded dimension 'i' (extent as the space's: index c) or 'r' (resized: index
 *             resizeIndex(c, extent, spaceExtent)); element = base + sum(index_d * stride_d)
 *   'table'   the old name of 'rrrr' (every dimension through the resize formula; exact for any shape)
 */
import type { KernelIR } from '../../ir.js';
import { KernelEmitter, pollCounterLine, type EmitFacts, type ParamBinding } from './emit.js';
import { convert, flatKinds, type Kind, load, narrowStore, PRELUDE, storeValue, viewOf, zero } from './scalar.js';
import { storageScalars } from '../../types.js';

export type Access = 'linear' | 'table' | string;

/** What a launch tells of a value (an iterator or constant component): 'g' nothing; for iterators
 *  'e' exactly lo + index (the step is 1 and the formula's roundings are exact); 'z' a whole number
 *  (iterators: 'e' with a whole lo), so a gather indexed by it needs no rounding; 's' a whole number
 *  of magnitude at most SMALL_WHOLE, so sums of a few such values are exact without fround. */
export type IterForm = 'g' | 'e' | 'z' | 's';

/** Bound of 's' values and of indexof components under `JsPlan.smallIndex`. */
export const SMALL_WHOLE = 2 ** 22;

export interface JsPlan {
  mode: 'map' | 'reduceAll' | 'reduceBlocks' | 'scatter';
  /** Per kernel parameter: how its stream is addressed (in/out/iter); null otherwise. */
  access: (Access | null)[];
  /** Write mask addressing, or null when no mask is enabled. */
  mask: Access | null;
  /** reduceBlocks and scatter: addressing of the target (reduceBlocks) or of the index stream (scatter). */
  target?: Access;
  /** Per iterator parameter: the padded dimension (0..3) each component follows, -1 for none. */
  iterDims?: (number[] | null)[];
  /** Per iterator parameter: the form of each component (default 'g'). */
  iterForms?: (IterForm[] | null)[];
  /** Per constant parameter: the form of each float component in this launch ('g', 'z' or 's'). */
  constForms?: (IterForm[] | null)[];
  /** Every extent of the space and of the arguments is at most SMALL_WHOLE (indexof is small). */
  smallIndex?: boolean;
}

export function planKey(p: JsPlan): string {
  const it = (p.iterDims ?? []).map((d) => (d ? d.join('') : '-')).join(',');
  const forms = (p.iterForms ?? []).map((f) => (f ? f.join('') : '-')).join(',');
  const consts = (p.constForms ?? []).map((f) => (f ? f.join('') : '-')).join(',');
  return `${p.mode}|${p.access.map((a) => a ?? '-').join(',')}|${p.mask ?? '-'}|${p.target ?? '-'}|${it}|${forms}|${consts}|${p.smallIndex ? 's' : '-'}`;
}

/**
 * Domain index along a resized dimension (BROOK.md 4, the original BrookGPU): output position c of
 * `out` positions reads element floor(c * extent / out) (123 -> 111222333, 1..10 -> 13579). Exact in
 * doubles: extents are below 2^31, so the product stays below 2^53 and floor of the quotient is the
 * true floor. The same rule as `resizedIndex` (backends/cpu/launchdata.ts) and the WGSL `brk_resize1`.
 */
export function resizeIndex(c: string, extent: string, out: string): string {
  return `floor((${c} * ${extent}) / ${out})`;
}

/** The per-dimension form of an access: 'i' (identity) or 'r' (resized), for all four dimensions. */
function dimForms(a: Access): string {
  if (a === 'linear') return 'iiii';
  if (a === 'table') return 'rrrr';
  if (!/^[ir]{4}$/.test(a)) throw new Error(`internal: unknown access '${a}'`);
  return a;
}

const SLOW = [0, 1, 2];

class Writer {
  lines: string[] = [];
  line(depth: number, s: string): void {
    this.lines.push('  '.repeat(depth) + s);
  }
}

/** Source text of a module body: `new Function('brk_w', 'brk_stop', src)(word, stop)` returns
 *  `{ run, combine, combineAt }` (loops throw `stop` when the Int32 `word[0]` is set: codegen/loop-poll.ts). */
export function generateKernelSource(ir: KernelIR, plan: JsPlan): string {
  const w = new Writer();
  const bindings: ParamBinding[] = [];
  const prologue: string[] = [];
  /** Once per row (c0..c2 fixed): row bases, slow indexof and iterator components. */
  const rowLines: string[] = [];
  /** Running offsets: declared at the start of each row segment, advanced after each element. */
  const running: { name: string; init: string; step: number }[] = [];
  const perElement: string[] = [];
  const stores: string[] = [];
  const indexofSet = new Set(ir.indexofParams);
  /** Names fixed for a whole row (the body's pure expressions over them are hoisted). */
  const rowInvariant = new Set<string>();
  /** Float names known to hold whole numbers (or +-Infinity / NaN), and bounds of small ones. */
  const whole = new Set<string>();
  const bounds = new Map<string, number>();
  const know = (name: string, form: IterForm) => {
    if (form === 'z' || form === 's') whole.add(name);
    if (form === 's') bounds.set(name, SMALL_WHOLE);
  };

  const inputParam = ir.kind === 'reduce' ? ir.params.findIndex((p) => p.role === 'in') : -1;
  const reduceParam = ir.params.findIndex((p) => p.role === 'reduce');
  // A fused reduction (ir.ts `produce`): the input element is computed by the producer's part from
  // the parameters from `produce.from` on, per element, instead of loaded.
  const produce = ir.kind === 'reduce' && plan.mode !== 'scatter' ? ir.produce : undefined;
  const isProducer = (k: number) => produce !== undefined && k >= produce.from;
  /** Producer parameters of a partial reduction are addressed at the element's input position
   *  (q = c * BF + b per dimension, in the input's extents IE), recomputed for every element. */
  const atElement = (k: number) => plan.mode === 'reduceBlocks' && isProducer(k);
  const produceStores: string[] = [];

  let usesCoords = plan.mode === 'reduceBlocks';

  /** Domain index expressions of dimension d for a stream with extents `ext` (names of constants);
   *  `el`: at the element's input position (atElement). */
  const dimIndex = (form: string, d: number, c: string, ext: string, el = false) =>
    el ? (form[d] === 'i' ? `q${d}` : resizeIndex(`q${d}`, ext, `IE${d}`)) : form[d] === 'i' ? c : resizeIndex(c, ext, `E${d}`);

  /**
   * Declares the addressing of stream argument `k` (its launch data is `src`) and returns the name of
   * its running element offset (in words). Linear arguments need no coordinates; the others get a
   * row base from c0..c2 and either a running offset (dimension 3 not resized) or one per element.
   */
  const addressOf = (k: string, access: Access, words: number, src: string, el = false): string => {
    prologue.push(`const A${k} = ${src}, B${k} = A${k}.base;`);
    const o = `o${k}`;
    const scale = (e: string) => (words === 1 ? e : `(${e}) * ${words}`);
    if (el) {
      const forms = dimForms(access);
      prologue.push(`const S${k}_0 = A${k}.S[0], S${k}_1 = A${k}.S[1], S${k}_2 = A${k}.S[2], N${k}_0 = A${k}.s[0], N${k}_1 = A${k}.s[1], N${k}_2 = A${k}.s[2], N${k}_3 = A${k}.s[3];`);
      const terms = DIMS.map((d) => `${dimIndex(forms, d, '', `N${k}_${d}`, true)}${d < 3 ? ` * S${k}_${d}` : ''}`);
      perElement.push(`const ${o} = ${scale(`B${k} + ${terms.join(' + ')}`)};`);
      return o;
    }
    if (access === 'linear') {
      running.push({ name: o, init: scale(`B${k} + i`), step: words });
      return o;
    }
    usesCoords = true;
    const forms = dimForms(access);
    prologue.push(`const S${k}_0 = A${k}.S[0], S${k}_1 = A${k}.S[1], S${k}_2 = A${k}.S[2], N${k}_0 = A${k}.s[0], N${k}_1 = A${k}.s[1], N${k}_2 = A${k}.s[2], N${k}_3 = A${k}.s[3];`);
    const terms = SLOW.map((d) => `${dimIndex(forms, d, `c${d}`, `N${k}_${d}`)} * S${k}_${d}`);
    rowLines.push(`const R${k} = B${k} + ${terms.join(' + ')};`);
    if (forms[3] === 'i') {
      running.push({ name: o, init: scale(`R${k} + c3`), step: words });
    } else {
      perElement.push(`const ${o} = ${scale(`R${k} + ${resizeIndex('c3', `N${k}_3`, 'E3')}`)};`);
    }
    return o;
  };
  const views = (k: string, kinds: Kind[], src: string) => {
    for (const v of new Set(kinds.map(viewOf))) prologue.push(`const ${v}${k} = ${src}.${v};`);
  };

  ir.params.forEach((p, k) => {
    const kinds = flatKinds(p.type);
    const words = kinds.length;
    const b: ParamBinding = { kinds };
    bindings.push(b);
    const names = kinds.map((_, c) => `p${k}_${c}`);
    if (indexofSet.has(k)) {
      usesCoords = true;
      const ix = [3, 2, 1, 0].map((d) => `x${k}_${d}`);
      b.indexof = ix;
      ix.forEach((x) => know(x, plan.smallIndex ? 's' : 'z'));
      if (plan.mode === 'reduceBlocks' && k === inputParam) {
        [3, 2, 1, 0].forEach((d, c) => perElement.push(`const ${ix[c]} = c${d} * BF${d} + b${d};`));
      } else if (atElement(k)) {
        const forms = dimForms(plan.access[k] ?? 'table');
        prologue.push(`const X${k}_0 = L.args[${k}].s[0], X${k}_1 = L.args[${k}].s[1], X${k}_2 = L.args[${k}].s[2], X${k}_3 = L.args[${k}].s[3];`);
        for (const d of DIMS) perElement.push(`const ${ix[3 - d]} = ${dimIndex(forms, d, '', `X${k}_${d}`, true)};`);
      } else {
        // Relative to the argument's domain: the (resized) domain index of each dimension.
        const forms = dimForms(plan.access[k] ?? 'table');
        prologue.push(`const X${k}_0 = L.args[${k}].s[0], X${k}_1 = L.args[${k}].s[1], X${k}_2 = L.args[${k}].s[2], X${k}_3 = L.args[${k}].s[3];`);
        for (const d of DIMS) {
          const e = dimIndex(forms, d, `c${d}`, `X${k}_${d}`);
          if (d === 3) perElement.push(`const ${ix[0]} = ${e};`);
          else {
            rowLines.push(`const ${ix[3 - d]} = ${e};`);
            rowInvariant.add(ix[3 - d]!);
          }
        }
      }
    }
    switch (p.role) {
      case 'const': {
        b.comps = names;
        prologue.push(`const V${k} = L.args[${k}].value;`);
        kinds.forEach((kind, c) => {
          prologue.push(`const ${names[c]} = ${convert('double', kind, `V${k}[${c}]`)};`);
          rowInvariant.add(names[c]!);
          if (kind !== 'float' && kind !== 'double') whole.add(names[c]!);
          else know(names[c]!, plan.constForms?.[k]?.[c] ?? 'g');
        });
        return;
      }
      case 'gather': {
        b.gather = { id: k, dims: p.gatherDims ?? 1, words };
        prologue.push(`const GA${k} = L.args[${k}];`);
        for (const v of new Set(kinds.map(viewOf))) {
          prologue.push(`const G${k}${v} = GA${k}.${v};`);
          rowInvariant.add(`G${k}${v}`); // gathered streams are never written by the launch (brt: BRK5010)
        }
        for (const d of DIMS) {
          prologue.push(`const G${k}e${d} = GA${k}.e[${d}], G${k}l${d} = GA${k}.l[${d}], G${k}s${d} = GA${k}.s[${d}];`);
          for (const x of 'els') rowInvariant.add(`G${k}${x}${d}`);
        }
        return;
      }
      case 'iter': {
        b.comps = names;
        usesCoords = true;
        prologue.push(`const IT${k} = L.args[${k}];`);
        for (const d of DIMS) prologue.push(`const IO${k}_${d} = IT${k}.o[${d}], IS${k}_${d} = IT${k}.s[${d}];`);
        const dims = plan.iterDims?.[k];
        if (!dims) throw new Error(`internal: plan has no iterator dimensions for parameter ${k}`);
        const forms = dimForms(plan.access[k] ?? 'table');
        const iforms = plan.iterForms?.[k] ?? [];
        kinds.forEach((_, c) => {
          prologue.push(`const IL${k}_${c} = IT${k}.lo[${c}], ID${k}_${c} = IT${k}.d[${c}], IN${k}_${c} = IT${k}.n[${c}];`);
          const d = dims[c]!;
          const form = iforms[c] ?? 'g';
          know(names[c]!, form);
          if (d < 0) {
            prologue.push(`const ${names[c]} = IL${k}_${c};`);
            rowInvariant.add(names[c]!);
            return;
          }
          // The absolute iterator index along dimension d (domain offset + resized position).
          const idx = `(IO${k}_${d} + ${dimIndex(forms, d, `c${d}`, `IS${k}_${d}`, atElement(k))})`;
          // lo + ((hi - lo) * idx) / n in float32; exactly lo + idx when the plan says so.
          const value =
            form === 'g' ? `fround(IL${k}_${c} + fround(fround(ID${k}_${c} * ${idx}) / IN${k}_${c}))` : form === 's' ? `(IL${k}_${c} + ${idx})` : `fround(IL${k}_${c} + ${idx})`;
          if (d === 3 || atElement(k)) perElement.push(`const ${names[c]} = ${value};`);
          else {
            rowLines.push(`const ${names[c]} = ${value};`);
            rowInvariant.add(names[c]!);
          }
        });
        return;
      }
      case 'in': {
        b.comps = names;
        if (produce && k === inputParam) {
          // Computed by the producer's part (below), so no storage: a writable element.
          b.writable = true;
          if (plan.mode === 'reduceBlocks') {
            for (const d of DIMS) prologue.push(`const BF${d} = L.F[${d}], IE${d} = L.IE[${d}];`);
            perElement.push('const q0 = c0 * BF0 + b0, q1 = c1 * BF1 + b1, q2 = c2 * BF2 + b2, q3 = c3 * BF3 + b3;');
          }
          perElement.push(`let ${kinds.map((kind, c) => `${names[c]} = ${zero(kind)}`).join(', ')};`);
          return;
        }
        views(String(k), kinds, `L.args[${k}]`);
        if (plan.mode === 'reduceBlocks' && k === inputParam) {
          prologue.push(`const IB = L.args[${k}].base;`);
          for (const d of DIMS) prologue.push(`const S${d} = L.args[${k}].S[${d}], BF${d} = L.F[${d}];`);
          perElement.push(`const o${k} = (ib + b0 * S0 + b1 * S1 + b2 * S2 + b3 * S3)${words === 1 ? '' : ` * ${words}`};`);
        } else {
          addressOf(String(k), plan.access[k] ?? 'table', words, `L.args[${k}]`, atElement(k));
        }
        perElement.push(`const ${kinds.map((kind, c) => `${names[c]} = ${load(kind, `${viewOf(kind)}${k}`, c === 0 ? `o${k}` : `o${k} + ${c}`)}`).join(', ')};`);
        return;
      }
      case 'out':
      case 'vout': {
        b.comps = names;
        b.writable = true;
        perElement.push(`let ${kinds.map((kind, c) => `${names[c]} = ${zero(kind)}`).join(', ')};`);
        if (p.role === 'vout') {
          prologue.push(`const VO${k} = L.args[${k}].pushed;`);
          if (p.voutMax !== null && p.voutMax !== undefined) perElement.push(`let vn${k} = 0;`);
          return;
        }
        views(String(k), kinds, `L.args[${k}]`);
        const o = addressOf(String(k), plan.access[k] ?? 'table', words, `L.args[${k}]`, atElement(k));
        const narrow = storageScalars(p);
        // A fused reduction's producer stores its kept outputs at each element, after computing it.
        kinds.forEach((kind, c) => (isProducer(k) ? produceStores : stores).push(`${viewOf(kind)}${k}[${c === 0 ? o : `${o} + ${c}`}] = ${storeValue(kind, narrowStore(narrow[c], names[c]!))};`));
        return;
      }
      case 'reduce': {
        b.comps = names;
        b.writable = true;
        prologue.push(`let ${kinds.map((kind, c) => `${names[c]} = ${zero(kind)}`).join(', ')};`);
        return;
      }
    }
  });

  const onPush = (param: number, comps: string[]): string[] => {
    const p = ir.params[param]!;
    const kinds = flatKinds(p.type);
    const out: string[] = [];
    if (p.voutMax !== null && p.voutMax !== undefined) out.push(`if (++vn${param} > ${p.voutMax}) L.overflow(${param});`);
    const narrow = storageScalars(p);
    out.push(`VO${param}.push(${comps.map((c, i) => storeValue(kinds[i]!, narrowStore(narrow[i], c))).join(', ')});`);
    return out;
  };

  const inKinds = inputParam >= 0 ? flatKinds(ir.params[inputParam]!.type) : [];
  const accKinds = reduceParam >= 0 ? flatKinds(ir.params[reduceParam]!.type) : [];
  // Stores into the target stream (reduceBlocks, scatter) narrow; partial results do not.
  const accNarrow = reduceParam >= 0 ? storageScalars(ir.params[reduceParam]!) : [];

  if (plan.mask) {
    const off = addressOf('M', plan.mask, 1, 'L.mask');
    prologue.push('const FM = AM.F;');
    perElement.unshift(`if (FM[${off}] === 0) break el;`);
  }
  let indexOffset = '';
  if (plan.mode === 'scatter') {
    usesCoords = true;
    // The reduce param is the destination element dst[index[i]], the input param is data[i].
    prologue.push('const SD = L.dst, SDe = SD.e, SDl = SD.l, SDs = SD.s;');
    for (const v of new Set(accKinds.map(viewOf))) prologue.push(`const ${v}D = SD.${v};`);
    // Index components are float (floor(x + 0.25)) or int (taken as they are); XW words an element.
    prologue.push('const XW = L.index.words, XFLOAT = L.indexIsFloat;');
    indexOffset = addressOf('X', plan.target ?? 'table', 1, 'L.index');
    prologue.push('const FX = AX.F, IX = AX.I;');
  }
  let targetOffset = '';
  if (plan.mode === 'reduceBlocks') {
    prologue.push('const TG = L.target;');
    for (const v of new Set(accKinds.map(viewOf))) prologue.push(`const ${v}TG = TG.${v};`);
    targetOffset = addressOf('TG', plan.target ?? 'table', accKinds.length, 'TG');
  }

  if (produce) {
    // The producer's part in a block of its own (its temporaries are its own), then its stores.
    // Without facts: nothing of it is hoisted to the row, where the body's hoisted names live.
    const lines = new KernelEmitter({ ...ir, body: produce.body }, bindings, onPush).emitBody(0);
    perElement.push('{', ...lines, '}', ...produceStores);
  }
  const facts: EmitFacts = { rowInvariant, whole, bounds, hoisted: [] };
  const body = new KernelEmitter(ir, bindings, onPush, facts).emitBody(0);
  // The reduce body can join two partial results (accumulator and element of one type, no indexof).
  // (A fused reduction's indexof is its producer's: compiler/fuse never fuses a reduction whose
  // body reads indexof, so the combining step is free of it.)
  const canCombine = ir.kind === 'reduce' && inputParam >= 0 && reduceParam >= 0 && sameKinds(inKinds, accKinds) && (produce !== undefined || ir.indexofParams.length === 0);
  const seed = accKinds.map((kind, c) => `p${reduceParam}_${c} = ${convert(inKinds[c] ?? 'float', kind, `p${inputParam}_${c}`)};`);

  w.line(0, '"use strict";');
  w.lines.push(PRELUDE);
  w.line(0, 'function run(L, start, end) {');
  // Local aliases: V8 inlines a call through a local const more reliably than through the closure.
  w.line(1, 'const fround = Math.fround, floor = Math.floor;');
  w.line(1, 'const E0 = L.E[0], E1 = L.E[1], E2 = L.E[2], E3 = L.E[3];');
  w.line(1, pollCounterLine());
  for (const l of prologue) w.line(1, l);
  w.line(1, 'let i = start;');
  if (usesCoords) {
    w.line(1, 'let c3 = start % E3, q = (start - c3) / E3, c2 = q % E2; q = (q - c2) / E2;');
    w.line(1, 'let c1 = q % E1, c0 = (q - c1) / E1;');
  }
  if (plan.mode === 'reduceAll' || plan.mode === 'reduceBlocks') w.line(1, 'let first = true;');
  if (plan.mode === 'reduceBlocks') w.line(1, 'const CH = L.chunk, ST = L.stack;');
  if (plan.mode === 'reduceAll') {
    // One partial result per chunk of L.chunk positions (start is a multiple of it), stored in
    // L.partials at the chunk's index; the caller combines them (combineAt).
    w.line(1, 'const CH = L.chunk, PT = L.partials;');
  }

  const elementBlock = (depth: number, withSeed: boolean) => {
    w.line(depth, 'el: {');
    for (const l of perElement) w.line(depth + 1, l);
    if (withSeed) {
      w.line(depth + 1, 'if (first) {');
      for (const s of seed) w.line(depth + 2, s);
      w.line(depth + 2, 'first = false;');
      w.line(depth + 2, 'break el;');
      w.line(depth + 1, '}');
    }
    for (const l of body) w.line(depth + 1, l);
    for (const l of stores) w.line(depth + 1, l);
    w.line(depth, '}');
  };

  // One segment: the rest of the current row (whole range when no coordinates are needed), cut at
  // the end of the current chunk for full reductions.
  w.line(1, 'while (i < end) {');
  w.line(2, usesCoords ? 'let stop = i + (E3 - c3);' : 'let stop = end;');
  if (usesCoords) w.line(2, 'if (stop > end) stop = end;');
  if (plan.mode === 'reduceAll') {
    w.line(2, 'const chunkEnd = (floor(i / CH) + 1) * CH;');
    w.line(2, 'if (stop > chunkEnd) stop = chunkEnd;');
  }
  for (const l of rowLines) w.line(2, l);
  for (const l of facts.hoisted) w.line(2, l);
  for (const r of running) w.line(2, `let ${r.name} = ${r.init};`);
  const advance = ['i++', ...(usesCoords ? ['c3++'] : []), ...running.map((r) => `${r.name} += ${r.step}`)].join(', ');
  if (plan.mode === 'reduceAll') {
    // The chunk's first element seeds the accumulator, outside the loop (no test per element).
    w.line(2, 'if (first) {');
    w.line(3, 'el: {');
    for (const l of perElement) w.line(4, l);
    for (const s of seed) w.line(4, s);
    w.line(3, '}');
    w.line(3, 'first = false;');
    w.line(3, `${advance};`);
    w.line(2, '}');
  }
  w.line(2, `for (; i < stop; ${advance}) {`);
  switch (plan.mode) {
    case 'map':
      elementBlock(3, false);
      break;
    case 'reduceAll':
      elementBlock(3, false);
      break;
    case 'reduceBlocks': {
      // Each block is folded in chunks of CH elements (row-major); finished chunks are joined on a
      // small stack like a binary counter (adjacent partials only, so element order is kept), and
      // the rest is folded right to left at the end of the block: the error grows with log(block).
      const W = accKinds.length;
      const acc = (c: number) => `p${reduceParam}_${c}`;
      const push = (depth: number) => {
        accKinds.forEach((kind, c) => w.line(depth, `ST[sp * ${W} + ${c}] = ${storeValue(kind, acc(c))};`));
        w.line(depth, 'sp++;');
      };
      if (!produce) w.line(3, 'const ib = IB + c0 * BF0 * S0 + c1 * BF1 * S1 + c2 * BF2 * S2 + c3 * BF3 * S3;');
      w.line(3, 'first = true;');
      if (canCombine) w.line(3, 'let sp = 0, done = 0, left = CH;');
      w.line(3, 'for (let b0 = 0; b0 < BF0; b0++) for (let b1 = 0; b1 < BF1; b1++) for (let b2 = 0; b2 < BF2; b2++) for (let b3 = 0; b3 < BF3; b3++) {');
      elementBlock(4, true);
      if (canCombine) {
        w.line(4, 'if (--left === 0) {');
        push(5);
        w.line(5, 'for (let m = ++done; (m & 1) === 0; m >>= 1) { combineAt(L, ST, sp - 2, sp - 1); sp--; }');
        w.line(5, 'first = true;');
        w.line(5, 'left = CH;');
        w.line(4, '}');
      }
      w.line(3, '}');
      if (canCombine) {
        w.line(3, 'if (sp > 0) {');
        w.line(4, 'if (!first) {');
        push(5);
        w.line(4, '}');
        w.line(4, 'while (sp > 1) { combineAt(L, ST, sp - 2, sp - 1); sp--; }');
        accKinds.forEach((kind, c) => w.line(4, `${acc(c)} = ${kind === 'bool' ? `ST[${c}] !== 0` : `ST[${c}]`};`));
        w.line(3, '}');
      }
      accKinds.forEach((kind, c) => w.line(3, `${viewOf(kind)}TG[${c === 0 ? targetOffset : `${targetOffset} + ${c}`}] = ${storeValue(kind, narrowStore(accNarrow[c], acc(c)))};`));
      break;
    }
    case 'scatter': {
      w.line(3, 'el: {');
      w.line(4, `const ox = ${indexOffset} * XW;`);
      w.line(4, 'let od = 0;');
      w.line(4, 'for (let k = 0; k < XW; k++) {');
      w.line(5, 'const d = 3 - k, x = XFLOAT ? floor(fround(FX[ox + k] + 0.25)) : IX[ox + k];');
      w.line(5, 'if (!(x >= 0 && x < SDe[d])) break el;');
      w.line(5, 'od += (x + SDl[d]) * SDs[d];');
      w.line(4, '}');
      w.line(4, `od *= ${accKinds.length};`);
      accKinds.forEach((kind, c) => w.line(4, `p${reduceParam}_${c} = ${load(kind, `${viewOf(kind)}D`, `od + ${c}`)};`));
      for (const l of perElement) w.line(4, l);
      for (const l of body) w.line(4, l);
      accKinds.forEach((kind, c) => w.line(4, `${viewOf(kind)}D[od + ${c}] = ${storeValue(kind, narrowStore(accNarrow[c], `p${reduceParam}_${c}`))};`));
      w.line(3, '}');
      break;
    }
  }
  w.line(2, '}');
  if (plan.mode === 'reduceAll') {
    w.line(2, 'if (i === chunkEnd || i === end) {');
    w.line(3, `const pk = (floor((i - 1) / CH)) * ${accKinds.length};`);
    accKinds.forEach((kind, c) => w.line(3, `PT[pk + ${c}] = ${storeValue(kind, `p${reduceParam}_${c}`)};`));
    w.line(3, 'first = true;');
    w.line(2, '}');
  }
  if (usesCoords) {
    w.line(2, 'if (c3 === E3) {');
    w.line(3, 'c3 = 0;');
    w.line(3, 'if (++c2 === E2) { c2 = 0; if (++c1 === E1) { c1 = 0; ++c0; } }');
    w.line(2, '}');
  }
  w.line(1, '}');
  w.line(0, '}');

  // combine(L, a, b): the reduce body with accumulator a and next element b: partial results of
  // consecutive ranges, combined left to right. Only when accumulator and element have one type.
  if (canCombine) {
    // Constants and gathers the body may read (their prologue lines do not depend on positions);
    // a fused producer's parameters are not the body's.
    const combinePrologue = prologue.filter((l) => {
      const m = /^const (?:V|p|GA|G)(\d+)/.exec(l);
      return m !== null && !isProducer(Number(m[1]));
    });
    const cw = new KernelEmitter(ir, bindings, onPush).emitBody(0);
    w.line(0, 'function combine(L, a, b) {');
    w.line(1, pollCounterLine());
    for (const l of combinePrologue) w.line(1, l);
    w.line(1, `let ${accKinds.map((_, c) => `p${reduceParam}_${c} = a[${c}]`).join(', ')};`);
    w.line(1, `const ${inKinds.map((_, c) => `p${inputParam}_${c} = b[${c}]`).join(', ')};`);
    for (const l of cw) w.line(1, l);
    w.line(1, `return [${accKinds.map((_, c) => `p${reduceParam}_${c}`).join(', ')}];`);
    w.line(0, '}');
    // combineAt(L, P, x, y): partial x = combine(partial x, partial y), in place in the Float64Array P.
    const W = accKinds.length;
    const cw2 = new KernelEmitter(ir, bindings, onPush).emitBody(0);
    w.line(0, 'function combineAt(L, P, x, y) {');
    w.line(1, pollCounterLine());
    for (const l of combinePrologue) w.line(1, l);
    w.line(1, `const ox = x * ${W}, oy = y * ${W};`);
    w.line(1, `let ${accKinds.map((k, c) => `p${reduceParam}_${c} = ${k === 'bool' ? `P[ox + ${c}] !== 0` : `P[ox + ${c}]`}`).join(', ')};`);
    w.line(1, `const ${inKinds.map((k, c) => `p${inputParam}_${c} = ${k === 'bool' ? `P[oy + ${c}] !== 0` : `P[oy + ${c}]`}`).join(', ')};`);
    for (const l of cw2) w.line(1, l);
    accKinds.forEach((kind, c) => w.line(1, `P[ox + ${c}] = ${storeValue(kind, `p${reduceParam}_${c}`)};`));
    w.line(0, '}');
  } else {
    w.line(0, 'const combine = null, combineAt = null;');
  }
  w.line(0, 'return { run, combine, combineAt };');
  return w.lines.join('\n');
}

const DIMS = [0, 1, 2, 3];

function sameKinds(a: Kind[], b: Kind[]): boolean {
  return a.length === b.length && a.every((k, i) => k === b[i]);
}
