/// <reference types="@webgpu/types" />
/**
 * GPU failures as the errors the user reads: a failure the recorder collected (validation, out of
 * memory, device loss, a loop budget spent) becomes a located BrookRuntimeError at the next read or
 * finish, and an error thrown while recording a launch gets that launch's location.
 */
import type { Launch } from '../../brt/api.js';
import { brtError } from '../../brt/errors.js';
import { BrookRuntimeError } from '../../compiler/diagnostics.js';
import { WgslUnsupportedError } from '../../compiler/kernels.js';
import type { GpuContext } from './context.js';
import type { GpuFailure } from './recorder.js';
import { budgetFailure } from './loop-budget.js';

/** Turn a GPU failure into the error the user reads. */
export function failureError(f: GpuFailure): BrookRuntimeError {
  if (f.kind === 'lost') return brtError('BRK5019', { backend: 'WebGPU', why: f.message });
  if (f.kind === 'budget') return budgetFailure(f.status!, f.call?.span);
  const span = f.call?.span as BrookRuntimeError['span'];
  const what = f.call ? ` in ${f.call.what}` : '';
  if (f.kind === 'out-of-memory') {
    return brtError('BRK5017', { op: `GPU out of memory${what}`, what: f.message, fix: 'free streams that are no longer needed, or use smaller streams' }, span);
  }
  return brtError('BRK5017', { op: `GPU error${what}`, what: f.message, fix: 'this is a bug in the Brook WebGPU backend; BROOK_BACKEND=cpu runs the program on the CPU meanwhile' }, span);
}

/** Submits what is recorded and throws the first failure of everything submitted so far. */
export async function checkSubmitted(ctx: GpuContext): Promise<void> {
  const f = await ctx.rec.sync();
  if (f) throw failureError(f);
}

/** A readback and the error check of everything submitted with it, waited for together: each
 *  wait on Dawn costs a round of its event polling, so one wait instead of two. */
export async function readChecked(ctx: GpuContext, read: Promise<Uint32Array>): Promise<Uint32Array> {
  const [out, f] = await Promise.all([read, ctx.rec.sync()]);
  if (f) throw failureError(f);
  return out;
}

/** Runs `f` (recording `launch`), giving what it throws, sync or async, the launch's location. */
export function guard<T>(launch: Launch, f: () => T): T {
  const located = (e: unknown) => {
    if (e instanceof WgslUnsupportedError) {
      return brtError('BRK5017', { op: `kernel '${launch.kernel.ir.name}' on WebGPU`, what: e.message, fix: e.hint }, launch.span);
    }
    // Errors raised below without a location (BRK5400 from a pipeline's page bindings) get the call's.
    if (e instanceof BrookRuntimeError && !e.span) e.span = launch.span;
    return e;
  };
  try {
    const r = f();
    return (r instanceof Promise ? r.catch((e: unknown) => { throw located(e); }) : r) as T;
  } catch (e) {
    throw located(e);
  }
}
