import { afterEach, describe, expect, it } from 'vitest';
import { AbortState, checkAbort, forEachChunk, forEachPiece, isAbortError, parseTimeout, setSessionAbort } from '../../runtime/brt/abort.js';

describe('runtime abort state (runtime/brt/abort.ts)', () => {
  afterEach(() => setSessionAbort(new AbortState(undefined, {})));

  it('checkAbort throws BRK5050 once an interrupt is requested, located at the span', () => {
    const a = new AbortState(undefined, {});
    setSessionAbort(a);
    expect(() => checkAbort()).not.toThrow();
    a.requestInterrupt();
    const span = { file: 0, start: 3, end: 5 } as never;
    let err: unknown;
    try { checkAbort(span); } catch (e) { err = e; }
    expect(isAbortError(err)).toBe(true);
    expect((err as { code: string }).code).toBe('BRK5050');
    expect((err as { span: unknown }).span).toBe(span);
    a.clearInterrupt();
    expect(() => checkAbort()).not.toThrow();
  });

  it('reads the interrupt from a shared slot another thread writes', () => {
    const slots = new Int32Array(new SharedArrayBuffer(12));
    const a = new AbortState(slots.subarray(1, 3), {});
    a.begin(7);
    Atomics.store(slots, 1, 6); // a request for earlier work (token 6) does not stop this one
    expect(a.interruptRequested).toBe(false);
    expect(() => a.check()).not.toThrow();
    Atomics.store(slots, 1, 7);
    expect(a.interruptRequested).toBe(true);
    expect(() => a.check()).toThrow(/interrupted/);
    Atomics.store(slots, 2, 7); // the watchdog's request: reported as a timeout
    expect(() => a.check()).toThrow(/BRK5051|watchdog/);
  });

  it('the watchdog: BROOK_KERNEL_TIMEOUT arms a deadline per begin(), BRK5051 names the seconds', async () => {
    const a = new AbortState(undefined, { BROOK_KERNEL_TIMEOUT: '0.05' });
    expect(a.timeoutSeconds).toBe(0.05);
    expect(() => a.check()).not.toThrow(); // not armed yet
    a.begin();
    expect(() => a.check()).not.toThrow();
    await new Promise((r) => setTimeout(r, 80));
    expect(() => a.check()).toThrow(/stopped by the watchdog after 0.05 seconds/);
    a.end();
    expect(() => a.check()).not.toThrow();
  });

  it('forEachChunk covers every index exactly once when nothing stops it', () => {
    const seen = new Uint8Array(1_000_003);
    forEachChunk(seen.length, (lo, hi) => { for (let i = lo; i < hi; i++) seen[i]!++; });
    expect(seen.every((v) => v === 1)).toBe(true);
  });

  // How fast it stops is the bench's (session.interrupt.cpuKernel, bench/session.ts). Here, counted: no
  // chunk starts once the interrupt is requested (without it the loop would run for hours).
  it('forEachChunk stops a long loop at the chunk after the interrupt', () => {
    const a = new AbortState(undefined, {});
    setSessionAbort(a);
    let chunks = 0;
    let afterRequest = 0;
    let sum = 0;
    expect(() => forEachChunk(1e12, (lo, hi) => {
      if (a.interruptRequested) afterRequest++;
      for (let i = lo; i < Math.min(hi, lo + 100_000); i++) sum += Math.sqrt(i);
      if (++chunks === 5) a.requestInterrupt();
    })).toThrow(/interrupted/);
    expect(sum).toBeGreaterThan(0);
    expect(chunks).toBe(5);
    expect(afterRequest).toBe(0);
  });

  it('forEachPiece checks between pieces', async () => {
    const a = new AbortState(undefined, {});
    setSessionAbort(a);
    const done: number[] = [];
    await expect(forEachPiece([[0, 1], [1, 2], [2, 3]], async (lo) => { done.push(lo); if (lo === 1) a.requestInterrupt(); })).rejects.toThrow(/interrupted/);
    expect(done).toEqual([0, 1]);
  });

  it('parseTimeout: seconds, off, and errors', () => {
    expect(parseTimeout('30')).toBe(30);
    expect(parseTimeout('2.5s')).toBe(2.5);
    expect(parseTimeout('off')).toBeNull();
    expect(parseTimeout('0')).toBeNull();
    expect(parseTimeout('soon')).toEqual({ error: "'soon' is not a number of seconds" });
    expect(parseTimeout('-1')).toHaveProperty('error');
  });
});
