/**
 * Loads the `typescript` compiler on first use, through a V8 code cache (common/code-cache.cts, the one the
 * CLI's bundles use). typescript.js is 9 MB: compiling it, and then the functions a first program build
 * and check run, took much of a cold kernel's first TypeScript cell, and both the kernel's thread (cell
 * transforms) and the checker's worker (checker-worker.ts) pay it. With the cache, V8 takes that code
 * from disk instead (docs/DECISIONS.md "The first TypeScript cell: typescript.js through a code cache").
 *
 * Always:
 * - The cache is keyed on typescript.js's path, size and mtime (a reinstalled or updated package is
 *   another key) and Node's version and flags; V8 rejects what does not match besides. A missing,
 *   damaged or rejected cache means compiling from source, as without one: a cache changes how fast,
 *   never what runs.
 * - Only the checker's worker writes the cache (`saveTypeScriptCache`), after its warm-up has compiled
 *   the functions a program build and check need; it writes when no usable cache was found.
 * - `BROOK_TS_CODE_CACHE=0` loads typescript with a plain require (no cache read or written); so does
 *   a run from the sources with no build (the cache code is CommonJS, common/code-cache.cts, built).
 */
import { createHash } from 'node:crypto';
import { existsSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type * as TS from 'typescript';
import type { LoadedScript } from '../common/code-cache.cjs';

type CodeCache = typeof import('../common/code-cache.cjs');

let loaded: typeof TS | undefined;
let script: LoadedScript<typeof TS> | undefined;

export function ts(): typeof TS {
  loaded ??= load();
  return loaded;
}

/** common/code-cache.cjs, required (CommonJS, as the CLI's loader): under dist/ when built; from the
 *  sources (vitest, which does not compile .cts), the built one in dist/; undefined without a build. */
function codeCache(): CodeCache | undefined {
  const here = fileURLToPath(import.meta.url);
  const root = here.endsWith('.js') ? dirname(dirname(here)) : join(dirname(dirname(here)), 'dist');
  const file = join(root, 'common', 'code-cache.cjs');
  return existsSync(file) ? (createRequire(import.meta.url)(file) as CodeCache) : undefined;
}

function load(): typeof TS {
  const require = createRequire(import.meta.url);
  const cache = process.env.BROOK_TS_CODE_CACHE === '0' ? undefined : codeCache();
  if (!cache) return require('typescript') as typeof TS;
  const { loadCommonJs, userCacheDir } = cache;
  const file = require.resolve('typescript');
  const { size, mtimeMs } = statSync(file);
  // Hashing 9 MB on every start would cost more than the cache saves: the file's identity stands in.
  const sourceHash = createHash('sha1').update(`${file}\0${size}\0${mtimeMs}`).digest('hex');
  script = loadCommonJs<typeof TS>(file, { sourceHash, cacheDirs: [userCacheDir()] });
  return script.exports;
}

/** How this thread's typescript came: 'hit', 'missing', 'rejected', or 'off' (a plain require). */
export function typeScriptCacheState(): string {
  return script?.cache ?? 'off';
}

/** Writes the code compiled so far in this thread to the user's cache folder, when no usable cache was
 *  found at load; the path written, or undefined. */
export function saveTypeScriptCache(): string | undefined {
  if (!script || (script.cache !== 'missing' && script.cache !== 'rejected')) return undefined;
  const written = script.saveCache(codeCache()!.userCacheDir());
  if (written) script = { ...script, cache: 'hit' }; // once per process is enough
  return written;
}
