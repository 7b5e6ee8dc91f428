/**
 * Profiles in the notebook (runtime/profile): `%%brook --profile` on a Brook cell, `profile(async () =>
 * ...)` in TypeScript cells, `%brook peaks [remeasure]`.
 *
 * While a profile runs, the session hands cells and TypeScript handles the recorder's wrapper of the
 * runtime (BrookSession.profiled), so every kernel call, reduction and copy of the profiled work is
 * seen, whichever kind of cell makes it. The profile's modules load on first use (Arquero and Vega are
 * not on the first cell's path).
 */
import type { BrookRuntimeHandle } from '../runtime/brt/index.js';
import { brtError } from '../runtime/brt/errors.js';
import type { ProfileRecorder } from '../runtime/profile/recorder.js';
import type { FinishOptions, Peaks, Profile } from '../runtime/profile/index.js';
import type { BrookSession } from './session.js';

let active: { rec: ProfileRecorder; rt: BrookRuntimeHandle; what: string } | undefined;

/** Start recording the session's work. */
export async function beginProfile(session: BrookSession, what: string): Promise<void> {
  const { ProfileRecorder } = await import('../runtime/profile/recorder.js');
  const rt = await session.rt();
  // Checked after the awaits: a profile begun meanwhile is seen (session.rt() then gave its wrapper).
  if (active) throw brtError('BRK5250', { what: active.what });
  const rec = new ProfileRecorder(rt);
  active = { rec, rt, what };
  session.profiled = rec.runtime as BrookRuntimeHandle;
  rec.start();
}

/** Stop recording; `finish` false drops what was recorded (the profiled work failed). */
export async function endProfile(session: BrookSession, finish: false): Promise<undefined>;
export async function endProfile(session: BrookSession, finish: FinishOptions): Promise<Profile>;
export async function endProfile(session: BrookSession, finish: FinishOptions | false): Promise<Profile | undefined> {
  const a = active;
  if (!a) return undefined;
  active = undefined;
  session.profiled = undefined;
  const recorded = await a.rec.stop();
  if (finish === false) return undefined;
  const { finishProfile } = await import('../runtime/profile/index.js');
  return finishProfile(recorded, a.rt, finish);
}

/** The `profile(fn, options)` TypeScript cells see: runs fn under a profile and returns the Profile. */
export function profileFunction(session: BrookSession): (fn: unknown, options?: unknown) => Promise<Profile> {
  return async (fn: unknown, options: unknown = {}) => {
    if (typeof fn !== 'function') throw brtError('BRK5251', { have: fn === null ? 'null' : Array.isArray(fn) ? 'an array' : `a ${typeof fn}` });
    const opts = checkOptions(options);
    await beginProfile(session, 'profile()');
    try {
      await (fn as () => unknown)();
    } catch (e) {
      await endProfile(session, false);
      throw e;
    }
    return endProfile(session, opts);
  };
}

function checkOptions(o: unknown): FinishOptions {
  if (typeof o !== 'object' || o === null) throw brtError('BRK5252', { option: String(o), why: 'is not an options object' });
  const out: FinishOptions = {};
  for (const [k, v] of Object.entries(o)) {
    if (k === 'title') {
      if (typeof v !== 'string') throw brtError('BRK5252', { option: k, why: `must be a string, not ${typeof v}` });
      out.title = v;
    } else if (k === 'cpuSample' || k === 'remeasurePeaks') {
      if (typeof v !== 'boolean') throw brtError('BRK5252', { option: k, why: `must be true or false, not ${typeof v}` });
      out[k] = v;
    } else throw brtError('BRK5252', { option: k, why: 'is not known' });
  }
  out.title ??= 'profile()';
  return out;
}

/** `%brook peaks [remeasure]`: this adapter's peaks (measured once, then from the cache). */
export async function sessionPeaks(session: BrookSession, remeasure: boolean): Promise<Peaks & { cached: boolean }> {
  if (active) throw brtError('BRK5250', { what: active.what });
  await session.rt();
  const rt = session.startedRuntime!;
  const { adapterPeaks } = await import('../runtime/profile/peaks.js');
  return adapterPeaks(rt, { remeasure });
}

/** TypeScript declarations of `profile` and `lastProfile`. */
export const PROFILE_DECLARATIONS = `
interface BrookProfileRow {
  op: string; kind: string; group: string | null; calls: number; time_ms: number; clock: string; host_ms: number;
  share_pct: number; records: number; bytes: number; flops: number | null; flops_exact: boolean | null;
  intensity: number | null; GB_s: number; GFLOP_s: number | null; bw_peak_pct: number | null; flop_peak_pct: number | null; note: string | null;
}
interface BrookModelRow {
  kernel: string; records_per_call: number; T_r_ns: number; K_gpu_ns: number; K_cpu_ns: number | null;
  gamma: number; s: number | null; s_needed: number; gpu_wins: boolean | null; advice: string;
}
interface BrookProfile {
  readonly title: string;
  /** One row per kernel, fused group and copied stream, slowest first (Arquero). */
  readonly table: import('arquero').ColumnTable;
  /** The Brook paper's section 5.2 model per kernel (Arquero). */
  readonly model: import('arquero').ColumnTable;
  readonly rows: BrookProfileRow[];
  readonly modelRows: BrookModelRow[];
  readonly summary: { wallMs: number; kernelsMs: number; copiesMs: number; waitMs: number; otherMs: number; deviceClock: string; backend: string; adapter: string };
  /** The roofline chart (display it on its own for the interactive view). */
  readonly roofline: { readonly title: string; readonly caption: string; readonly png: Uint8Array | undefined } | undefined;
  text(): string;
}
/** Run fn (kernel calls, reductions, reads and writes of streams) under a profile. */
declare function profile(fn: () => unknown, options?: { title?: string; cpuSample?: boolean; remeasurePeaks?: boolean }): Promise<BrookProfile>;
/** The profile the last %%brook --profile cell made. */
declare var lastProfile: BrookProfile | undefined;
`;
