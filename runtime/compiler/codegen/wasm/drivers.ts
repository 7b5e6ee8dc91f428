/**
 * The loop around a kernel body in WebAssembly: the same walk over positions as the JavaScript
 * drivers (codegen/js/drivers.ts), for the same `JsPlan`, reading the same launch data `L`.
 *
 * Out: module bytes exporting `run(start, end, ...values)` and the source of a JavaScript wrapper
 * `run(L, start, end)` that takes the values from L (byte addresses of streams in the shared memory,
 * extents, constants) and calls it. Streams must live in the memory the module imports (the CPU
 * backend's arena): an argument's byte address is its view's `byteOffset`.
 *
 * Covered: map kernels and full reductions (`reduceAll`) over in/out streams addressed linearly or per
 * dimension (resized or not), constants, gathers, indexof (extents up to SMALL_WHOLE, so positions
 * are exact in float32), helper calls, loops and branches. Everything else (iterators, vout, masks,
 * partial reductions, scatters, narrow streams) throws WasmUnsupported and the JavaScript kernel runs
 * instead.
 */
import type { KernelIR } from '../../ir.js';
import { storageScalars } from '../../types.js';
import { SMALL_WHOLE, type JsPlan } from '../js/drivers.js';
import { flatKinds, type Kind } from '../js/scalar.js';
import { encodeModule, OP, type HostImport, type ValType } from './encode.js';
import { valType, VectorUnsupported, WasmKernelEmitter, WasmUnsupported, type Val, type WasmParam } from './emit.js';
import { append, FuncBuilder } from './func.js';

export interface WasmKernelCode {
  bytes: Uint8Array;
  /** Host functions the module imports (HOST_IMPORTS_SOURCE names), in import order. */
  imports: HostImport[];
  /** `new Function('ex', wrapper)(instance.exports)` gives `run(L, start, end)`, with `run.values(L, V)`
   *  (the launch values into a Float64Array, `run.valueCount` of them) and `run.runValues(V, start, end)`. */
  wrapper: string;
  /** Whether the body has a vector version (4 positions per step). */
  vector: boolean;
}

/** A vector version is kept when it has at least this many SIMD operations per per-lane operation. */
const VECTOR_OPS_PER_LANE_OP = 4;

/** Pages the module's memory import may reach (the arena's maximum or more). */
const MAX_PAGES = 65536;

const WRAPPER_PRELUDE = `"use strict";
function f2i(x) { return x >= 2147483647 ? 2147483647 : x <= -2147483648 ? -2147483648 : (x | 0); }
function f2u(x) { return x >= 4294967295 ? 4294967295 : x > 0 ? (x >>> 0) : 0; }
const wasmRun = ex.run;`;

