/// <reference types="@webgpu/types" />
/**
 * The runtime half of loop budgets (compiler/codegen/wgsl/budget.ts): how many iterations an element
 * of a kernel with loops may run, the status buffer its modules report a spent budget in, and the
 * error the user reads.
 *
 * The budget is a uniform word, written per dispatch (launch.ts fillParams), so the launch-splitting
 * code (pieces.ts) can give a first try a small budget and a re-run a larger one without a new
 * pipeline. BROOK_LOOP_BUDGET=N sets the largest (iterations per element, all loops of the element
 * together); BROOK_LOOP_BUDGET=0 builds modules without counters (bench: what the counters cost).
 *
 * Reading the status costs no extra wait: a batch that ran a budgeted dispatch copies the status
 * buffer into a small mappable buffer and clears it, in the batch's own command buffer; the map is
 * one more promise of the checks the next read or finish already awaits (recorder.ts addCheck).
 */
import type { KernelIR } from '../../compiler/ir.js';
import type { Launch } from '../../brt/api.js';
import { loopSites } from '../../compiler/kernels.js';
import type { BrookRuntimeError } from '../../compiler/diagnostics.js';
import { brtError, plural } from '../../brt/errors.js';
import { sessionAbort } from '../../brt/abort.js';

/** Iterations per element by default: about a second of one GPU thread's simple loop, so no sane
 *  kernel reaches it and an endless one stops (an H200 thread does ~1-2e9 simple iterations a second). */
export const DEFAULT_LOOP_BUDGET = 2 ** 30;
/** The status word keeps 20 bits of the kernel's tag (12 are the loop's number). */
const TAG_BITS = 20;

let configured: number | undefined;

/** The session's budget (0: counters off), from BROOK_LOOP_BUDGET unless set in-process. */
export function loopBudget(): number {
  if (configured === undefined) configured = parseLoopBudget(process.env.BROOK_LOOP_BUDGET);
  return configured;
}

/** Sets the budget (bench: on and off in one run; `undefined`: back to BROOK_LOOP_BUDGET). */
export function setLoopBudget(n: number | undefined): void {
  configured = n;
}

export function parseLoopBudget(text: string | undefined): number {
  if (text === undefined || text.trim() === '') return DEFAULT_LOOP_BUDGET;
  const n = Number(text);
  if (!Number.isInteger(n) || n < 0) {
    process.stderr.write(`brook: BROOK_LOOP_BUDGET='${text}' is not a whole number of iterations; using ${DEFAULT_LOOP_BUDGET}\n`);
    return DEFAULT_LOOP_BUDGET;
  }
  return Math.min(n, 0xffffffff);
}

let override: number | null = null;

/** The budget dispatches recorded now get: the session's, or a piece's own (`withBudget`). */
export function budgetNow(): number {
  return override ?? loopBudget();
}

/** Runs `record` with dispatches given budget `b` (a piece's try, pieces.ts). */
export function withBudget<T>(b: number, record: () => T): T {
  const before = override;
  override = b;
  try {
    return record();
  } finally {
    override = before;
  }
}

const tags = new WeakMap<KernelIR, number>();
const byTag = new Map<number, WeakRef<KernelIR>>();
let nextTag = 1;

/** The number a kernel's modules write into the status word (U[..].y). */
export function kernelTag(ir: KernelIR): number {
  let t = tags.get(ir);
  if (t === undefined) {
    t = nextTag;
    nextTag = nextTag >= (1 << TAG_BITS) - 1 ? 1 : nextTag + 1;
    tags.set(ir, t);
    byTag.set(t, new WeakRef(ir));
  }
  return t;
}

/** What a status buffer held after a batch: 0 in `word` when no budget was spent. */
export interface LoopStatusWords {
  word: number;
  elements: number;
  /** The budget the batch's budgeted dispatches had (the largest of them). */
  budget: number;
}

/** The status buffer of one device, and the readbacks of the batches that used it. */
export class LoopStatus {
  readonly buffer: GPUBuffer;
  private readonly free: GPUBuffer[] = [];
  /** A budgeted dispatch was recorded into the open batch, with this largest budget. */
  private batchBudget = -1;
  /** Positions x budget of the open batch's budgeted dispatches: its worst case. */
  private batchWork = 0;
  /** Iterations per millisecond of the device (context.ts sets it from the adapter). */
  rate = iterationsPerMs(true);

  constructor(private readonly device: GPUDevice) {
    // STORAGE | COPY_SRC | COPY_DST; zero-initialised by WebGPU.
    this.buffer = device.createBuffer({ size: 16, usage: 0x80 | 0x04 | 0x08, label: 'brook loop status' });
  }

  /** A budgeted dispatch goes into the open batch. */
  noteDispatch(positions: number): void {
    const b = budgetNow();
    this.batchBudget = Math.max(this.batchBudget, b);
    this.batchWork += positions * b;
  }

  /** The longest the open batch's budgeted dispatches can run (ms), and forget them: what a wait
   *  for the batch may promise (recorder.ts). 0 when nothing budgeted was recorded. */
  takeWorstMs(): number {
    if (this.batchBudget < 0) return 0;
    const ms = Math.max(this.batchWork / this.rate, (this.batchBudget * FILL_THREADS) / this.rate);
    this.batchWork = 0;
    return ms;
  }

