/**
 * The last few planned launches of each kernel map call, so a loop calling a kernel on the same
 * streams (or ping-ponging two) skips planLaunch: its checks and the objects it builds cost about a
 * microsecond a call, and batched small calls are bound by host work (issue 11: < 10 us a call).
 *
 * A plan is reused only when the call is the same as far as planning can tell: the same span, the
 * same stream objects (plain streams and iterators, not domains) still live, each with the buffer
 * and shape array it had when planned (streamSwap, vout and a device loss replace those), and
 * constants equal to the planned ones. Plans that made temporaries (a snapshot for an in-place
 * call, a materialized iterator) are never kept: each call needs its own. Planned launches are not
 * changed after planning on the map path (fusion builds new launches), so sharing one is safe.
 */
import type { Span } from '../compiler/source.js';
import type { CompiledKernel, KernelArg, Stream } from './api.js';
import type { PlannedLaunch } from './launch.js';

interface Entry {
  span: Span | undefined;
  /** The call's arguments: numbers and stream objects as passed, constant arrays copied. */
  args: KernelArg[];
  /** Each stream argument's buffer and shape array when planned. */
  buffers: unknown[];
  shapes: (readonly number[] | undefined)[];
  planned: PlannedLaunch;
}

/** Plans kept per kernel: enough for ping-pong between two or three stream sets. 256 (so a bitonic
 *  sort's 210 steps come back as the same launch objects) held re-run notebook cells' old streams alive:
 *  tests/kernel/rerun-memory.test.ts on webgpu grew x1.22 from run 10 to 60 (x1.17 with 4). */
const KEEP = 4;

function isPlainStream(a: KernelArg): a is Stream {
  return typeof a === 'object' && !Array.isArray(a) && (a as { kind?: string }).kind !== 'domain';
}

export class PlanCache {
  private readonly byKernel = new WeakMap<CompiledKernel, Entry[]>();

  find(k: CompiledKernel, args: KernelArg[], span: Span | undefined): PlannedLaunch | undefined {
    const list = this.byKernel.get(k);
    if (!list) return undefined;
    outer: for (let e = 0; e < list.length; e++) {
      const en = list[e]!;
      if (en.span !== span || en.args.length !== args.length) continue;
      for (let i = 0; i < args.length; i++) {
        const a = args[i];
        const c = en.args[i];
        if (typeof a === 'number') {
          if (a !== c) continue outer;
        } else if (Array.isArray(a)) {
          if (!Array.isArray(c) || a.length !== c.length) continue outer;
          for (let j = 0; j < a.length; j++) if (a[j] !== c[j]) continue outer;
        } else if (a !== c || !isPlainStream(a) || a.freed || a.buffer !== en.buffers[i] || a.shape !== en.shapes[i]) {
          continue outer;
        }
      }
      return en.planned;
    }
    return undefined;
  }

  /** Keep `planned` for calls like this one, when it can be shared. */
  remember(k: CompiledKernel, args: KernelArg[], span: Span | undefined, planned: PlannedLaunch): void {
    if (planned.temps.length > 0) return;
    const buffers: unknown[] = [];
    const shapes: (readonly number[] | undefined)[] = [];
    const kept: KernelArg[] = [];
    for (const a of args) {
      if (typeof a === 'object' && !Array.isArray(a) && !isPlainStream(a)) return; // a domain: not kept
      kept.push(Array.isArray(a) ? [...a] : a);
      buffers.push(isPlainStream(a) ? a.buffer : undefined);
      shapes.push(isPlainStream(a) ? a.shape : undefined);
    }
    let list = this.byKernel.get(k);
    if (!list) this.byKernel.set(k, (list = []));
    // Plans of freed streams can never be found again: dropped here, so a notebook cell re-run with
    // new streams does not keep up to KEEP dead launches (and what they hold) per kernel.
    else if (list.length > 0) list = list.filter((e) => e.args.every((a) => !isPlainStream(a) || !a.freed));
    this.byKernel.set(k, list);
    list.unshift({ span, args: kept, buffers, shapes, planned });
    if (list.length > KEEP) list.pop();
  }
}
