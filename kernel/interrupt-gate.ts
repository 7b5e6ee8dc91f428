/**
 * When may the control thread raise SIGINT? Only while the main thread runs cell code under vm's
 * `breakOnSigint`, and never as it leaves.
 *
 * Why: while a breakOnSigint script runs, Node's watchdog owns SIGINT and turns it into an exception in the
 * script. When the script ends, the watchdog puts back a handler that kills the process on SIGINT, and
 * only a moment later vm re-adds the process's own 'SIGINT' listeners. A SIGINT landing in that moment
 * kills the kernel (seen once in ~12 randomly timed interrupts before this gate existed).
 *
 * The protocol, over two Int32 slots in shared memory (state, pending):
 * - main, first thing inside the script: state = INSIDE; if an interrupt is pending, throw Interrupted.
 * - main, last thing inside the script: compareExchange(state, INSIDE -> OUTSIDE); if it finds SIGNALLING,
 *   the control thread is raising SIGINT right now, so it waits (still inside the script) for the signal
 *   to stop it.
 * - control thread, on interrupt_request: pending = 1; compareExchange(state, INSIDE -> SIGNALLING): if
 *   that succeeded it raises SIGINT, else it posts a message and the main thread interrupts its awaits
 *   (or, entering its next script, finds `pending` set).
 * - main clears `pending` (and state) once it has handled the interrupt; a stale message finds it clear.
 */
import { InterruptedError } from './interrupted.js';

export const GATE_OUTSIDE = 0;
export const GATE_INSIDE = 1;
export const GATE_SIGNALLING = 2;

export class InterruptGate {
  /** `slots`: [state, pending]; a private buffer when nothing else raises interrupts (tests, `brook execute`). */
  constructor(
    private readonly slots: Int32Array = new Int32Array(new SharedArrayBuffer(8)),
    private readonly debug: (text: string) => void = () => {},
  ) {}

  enter(): void {
    Atomics.store(this.slots, 0, GATE_INSIDE);
    if (Atomics.load(this.slots, 1) !== 0) {
      // Leave through the protocol: the control thread may have seen INSIDE and be raising SIGINT now.
      this.leave();
      throw new InterruptedError();
    }
  }

  leave(): void {
    if (Atomics.compareExchange(this.slots, 0, GATE_INSIDE, GATE_OUTSIDE) !== GATE_SIGNALLING) return;
    // SIGINT is on its way: wait for the watchdog to end this script (bounded, should the signal be lost).
    this.debug('gate: waiting for SIGINT');
    // A plain loop, not Atomics.wait: V8 stops a loop for the watchdog at once; a futex wait it may not.
    const until = Date.now() + 2000;
    while (Date.now() < until) { /* the signal ends this */ }
    this.debug('gate: no SIGINT came in 2 s');
    Atomics.store(this.slots, 0, GATE_OUTSIDE);
  }

  /** After an interrupt was handled (or the script ended by one): nothing pending, outside. */
  handled(): void {
    Atomics.store(this.slots, 0, GATE_OUTSIDE);
    Atomics.store(this.slots, 1, 0);
  }

  get pending(): boolean {
    return Atomics.load(this.slots, 1) !== 0;
  }

  /** Control thread: records the request; true when the caller must now raise SIGINT. */
  static request(slots: Int32Array): boolean {
    Atomics.store(slots, 1, 1);
    return Atomics.compareExchange(slots, 0, GATE_INSIDE, GATE_SIGNALLING) === GATE_INSIDE;
  }
}