  get batchHasBudget(): boolean {
    return this.batchBudget >= 0;
  }

  /**
   * Called with the batch's encoder just before it is finished: copies the status out and clears
   * it. Returns the readback to map once the batch is submitted (null: nothing budgeted ran).
   */
  recordReadback(encoder: GPUCommandEncoder): (() => Promise<LoopStatusWords>) | null {
    if (this.batchBudget < 0) return null;
    const budget = this.batchBudget;
    this.batchBudget = -1;
    this.batchWork = 0;
    const rb = this.free.pop() ?? this.device.createBuffer({ size: 16, usage: 0x01 | 0x08, label: 'brook loop status readback' }); // MAP_READ | COPY_DST
    encoder.copyBufferToBuffer(this.buffer, 0, rb, 0, 16);
    encoder.clearBuffer(this.buffer);
    return async () => {
      try {
        await rb.mapAsync(1, 0, 16);
      } catch {
        // The device went away: its loss is reported on its own.
        return { word: 0, elements: 0, budget };
      }
      const w = new Uint32Array(rb.getMappedRange(0, 16).slice(0));
      rb.unmap();
      this.free.push(rb);
      return { word: w[0]!, elements: w[1]!, budget };
    };
  }
}

/** The kernel and loop a status word names. */
export function decodeStatus(word: number): { ir: KernelIR | undefined; loop: number } {
  const tag = word >>> 12;
  return { ir: byTag.get(tag)?.deref(), loop: word & 0xfff };
}

/** BRK5070: kernel 'k's loop (located at the loop) ran past the budget for `elements` elements. */
export function budgetError(s: LoopStatusWords, fallbackSpan?: unknown): BrookRuntimeError {
  const { ir, loop } = decodeStatus(s.word);
  const site = ir ? loopSites(ir).find((x) => x.id === loop) : undefined;
  const where = site && ir && site.fn !== ir.name ? ` (in function '${site.fn}')` : '';
  return brtError(
    'BRK5070',
    { kernel: ir?.name ?? '(unknown)', where, limit: s.budget, elements: s.elements, s: plural(s.elements) },
    (site?.span ?? fallbackSpan) as never,
  );
}

/** Loop iterations per millisecond a device runs at least (all its threads together), to size a
 *  budget that fits the watchdog's time left. Conservative: lavapipe on two loaded cores measured
 *  about 1e6 simple iterations a ms; a data-centre GPU does thousands of times more. */
export function iterationsPerMs(software: boolean): number {
  return software ? 2e5 : 2e7;
}

/** The smallest budget a launch gets under a deadline: short loops must never look endless. */
const MIN_DEADLINE_BUDGET = 1024;

/**
 * The budget of dispatches nothing waits for (recorded with other work behind them, so they cannot
 * be re-run): the session's, or under a watchdog deadline the most that `positions` elements can
 * run in half the time left, so even an endless kernel ends before the deadline passes by much.
 */
export function unwaitedBudget(positions: number, rate: number): number {
  const full = loopBudget();
  const ms = sessionAbort().remainingMs;
  if (ms === Infinity || full === 0) return full;
  // Few positions do not fill the device: one thread runs about rate / FILL_THREADS.
  return Math.max(MIN_DEADLINE_BUDGET, Math.min(full, Math.floor((rate * ms * 0.5) / Math.max(FILL_THREADS, positions))));
}

/** Threads that `iterationsPerMs` assumes busy: lavapipe measured ~1e4 iterations a ms on one
 *  element against ~2.3e5 over 2^18 (two cores); a GPU thread is slower than a CPU core. */
const FILL_THREADS = 32;

/** The error for a spent budget: BRK5070, or BRK5051 when the budget was cut to fit the watchdog's
 *  deadline (the loop needed more than the time left allowed). Located at the loop. */
export function budgetFailure(s: LoopStatusWords, fallbackSpan?: unknown): BrookRuntimeError {
  if (s.budget < loopBudget()) {
    const { ir, loop } = decodeStatus(s.word);
    const site = ir ? loopSites(ir).find((x) => x.id === loop) : undefined;
    return sessionAbort().timeoutError((site?.span ?? fallbackSpan) as never) as BrookRuntimeError;
  }
  return budgetError(s, fallbackSpan);
}

/** Whether a launch writes a buffer it also reads (an in-place call): a piece of it run twice
 *  would read its own first outputs, so it is never re-run with a larger budget. */
export function writesWhatItReads(launch: Launch): boolean {
  const written = new Set<unknown>();
  const read = new Set<unknown>();
  launch.kernel.ir.params.forEach((p, k) => {
    const a = launch.args[k];
    if (!a || a.kind === 'value') return;
    (p.role === 'out' || p.role === 'vout' || p.role === 'reduce' ? written : read).add(a.stream.buffer);
  });
  if (launch.mask) read.add(launch.mask.stream.buffer);
  for (const b of written) if (read.has(b)) return true;
  return false;
}
