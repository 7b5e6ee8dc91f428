/**
 * Time spent in host<->stream copies (streamRead/streamWrite, including the wait for a GPU readback),
 * so `%%brook --time` can show transfers as their own term. Only the runtime's copy entry points call
 * `time`; backends know nothing of it.
 *
 * It measures the wall time during which at least one copy was in flight, not the sum of copy
 * durations: copies a program starts without awaiting each one overlap, and summing them could claim
 * more time than passed.
 */
export interface TransferTotals {
  /** Milliseconds with at least one copy in flight. */
  ms: number;
  /** Copies finished (or failed). */
  copies: number;
}

export class TransferClock {
  private inFlight = 0;
  private since = 0;
  private doneMs = 0;
  private copies = 0;

  async time<T>(copy: () => Promise<T>): Promise<T> {
    if (this.inFlight++ === 0) this.since = performance.now();
    try {
      return await copy();
    } finally {
      this.copies++;
      if (--this.inFlight === 0) this.doneMs += performance.now() - this.since;
    }
  }

  /** Totals since the runtime started; a copy still in flight counts up to now. Callers take differences. */
  totals(): TransferTotals {
    const open = this.inFlight > 0 ? performance.now() - this.since : 0;
    return { ms: this.doneMs + open, copies: this.copies };
  }
}
