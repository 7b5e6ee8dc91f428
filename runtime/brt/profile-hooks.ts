/**
 * What a running profile (runtime/profile) offers the runtime; null outside profiles, and nothing in
 * brt depends on one running.
 *
 * The profile tags every operation it sees (kernel call, reduction, copy) and marks the backend with
 * the tag before the operation runs (`Backend.profileTag`), so the device time of the work recorded
 * from then on is that operation's. A layer that defers or merges work, such as kernel fusion, keeps
 * that true this way:
 * - when it defers a call, it keeps `activeProfile()?.currentTag` with it;
 * - when deferred calls finally run as one launch, it calls `activeProfile()?.fused(tags, label)`,
 *   marks the backend with the tag that returns, records the launch, and marks `currentTag` again.
 * The profile then shows those calls as one row, named `label`, with `group` set on each call's record.
 */
export interface ProfileHooks {
  /** The tag of the operation being issued now; null between operations. */
  readonly currentTag: number | null;
  /** The calls `tags` run as one fused launch called `label`: returns the tag its work belongs to. */
  fused(tags: number[], label: string): number;
}

let active: ProfileHooks | null = null;

export function activeProfile(): ProfileHooks | null {
  return active;
}

/** Set by runtime/profile when a profile starts (null when it stops). */
export function setActiveProfile(hooks: ProfileHooks | null): void {
  active = hooks;
}
