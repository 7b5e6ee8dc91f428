/**
 * K_cpu of the paper's model (section 5.2): the same kernel timed on the CPU backend, on a sample of
 * its domain, in nanoseconds per record.
 *
 * The sample is the first rows (leading dimension) of the call's output domain, a few thousand
 * positions and growing 4x until a run takes a few milliseconds (or the whole domain is taken). Inputs
 * are the matching rows of the call's input boxes, read from the device now (so the data is what the
 * streams hold after the profiled work; a loop whose trip count depends on data runs as the data says);
 * gathers are read whole (up to GATHER_READ_BYTES; beyond, zeros of the same size), iterators keep their
 * values (their range is cut to the sampled rows), constants are the call's. Reductions sample the
 * first rows of their input (whole blocks for a reduction into a stream).
 * The CPU runtime is one per process (every core, or BROOK_CPU_THREADS; its threads boot once); the
 * time is the best of the runs after a warm-up, repeated until it stops improving.
 */
import type { BrookRuntime, KernelArg, Stream, StreamLike } from '../brt/api.js';
import { hostArrayFor } from '../brt/hostarray.js';
import { isStreamLike } from '../brt/launch.js';
import { count, type Box } from '../brt/streams.js';
import type { SampleCall } from './recorder.js';

export interface CpuSample {
  /** Nanoseconds per record (output position; input element for reductions). */
  nsPerRecord: number;
  /** Records in the sample that gave the time. */
  records: number;
  note?: string;
}

const FIRST_RECORDS = 4096;
const TARGET_MS = 4;
const MAX_RECORDS = 1 << 20;
const GATHER_READ_BYTES = 64 << 20;
/** Runs of one sample at most, and the time they may take. */
const MAX_RUNS = 40;
const MAX_SPENT_MS = 300;

/** Time `call` on the CPU runtime `cpu`, reading its data from the runtime `from` that ran it. */
export async function sampleOnCpu(call: SampleCall, from: BrookRuntime, cpu: BrookRuntime): Promise<CpuSample | { skipped: string }> {
  let target = FIRST_RECORDS;
  let last: CpuSample | undefined;
  for (;;) {
    const built = await buildSample(call, from, cpu, target);
    try {
      const run = async () => {
        const t0 = performance.now();
        if (call.kind === 'map') cpu.call(call.kernel, built.args);
        else if (call.kind === 'reduceToValue') await cpu.reduceToValue(call.kernel, built.args);
        else cpu.reduceToStream(call.kernel, built.args);
        return performance.now() - t0;
      };
      await run(); // compiles the kernel and measures its cost (the CPU backend's chunking)
      // Runs until the best time settles: the first runs of a fresh CPU runtime can be many times
      // slower (V8 warming up, worker threads booting and joining launches).
      let best = Infinity;
      let spent = 0;
      let runs = 0;
      let flat = 0;
      while (runs < MAX_RUNS && spent < MAX_SPENT_MS) {
        const ms = await run();
        runs++;
        spent += ms;
        flat = ms < best * 0.9 ? 0 : flat + 1;
        best = Math.min(best, ms);
        if (runs >= 3 && flat >= 2 && spent >= 4 * TARGET_MS) break;
      }
      last = { nsPerRecord: (best * 1e6) / Math.max(1, built.records), records: built.records, ...(built.note ? { note: built.note } : {}) };
      if (best >= TARGET_MS || built.records >= call.records || built.records >= MAX_RECORDS) return last;
    } finally {
      for (const s of built.streams) cpu.free(s);
    }
    target *= 4;
  }
}

interface Built {
  args: KernelArg[];
  records: number;
  streams: Stream[];
  note?: string;
}

/** Rows of the leading dimension to keep about `target` positions of `shape` (a multiple of `block`). */
function rowsFor(shape: number[], target: number, block = 1): number {
  const rowSize = count(shape.slice(1));
  const rows = Math.max(block, Math.ceil(target / Math.max(1, rowSize) / block) * block);
  return Math.min(shape[0]!, rows);
}

