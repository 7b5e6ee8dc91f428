/**
 * The WebAssembly driver's view of one launch (drivers.ts writes the loops around it): the launch
 * values the module takes after (start, end) and the JavaScript that reads each from L, how the body
 * reaches every kernel parameter (WasmParam), the streams walked by address, the iterator components,
 * the locals of the position walk, and the body's writer with the facts the driver knows (row-fixed
 * values, whole numbers, c3 + K indices).
 *
 * Order matters: values and locals are numbered in the order they are made here, and the module's
 * bytes follow that order.
 */
import type { KernelFacts } from '../../facts/index.js';
import type { KernelIR } from '../../ir.js';
import { storageScalars } from '../../types.js';
import { planLoop, planWholeSeeds, SMALL_WHOLE, streamWalk, whereAlong, type JsPlan, type LoopPlan, type StreamWalk, type Where } from '../loop-plan.js';
import { flatKinds, type Kind } from '../js/scalar.js';
import type { ValType } from './encode.js';
import { valType, WasmKernelEmitter, WasmUnsupported, type Val, type WasmParam } from './emit.js';
import { FuncBuilder } from './func.js';

/** A stream walked by address: its launch values and the locals of its running address. */
export type Stream = { k: number; words: number; kinds: Kind[]; walk: StreamWalk; addr: number; S: number[]; N: number[]; running: number; row: number };
/** Iterator components: value = lo + ((hi - lo) * idx) / n in float32 at absolute index idx along
 *  padded dimension d (codegen/js/launch.ts); form 's' is exactly lo + idx, a small whole number. */
export type IterComp = { k: number; c: number; d: number; where: Where; form: string; forms: string; IL: number; ID: number; IN: number; ILi: number; IO: number; IS: number; val: number; int: number };

export interface WasmLaunch {
  /** The kernel facts the compiler decided (compiler/facts); the body's emitter takes the plan's view. */
  facts: KernelFacts;
  ir: KernelIR;
  plan: JsPlan;
  /** The walk (codegen/loop-plan.ts): coordinates, segments, how each stream advances. */
  loop: LoopPlan;
  /** A fused reduction (ir.ts `produce`): the input element is computed per element by the producer's
   *  part (parameters from `produce.from` on), which also stores the producer's kept outputs. */
  produce: KernelIR['produce'];
  /** Launch values after (start, end): wasm type and the JavaScript expression reading it from L. */
  values: { t: ValType; js: string }[];
  /** The space's extents (locals). */
  E: number[];
  bindings: WasmParam[];
  streams: Stream[];
  iters: IterComp[];
  wholeConsts: { f: Val; int: number }[];
  inputParam: number;
  reduceParam: number;
  usesCoords: boolean;
  /** The write mask (setWriteMask), walked like a one-word stream. */
  mask: Stream | null;
  /** Every stream walked by address: the parameters' and the mask. */
  addressed: Stream[];
  /** reduceAll: the chunk length and the partials' byte address (launch values), else -1. */
  CH: number;
  PT: number;
  params: ValType[];
  f: FuncBuilder;
  /** Locals: the position, the end of the current row segment, the coordinates c0..c3. */
  i: number;
  stop: number;
  c: number[];
  indexofLocals: Map<number, number[]>;
  indexofInts: Map<number, number[]>;
  /** reduceAll: whether the next element seeds the accumulator, and the current chunk's end. */
  first: number;
  chunkEnd: number;
  emitter: WasmKernelEmitter;
  producer: WasmKernelEmitter | null;
}

export const START = 0;
export const END = 1;

