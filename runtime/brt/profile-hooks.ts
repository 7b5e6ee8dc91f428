/**
 * What a running profile (runtime/profile) offers the runtime; null outside profiles, and nothing in
 * brt depends on one running.
 *
 * The profile tags every operation it sees (kernel call, reduction, copy) and marks the backend with
 * the tag before the operation runs (`Backend.profileTag`), so the device time of the work recorded
 * from then on is that operation's, and times the host inside it. Work held and run later (kernel
 * fusion, fusion.ts) would land in whichever operation runs it, so a layer that defers calls:
 * - keeps `deferredTag()` with each call it holds;
 * - runs the held work inside `runDeferred(backend, tags, label, passed, run)`: one call runs under
 *   its own tag; several calls run as one fused launch whose tag the profile makes (`fused`), and the
 *   profile shows them as one row named `label` (each call's record gets `group` = label). The host
 *   time of `run` moves from the operation that happened to run it to the held calls.
 */
import type { Backend } from './api.js';

/** Streams a fused launch passed between its calls in registers (FusedGroup in api.ts). */
export interface FusedStreams {
  /** Never written. */
  elided: string[];
  /** Also written (read later, or kept). */
  written: string[];
}

export interface ProfileHooks {
  /** How the backend ran call `tag` with respect to staging gathered streams through workgroup
   *  memory (compiler/schedule/stage.ts): staged, or why not. */
  stageNote?(tag: number, note: string): void;
  /** The tag of the operation being issued now; null between operations. */
  readonly currentTag: number | null;
  /** The calls `tags` run as one fused launch called `label`: returns the tag its work belongs to. */
  fused(tags: number[], label: string, passed?: FusedStreams): number;
  /** Held work of `tags` ran now, for `ms` of host time inside the current operation. */
  ranLater(tags: number[], ms: number): void;
  /** Whether call `tag` ran in a tiled chain (brt/tiling.ts), and if not why not. */
  tileNote?(tag: number, note: string): void;
}

let active: ProfileHooks | null = null;

export function activeProfile(): ProfileHooks | null {
  return active;
}

/** Set by runtime/profile when a profile starts (null when it stops). */
export function setActiveProfile(hooks: ProfileHooks | null): void {
  active = hooks;
}

/** The tag a layer that holds a call keeps with it (null outside profiles). */
export function deferredTag(): number | null {
  return active?.currentTag ?? null;
}

/** Run held work under the tags of the calls it holds (see the module comment). */
export function runDeferred<T>(backend: Backend, tags: (number | null | undefined)[], label: string, passed: FusedStreams | undefined, run: () => T): T {
  const p = active;
  const known = tags.filter((t): t is number => typeof t === 'number');
  if (!p || known.length === 0) return run();
  const tag = known.length === 1 ? known[0]! : p.fused(known, label, passed);
  backend.profileTag?.(tag);
  const t0 = performance.now();
  try {
    return run();
  } finally {
    p.ranLater(known, performance.now() - t0);
    backend.profileTag?.(p.currentTag);
  }
}
