/**
 * Launch planning: turns a kernel call's arguments into a checked `Launch` (api.ts) that any backend
 * can run without further checks. Every rule of BROOK.md section 4 that depends on run-time shapes
 * lives here:
 * - one argument per parameter, of the right kind (stream, iterator, constant) and element type;
 * - all outputs share one shape (the launch's `outShape`); without outputs (a vout-only kernel) the
 *   per-dimension largest extent of the input and iterator streams is iterated (BrookGPU's);
 * - inputs and iterators have the output's rank (shape resizing is per dimension);
 * - gathers have the rank their brackets say;
 * - an output also gathered in the same call is an error; an input that is also an output with a
 *   different box (or resized) is read from a snapshot taken before the call, so no position sees
 *   another position's write (with the identical box each position reads its own element before
 *   writing it, which is safe on every backend);
 * - an iterator passed where a stream is expected is converted (materialized into a temporary).
 */
import type { IRParam } from '../compiler/ir.js';
import type { Span } from '../compiler/source.js';
import { flattenElement, typeToString } from '../compiler/types.js';
import type { Backend, CompiledKernel, KernelArg, Launch, LaunchArg, Stream, StreamLike } from './api.js';
import { brtError, plural, shapeText } from './errors.js';
import { allocateFor, boxOf, count, isDomain, iterValues, launchArg, nameOf, type Box } from './streams.js';

type StreamArg = LaunchArg & { kind: 'stream' };

export interface PlannedLaunch {
  launch: Launch;
  /** Temporaries (snapshots, materialized iterators) to release after the launch. */
  temps: unknown[];
  /** Boxes of the output (and vout) parameters by parameter index. */
  outputs: Map<number, Box>;
}

export function isStreamLike(a: KernelArg): a is StreamLike {
  return typeof a === 'object' && a !== null && !Array.isArray(a) && ('kind' in a ? (a as { kind: string }).kind === 'domain' : 'shape' in a);
}

/** Per type object, computed once: this runs for every stream argument of every kernel call. */
const kindsTexts = new WeakMap<object, string>();
function kindsText(t: IRParam['type']): string {
  let k = kindsTexts.get(t);
  if (k === undefined) kindsTexts.set(t, (k = flattenElement(t).map((c) => c.scalar).join(',')));
  return k;
}

/** Components of a parameter's type, per type object (a const argument of every call needs it). */
const componentCounts = new WeakMap<object, number>();
function componentCount(t: IRParam['type']): number {
  let n = componentCounts.get(t);
  if (n === undefined) componentCounts.set(t, (n = flattenElement(t).length));
  return n;
}

function describeArg(a: KernelArg): string {
  if (typeof a === 'number') return 'a number';
  if (Array.isArray(a)) return `a value of ${a.length} component${plural(a.length)}`;
  // A notebook passes TypeScript values through (a string, undefined, a plain object): name them.
  const v: unknown = a;
  if (v === null || v === undefined) return String(v);
  if (typeof v !== 'object') return `a ${typeof v}`;
  if (!isDomain(a) && typeof (v as { name?: unknown }).name !== 'string') return 'an object that is not a stream';
  const b = isDomain(a) ? a.stream : a;
  return b.iter ? `iterator '${b.name}'` : `stream '${nameOf(a)}'`;
}

function roleText(p: IRParam): string {
  switch (p.role) {
    case 'in': return `an input stream of ${typeToString(p.type)}`;
    case 'out': return `an output stream of ${typeToString(p.type)}`;
    case 'vout': return `a vout stream of ${typeToString(p.type)}`;
    case 'gather': return `a gather stream of ${typeToString(p.type)}`;
    case 'iter': return `an iterator of ${typeToString(p.type)}`;
    case 'reduce': return `a reduction target of ${typeToString(p.type)}`;
    default: return `a value of type ${typeToString(p.type)}`;
  }
}

/** Materialize an iterator box into a temporary stream (an iterator passed as an input or gather, or
 *  as the index or data of streamScatterOp / streamGatherOp); the caller releases `temps`. */