/** The launch of a kernel and plan the writer covers; throws WasmUnsupported otherwise. */
export function createWasmLaunch(ir: KernelIR, plan: JsPlan, facts: KernelFacts): WasmLaunch {
  if (plan.mode !== 'map' && plan.mode !== 'reduceAll') throw new WasmUnsupported(`mode ${plan.mode}`);
  // Streams stored narrow (types.ts narrowStorage) load as they are; stores into 8- and 16-bit integer
  // outputs wrap (narrowStoreOp); a fixed output (saturate and round to code / 255) stays JavaScript.
  if (ir.params.some((p) => p.role === 'out' && storageScalars(p).some((s) => s === 'fixed' || s === 'shortfixed'))) throw new WasmUnsupported('a fixed output');
  const produce = ir.kind === 'reduce' && plan.mode === 'reduceAll' ? ir.produce : undefined;
  if (ir.produce && !produce) throw new WasmUnsupported('fused reduction outside a full reduction');
  if (ir.indexofParams.length > 0 && !plan.smallIndex) throw new WasmUnsupported('indexof over extents past 2^22');

  // Filled in below, in the order values and locals are numbered (the rest by allocateLocals).
  const loop = planLoop(ir, plan);
  const lw = {
    ir,
    plan,
    facts,
    loop,
    produce,
    values: [],
    E: [],
    bindings: [],
    streams: [],
    iters: [],
    wholeConsts: [],
    inputParam: ir.kind === 'reduce' ? ir.params.findIndex((p) => p.role === 'in') : -1,
    reduceParam: ir.params.findIndex((p) => p.role === 'reduce'),
    usesCoords: loop.usesCoords,
    mask: null,
  } as unknown as WasmLaunch;
  lw.E = [0, 1, 2, 3].map((d) => value(lw, 'i32', `L.E[${d}]`));
  ir.params.forEach((p, k) => bindParam(lw, k));
  bindMask(lw);
  lw.addressed = lw.mask ? [...lw.streams, lw.mask] : lw.streams;
  for (const k of ir.indexofParams) {
    const role = ir.params[k]!.role;
    if (role !== 'in' && role !== 'out') throw new WasmUnsupported(`indexof of a ${role} parameter`);
    // A fused reduction's producer taking indexof of its own output, which is elided: compiler/fuse
    // reads it as indexof of the computed input, dense over the launch space (indexofWalk).
    if (!lw.streams.some((st) => st.k === k) && !(produce && k === lw.inputParam)) throw new WasmUnsupported('indexof of an output the fused launch never writes');
  }
  lw.CH = lw.loop.chunked ? value(lw, 'i32', 'L.chunk') : -1;
  lw.PT = lw.loop.chunked ? value(lw, 'i32', 'L.partials.byteOffset') : -1;
  allocateLocals(lw);
  return lw;
}

/**
 * How indexof of parameter k follows the coordinates: its stream's walk, or for a fused reduction's
 * computed input (no storage) the launch space itself, which is the input's shape (brt/fusion.ts).
 */
export function indexofWalk(lw: WasmLaunch, k: number): { forms: string; N: number[]; running: boolean } {
  const s = lw.streams.find((st) => st.k === k);
  return s ? { forms: s.walk.forms, N: s.N, running: s.walk.running } : { forms: 'iiii', N: [], running: true };
}

/** A launch value: its local index (0: start, 1: end). */
function value(lw: WasmLaunch, t: ValType, js: string): number {
  lw.values.push({ t, js });
  return 1 + lw.values.length;
}