export function generateKernelWasm(ir: KernelIR, plan: JsPlan): WasmKernelCode {
  if (plan.mode !== 'map' && plan.mode !== 'reduceAll') throw new WasmUnsupported(`mode ${plan.mode}`);
  // Streams stored narrow (types.ts narrowStorage) load as they are; stores into 8- and 16-bit integer
  // outputs wrap (narrowStoreOp); a fixed output (saturate and round to code / 255) stays JavaScript.
  if (ir.params.some((p) => p.role === 'out' && storageScalars(p).includes('fixed'))) throw new WasmUnsupported('a fixed output');
  // A fused reduction (ir.ts `produce`): the input element is computed per element by the producer's
  // part (parameters from `produce.from` on), which also stores the producer's kept outputs.
  const produce = ir.kind === 'reduce' && plan.mode === 'reduceAll' ? ir.produce : undefined;
  if (ir.produce && !produce) throw new WasmUnsupported('fused reduction outside a full reduction');
  if (ir.indexofParams.length > 0 && !plan.smallIndex) throw new WasmUnsupported('indexof over extents past 2^22');

  /** Launch values after (start, end): wasm type and the JavaScript expression reading it from L. */
  const values: { t: ValType; js: string }[] = [];
  const value = (t: ValType, js: string) => {
    values.push({ t, js });
    return 1 + values.length; // local index (0: start, 1: end)
  };
  const E = [0, 1, 2, 3].map((d) => value('i32', `L.E[${d}]`));

  const bindings: WasmParam[] = [];
  type Stream = { k: number; words: number; kinds: Kind[]; forms: string; addr: number; S: number[]; N: number[]; running: number; row: number };
  const streams: Stream[] = [];
  /** Iterator components: value = lo + ((hi - lo) * idx) / n in float32 at absolute index idx along
   *  padded dimension d (codegen/js/drivers.ts); form 's' is exactly lo + idx, a small whole number. */
  type IterComp = { k: number; c: number; d: number; form: string; forms: string; IL: number; ID: number; IN: number; ILi: number; IO: number; IS: number; val: number; int: number };
  const iters: IterComp[] = [];
  const wholeConsts: { f: Val; int: number }[] = [];
  const inputParam = ir.kind === 'reduce' ? ir.params.findIndex((p) => p.role === 'in') : -1;
  const reduceParam = ir.params.findIndex((p) => p.role === 'reduce');
  let usesCoords = false;

  ir.params.forEach((p, k) => {
    const kinds = flatKinds(p.type);
    const words = kinds.length;
    const b: WasmParam = { kinds };
    bindings.push(b);
    switch (p.role) {
      case 'const':
        b.comps = kinds.map((kind, c) => {
          const v = `L.args[${k}].value[${c}]`;
          const js = kind === 'float' ? `Math.fround(${v})` : kind === 'int' ? `f2i(${v})` : kind === 'uint' ? `f2u(${v})` : kind === 'bool' ? `(${v} !== 0 ? 1 : 0)` : v;
          const val = { kind, local: value(valType(kind), js) } as Val;
          // A small whole constant in this plan (constForms 's'): an i32 twin for index arithmetic.
          if (kind === 'float' && plan.constForms?.[k]?.[c] === 's') wholeConsts.push({ f: val, int: value('i32', `Math.fround(${v})`) });
          return val;
        });
        return;
      case 'gather': {
        const g = `L.args[${k}]`;
        b.gather = {
          words,
          addr: value('i32', `${g}.F.byteOffset`),
          e: [0, 1, 2, 3].map((d) => value('i32', `${g}.e[${d}]`)),
          l: [0, 1, 2, 3].map((d) => value('i32', `${g}.l[${d}]`)),
          s: [0, 1, 2, 3].map((d) => value('i32', `${g}.s[${d}]`)),
        };
        return;
      }
      case 'in':
      case 'out': {
        if (produce && k === inputParam) return; // computed, no storage (locals below)
        const access = plan.access[k];
        if (!access) throw new WasmUnsupported(`parameter ${k} without addressing`);
        const forms = access === 'linear' ? 'linear' : access === 'table' ? 'rrrr' : access;
        if (forms !== 'linear' && !/^[ir]{4}$/.test(forms)) throw new WasmUnsupported(`access ${access}`);
        const a = `L.args[${k}]`;
        const s: Stream = { k, words, kinds, forms, addr: 0, S: [], N: [], running: -1, row: -1 };
        if (forms === 'linear') {
          // Byte address of the domain's first element.
          s.addr = value('i32', `${a}.F.byteOffset + ${a}.base * ${words * 4}`);
        } else {
          usesCoords = true;
          s.addr = value('i32', `${a}.F.byteOffset + ${a}.base * ${words * 4}`);
          s.S = [0, 1, 2].map((d) => value('i32', `${a}.S[${d}]`));
          s.N = [0, 1, 2, 3].map((d) => value('i32', `${a}.s[${d}]`));
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
        const forms = access === 'linear' ? 'iiii' : access === 'table' ? 'rrrr' : access;
        if (!/^[ir]{4}$/.test(forms)) throw new WasmUnsupported(`access ${access}`);
        const a = `L.args[${k}]`;
        b.comps = kinds.map((kind, c) => {
          if (kind !== 'float') throw new WasmUnsupported(`${kind} iterator`);
          const d = dims[c]!;
          const IL = value('f32', `${a}.lo[${c}]`);
          if (d < 0) return { kind, local: IL } as Val; // stays at lo
          usesCoords = true;
          const form = plan.iterForms?.[k]?.[c] ?? 'g';
          iters.push({
            k, c, d, form, forms, IL,
            ID: value('f32', `${a}.d[${c}]`),
            IN: value('f64', `${a}.n[${c}]`),
            ILi: form === 's' ? value('i32', `${a}.lo[${c}]`) : -1,
            IO: value('i32', `${a}.o[${d}]`),
            IS: value('i32', `${a}.s[${d}]`),
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
  });
  // The write mask (setWriteMask): a one-word stream addressed like the others; an element whose mask
  // value is 0 is skipped whole (no body, no stores).
  let mask: Stream | null = null;
  if (plan.mask && plan.mode !== 'map') throw new WasmUnsupported('a write mask outside a map launch');
  if (plan.mask) {
    const forms = plan.mask === 'linear' ? 'linear' : plan.mask === 'table' ? 'rrrr' : plan.mask;
    if (forms !== 'linear' && !/^[ir]{4}$/.test(forms)) throw new WasmUnsupported(`mask access ${plan.mask}`);
    mask = { k: -1, words: 1, kinds: ['float'], forms, addr: value('i32', 'L.mask.F.byteOffset + L.mask.base * 4'), S: [], N: [], running: -1, row: -1 };
    if (forms !== 'linear') {
      usesCoords = true;
      mask.S = [0, 1, 2].map((d) => value('i32', `L.mask.S[${d}]`));
      mask.N = [0, 1, 2, 3].map((d) => value('i32', `L.mask.s[${d}]`));
    }
  }
  /** Every stream walked by address: the parameters' and the mask. */
  const addressed = mask ? [...streams, mask] : streams;
  for (const k of ir.indexofParams) {
    const role = ir.params[k]!.role;
    if (role !== 'in' && role !== 'out') throw new WasmUnsupported(`indexof of a ${role} parameter`);
    // A fused reduction's producer taking indexof of its own output, which is elided (not a stream
    // of this launch): its addressing is the JavaScript kernel's.
    if (!streams.some((st) => st.k === k)) throw new WasmUnsupported('indexof of an output the fused launch never writes');
    usesCoords = true;
  }

  const CH = plan.mode === 'reduceAll' ? value('i32', 'L.chunk') : -1;
  const PT = plan.mode === 'reduceAll' ? value('i32', 'L.partials.byteOffset') : -1;
  const params: ValType[] = ['i32', 'i32', ...values.map((v) => v.t)];
  const f = new FuncBuilder(params);
  const START = 0;
  const END = 1;
  const i = f.local('i32');
  const stop = f.local('i32');
  const c = [0, 1, 2, 3].map(() => f.local('i32'));

  // Locals the body reads and writes for each stream parameter.
  for (const s of streams) {
    const p = ir.params[s.k]!;
    const b = bindings[s.k]!;
    b.comps = s.kinds.map((kind) => ({ kind, local: f.local(valType(kind)) }) as Val);
    if (p.role === 'out') b.writable = true;
    s.running = f.local('i32');
    if (s.forms !== 'linear') s.row = f.local('i32');
  }
  if (mask) {
    mask.running = f.local('i32');
    if (mask.forms !== 'linear') mask.row = f.local('i32');
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
  const indexofLocals = new Map<number, number[]>();
  const indexofInts = new Map<number, number[]>();
  for (const k of ir.indexofParams) {
    const xs = [0, 1, 2, 3].map(() => f.local('f32'));
    indexofLocals.set(k, xs);
    indexofInts.set(k, [0, 1, 2, 3].map(() => f.local('i32')));
    bindings[k]!.indexof = xs.map((l) => ({ kind: 'float', local: l }) as Val);
  }

  /** Extents array for dimIndex: an iterator's own extent along its dimension. */
  const dimsN = (it: IterComp) => [0, 1, 2, 3].map((d) => (d === it.d ? it.IS : -1));
  /** Pushes the (resized) domain index of dimension d for an argument of extents N (locals). */
  const dimIndex = (forms: string, d: number, N: number[]) => {
    if (forms === 'linear' || forms[d] === 'i') {
      f.get(c[d]!);
      return;
    }
    // floor(c * extent / out) exactly, in 64 bits.
    f.get(c[d]!).op('i64.extend_i32_u').get(N[d]!).op('i64.extend_i32_u').op('i64.mul');
    f.get(E[d]!).op('i64.extend_i32_u').op('i64.div_u').op('i32.wrap_i64');
  };

  // ---- prologue: position -> coordinates
  f.get(START).set(i);
  if (usesCoords) {
    const q = f.local('i32');
    f.get(START).get(E[3]!).op('i32.rem_u').set(c[3]!);
    f.get(START).get(E[3]!).op('i32.div_u').set(q);
    f.get(q).get(E[2]!).op('i32.rem_u').set(c[2]!);
    f.get(q).get(E[2]!).op('i32.div_u').set(q);
    f.get(q).get(E[1]!).op('i32.rem_u').set(c[1]!);
    f.get(q).get(E[1]!).op('i32.div_u').set(c[0]!);
  }
  const first = plan.mode === 'reduceAll' ? f.local('i32') : -1;
  const chunkEnd = plan.mode === 'reduceAll' ? f.local('i32') : -1;
  if (first >= 0) f.i32(1).set(first);

  const emitter = new WasmKernelEmitter(ir, f, bindings);
  const producer = produce ? new WasmKernelEmitter({ ...ir, body: produce.body }, f, bindings, emitter.imports) : null;
  for (const w of wholeConsts) emitter.markWhole(w.f, { kind: 'int', local: w.int }, -SMALL_WHOLE, SMALL_WHOLE, true);
  for (const it of iters) {
    if (it.d < 3) emitter.invariant.add(it.val);
    if (it.d < 3) emitter.invariant.add(it.int);
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
      const s = streams.find((st) => st.k === k)!;
      if (comp === 0 && (s.forms === 'linear' || s.forms[3] === 'i')) emitter.affine.set(int, 0);
    });
  }

  /** Sets an iterator component's value (and its i32 twin for form 's') from the index on the stack. */
  const iterValue = (it: IterComp) => {
    const idx = f.local('i32');
    f.get(it.IO).op('i32.add').set(idx); // absolute index: domain offset + position
    if (it.form === 's') {
      f.get(it.ILi).get(idx).op('i32.add').tee(it.int).op('f32.convert_i32_s').set(it.val);
    } else if (it.form === 'g') {
      // fround(lo + fround(fround(d * idx) / n))
      f.get(it.ID).op('f64.promote_f32').get(idx).op('f64.convert_i32_u').op('f64.mul').op('f32.demote_f64');
      f.op('f64.promote_f32').get(it.IN).op('f64.div').op('f32.demote_f64');
      f.get(it.IL).op('f32.add').set(it.val);
    } else {
      // fround(lo + idx)
      f.get(it.IL).op('f64.promote_f32').get(idx).op('f64.convert_i32_u').op('f64.add').op('f32.demote_f64').set(it.val);
    }
  };

  /** Per element: the resized fastest-dimension offsets, indexof x, the input loads, zeroed outputs. */
  const elementStart = () => {
    for (const it of iters) {
      if (it.d !== 3) continue;
      dimIndex(it.forms, 3, dimsN(it));
      iterValue(it);
    }
    for (const [k, xs] of indexofLocals) {
      const s = streams.find((x) => x.k === k)!;
      const int = indexofInts.get(k)![0]!;
      dimIndex(s.forms, 3, s.N);
      f.tee(int).op('f32.convert_i32_s').set(xs[0]!);
    }
    for (const s of streams) {
      const b = bindings[s.k]!;
      if (s.forms !== 'linear' && s.forms[3] === 'r') {
        f.get(s.row);
        dimIndex(s.forms, 3, s.N);
        f.op('i32.add').i32(s.words * 4).op('i32.mul').get(s.addr).op('i32.add').set(s.running);
      }
      const p = ir.params[s.k]!;
      b.comps!.forEach((v, comp) => {
        const kind = s.kinds[comp]!;
        if (p.role === 'out') {
          emitter.push({ kind, num: 0 });
          f.set(v.local!);
          return;
        }
        f.get(s.running);
        if (kind === 'float') f.load('f32', comp * 4);
        else if (kind === 'double') f.load('f32', comp * 4).op('f64.promote_f32');
        else {
          f.load('i32', comp * 4);
          if (kind === 'bool') f.i32(0).op('i32.ne');
        }
        f.set(v.local!);
      });
    }
    if (producer) {
      // The producer's part in a block of its own, then its kept outputs' stores.
      for (const v of bindings[inputParam]!.comps!) {
        emitter.push({ kind: v.kind, num: 0 });
        f.set(v.local!);
      }
      producer.emitBody();
      storeOutputs();
    }
  };
  const narrowStore = (sc: string | undefined) => narrowStoreOp(f, sc);
  const stores = () => {
    if (!producer) storeOutputs();
  };
  const storeOutputs = () => {
    for (const s of streams) {
      if (ir.params[s.k]!.role !== 'out') continue;
      const narrow = storageScalars(ir.params[s.k]!);
      bindings[s.k]!.comps!.forEach((v, comp) => {
        const kind = s.kinds[comp]!;
        f.get(s.running);
        emitter.push(v);
        narrowStore(narrow[comp]);
        if (kind === 'float') f.store('f32', comp * 4);
        else if (kind === 'double') f.op('f32.demote_f64').store('f32', comp * 4);
        else f.store('i32', comp * 4);
      });
    }
  };
  const advance = () => {
    f.get(i).i32(1).op('i32.add').set(i);
    if (usesCoords) f.get(c[3]!).i32(1).op('i32.add').set(c[3]!);
    for (const s of addressed) {
      if (s.forms !== 'linear' && s.forms[3] === 'r') continue;
      f.get(s.running).i32(s.words * 4).op('i32.add').set(s.running);
    }
  };
  const seed = () => {
    const acc = bindings[reduceParam]!;
    const input = bindings[inputParam]!;
    acc.comps!.forEach((v, comp) => {
      emitter.push(emitter.convert(input.kinds[comp] ?? 'float', acc.kinds[comp]!, input.comps![comp]!));
      f.set(v.local!);
    });
  };

  /**
   * The body's vector version (4 consecutive positions of a row per step), or null where it cannot be
   * written: streams of more than one word, a resized fastest dimension, control flow that differs
   * between positions, doubles. Stream and indexof bindings point at v128 locals while it is written.
   */
  type Vector = { code: number[]; comps: Map<number, Val[]>; x: Map<number, { int: number; f: number }>; it: Map<IterComp, { int: number; f: number }> };
  function vectorVersion(): Vector | null {
    const vectorWords = (w: number) => w === 1 || w === 2 || w === 4;
    if (plan.mode !== 'map' || !streams.every((s) => vectorWords(s.words) && !s.kinds.includes('double') && (s.forms === 'linear' || s.forms[3] === 'i'))) return null;
    if (iters.some((it) => it.d === 3 && it.forms[3] !== 'i') || mask) return null;
    // Outputs of 8- and 16-bit integers: the scalar stores narrow them.
    if (streams.some((s) => ir.params[s.k]!.role === 'out' && storageScalars(ir.params[s.k]!).some((c) => ['char', 'uchar', 'short', 'ushort'].includes(c)))) return null;
    const saved = bindings.map((b) => ({ comps: b.comps && [...b.comps], indexof: b.indexof }));
    const itv = new Map<IterComp, { int: number; f: number }>();
    for (const it of iters) {
      if (it.d !== 3) continue;
      const loc = { int: f.local('v128'), f: f.local('v128') };
      itv.set(it, loc);
      const v: Val = { kind: 'float', local: loc.f, vec: true };
      bindings[it.k]!.comps![it.c] = v;
      if (it.form === 's') emitter.markWhole(v, { kind: 'int', local: loc.int, vec: true }, -SMALL_WHOLE, SMALL_WHOLE);
    }
    const comps = new Map<number, Val[]>();
    const x = new Map<number, { int: number; f: number }>();
    for (const s of streams) {
      const vs: Val[] = s.kinds.map((kind) => ({ kind, local: f.local('v128'), vec: true }));
      comps.set(s.k, vs);
      bindings[s.k]!.comps = vs;
      if (ir.params[s.k]!.role === 'out') for (const v of vs) emitter.markMutable(v.local!);
    }
    for (const [k, xs] of indexofLocals) {
      const loc = { int: f.local('v128'), f: f.local('v128') };
      x.set(k, loc);
      const xf: Val = { kind: 'float', local: loc.f, vec: true };
      bindings[k]!.indexof = [xf, ...xs.slice(1).map((l) => ({ kind: 'float', local: l }) as Val)];
      emitter.markWhole(xf, { kind: 'int', local: loc.int, vec: true }, 0, SMALL_WHOLE);
      emitter.affine.set(loc.int, 0);
    }
    const state = f.save();
    emitter.vector = true;
    emitter.c3 = c[3]!;
    emitter.vectorOps = 0;
    emitter.laneOps = 0;
    try {
      const code = bodyVersion(f, emitter, true);
      // Mostly per-lane work (extracting lanes, scalar code, rebuilding vectors) is slower than the
      // scalar body: measured on the bitonic sort step (fmod and gathers at computed indices).
      if (emitter.laneOps * VECTOR_OPS_PER_LANE_OP > emitter.vectorOps) throw new VectorUnsupported('mostly per-lane work');
      return { code, comps, x, it: itv };
    } catch (e) {
      if (!(e instanceof VectorUnsupported)) throw e;
      f.restore(state);
      emitter.resetLoops();
      return null;
    } finally {
      emitter.vector = false;
      saved.forEach((b, k) => {
        bindings[k]!.comps = b.comps;
        bindings[k]!.indexof = b.indexof;
      });
    }
  }
  /** The vector step's loads (v128 at each stream's running address), zeroed outputs and indexof x. */
  function vectorStart(v: Vector): void {
    for (const s of streams) {
      const vals = v.comps.get(s.k)!;
      if (ir.params[s.k]!.role === 'out') {
        for (const val of vals) f.v128([0, 0, 0, 0]).set(val.local!);
        continue;
      }
      // The 4 elements' words, then one vector per component.
      const rows = vals.map((_, j) => {
        const r = f.local('v128');
        f.get(s.running).i32(16 * j).op('i32.add').simd('v128.load').set(r);
        return r;
      });
      f.transpose(s.words, rows, vals.map((val) => val.local!));
      for (const val of vals) if (val.kind === 'bool') f.get(val.local!).i32(0).simd('i32x4.splat').simd('i32x4.ne').set(val.local!);
    }
    for (const loc of v.x.values()) {
      f.get(c[3]!).simd('i32x4.splat').v128([0, 1, 2, 3]).simd('i32x4.add').tee(loc.int);
      f.simd('f32x4.convert_i32x4_s').set(loc.f);
    }
    for (const [it, loc] of v.it) {
      if (it.form === 's') {
        f.get(it.ILi).get(it.IO).op('i32.add').get(c[3]!).op('i32.add');
        f.simd('i32x4.splat').v128([0, 1, 2, 3]).simd('i32x4.add').tee(loc.int);
        f.simd('f32x4.convert_i32x4_s').set(loc.f);
        continue;
      }
      // Lane by lane, the scalar formula at positions c3 .. c3 + 3.
      for (let lane = 0; lane < 4; lane++) {
        f.get(c[3]!).i32(lane).op('i32.add');
        iterValue(it);
        if (lane === 0) f.get(it.val).simd('f32x4.splat').set(loc.f);
        else f.get(loc.f).get(it.val).simd('f32x4.replace_lane', lane).set(loc.f);
      }
    }
  }
  function vectorStores(v: Vector): void {
    for (const s of streams) {
      if (ir.params[s.k]!.role !== 'out') continue;
      const comps = v.comps.get(s.k)!.map((val) => {
        if (val.kind !== 'bool') return val.local!;
        const t = f.local('v128');
        f.get(val.local!).i32(1).simd('i32x4.splat').simd('v128.and').set(t); // masks -> 0 / 1
        return t;
      });
      const rows = comps.map(() => f.local('v128'));
      f.interleave(s.words, comps, rows);
      rows.forEach((r, j) => f.get(s.running).i32(16 * j).op('i32.add').get(r).simd('v128.store'));
    }
  }

  // ---- rows
  f.open('block', 'done');
  f.open('loop', 'rows');
  f.get(i).get(END).op('i32.ge_s').brIf('done');
  if (usesCoords) {
    // stop = min(i + (E3 - c3), end)
    f.get(i).get(E[3]!).op('i32.add').get(c[3]!).op('i32.sub').set(stop);
    f.get(stop).get(END).get(stop).get(END).op('i32.lt_s').op('select').set(stop);
  } else {
    f.get(END).set(stop);
  }
  if (plan.mode === 'reduceAll') {
    f.get(i).get(CH).op('i32.div_u').i32(1).op('i32.add').get(CH).op('i32.mul').set(chunkEnd);
    f.get(stop).get(chunkEnd).get(stop).get(chunkEnd).op('i32.lt_s').op('select').set(stop);
  }
  for (const it of iters) {
    if (it.d === 3) continue;
    dimIndex(it.forms, it.d, dimsN(it));
    iterValue(it);
  }
  for (const [k, xs] of indexofLocals) {
    const s = streams.find((x) => x.k === k)!;
    for (const d of [0, 1, 2]) {
      dimIndex(s.forms, d, s.N);
      f.tee(indexofInts.get(k)![3 - d]!).op('f32.convert_i32_s').set(xs[3 - d]!);
    }
  }
  for (const s of addressed) {
    if (s.forms === 'linear') {
      f.get(s.addr).get(i).i32(s.words * 4).op('i32.mul').op('i32.add').set(s.running);
      continue;
    }
    // Row element index (relative to the domain's first element): sum of index_d * stride_d.
    f.i32(0);
    for (const d of [0, 1, 2]) {
      dimIndex(s.forms, d, s.N);
      f.get(s.S[d]!).op('i32.mul').op('i32.add');
    }
    f.set(s.row);
    if (s.forms[3] === 'i') f.get(s.row).get(c[3]!).op('i32.add').i32(s.words * 4).op('i32.mul').get(s.addr).op('i32.add').set(s.running);
  }
  if (plan.mode === 'reduceAll') {
    // The chunk's first element seeds the accumulator.
    f.get(first);
    f.open('if');
    elementStart();
    seed();
    f.i32(0).set(first);
    advance();
    f.close();
  }
  // The element loop is written aside, so the body's row-fixed operations (collected meanwhile in
  // emitter.rowCode) can be placed before it.
  const rowPart = f.code;
  const hoisted: number[] = [];
  f.code = [];
  emitter.rowCode = hoisted;
  // The body, and where gathers are indexed by c3 + K (stencils), a second version without their
  // clamps for the positions where every such index is inside its extent (c3 in [lo, hi)); and for
  // streams of one word per element, a vector version doing 4 positions of [lo, hi) per step.
  const general = bodyVersion(f, emitter, false);
  const interior = emitter.interiorUses.size > 0 ? bodyVersion(f, emitter, true) : null;
  const vector = vectorVersion();
  const lo = f.local('i32');
  const hi = f.local('i32');
  if (interior || vector) {
    const uses = [...emitter.interiorUses.values()];
    const saved = f.code;
    f.code = hoisted;
    // lo = max(0, -K...), hi = min(E3, n - K...): K are constants, n launch values.
    f.i32(Math.max(0, ...uses.map((u) => -u.K))).set(lo);
    f.get(E[3]!).set(hi);
    for (const u of uses) {
      f.get(u.n).i32(u.K).op('i32.sub').get(hi).get(u.n).i32(u.K).op('i32.sub').get(hi).op('i32.lt_s').op('select').set(hi);
    }
    f.code = saved;
  }
  f.open('block', 'rowdone');
  f.open('loop', 'el');
  f.get(i).get(stop).op('i32.ge_s').brIf('rowdone');
  if (vector) {
    // 4 positions at once while they are all in [lo, hi) and in this range.
    f.get(c[3]!).get(lo).op('i32.ge_s');
    f.get(c[3]!).i32(4).op('i32.add').get(hi).op('i32.le_s').op('i32.and');
    f.get(i).i32(4).op('i32.add').get(stop).op('i32.le_s').op('i32.and');
    f.open('if');
    vectorStart(vector);
    append(f.code, [OP.block, 0x40], vector.code, [OP.end]);
    vectorStores(vector);
    f.get(i).i32(4).op('i32.add').set(i);
    f.get(c[3]!).i32(4).op('i32.add').set(c[3]!);
    for (const s of streams) f.get(s.running).i32(16 * s.words).op('i32.add').set(s.running);
    f.br('el');
    f.close();
  }
  if (mask) {
    if (mask.forms !== 'linear' && mask.forms[3] === 'r') {
      f.get(mask.row);
      dimIndex(mask.forms, 3, mask.N);
      f.op('i32.add').i32(4).op('i32.mul').get(mask.addr).op('i32.add').set(mask.running);
    }
    f.open('block', 'masked');
    f.get(mask.running).load('f32').f32(0).op('f32.eq').brIf('masked');
  }
  elementStart();
  if (interior) {
    f.get(c[3]!).get(lo).op('i32.ge_s').get(c[3]!).get(hi).op('i32.lt_s').op('i32.and');
    append(f.code, [OP.if, 0x40], interior, [OP.else], general, [OP.end]);
  } else {
    append(f.code, [OP.block, 0x40], general, [OP.end]);
  }
  stores();
  if (mask) f.close();
  advance();
  f.br('el');
  f.close();
  f.close();
  emitter.rowCode = null;
  const elementPart = f.code;
  f.code = rowPart;
  append(f.code, hoisted, elementPart);
  if (plan.mode === 'reduceAll') {
    // A finished chunk (or the range's end) stores its partial: PT[(i - 1) / CH * W + comp] as f64.
    const acc = bindings[reduceParam]!;
    const W = acc.kinds.length;
    f.get(i).get(chunkEnd).op('i32.eq').get(i).get(END).op('i32.eq').op('i32.or');
    f.open('if');
    const at = f.local('i32');
    f.get(i).i32(1).op('i32.sub').get(CH).op('i32.div_u').i32(W * 8).op('i32.mul').get(PT).op('i32.add').set(at);
    acc.comps!.forEach((v, comp) => {
      f.get(at);
      pushAsF64(f, v, emitter);
      f.store('f64', comp * 8);
    });
    f.i32(1).set(first);
    f.close();
  }
  if (usesCoords) {
    f.get(c[3]!).get(E[3]!).op('i32.eq');
    f.open('if');
    f.i32(0).set(c[3]!);
    f.get(c[2]!).i32(1).op('i32.add').tee(c[2]!).get(E[2]!).op('i32.eq');
    f.open('if');
    f.i32(0).set(c[2]!);
    f.get(c[1]!).i32(1).op('i32.add').tee(c[1]!).get(E[1]!).op('i32.eq');
    f.open('if');
    f.i32(0).set(c[1]!);
    f.get(c[0]!).i32(1).op('i32.add').set(c[0]!);
    f.close();
    f.close();
    f.close();
  }
  f.br('rows');
  f.close();
  f.close();

  const bytes = encodeModule({ params, locals: f.locals, code: f.code }, emitter.imports, MAX_PAGES);
  // run(L, start, end) for the calling thread; run.values(L, V) writes the launch values into V (a
  // shared Float64Array: every value is an i32, f32 or f64, exact as a double) and run.runValues(V,
  // start, end) runs from them, so worker threads get a launch without a message (workers.ts).
  const wrapper = `${WRAPPER_PRELUDE}
const run = function run(L, start, end) {
  wasmRun(start, end${values.map((v) => `, ${v.js}`).join('')});
};
run.values = function values(L, V) {
${values.map((v, k) => `  V[${k}] = ${v.js};`).join('\n')}
};
run.valueCount = ${values.length};
run.runValues = function runValues(V, start, end) {
  wasmRun(start, end${values.map((_, k) => `, V[${k}]`).join('')});
};
return run;`;
  return { bytes, imports: emitter.imports, wrapper, vector: vector !== null };
}

/** The kernel body's code inside one extra block level (the caller wraps it in a block or an if arm). */
function bodyVersion(f: FuncBuilder, emitter: WasmKernelEmitter, interior: boolean): number[] {
  const saved = f.code;
  f.code = [];
  f.open('block');
  emitter.interior = interior;
  emitter.emitBody();
  emitter.interior = false;
  f.close();
  const code = f.code;
  f.code = saved;
  return code.slice(2, -1); // without the block's opening (2 bytes) and its end
}

/** The stored value of an 8- or 16-bit integer stream component (scalar.ts narrowStore): wrapped. */
function narrowStoreOp(f: FuncBuilder, s: string | undefined): void {
  switch (s) {
    case 'char': f.i32(24).op('i32.shl').i32(24).op('i32.shr_s'); return;
    case 'uchar': f.i32(255).op('i32.and'); return;
    case 'short': f.i32(16).op('i32.shl').i32(16).op('i32.shr_s'); return;
    case 'ushort': f.i32(65535).op('i32.and'); return;
  }
}

function pushAsF64(f: FuncBuilder, v: Val, emitter: WasmKernelEmitter): void {
  emitter.push(v);
  switch (v.kind) {
    case 'float': f.op('f64.promote_f32'); return;
    case 'double': return;
    case 'uint': f.op('f64.convert_i32_u'); return;
    default: f.op('f64.convert_i32_s');
  }
}
