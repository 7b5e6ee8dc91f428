/**
 * Planned launches of each kernel map call, so a loop calling a kernel on the same streams (or
 * ping-ponging two) skips planLaunch: its checks and the objects it builds cost about a microsecond
 * a call, and batched small calls are bound by host work (issue 11: < 10 us a call). A loop whose
 * calls differ in constants that repeat (a bitonic sort's (block, half) steps, 210 for 2^20, every
 * round) gets the same launch objects back too, which the fusion/tiling caches keyed by launch
 * object (tiling.ts refusals, fused-launch.ts streamArgs) and the WebGPU memo (memo.ts) rely on.
 *
 * A plan is reused only when the call is the same as far as planning can tell: the same span, the
 * same stream objects (plain streams and iterators, not domains) still live, each with the buffer
 * and shape array it had when planned (streamSwap, vout and a device loss replace those), and
 * constants equal to the planned ones (-0 apart from 0). Plans that made temporaries (a snapshot for
 * an in-place call, a materialized iterator) are never kept: each call needs its own. Planned
 * launches are not changed after planning on the map path (fusion builds new launches), so sharing
 * one is safe.
 *
 * Layout (issue 28): a trie over the arguments in order, a WeakMap level for a stream argument and a
 * Map level for a constant (a number, or an array's values as text), with the plans of that path at
 * its end (one per call site). A plan references its streams, but it is reachable only through the
 * WeakMap levels keyed by those very streams: a plan never keeps a stream alive (a re-run notebook
 * cell's old streams are collected as if no plan named them), and a freed stream's plan is dropped
 * when it is next met. Bounded: at most MAX_PLANS plans a kernel; past that the kernel's trie starts
 * over (a loop whose constants never repeat, e.g. a time step, plans every call as before).
 */
import type { Span } from '../compiler/source.js';
import type { CompiledKernel, KernelArg, Stream } from './api.js';
import type { PlannedLaunch } from './launch.js';

interface Entry {
  span: Span | undefined;
  /** Each stream argument's buffer and shape array when planned (undefined for constants). */
  buffers: unknown[];
  shapes: (readonly number[] | undefined)[];
  planned: PlannedLaunch;
}

/** One argument position of the trie: the next level by this argument, or at the end the plans. */
interface Level {
  streams?: WeakMap<Stream, Level>;
  values?: Map<number | string, Level>;
  plans?: Entry[];
}

interface Root {
  level: Level;
  count: number;
}

/** Plans kept per kernel: a bitonic sort of 2^24 has 300 distinct steps (and its first on the
 *  input stream). Dead streams are not held (weak levels), so this bounds only host objects. */
const MAX_PLANS = 1024;
/** Plans at one path (same streams and constants) from different call sites. */
const SITES = 4;

function isPlainStream(a: KernelArg): a is Stream {
  return typeof a === 'object' && !Array.isArray(a) && (a as { kind?: string }).kind !== 'domain';
}

/** A constant's key: the number itself, -0 apart from 0 (Map keys treat them alike); an array's values. */
function valueKey(a: number | number[]): number | string {
  if (typeof a === 'number') return a === 0 && 1 / a < 0 ? '-0' : a;
  let s = '[';
  for (let j = 0; j < a.length; j++) {
    const v = a[j]!;
    s += (v === 0 && 1 / v < 0 ? '-0' : String(v)) + ',';
  }
  return s;
}

export class PlanCache {
  private readonly byKernel = new WeakMap<CompiledKernel, Root>();

  find(k: CompiledKernel, args: KernelArg[], span: Span | undefined): PlannedLaunch | undefined {
    const root = this.byKernel.get(k);
    if (!root) return undefined;
    let level: Level | undefined = root.level;
    for (let i = 0; i < args.length && level; i++) {
      const a = args[i]!;
      if (typeof a === 'number' || Array.isArray(a)) level = level.values?.get(valueKey(a));
      else if (isPlainStream(a)) level = level.streams?.get(a);
      else return undefined; // a domain
    }
    const plans = level?.plans;
    if (!plans) return undefined;
    for (let e = 0; e < plans.length; e++) {
      const en = plans[e]!;
      if (en.span !== span) continue;
      for (let i = 0; i < args.length; i++) {
        const a = args[i]!;
        if (typeof a === 'object' && !Array.isArray(a) && isPlainStream(a) && (a.freed || a.buffer !== en.buffers[i] || a.shape !== en.shapes[i])) {
          // Stale (a freed stream, a swap): it can never match again; drop it.
          plans.splice(e, 1);
          root.count--;
          return undefined;
        }
      }
      return en.planned;
    }
    return undefined;
  }

  /** Keep `planned` for calls like this one, when it can be shared. */
  remember(k: CompiledKernel, args: KernelArg[], span: Span | undefined, planned: PlannedLaunch): void {
    if (planned.temps.length > 0) return;
    for (const a of args) if (typeof a === 'object' && !Array.isArray(a) && !isPlainStream(a)) return; // a domain: not kept
    let root = this.byKernel.get(k);
    if (!root || root.count >= MAX_PLANS) this.byKernel.set(k, (root = { level: {}, count: 0 }));
    let level = root.level;
    const buffers: unknown[] = [];
    const shapes: (readonly number[] | undefined)[] = [];
    for (const a of args) {
      let next: Level | undefined;
      if (typeof a === 'number' || Array.isArray(a)) {
        const key = valueKey(a);
        const m = (level.values ??= new Map());
        next = m.get(key);
        if (!next) m.set(key, (next = {}));
        buffers.push(undefined);
        shapes.push(undefined);
      } else {
        const s = a as Stream;
        const m = (level.streams ??= new WeakMap());
        next = m.get(s);
        if (!next) m.set(s, (next = {}));
        buffers.push(s.buffer);
        shapes.push(s.shape);
      }
      level = next;
    }
    const plans = (level.plans ??= []);
    // One plan a call site: a new plan for the same site replaces the old (it no longer matched).
    const old = plans.findIndex((e) => e.span === span);
    if (old >= 0) plans.splice(old, 1);
    else root.count++;
    plans.unshift({ span, buffers, shapes, planned });
    if (plans.length > SITES) {
      plans.pop();
      root.count--;
    }
  }
}
