/**
 * Loop drivers: the code around a kernel body that walks positions, reads the current elements and
 * stores the outputs. A driver is specialized on a `JsPlan` (how each stream argument is addressed),
 * so the element loop has no per-element branching on argument kinds.
 *
 * Generated functions take `(L, start, end)`: L is the launch data the CPU backend builds (see
 * `LaunchData` in backends/cpu/launchdata.ts), [start, end) a range of linear positions in row-major
 * order of the iteration space. Splitting a range into pieces never changes a result (workers rely
 * on it). A full reduction stores one partial accumulator per chunk of `L.chunk` positions into
 * `L.partials` (a Float64Array); the caller combines them in a fixed tree with `combineAt`.
 *
 * Positions: the iteration space is padded to 4 dimensions (c0 slowest .. c3 fastest). A stream
 * argument is addressed either 'linear' (element = B + i: same shape as the iteration space and
 * contiguous) or 'table' (element = T0[c0] + T1[c1] + T2[c2] + T3[c3], tables built per launch from
 * the domain offset, the strides and the resizing rule floor(c * inExtent / outExtent), backends/cpu/launchdata.ts resizedIndex).
 */
import type { KernelIR } from '../../ir.js';
import { KernelEmitter, type ParamBinding } from './emit.js';
import { convert, flatKinds, type Kind, load, PRELUDE, storeValue, viewOf, zero } from './scalar.js';

export type Access = 'linear' | 'table';

export interface JsPlan {
  mode: 'map' | 'reduceAll' | 'reduceBlocks' | 'scatter';
  /** Per kernel parameter: how its stream is addressed (in/out/iter/vout/reduce-input); null otherwise. */
  access: (Access | null)[];
  /** Write mask addressing, or null when no mask is enabled. */
  mask: Access | null;
  /** reduceBlocks and scatter: addressing of the target (reduceBlocks) or of the index stream (scatter). */
  target?: Access;
  /** Per iterator parameter: the padded dimension (0..3) each component follows, -1 for none. */
  iterDims?: (number[] | null)[];
}

export function planKey(p: JsPlan): string {
  const it = (p.iterDims ?? []).map((d) => (d ? d.join('') : '-')).join(',');
  return `${p.mode}|${p.access.map((a) => a ?? '-').join(',')}|${p.mask ?? '-'}|${p.target ?? '-'}|${it}`;
}

const DIMS = [0, 1, 2, 3];

class Writer {
  lines: string[] = [];
  line(depth: number, s: string): void {
    this.lines.push('  '.repeat(depth) + s);
  }
}

