/**
 * The one launch of a held fusion group (fusion.ts): the members' kernels fused left to right by
 * compiler/fuse, with the arguments each fused step takes. Split from fusion.ts, which decides what
 * joins a group; this builds what runs.
 */
import { fuseKernels, type FuseSpec, type ParamOrigin } from '../compiler/fuse/index.js';
import type { CompiledKernel, FusedGroup, Launch, LaunchArg, Stream } from './api.js';
import type { Member, Value } from './fusion.js';

type StreamArg = LaunchArg & { kind: 'stream' };

/** A launch's stream arguments with storage, with their parameter's index and role (read-only:
 *  kept per launch object, which a loop hands over again and again, plan-cache.ts). */
export function streamArgs(l: Launch): readonly { k: number; a: StreamArg; role: string }[] {
  const known = streamArgsOf.get(l);
  // (A stream freed since loses its storage: then the list is made again.)
  if (known !== undefined && known.every((x) => x.a.stream.buffer !== undefined)) return known;
  const out: { k: number; a: StreamArg; role: string }[] = [];
  l.kernel.ir.params.forEach((p, k) => {
    const a = l.args[k];
    if (a && a.kind === 'stream' && a.stream.buffer !== undefined) out.push({ k, a, role: p.role });
  });
  streamArgsOf.set(l, out);
  return out;
}
const streamArgsOf = new WeakMap<Launch, { k: number; a: StreamArg; role: string }[]>();

/** Whether two lists of numbers are equal. */
export function same(a: readonly number[], b: readonly number[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** Whether two stream arguments name the same box of their stream. */
export function sameBox(a: { lo: number[]; shape: number[] }, b: { lo: number[]; shape: number[] }): boolean {
  return same(a.lo, b.lo) && same(a.shape, b.shape);
}

/** Fused kernels already made, per producer kernel: its cache holds them by consumer and wiring. */
interface MadeKernel {
  kernel: CompiledKernel;
  origin: ParamOrigin[];
}

/**
 * The one launch of a held group: members fused left to right (compiler/fuse), each step keeping as
 * outputs the values a later member reads, and at the end those that stay alive. Null when the
 * compiler refuses a step.
 */
export function buildFusedLaunch(members: Member[], values: Value[], id: number): { launch: Launch } | null {
  const first = members[0]!.launch;
  let kernel = first.kernel;
  let args: LaunchArg[] = first.args.slice();
  // Current parameter of `kernel` holding each value (absent: in registers only, or not yet made).
  const where = new Map<Value, number>();
  const valueAt = new Map<string, Value>();
  for (const v of values) valueAt.set(`${v.member}:${v.param}`, v);
  for (const v of values) if (v.member === 0) where.set(v, v.param);
  const alive = (v: Value) => !v.superseded && !(v.readers.length > 0 && v.dead);
  for (let i = 1; i < members.length; i++) {
    const c = members[i]!;
    const cir = c.launch.kernel.ir;
    const reads = cir.params.map((p, k) => {
      const a = c.launch.args[k];
      if (p.role !== 'in' || !a || a.kind !== 'stream') return -1;
      const v = values.find((x) => x.readers.includes(i) && x.member < i && x.arg.stream === a.stream && sameBox(x.arg, a));
      return v ? where.get(v)! : -1;
    });
    const byParam = new Map<number, Value>();
    for (const [v, k] of where) byParam.set(k, v);
    const keep = kernel.ir.params.map((p, k) => {
      const v = byParam.get(k);
      if (p.role !== 'out' || !v) return true;
      return v.readers.some((r) => r > i) || alive(v);
    });
    const spec: FuseSpec = { reads, keep, tag: i };
    const made = fusedKernel(kernel, c.launch.kernel, spec);
    if (!made) return null;
    const nextArgs: LaunchArg[] = made.origin.map((o): LaunchArg => {
      if (o.side === 'zero') return { kind: 'value', value: [0] };
      if (o.side === 'producer') return args[o.index]!;
      const a = c.launch.args[o.index]!;
      // A fused reduction's input is computed: a dense stream of the input's shape, no storage.
      if (cir.kind === 'reduce' && cir.params[o.index]!.role === 'in' && a.kind === 'stream') return virtualInput(a);
      return a;
    });
    const nextWhere = new Map<Value, number>();
    made.origin.forEach((o, f) => {
      if (o.side === 'producer') {
        const v = byParam.get(o.index);
        if (v && kernel.ir.params[o.index]!.role === 'out') nextWhere.set(v, f);
      } else if (o.side === 'consumer' && cir.params[o.index]!.role === 'out') {
        const v = valueAt.get(`${i}:${o.index}`);
        if (v) nextWhere.set(v, f);
      }
    });
    kernel = made.kernel;
    args = nextArgs;
    where.clear();
    for (const [v, f] of nextWhere) where.set(v, f);
  }
  const intermediates = values.filter((v) => v.readers.length > 0);
  const fused: FusedGroup = {
    id,
    calls: members.map((m) => ({ kernel: m.launch.kernel.ir.name, span: m.launch.span })),
    elided: intermediates.filter((v) => !where.has(v)).map((v) => v.arg.stream.name),
    written: intermediates.filter((v) => where.has(v)).map((v) => v.arg.stream.name),
  };
  const last = members[members.length - 1]!.launch;
  return { launch: { kernel, args, outShape: last.outShape, span: first.span, fused } };
}

function fusedKernel(producer: CompiledKernel, consumer: CompiledKernel, spec: FuseSpec): MadeKernel | null {
  const key = `fuse|${consumer.key}|${spec.tag}|${spec.reads.join(',')}|${spec.keep.map((k) => (k ? 1 : 0)).join('')}`;
  const cached = producer.cache.get(key) as MadeKernel | null | undefined;
  if (cached !== undefined) return cached;
  const r = fuseKernels(producer.ir, consumer.ir, spec);
  const made: MadeKernel | null = 'refused' in r ? null : { kernel: { ir: r.ir, key: `${producer.key}+${key}`, facts: r.facts, cache: new Map() }, origin: r.origin };
  producer.cache.set(key, made);
  return made;
}

function virtualInput(a: StreamArg): StreamArg {
  const s = a.stream;
  const stream: Stream = { id: -1, name: s.name, elem: s.elem, shape: [...a.shape], words: s.words, buffer: undefined, freed: false };
  return { kind: 'stream', stream, lo: a.shape.map(() => 0), shape: [...a.shape] };
}