async function buildSample(call: SampleCall, from: BrookRuntime, cpu: BrookRuntime, target: number): Promise<Built> {
  const ir = call.kernel.ir;
  const streams: Stream[] = [];
  let note: string | undefined;
  const boxes = call.args.map((a) => (isStreamLike(a) ? boxOfEvenFreed(a) : undefined));

  /** A CPU stream holding the first `rows` rows of box b (data read from the device; zeros when the
   *  stream was freed since, as a program's streams are when main returns). */
  const copyRows = async (a: StreamLike, b: Box, rows: number): Promise<Stream> => {
    const shape = [rows, ...b.shape.slice(1)];
    if (b.stream.iter) return iterRows(cpu, b, shape, streams);
    const s = cpu.createStream(b.stream.name, b.stream.elem, shape);
    streams.push(s);
    if (b.stream.freed) {
      note ??= `sampled on zeros: '${b.stream.name}' was freed before the sample ran`;
      return s;
    }
    const host = hostArrayFor(b.stream.elem, count(shape) * b.stream.words);
    await from.streamWrite(from.domain(a, b.shape.map(() => 0), shape), host);
    await cpu.streamRead(s, host);
    return s;
  };

  const args: KernelArg[] = [];
  let records: number;
  if (call.kind === 'map') {
    const outIndex = ir.params.findIndex((p) => p.role === 'out');
    const space = boxes[outIndex >= 0 ? outIndex : ir.params.findIndex((p) => p.role === 'in' || p.role === 'iter')]!.shape;
    const rows = rowsFor(space, target);
    records = rows * count(space.slice(1));
    for (let i = 0; i < ir.params.length; i++) {
      const p = ir.params[i]!;
      const a = call.args[i]!;
      const b = boxes[i];
      if (!b) {
        args.push(a);
        continue;
      }
      if (p.role === 'out') {
        const s = cpu.createStream(b.stream.name, b.stream.elem, [rows, ...b.shape.slice(1)]);
        streams.push(s);
        args.push(s);
      } else if (p.role === 'gather') {
        const bytes = count(b.shape) * b.stream.words * 4;
        if (b.stream.iter || bytes <= GATHER_READ_BYTES) args.push(await copyRows(a as StreamLike, b, b.shape[0]!));
        else {
          note = `gather '${p.sourceName}' (${bytes} bytes) sampled as zeros`;
          const s = cpu.createStream(b.stream.name, b.stream.elem, b.shape);
          streams.push(s);
          args.push(s);
        }
      } else {
        // in / iter: the rows the sampled output rows read under the resizing rule.
        const inRows = Math.min(b.shape[0]!, Math.ceil((rows * b.shape[0]!) / space[0]!));
        args.push(await copyRows(a as StreamLike, b, Math.max(1, inRows)));
      }
    }
  } else {
    const inIndex = ir.params.findIndex((p) => p.role === 'in');
    const reduceIndex = ir.params.findIndex((p) => p.role === 'reduce');
    const input = boxes[inIndex]!;
    let rows: number;
    if (call.kind === 'reduceToStream') {
      const t = boxes[reduceIndex]!;
      const block = input.shape[0]! / Math.max(1, t.shape[0]!);
      rows = rowsFor(input.shape, target, block);
      const s = cpu.createStream(t.stream.name, t.stream.elem, [rows / block, ...t.shape.slice(1)]);
      streams.push(s);
      for (let i = 0; i < ir.params.length; i++) {
        if (i === reduceIndex) args.push(s);
        else if (i === inIndex) args.push(await copyRows(call.args[i] as StreamLike, input, rows));
        else args.push(boxes[i] ? await copyRows(call.args[i] as StreamLike, boxes[i]!, boxes[i]!.shape[0]!) : call.args[i]!);
      }
    } else {
      rows = rowsFor(input.shape, target);
      for (let i = 0; i < ir.params.length; i++) {
        if (i === inIndex) args.push(await copyRows(call.args[i] as StreamLike, input, rows));
        else args.push(boxes[i] && i !== reduceIndex ? await copyRows(call.args[i] as StreamLike, boxes[i]!, boxes[i]!.shape[0]!) : call.args[i]!);
      }
    }
    records = rows * count(input.shape.slice(1));
  }
  return { args, records, streams, ...(note ? { note } : {}) };
}

/**
 * An iterator over the first rows of box b, with the values the original gives them: each component
 * follows one dimension (1-D: all follow it; else x the last, y the one before, ...), and its range is
 * cut to the box's offset and the rows kept along that dimension.
 */
function iterRows(cpu: BrookRuntime, b: Box, shape: number[], streams: Stream[]): Stream {
  const it = b.stream.iter!;
  const full = b.stream.shape;
  const rank = full.length;
  const lo: number[] = [];
  const hi: number[] = [];
  it.lo.forEach((l, c) => {
    const h = it.hi[c]!;
    const d = rank === 1 ? 0 : rank - 1 - c;
    if (d < 0) {
      lo.push(l);
      hi.push(h);
      return;
    }
    const step = (h - l) / full[d]!;
    lo.push(l + step * b.lo[d]!);
    hi.push(l + step * (b.lo[d]! + shape[d]!));
  });
  const s = cpu.createIter(b.stream.name, b.stream.elem, shape, lo, hi);
  streams.push(s);
  return s;
}

/** A stream's or domain's box, also of a freed stream (its shape and type are still known). */
function boxOfEvenFreed(a: StreamLike): Box {
  if ('kind' in a && a.kind === 'domain') return { stream: a.stream, lo: [...a.lo], shape: a.hi.map((h, d) => h - a.lo[d]!) };
  const s = a as Stream;
  return { stream: s, lo: s.shape.map(() => 0), shape: [...s.shape] };
}
