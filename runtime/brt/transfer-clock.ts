/**
 * Time spent in host<->stream copies (streamRead/streamWrite, including the wait for a GPU readback),
 * so `%%brook --time` can show transfers as their own term. Only the runtime's copy entry points call
 * `time`; backends know nothing of it.
 *
 * It measures the wall time during which at least one copy was in flight, not the sum of copy
 * durations: copies a program starts without awaiting each one overlap, and summing them could claim
 * more time than passed.
 *
 * A copy belongs to the unit of work (the cell, the program: `sessionAbort().unit`) that started it,
 * and each unit has its own clock. Why the owner and not "whatever is in flight now": an interrupted
 * cell's readback can still be waiting for the GPU when the next cell starts; counted as the next
 * cell's transfer it overlapped that cell's compiling and left `run = total - transfer` below zero.
 * That readback is the earlier cell's work; what it costs the next cell shows where the next cell
 * really waits (its own copies, its GPU wait), so nothing the user waited for goes uncounted. The
 * owner is the same unit in-flight.ts and pieces.ts use to tell an earlier cell's GPU work from this
 * one's. (Counting only copies begun after the cell began gives the same answer in a serial session;
 * the owner says why, and needs no start times.)
 */
import { sessionAbort } from './abort.js';

export interface TransferTotals {
  /** Milliseconds with at least one copy in flight. */
  ms: number;
  /** Copies finished (or failed). */
  copies: number;
}

/** One unit of work's copies. */
interface UnitClock {
  inFlight: number;
  since: number;
  doneMs: number;
  copies: number;
}

/** Units kept once their copies are done: the current one and a few before it, enough for any reader. */
const KEPT_UNITS = 8;

export class TransferClock {
  private readonly units = new Map<number, UnitClock>();

  /**
   * `currentUnit`: which unit of work a copy started now belongs to (the session's, unless a test says).
   * `now`: the clock in milliseconds (a test gives its own, so what it checks does not move with load).
   */
  constructor(
    private readonly currentUnit: () => number = () => sessionAbort().unit,
    private readonly now: () => number = () => performance.now(),
  ) {}

  async time<T>(copy: () => Promise<T>): Promise<T> {
    const c = this.clockOf(this.currentUnit());
    if (c.inFlight++ === 0) c.since = this.now();
    try {
      return await copy();
    } finally {
      c.copies++;
      if (--c.inFlight === 0) c.doneMs += this.now() - c.since;
    }
  }

  /**
   * Totals of the copies unit `unit` (by default the current one) started; a copy still in flight counts
   * up to now. Callers take differences within one unit.
   */
  totals(unit = this.currentUnit()): TransferTotals {
    const c = this.units.get(unit);
    if (!c) return { ms: 0, copies: 0 };
    const open = c.inFlight > 0 ? this.now() - c.since : 0;
    return { ms: c.doneMs + open, copies: c.copies };
  }

  private clockOf(unit: number): UnitClock {
    let c = this.units.get(unit);
    if (!c) {
      c = { inFlight: 0, since: 0, doneMs: 0, copies: 0 };
      this.units.set(unit, c);
      // Oldest first (insertion order); a unit with a copy in flight stays until it finishes.
      for (const [u, old] of this.units) {
        if (this.units.size <= KEPT_UNITS) break;
        if (u !== unit && old.inFlight === 0) this.units.delete(u);
      }
    }
    return c;
  }
}