/** Source text of a module body: `new Function(src)()` returns `{ run, combine }`. */
export function generateKernelSource(ir: KernelIR, plan: JsPlan): string {
  const w = new Writer();
  const bindings: ParamBinding[] = [];
  const prologue: string[] = [];
  const perElement: string[] = [];
  const stores: string[] = [];
  const indexofSet = new Set(ir.indexofParams);
  const usesCoords =
    plan.mode === 'reduceBlocks' || plan.mode === 'scatter' || plan.mask === 'table' ||
    ir.params.some((p, k) => plan.access[k] === 'table' || p.role === 'iter' || indexofSet.has(k));
  const rowBases: string[] = [];

  const inputParam = ir.kind === 'reduce' ? ir.params.findIndex((p) => p.role === 'in') : -1;
  const reduceParam = ir.params.findIndex((p) => p.role === 'reduce');

  /** Offset expression (in words) of stream argument `k`'s current element; declares its tables. */
  const addressOf = (k: string, access: Access, words: number, src: string): string => {
    prologue.push(`const A${k} = ${src};`);
    if (access === 'linear') {
      prologue.push(`const B${k} = A${k}.base;`);
      return words === 1 ? `(B${k} + i)` : `(B${k} + i) * ${words}`;
    }
    for (const d of DIMS) prologue.push(`const T${k}_${d} = A${k}.T[${d}];`);
    rowBases.push(`R${k} = T${k}_0[c0] + T${k}_1[c1] + T${k}_2[c2];`);
    prologue.push(`let R${k} = 0;`);
    return words === 1 ? `(R${k} + T${k}_3[c3])` : `(R${k} + T${k}_3[c3]) * ${words}`;
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
      const ix = [3, 2, 1, 0].map((d) => `x${k}_${d}`);
      b.indexof = ix;
      if (plan.mode === 'reduceBlocks' && k === inputParam) {
        [3, 2, 1, 0].forEach((d, c) => perElement.push(`const ${ix[c]} = c${d} * BF${d} + b${d};`));
      } else {
        for (const d of DIMS) prologue.push(`const X${k}_${d} = L.args[${k}].X[${d}];`);
        [3, 2, 1, 0].forEach((d, c) => perElement.push(`const ${ix[c]} = X${k}_${d}[c${d}];`));
      }
    }
    switch (p.role) {
      case 'const': {
        b.comps = names;
        prologue.push(`const V${k} = L.args[${k}].value;`);
        kinds.forEach((kind, c) => prologue.push(`const ${names[c]} = ${convert('double', kind, `V${k}[${c}]`)};`));
        return;
      }
      case 'gather': {
        b.gather = { id: k, dims: p.gatherDims ?? 1, words };
        views(`G${k}`, kinds, `L.args[${k}]`);
        for (const d of DIMS) {
          prologue.push(`const G${k}e${d} = L.args[${k}].e[${d}], G${k}l${d} = L.args[${k}].l[${d}], G${k}s${d} = L.args[${k}].s[${d}];`);
        }
        for (const v of new Set(kinds.map(viewOf))) prologue.push(`const G${k}${v} = ${v}G${k};`);
        return;
      }
      case 'iter': {
        b.comps = names;
        prologue.push(`const IT${k} = L.args[${k}];`);
        for (const d of DIMS) prologue.push(`const IA${k}_${d} = IT${k}.A[${d}];`);
        const dims = plan.iterDims?.[k];
        if (!dims) throw new Error(`internal: plan has no iterator dimensions for parameter ${k}`);
        kinds.forEach((_, c) => {
          prologue.push(`const IL${k}_${c} = IT${k}.lo[${c}], ID${k}_${c} = IT${k}.d[${c}], IN${k}_${c} = IT${k}.n[${c}];`);
          const d = dims[c]!;
          // lo + ((hi - lo) * idx) / n in float32, idx from the table of the dimension the component follows.
          perElement.push(d < 0 ? `const ${names[c]} = IL${k}_${c};` : `const ${names[c]} = fround(IL${k}_${c} + fround(fround(ID${k}_${c} * IA${k}_${d}[c${d}]) / IN${k}_${c}));`);
        });
        return;
      }
      case 'in': {
        b.comps = names;
        views(String(k), kinds, `L.args[${k}]`);
        if (plan.mode === 'reduceBlocks' && k === inputParam) {
          prologue.push(`const IB = L.args[${k}].base;`);
          for (const d of DIMS) prologue.push(`const S${d} = L.args[${k}].S[${d}], BF${d} = L.F[${d}];`);
          perElement.push(`const o${k} = (ib + b0 * S0 + b1 * S1 + b2 * S2 + b3 * S3)${words === 1 ? '' : ` * ${words}`};`);
        } else {
          const off = addressOf(String(k), plan.access[k] ?? 'table', words, `L.args[${k}]`);
          perElement.push(`const o${k} = ${off};`);
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
        const off = addressOf(String(k), plan.access[k] ?? 'table', words, `L.args[${k}]`);
        stores.push(`const o${k} = ${off};`);
        kinds.forEach((kind, c) => stores.push(`${viewOf(kind)}${k}[${c === 0 ? `o${k}` : `o${k} + ${c}`}] = ${storeValue(kind, names[c]!)};`));
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
    out.push(`VO${param}.push(${comps.map((c, i) => storeValue(kinds[i]!, c)).join(', ')});`);
    return out;
  };

  const inKinds = inputParam >= 0 ? flatKinds(ir.params[inputParam]!.type) : [];
  const accKinds = reduceParam >= 0 ? flatKinds(ir.params[reduceParam]!.type) : [];

  if (plan.mask) {
    const off = addressOf('M', plan.mask, 1, 'L.mask');
    prologue.push('const FM = AM.F;');
    perElement.unshift(`if (FM[${off}] === 0) break el;`);
  }
  let indexOffset = '';
  if (plan.mode === 'scatter') {
    // The reduce param is the destination element dst[index[i]], the input param is data[i].
    prologue.push('const SD = L.dst, SDe = SD.e, SDl = SD.l, SDs = SD.s;');
    for (const v of new Set(accKinds.map(viewOf))) prologue.push(`const ${v}D = SD.${v};`);
    indexOffset = addressOf('X', plan.target ?? 'table', 1, 'L.index');
    // Index components are float (floor(x + 0.25)) or int (taken as they are).
    prologue.push('const FX = AX.F, IX = AX.I, XW = AX.words, XFLOAT = L.indexIsFloat;');
  }
  let targetOffset = '';
  if (plan.mode === 'reduceBlocks') {
    prologue.push('const TG = L.target;');
    for (const v of new Set(accKinds.map(viewOf))) prologue.push(`const ${v}TG = TG.${v};`);
    targetOffset = addressOf('TG', plan.target ?? 'table', accKinds.length, 'TG');
  }

  const body = new KernelEmitter(ir, bindings, onPush).emitBody(0);
  // The reduce body can join two partial results (accumulator and element of one type, no indexof).
  const canCombine = ir.kind === 'reduce' && inputParam >= 0 && reduceParam >= 0 && sameKinds(inKinds, accKinds) && ir.indexofParams.length === 0;
  const seed = accKinds.map((kind, c) => `p${reduceParam}_${c} = ${convert(inKinds[c] ?? 'float', kind, `p${inputParam}_${c}`)};`);

  w.line(0, '"use strict";');
  w.lines.push(PRELUDE);
  w.line(0, 'function run(L, start, end) {');
  // Local aliases: V8 inlines a call through a local const more reliably than through the closure.
  w.line(1, 'const fround = Math.fround, floor = Math.floor;');
  w.line(1, 'const E0 = L.E[0], E1 = L.E[1], E2 = L.E[2], E3 = L.E[3];');
  for (const l of prologue) w.line(1, l);
  if (usesCoords) {
    w.line(1, 'let c3 = start % E3, q = (start - c3) / E3, c2 = q % E2; q = (q - c2) / E2;');
    w.line(1, 'let c1 = q % E1, c0 = (q - c1) / E1;');
    for (const r of rowBases) w.line(1, r);
  }
  if (plan.mode === 'reduceAll' || plan.mode === 'reduceBlocks') w.line(1, 'let first = true;');
  if (plan.mode === 'reduceBlocks') w.line(1, 'const CH = L.chunk, ST = L.stack;');
  if (plan.mode === 'reduceAll') {
    // One partial result per chunk of L.chunk positions (start is a multiple of it), stored in
    // L.partials at the chunk's index; the caller combines them (combineAt).
    w.line(1, 'const CH = L.chunk, PT = L.partials;');
    w.line(1, 'let left = CH;');
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

  w.line(1, 'for (let i = start; i < end; i++) {');
  switch (plan.mode) {
    case 'map':
      elementBlock(2, false);
      break;
    case 'reduceAll':
      elementBlock(2, true);
      w.line(2, 'if (--left === 0 || i + 1 === end) {');
      w.line(3, `const pk = Math.floor(i / CH) * ${accKinds.length};`);
      accKinds.forEach((kind, c) => w.line(3, `PT[pk + ${c}] = ${storeValue(kind, `p${reduceParam}_${c}`)};`));
      w.line(3, 'first = true;');
      w.line(3, 'left = CH;');
      w.line(2, '}');
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
      w.line(2, 'const ib = IB + c0 * BF0 * S0 + c1 * BF1 * S1 + c2 * BF2 * S2 + c3 * BF3 * S3;');
      w.line(2, 'first = true;');
      if (canCombine) w.line(2, 'let sp = 0, done = 0, left = CH;');
      w.line(2, 'for (let b0 = 0; b0 < BF0; b0++) for (let b1 = 0; b1 < BF1; b1++) for (let b2 = 0; b2 < BF2; b2++) for (let b3 = 0; b3 < BF3; b3++) {');
      elementBlock(3, true);
      if (canCombine) {
        w.line(3, 'if (--left === 0) {');
        push(4);
        w.line(4, 'for (let m = ++done; (m & 1) === 0; m >>= 1) { combineAt(L, ST, sp - 2, sp - 1); sp--; }');
        w.line(4, 'first = true;');
        w.line(4, 'left = CH;');
        w.line(3, '}');
      }
      w.line(2, '}');
      if (canCombine) {
        w.line(2, 'if (sp > 0) {');
        w.line(3, 'if (!first) {');
        push(4);
        w.line(3, '}');
        w.line(3, 'while (sp > 1) { combineAt(L, ST, sp - 2, sp - 1); sp--; }');
        accKinds.forEach((kind, c) => w.line(3, `${acc(c)} = ${kind === 'bool' ? `ST[${c}] !== 0` : `ST[${c}]`};`));
        w.line(2, '}');
      }
      w.line(2, `const oTG = ${targetOffset};`);
      accKinds.forEach((kind, c) => w.line(2, `${viewOf(kind)}TG[${c === 0 ? 'oTG' : `oTG + ${c}`}] = ${storeValue(kind, acc(c))};`));
      break;
    }
    case 'scatter': {
      w.line(2, 'el: {');
      w.line(3, `const ox = ${indexOffset} * XW;`);
      w.line(3, 'let od = 0;');
      w.line(3, 'for (let k = 0; k < XW; k++) {');
      w.line(4, 'const d = 3 - k, x = XFLOAT ? floor(fround(FX[ox + k] + 0.25)) : IX[ox + k];');
      w.line(4, 'if (!(x >= 0 && x < SDe[d])) break el;');
      w.line(4, 'od += (x + SDl[d]) * SDs[d];');
      w.line(3, '}');
      w.line(3, `od *= ${accKinds.length};`);
      accKinds.forEach((kind, c) => w.line(3, `p${reduceParam}_${c} = ${load(kind, `${viewOf(kind)}D`, `od + ${c}`)};`));
      for (const l of perElement) w.line(3, l);
      for (const l of body) w.line(3, l);
      accKinds.forEach((kind, c) => w.line(3, `${viewOf(kind)}D[od + ${c}] = ${storeValue(kind, `p${reduceParam}_${c}`)};`));
      w.line(2, '}');
      break;
    }
  }
  if (usesCoords) {
    w.line(2, 'if (++c3 === E3) {');
    w.line(3, 'c3 = 0;');
    w.line(3, 'if (++c2 === E2) { c2 = 0; if (++c1 === E1) { c1 = 0; ++c0; } }');
    for (const r of rowBases) w.line(3, r);
    w.line(2, '}');
  }
  w.line(1, '}');
  w.line(0, '}');

  // combine(L, a, b): the reduce body with accumulator a and next element b: partial results of
  // consecutive ranges, combined left to right. Only when accumulator and element have one type.
  if (canCombine) {
    const cw = new KernelEmitter(ir, bindings, onPush).emitBody(0);
    w.line(0, 'function combine(L, a, b) {');
    // Constants and gathers the body may read (their prologue lines do not depend on positions).
    for (const l of prologue) if (/^const (V\d|p\d|[FIU]G\d|G\d)/.test(l)) w.line(1, l);
    w.line(1, `let ${accKinds.map((_, c) => `p${reduceParam}_${c} = a[${c}]`).join(', ')};`);
    w.line(1, `const ${inKinds.map((_, c) => `p${inputParam}_${c} = b[${c}]`).join(', ')};`);
    for (const l of cw) w.line(1, l);
    w.line(1, `return [${accKinds.map((_, c) => `p${reduceParam}_${c}`).join(', ')}];`);
    w.line(0, '}');
    // combineAt(L, P, x, y): partial x = combine(partial x, partial y), in place in the Float64Array P.
    const W = accKinds.length;
    const cw2 = new KernelEmitter(ir, bindings, onPush).emitBody(0);
    w.line(0, 'function combineAt(L, P, x, y) {');
    for (const l of prologue) if (/^const (V\d|p\d|[FIU]G\d|G\d)/.test(l)) w.line(1, l);
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

function sameKinds(a: Kind[], b: Kind[]): boolean {
  return a.length === b.length && a.every((k, i) => k === b[i]);
}

