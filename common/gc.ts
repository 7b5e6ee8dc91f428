/**
 * V8's full collection, on demand: the exposed `gc()` when node runs with --expose-gc, else exposed
 * now (v8.setFlagsFromString) and taken from a fresh context. null where neither works.
 *
 * Two owners need a collection at a moment they choose: the WebGPU backend between cells (its Dawn
 * wrappers, runtime/backends/webgpu/collect.ts) and the kernel once its idle warm-ups are done
 * (kernel/session.ts preload), so that their garbage is not left for V8's memory reducer to collect
 * seconds later, in the middle of the user's idle time.
 */
import v8 from 'node:v8';
import vm from 'node:vm';

let gcFn: (() => void) | null | undefined;

export function fullCollection(): (() => void) | null {
  if (gcFn !== undefined) return gcFn;
  const exposed = (globalThis as { gc?: () => void }).gc;
  if (typeof exposed === 'function') return (gcFn = exposed);
  try {
    v8.setFlagsFromString('--expose-gc');
    gcFn = vm.runInNewContext('gc') as () => void;
  } catch {
    gcFn = null;
  }
  return gcFn;
}
