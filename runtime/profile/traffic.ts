/**
 * What one operation moves and computes: records (positions), bytes of device memory traffic and flops,
 * from the call's arguments and the kernel IR (flops.ts). Pure arithmetic on shapes; no device access.
 *
 * Bytes are the compulsory traffic (docs/PROFILE.md): every element an operation must read or write,
 * counted once, as a roofline counts DRAM traffic with perfect caches:
 * - an input stream: the elements the output's positions read under the resizing rule, per dimension
 *   min(input extent, output extent) (a repeated element is read once; a stride skips elements);
 * - an output stream: every element of its box; an element read and written in place counts both ways;
 * - a gather: min(gather reads, elements of its box) (reads counted from the IR per position);
 * - iterators and constants: nothing (computed, not loaded);
 * - a reduction: its input box, plus the result (a value, or the target stream's box);
 * - scatterOp / gatherOp: the index and data streams, plus the touched elements of the target read
 *   and written (at most one per data element).
 * `inBytes` / `outBytes` are the whole boxes a host would have to send and fetch for the call (the
 * paper's T_r: "downloading and reading back" the records), with gathers and inputs read in full.
 */
import type { CompiledKernel, KernelArg, StreamLike } from '../brt/api.js';
import { isStreamLike } from '../brt/launch.js';
import { boxOf, count, type Box } from '../brt/streams.js';
import { flattenElement } from '../compiler/types.js';
import { countFlops } from './flops.js';

export interface Traffic {
  /** Positions run (map: output elements; reduction: input elements; copies: elements). */
  records: number;
  /** Compulsory device memory traffic in bytes. */
  bytes: number;
  /** Bytes of the call's inputs and outputs as whole boxes (what moving its data set to and from a host costs). */
  inBytes: number;
  outBytes: number;
  /** Flops (null for copies); `flopsExact` false when a loop or if depended on data (flops.ts). */
  flops: number | null;
  flopsExact: boolean;
  flopsNote?: string;
  /** The compulsory bytes by stream (kernels and reductions): a fused group leaves out what it
   *  passed in registers (rows.ts). */
  parts?: { stream: string; role: 'in' | 'out'; bytes: number }[];
}

const elemBytes = (b: Box): number => b.stream.words * 4;
const boxBytes = (b: Box): number => (b.stream.iter ? 0 : count(b.shape) * elemBytes(b));

function constValues(k: CompiledKernel, args: readonly KernelArg[]): (number[] | undefined)[] {
  return k.ir.params.map((p, i) => {
    if (p.role !== 'const') return undefined;
    const a = args[i];
    if (typeof a === 'number') return new Array<number>(flattenElement(p.type).length).fill(a);
    if (Array.isArray(a)) return a.length === 1 ? new Array<number>(flattenElement(p.type).length).fill(a[0]!) : a;
    return undefined;
  });
}

/** Boxes of the stream arguments by parameter index (an argument that is not a stream is skipped). */
function boxesOf(args: readonly KernelArg[]): Map<number, Box> {
  const out = new Map<number, Box>();
  args.forEach((a, i) => {
    if (isStreamLike(a)) out.set(i, boxOf(a));
  });
  return out;
}

/** A map kernel call (vout kernels included; their outputs are measured after the call settled). */
export function mapTraffic(k: CompiledKernel, args: readonly KernelArg[]): Traffic {
  const ir = k.ir;
  const boxes = boxesOf(args);
  const outIndex = ir.params.findIndex((p) => p.role === 'out');
  const spaceIndex = outIndex >= 0 ? outIndex : ir.params.findIndex((p) => p.role === 'in' || p.role === 'iter');
  const space = spaceIndex >= 0 ? boxes.get(spaceIndex)!.shape : [1];
  const records = count(space);
  const fc = countFlops(ir, constValues(k, args));
  let inBytes = 0;
  let outBytes = 0;
  const parts: NonNullable<Traffic['parts']> = [];
  ir.params.forEach((p, i) => {
    const b = boxes.get(i);
    if (!b) return;
    switch (p.role) {
      case 'in':
        if (!b.stream.iter) parts.push({ stream: b.stream.name, role: 'in', bytes: b.shape.reduce((n, e, d) => n * Math.min(e, space[d] ?? e), 1) * elemBytes(b) });
        inBytes += boxBytes(b);
        break;
      case 'gather':
        parts.push({ stream: b.stream.name, role: 'in', bytes: Math.min((fc.gathers.get(i) ?? 0) * records, count(b.shape)) * elemBytes(b) });
        inBytes += boxBytes(b);
        break;
      case 'out': case 'vout':
        parts.push({ stream: b.stream.name, role: 'out', bytes: boxBytes(b) });
        outBytes += boxBytes(b);
        break;
    }
  });
  const bytes = parts.reduce((n, x) => n + x.bytes, 0);
  return { records, bytes, inBytes, outBytes, flops: fc.flops * records, flopsExact: fc.exact, ...(fc.note ? { flopsNote: fc.note } : {}), parts };
}

/** A reduction: into a value (`target` undefined) or into a stream. */
export function reduceTraffic(k: CompiledKernel, args: readonly KernelArg[], target: StreamLike | undefined): Traffic {
  const ir = k.ir;
  const inIndex = ir.params.findIndex((p) => p.role === 'in');
  const acc = ir.params.find((p) => p.role === 'reduce');
  const input = isStreamLike(args[inIndex]!) ? boxOf(args[inIndex] as StreamLike) : undefined;
  const records = input ? count(input.shape) : 0;
  const t = target ? boxOf(target) : undefined;
  const results = t ? count(t.shape) : 1;
  const resultBytes = t ? boxBytes(t) : acc ? flattenElement(acc.type).length * 4 : 4;
  const fc = countFlops(ir, constValues(k, args));
  const combines = Math.max(0, records - results);
  const inBytes = input ? boxBytes(input) : 0;
  const parts: NonNullable<Traffic['parts']> = [];
  if (input) parts.push({ stream: input.stream.name, role: 'in', bytes: inBytes });
  parts.push({ stream: t ? t.stream.name : '(value)', role: 'out', bytes: resultBytes });
  return { records, bytes: inBytes + resultBytes, inBytes, outBytes: resultBytes, flops: fc.flops * combines, flopsExact: fc.exact, ...(fc.note ? { flopsNote: fc.note } : {}), parts };
}

/** streamScatterOp(dst, index, data, op) / streamGatherOp(dst, index, src, op): `target` is the stream
 *  addressed through the index (scatter's dst, gather's src), `each` the one iterated with the index. */
export function scatterGatherTraffic(target: StreamLike, index: StreamLike, each: StreamLike, opKernel: CompiledKernel | undefined): Traffic {
  const t = boxOf(target);
  const x = boxOf(index);
  const e = boxOf(each);
  const records = count(e.shape);
  const touched = Math.min(records, count(t.shape)) * elemBytes(t);
  const fc = opKernel ? countFlops(opKernel.ir, []) : undefined;
  return {
    records,
    bytes: boxBytes(x) + boxBytes(e) + 2 * touched,
    inBytes: boxBytes(x) + boxBytes(e) + boxBytes(t),
    outBytes: boxBytes(t),
    flops: fc ? fc.flops * records : null,
    flopsExact: fc?.exact ?? true,
  };
}

/** streamRead / streamWrite / streamPrint of a box. */
export function copyTraffic(s: StreamLike): Traffic {
  const b = boxOf(s);
  const bytes = boxBytes(b);
  return { records: count(b.shape), bytes, inBytes: bytes, outBytes: 0, flops: null, flopsExact: true };
}