function bindParam(lw: WasmLaunch, k: number): void {
  const { ir, plan, bindings, streams, iters, wholeConsts, produce, inputParam } = lw;
  const p = ir.params[k]!;
  const kinds = flatKinds(p.type);
  const words = kinds.length;
  const b: WasmParam = { kinds };
  bindings.push(b);
  switch (p.role) {
    case 'const':
      b.comps = kinds.map((kind, c) => {
        const v = `L.args[${k}].value[${c}]`;
        const js = kind === 'float' ? `Math.fround(${v})` : kind === 'int' ? `f2i(${v})` : kind === 'uint' ? `f2u(${v})` : kind === 'bool' ? `(${v} !== 0 ? 1 : 0)` : v;
        const val = { kind, local: value(lw, valType(kind), js) } as Val;
        // A small whole constant in this plan (constForms 's'): an i32 twin for index arithmetic.
        if (kind === 'float' && plan.constForms?.[k]?.[c] === 's') wholeConsts.push({ f: val, int: value(lw, 'i32', `Math.fround(${v})`) });
        return val;
      });
      return;
    case 'gather': {
      const g = `L.args[${k}]`;
      b.gather = {
        words,
        addr: value(lw, 'i32', `${g}.F.byteOffset`),
        e: [0, 1, 2, 3].map((d) => value(lw, 'i32', `${g}.e[${d}]`)),
        l: [0, 1, 2, 3].map((d) => value(lw, 'i32', `${g}.l[${d}]`)),
        s: [0, 1, 2, 3].map((d) => value(lw, 'i32', `${g}.s[${d}]`)),
      };
      return;
    }
    case 'in':
    case 'out': {
      if (produce && k === inputParam) return; // computed, no storage (locals below)
      const access = plan.access[k];
      if (!access) throw new WasmUnsupported(`parameter ${k} without addressing`);
      const walk = lw.loop.streams[k]!;
      const a = `L.args[${k}]`;
      const s: Stream = { k, words, kinds, walk, addr: 0, S: [], N: [], running: -1, row: -1 };
      if (walk.linear) {
        // Byte address of the domain's first element.
        s.addr = value(lw, 'i32', `${a}.F.byteOffset + ${a}.base * ${words * 4}`);
      } else {
        s.addr = value(lw, 'i32', `${a}.F.byteOffset + ${a}.base * ${words * 4}`);
        s.S = [0, 1, 2].map((d) => value(lw, 'i32', `${a}.S[${d}]`));
        s.N = [0, 1, 2, 3].map((d) => value(lw, 'i32', `${a}.s[${d}]`));
      }
      streams.push(s);
      return;
    }
    case 'reduce':
      if (plan.mode !== 'reduceAll') throw new WasmUnsupported('reduce parameter outside a full reduction');
      return;
    case 'iter': {
      const dims = plan.iterDims?.[k];
      if (!dims) throw new Error(`internal: plan has no iterator dimensions for parameter ${k}`);
      const access = plan.access[k] ?? 'table';
      const forms = streamWalk(access).forms;
      const a = `L.args[${k}]`;
      b.comps = kinds.map((kind, c) => {
        if (kind !== 'float') throw new WasmUnsupported(`${kind} iterator`);
        const d = dims[c]!;
        const IL = value(lw, 'f32', `${a}.lo[${c}]`);
        if (d < 0) return { kind, local: IL } as Val; // stays at lo
        const form = plan.iterForms?.[k]?.[c] ?? 'g';
        iters.push({
          k, c, d, where: whereAlong(d), form, forms, IL,
          ID: value(lw, 'f32', `${a}.d[${c}]`),
          IN: value(lw, 'f64', `${a}.n[${c}]`),
          ILi: form === 's' ? value(lw, 'i32', `${a}.lo[${c}]`) : -1,
          IO: value(lw, 'i32', `${a}.o[${d}]`),
          IS: value(lw, 'i32', `${a}.s[${d}]`),
          val: -1,
          int: -1,
        });
        return { kind, local: -1 } as Val; // set below, once the locals exist
      });
      return;
    }
    default:
      throw new WasmUnsupported(`${p.role} parameter`);
  }
}

/** The write mask (setWriteMask): a one-word stream addressed like the others; an element whose mask
 *  value is 0 is skipped whole (no body, no stores). */
function bindMask(lw: WasmLaunch): void {
  const { plan } = lw;
  if (plan.mask && plan.mode !== 'map') throw new WasmUnsupported('a write mask outside a map launch');
  if (!plan.mask) return;
  const walk = lw.loop.mask!;
  const mask: Stream = { k: -1, words: 1, kinds: ['float'], walk, addr: value(lw, 'i32', 'L.mask.F.byteOffset + L.mask.base * 4'), S: [], N: [], running: -1, row: -1 };
  if (!walk.linear) {
    mask.S = [0, 1, 2].map((d) => value(lw, 'i32', `L.mask.S[${d}]`));
    mask.N = [0, 1, 2, 3].map((d) => value(lw, 'i32', `L.mask.s[${d}]`));
  }
  lw.mask = mask;
}