export function materialize(backend: Backend, b: Box, temps: unknown[], span?: Span): Box {
  const values = iterValues(b);
  const buf = allocateFor(backend, b.stream.name, values.length, span, b.stream.words);
  backend.write(buf, 0, values);
  temps.push(buf);
  const s: Stream = { id: -1, name: b.stream.name, elem: b.stream.elem, shape: [...b.shape], words: b.stream.words, buffer: buf, freed: false };
  return { stream: s, lo: b.shape.map(() => 0), shape: [...b.shape] };
}

export interface PlanOptions {
  /** 'map' (call), 'reduce' (the reduce param's argument is handled by the caller). */
  mode: 'map' | 'reduce';
  mask?: StreamLike;
  span?: Span;
  /** Called before the plan copies a stream (a snapshot for an in-place call): work held for
   *  fusion that may write it must reach the backend first. */
  beforeCopy?: () => void;
}

let plans = 0;

/** Launches planned so far in this process (tests see the plan cache, brt/plan-cache.ts, work). */
export function plannedLaunches(): number {
  return plans;
}

export function planLaunch(backend: Backend, k: CompiledKernel, args: KernelArg[], opts: PlanOptions): PlannedLaunch {
  plans++;
  const ir = k.ir;
  const span = opts.span;
  if (args.length !== ir.params.length) {
    throw brtError('BRK5012', { kernel: ir.name, want: ir.params.length, have: args.length, s: plural(ir.params.length) }, span);
  }
  const temps: unknown[] = [];
  const boxes = new Map<number, Box>();
  const wrongKind = (p: IRParam, a: KernelArg, fix: string) =>
    brtError('BRK5013', { param: p.sourceName, kernel: ir.name, want: roleText(p), have: describeArg(a), fix }, span);

  const launchArgs: (LaunchArg | null)[] = ir.params.map((p, i) => {
    const a = args[i]!;
    if (p.role === 'const') {
      const n = componentCount(p.type);
      if (typeof a === 'number') return { kind: 'value', value: new Array<number>(n).fill(a) };
      if (Array.isArray(a) && (a.length === n || a.length === 1)) return { kind: 'value', value: a.length === n ? [...a] : new Array<number>(n).fill(a[0]!) };
      throw wrongKind(p, a, isStreamLike(a) ? 'pass a value here, or declare the parameter as a stream (T x<>)' : `pass ${n} component${plural(n)}`);
    }
    if (p.role === 'reduce' && opts.mode === 'reduce') return null; // the caller fills it in
    if (!isStreamLike(a)) throw wrongKind(p, a, `pass a stream of ${typeToString(p.type)}`);
    let b = boxOf(a, span);
    // A narrow element (char, fixed: IRParam.storage) must match as declared, not as computed.
    const elem = p.storage ?? p.type;
    if (kindsText(elem) !== kindsText(b.stream.elem)) {
      throw brtError('BRK5015', { param: p.sourceName, kernel: ir.name, want: typeToString(elem), name: nameOf(a), have: typeToString(b.stream.elem) }, span);
    }
    const isIter = b.stream.iter !== undefined;
    if (p.role === 'out' || p.role === 'vout' || p.role === 'reduce') {
      if (isIter) throw brtError('BRK5023', { name: b.stream.name }, span);
    } else if (p.role === 'iter') {
      if (!isIter) throw wrongKind(p, a, 'pass an iterator (iter T name<...> = iter(lo, hi)) here');
    } else if (isIter) {
      b = materialize(backend, b, temps, span);
    }
    if (p.role === 'gather' && b.shape.length !== (p.gatherDims ?? 1)) {
      const have = b.shape.length;
      throw brtError('BRK5014', {
        param: p.sourceName, kernel: ir.name, want: p.gatherDims ?? 1, s: plural(p.gatherDims ?? 1), name: nameOf(a), have,
        brackets: `${p.sourceName}${'[i]'.repeat(have)}`,
      }, span);
    }
    boxes.set(i, b);
    return launchArg(b);
  });

  // The iteration space: the outputs' common shape.
  const outs = ir.params.map((p, i) => (p.role === 'out' ? i : -1)).filter((i) => i >= 0);
  let outShape: number[] | undefined;
  if (outs.length > 0) {
    const shapes = outs.map((i) => boxes.get(i)!.shape);
    if (shapes.length > 1 && shapes.some((s) => shapeText(s) !== shapeText(shapes[0]!))) {
      throw brtError('BRK5005', { kernel: ir.name, shapes: outs.map((i, j) => `'${ir.params[i]!.sourceName}' <${shapeText(shapes[j]!)}>`).join(', ') }, span);
    }
    outShape = shapes[0]!;
  } else {
    // A vout-only kernel iterates, per dimension, the largest extent of its input and iterator
    // streams (BrookGPU's `maxextents` in brcc's vout prologue): volume_division passes an iterator
    // five times taller than its input to push up to five triangles per cube.
    const ins = ir.params.flatMap((p, i) => (p.role === 'in' || p.role === 'iter' ? [boxes.get(i)!.shape] : []));
    const first = ins[0];
    if (first) outShape = first.map((n, d) => Math.max(n, ...ins.filter((s) => s.length === first.length).map((s) => s[d]!)));
  }
  if (!outShape) outShape = [1];

  // Ranks must match the iteration space's (not checked for reductions: the input is the space).
  for (const [i, b] of boxes) {
    const p = ir.params[i]!;
    if ((p.role === 'in' || p.role === 'iter') && b.shape.length !== outShape.length) {
      throw brtError('BRK5006', { param: p.sourceName, kernel: ir.name, have: b.shape.length, shape: shapeText(b.shape), want: outShape.length, out: shapeText(outShape) }, span);
    }
  }

  // In-place rules (BROOK.md 4): a call reads its inputs' values from before the call. A gather of a
  // stream the call writes, and an input over another box of it, read a snapshot taken now (BrookGPU's
  // runtime gave such a call a temporary output: the same values). Only aliased calls pay the copy;
  // one snapshot serves every gather of the same stream.
  const gatherSnapshots = new Map<Stream, Box>();
  for (const o of outs) {
    const ob = boxes.get(o)!;
    for (const [i, b] of boxes) {
      if (i === o || b.stream !== ob.stream) continue;
      const p = ir.params[i]!;
      if (p.role === 'gather') {
        let snap = gatherSnapshots.get(b.stream);
        if (!snap) {
          opts.beforeCopy?.();
          snap = snapshot(backend, b, temps, span);
          gatherSnapshots.set(b.stream, snap);
        }
        boxes.set(i, snap);
        launchArgs[i] = launchArg(snap);
        continue;
      }
      if (p.role === 'in' && (shapeText(b.lo) !== shapeText(ob.lo) || shapeText(b.shape) !== shapeText(ob.shape))) {
        opts.beforeCopy?.();
        const snap = snapshot(backend, b, temps, span);
        boxes.set(i, snap);
        launchArgs[i] = launchArg(snap);
      }
    }
  }

  const launch: Launch = { kernel: k, args: launchArgs as LaunchArg[], outShape, span };
  if (opts.mask) {
    const mb = boxOf(opts.mask, span);
    if (shapeText(mb.shape) !== shapeText(outShape)) {
      throw brtError('BRK5016', { mask: shapeText(mb.shape), kernel: ir.name, out: shapeText(outShape) }, span);
    }
    // A mask that is also written by this call is read from a snapshot unless the boxes coincide.
    const aliased = outs.some((o) => {
      const ob = boxes.get(o)!;
      return ob.stream === mb.stream && (shapeText(ob.lo) !== shapeText(mb.lo) || shapeText(ob.shape) !== shapeText(mb.shape));
    });
    if (aliased) opts.beforeCopy?.();
    launch.mask = launchArg(aliased ? snapshot(backend, mb, temps, span) : mb) as StreamArg;
  }
  const outputs = new Map<number, Box>();
  ir.params.forEach((p, i) => {
    if (p.role === 'out' || p.role === 'vout') outputs.set(i, boxes.get(i)!);
  });
  return { launch, temps, outputs };
}

/** A copy of the whole stream taken now, addressed with the same box. */
export function snapshot(backend: Backend, b: Box, temps: unknown[], span?: Span): Box {
  const words = count(b.stream.shape) * b.stream.words;
  const buf = allocateFor(backend, b.stream.name, words, span, b.stream.words);
  backend.copy(b.stream.buffer, 0, buf, 0, words);
  temps.push(buf);
  const s: Stream = { id: -1, name: b.stream.name, elem: b.stream.elem, shape: [...b.stream.shape], words: b.stream.words, buffer: buf, freed: false };
  return { stream: s, lo: b.lo, shape: b.shape };
}
