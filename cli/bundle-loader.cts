/**
 * `brook check` and `brook run` as bin/brook.js starts them: one bundled file per command
 * (dist/cli/check.bundle.cjs: the compiler and cli/check-entry.ts; dist/cli/run.bundle.cjs: the
 * compiler, the host runtime, brt and both backends, and cli/run-entry.ts; both built by
 * scripts/build-check-bundle.mjs at `npm run build`) run through a V8 code cache (common/code-cache.cts),
 * instead of ~65 (check) or ~150 (run) ES modules each resolved, read and compiled lazily
 * (docs/DECISIONS.md "brook check: one bundle and a V8 code cache", "brook run: the same bundle
 * machinery"). This file and common/code-cache.cts are CommonJS (.cts), as bin/brook.js is: `require` needs
 * none of the ES module loader's start-up.
 *
 * `runBundled` answers undefined whenever the bundle cannot be trusted or does not apply, and
 * bin/brook.js then runs cli/main.ts as before; so the output and the status are the same either way:
 * - no bundle (esbuild was not there at build time, or only `tsc` ran);
 * - a stale bundle: it or one of the built modules it was made from changed since (a `tsc` without
 *   the bundle step), found from the manifest next to it (size and mtime, then the content hash);
 * - a command line the entry leaves to main (`check --help`, `run --profile`);
 * - BROOK_CHECK_LOADER=modules / BROOK_RUN_LOADER=modules (the switch to compare the two, and a way out).
 * ...=bundle runs the bundle without a code cache; anything else, the bundle with one.
 * Caches are looked for in the user's cache folder (common/code-cache.cts, userCacheDir), then next to the
 * bundle (made at build time); when neither is usable the one made by this run is written to the
 * user's folder, never into the installed package.
 */
import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { loadCommonJs, userCacheDir, type CacheState } from '../common/code-cache.cjs';

/** The commands that have a bundle: the entry it exports, its manifest and its switch. */
export const BUNDLES = {
  check: { entry: 'checkEntry', manifest: 'check.bundle.json', loaderVar: 'BROOK_CHECK_LOADER' },
  run: { entry: 'runEntry', manifest: 'run.bundle.json', loaderVar: 'BROOK_RUN_LOADER' },
} as const;
export type BundledCommand = keyof typeof BUNDLES;

/** check's manifest (tests/cli/check-bundle.test.ts). */
export const MANIFEST_FILE = BUNDLES.check.manifest;

/** The manifest's schema (one for every bundle). */
export const MANIFEST_SCHEMA = 'brook-bundle/1';

/** A file as the build saw it. */
export interface FileStamp {
  /** Relative to the bundle's folder. */
  path: string;
  size: number;
  mtimeMs: number;
  sha256: string;
}

/** What scripts/build-check-bundle.mjs writes next to the bundle. */
export interface BundleManifest {
  schema: typeof MANIFEST_SCHEMA;
  /** The bundle itself. */
  bundle: FileStamp;
  /** Every built module the bundle contains. */
  inputs: FileStamp[];
}

export interface CheckBundleEntry {
  checkEntry(argv: string[], err: (s: string) => void): Promise<number | undefined>;
}

/** The run bundle's entry (cli/run-entry.ts): the process's own streams when `io` is left out. */
export interface RunBundleEntry {
  runEntry(argv: string[], io?: unknown, buildId?: string): Promise<number | undefined>;
}

/** How the last runBundled call ran (for the bench and the tests). */
export interface BundleRun {
  loader: 'modules' | 'bundle';
  /** Why the bundle was not used. */
  reason?: 'asked' | 'absent' | 'stale' | 'not-a-check' | 'not-a-run';
  cache?: CacheState;
  cacheWritten?: string;
}

/** Whether the bundle and every module it was made from are still the ones built (not stale). */
export function bundleIsFresh(dir: string, manifest: BundleManifest): boolean {
  return [manifest.bundle, ...manifest.inputs].every((f) => isUnchanged(dir, f));
}

function isUnchanged(dir: string, f: FileStamp): boolean {
  const p = join(dir, f.path);
  const st = statSync(p, { throwIfNoEntry: false });
  if (!st || st.size !== f.size) return false;
  if (st.mtimeMs === f.mtimeMs) return true;
  // tsc rewrites every file it builds: a new mtime with the same bytes is still fresh. Only then is
  // anything hashed.
  return createHash('sha256').update(readFileSync(p)).digest('hex') === f.sha256;
}

/** Run `brook check ARGS` / `brook run ARGS` from its bundle; undefined when cli/main.ts must answer
 *  instead. `err` is where check writes (run writes to the process's own streams). */
export async function runBundled(
  command: BundledCommand,
  argv: string[],
  env: Record<string, string | undefined> = process.env,
  err: (s: string) => void = (s) => void process.stderr.write(s),
  report?: (r: BundleRun) => void,
): Promise<number | undefined> {
  const spec = BUNDLES[command];
  const mode = env[spec.loaderVar];
  if (mode === 'modules') return void report?.({ loader: 'modules', reason: 'asked' });
  const dir = __dirname;
  let manifest: BundleManifest;
  try {
    manifest = JSON.parse(readFileSync(join(dir, spec.manifest), 'utf8')) as BundleManifest;
  } catch {
    return void report?.({ loader: 'modules', reason: 'absent' });
  }
  if (manifest.schema !== MANIFEST_SCHEMA || !manifest.bundle || !bundleIsFresh(dir, manifest)) return void report?.({ loader: 'modules', reason: 'stale' });
  const cacheDir = userCacheDir(env);
  let loaded;
  try {
    loaded = loadCommonJs<CheckBundleEntry & RunBundleEntry>(join(dir, manifest.bundle.path), { sourceHash: manifest.bundle.sha256, cacheDirs: mode === 'bundle' ? [] : [cacheDir, dir] });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return void report?.({ loader: 'modules', reason: 'absent' });
    throw e;
  }
  const status = command === 'check' ? await loaded.exports.checkEntry(argv, err) : await loaded.exports.runEntry(argv, undefined, manifest.bundle.sha256);
  if (status === undefined) return void report?.({ loader: 'modules', reason: command === 'check' ? 'not-a-check' : 'not-a-run' });
  const run: BundleRun = { loader: 'bundle', cache: loaded.cache };
  if (loaded.cache === 'missing' || loaded.cache === 'rejected') run.cacheWritten = loaded.saveCache(cacheDir);
  report?.(run);
  return status;
}

