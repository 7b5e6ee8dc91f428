/**
 * A live progress line for `%%brook` cells that run longer than a second: "brook: running, 12 kernel
 * calls, 3.0 s", updated in place (one display id) every second, and turned into a closing record
 * ("brook: 40 kernel calls in 4.2 s") when the cell ends. Nothing is shown for a cell under a second.
 *
 * The line updates whenever the cell's code awaits (readbacks, reductions to a value, GPU waits); map
 * kernel launches are recorded without awaiting, so a long run of them shows its count at the next await.
 */
import type { ExecuteContext } from '../kernel/magics-api.js';

export interface ProgressOptions {
  /** Show the line once the cell has run this long (ms). */
  afterMs?: number;
  /** Then update it this often (ms). */
  everyMs?: number;
}

export interface Progress {
  /** Stops updating; if the line was shown, it becomes the cell's final count and time. */
  stop(): void;
}

let displays = 0;

export function startProgress(ctx: Pick<ExecuteContext, 'displayData' | 'executionCount'>, kernelCalls: () => number, options: ProgressOptions = {}): Progress {
  const started = performance.now();
  const callsAtStart = kernelCalls();
  const id = `brook-progress-${process.pid}-${ctx.executionCount}-${++displays}`;
  let shown = false;
  let interval: NodeJS.Timeout | undefined;
  const line = (done: boolean) => {
    const calls = kernelCalls() - callsAtStart;
    const s = ((performance.now() - started) / 1000).toFixed(1);
    const text = done ? `brook: ${calls} kernel call${calls === 1 ? '' : 's'} in ${s} s` : `brook: running, ${calls} kernel call${calls === 1 ? '' : 's'} done, ${s} s`;
    return { 'text/plain': text, 'text/html': `<div style="color: #888; font-size: 0.85em; font-family: monospace">${text}</div>` };
  };
  const show = () => {
    ctx.displayData(line(false), {}, { display_id: id, update: shown });
    shown = true;
  };
  const first = setTimeout(() => {
    show();
    interval = setInterval(show, options.everyMs ?? 1000);
    interval.unref();
  }, options.afterMs ?? 1000);
  first.unref();
  return {
    stop() {
      clearTimeout(first);
      if (interval) clearInterval(interval);
      if (shown) ctx.displayData(line(true), {}, { display_id: id, update: true });
    },
  };
}