/** The function's locals, the position -> coordinates prologue, and the body's writers with facts. */
function allocateLocals(lw: WasmLaunch): void {
  const { ir, values, bindings, streams, mask, produce, iters, inputParam, reduceParam, E } = lw;
  lw.params = ['i32', 'i32', ...values.map((v) => v.t)];
  const f = (lw.f = new FuncBuilder(lw.params));
  lw.i = f.local('i32');
  lw.stop = f.local('i32');
  const c = (lw.c = [0, 1, 2, 3].map(() => f.local('i32')));

  // Locals the body reads and writes for each stream parameter.
  for (const s of streams) {
    const p = ir.params[s.k]!;
    const b = bindings[s.k]!;
    b.comps = s.kinds.map((kind) => ({ kind, local: f.local(valType(kind)) }) as Val);
    if (p.role === 'out') b.writable = true;
    s.running = f.local('i32');
    if (!s.walk.linear) s.row = f.local('i32');
  }
  if (mask) {
    mask.running = f.local('i32');
    if (!mask.walk.linear) mask.row = f.local('i32');
  }
  if (produce) {
    const b = bindings[inputParam]!;
    b.comps = b.kinds.map((kind) => ({ kind, local: f.local(valType(kind)) }) as Val);
    b.writable = true;
  }
  for (const it of iters) {
    it.val = f.local('f32');
    it.int = f.local('i32');
    bindings[it.k]!.comps![it.c] = { kind: 'float', local: it.val };
  }
  if (reduceParam >= 0) {
    const b = bindings[reduceParam]!;
    b.comps = b.kinds.map((kind) => ({ kind, local: f.local(valType(kind)) }) as Val);
    b.writable = true;
  }
  lw.indexofLocals = new Map();
  lw.indexofInts = new Map();
  for (const k of ir.indexofParams) {
    const xs = [0, 1, 2, 3].map(() => f.local('f32'));
    lw.indexofLocals.set(k, xs);
    lw.indexofInts.set(k, [0, 1, 2, 3].map(() => f.local('i32')));
    bindings[k]!.indexof = xs.map((l) => ({ kind: 'float', local: l }) as Val);
  }

  // ---- prologue: position -> coordinates
  f.get(START).set(lw.i);
  if (lw.usesCoords) {
    const q = f.local('i32');
    f.get(START).get(E[3]!).op('i32.rem_u').set(c[3]!);
    f.get(START).get(E[3]!).op('i32.div_u').set(q);
    f.get(q).get(E[2]!).op('i32.rem_u').set(c[2]!);
    f.get(q).get(E[2]!).op('i32.div_u').set(q);
    f.get(q).get(E[1]!).op('i32.rem_u').set(c[1]!);
    f.get(q).get(E[1]!).op('i32.div_u').set(c[0]!);
  }
  lw.first = lw.loop.firstSeeds ? f.local('i32') : -1;
  lw.chunkEnd = lw.loop.chunked ? f.local('i32') : -1;
  if (lw.first >= 0) f.i32(1).set(lw.first);

  lw.emitter = new WasmKernelEmitter(ir, f, bindings);
  lw.emitter.facts = lw.facts.seeded(planWholeSeeds(lw.plan));
  lw.producer = produce ? new WasmKernelEmitter({ ...ir, body: produce.body }, f, bindings, lw.emitter.imports) : null;
  if (lw.producer) lw.producer.facts = lw.facts;
  registerFacts(lw);
}

/** What the driver knows for the body's writer: row-fixed values, whole numbers, c3 + K indices. */
function registerFacts(lw: WasmLaunch): void {
  const { emitter, wholeConsts, iters, params, indexofLocals, indexofInts } = lw;
  for (const w of wholeConsts) emitter.markWhole(w.f, { kind: 'int', local: w.int }, -SMALL_WHOLE, SMALL_WHOLE, true);
  for (const it of iters) {
    if (it.where === 'row') emitter.invariant.add(it.val);
    if (it.where === 'row') emitter.invariant.add(it.int);
    // lo + idx exactly, |lo| + n <= SMALL_WHOLE (launchdata.ts iterForms): index arithmetic in i32.
    if (it.form === 's') emitter.markWhole({ kind: 'float', local: it.val }, { kind: 'int', local: it.int }, -SMALL_WHOLE, SMALL_WHOLE);
  }
  // Fixed for a whole row: the launch values and indexof's slower components.
  for (let k = 0; k < params.length; k++) emitter.invariant.add(k);
  for (const [k, xs] of indexofLocals) {
    xs.forEach((x, comp) => {
      const int = indexofInts.get(k)![comp]!;
      if (comp > 0) {
        emitter.invariant.add(x);
        emitter.invariant.add(int);
      }
      // indexof components are whole numbers in [0, SMALL_WHOLE] (the plan's smallIndex); x is c3
      // itself where the fastest dimension is not resized.
      emitter.markWhole({ kind: 'float', local: x }, { kind: 'int', local: int }, 0, SMALL_WHOLE);
      if (comp === 0 && indexofWalk(lw, k).running) emitter.affine.set(int, 0);
    });
  }
}
