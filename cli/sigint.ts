/**
 * SIGINT in `brook run`: a kernel spinning on the main thread stops with the located BRK5050.
 *
 * While a CPU kernel spins, the main thread runs no event-loop turn, so a process 'SIGINT' listener never
 * runs and cannot set the shared abort slot (runtime/brt/abort.ts). Node's vm `breakOnSigint` can still
 * stop it: while such a script runs, a watchdog thread owns SIGINT and terminates the script (JavaScript
 * and WebAssembly alike). So a launch that may run long (brt/abort.ts `whileLaunching`: a kernel with
 * loops on its first launch or when it takes 5 ms or more) runs inside one such script; starting the
 * watchdog costs ~35-90 us, which is why short launches of measured kernels run without it. A SIGINT at
 * any other moment keeps Node's default (the process ends, status 130) as before, except while the
 * runtime awaits the device (a read, a finish): then a listener requests an interrupt, so GPU work stops
 * at its next check with the located BRK5050 (brt/abort.ts `whileWaiting`).
 * The notebook kernel needs none of this: its cells run under breakOnSigint already and its interrupts
 * reach the shared slot from the control thread (kernel/interrupt-gate.ts).
 */
import vm from 'node:vm';
import { sessionAbort, setLaunchGuard, setWaitGuard } from '../runtime/brt/abort.js';

const GLOBAL = '__brookGuardedLaunch';
const SCRIPT = new vm.Script(`${GLOBAL}()`, { filename: 'brook-launch' });

/** Installs the guard for the rest of the run; the function returned removes it. */
export function installSigintGuard(): () => void {
  let pending: (() => void) | undefined;
  (globalThis as Record<string, unknown>)[GLOBAL] = () => pending!();
  const previous = setLaunchGuard((launch) => {
    const outer = pending;
    pending = launch;
    try {
      SCRIPT.runInThisContext({ breakOnSigint: true, displayErrors: false });
      return 'done';
    } catch (e) {
      if ((e as { code?: unknown } | null)?.code === 'ERR_SCRIPT_EXECUTION_INTERRUPTED') return 'sigint';
      throw e;
    } finally {
      pending = outer;
    }
  });
  const previousWait = setWaitGuard(async (wait) => {
    const onSigint = () => sessionAbort().requestInterrupt();
    process.on('SIGINT', onSigint);
    try {
      return await wait();
    } finally {
      process.off('SIGINT', onSigint);
    }
  });
  return () => {
    setWaitGuard(previousWait);
    setLaunchGuard(previous);
    delete (globalThis as Record<string, unknown>)[GLOBAL];
  };
}
