/**
 * Running a CommonJS file with a V8 code cache, so that a short-lived process does not pay for parsing
 * and compiling the same functions on every start (Node 20 has no `module.enableCompileCache`; it came
 * in Node 22). The file is compiled with `vm.Script` and `cachedData`; after the process has done its
 * work, `saveCache` asks V8 for the code of every function compiled so far (the lazily compiled ones
 * too) and writes it where the next process looks.
 *
 * What always holds (docs/DECISIONS.md "brook check: one bundle and a V8 code cache"):
 * - The cache file's name carries a hash of the file's bytes, Node's version and the CPU architecture,
 *   so a rebuilt file or another Node never finds a stale cache. V8 checks its own version, flags and
 *   the source's length besides, and rejects what does not match (`cache: 'rejected'`); the file then
 *   compiles from source as if there were no cache. A cache changes how fast, never what runs.
 * - V8 does not check the cache's bytes (a release build skips its checksum: a flipped byte aborts the
 *   process inside the deserializer), so the file wraps V8's data in a header with its length and
 *   SHA-1, checked before V8 sees it; a damaged file counts as rejected. (SHA-1 as a checksum: with
 *   the CPU's SHA instructions it takes 0.35 ms for 0.5 MB, and node:crypto is loaded anyway by the
 *   compiler, which keys kernels with it; node:zlib's crc32 would cost 2-3 ms of module loading.)
 * - Folders are tried in order and the first cache file found is the one used.
 * - Writing is atomic (a temporary file renamed), so a concurrent process reads a whole cache or none;
 *   a folder that cannot be written (a read-only install) is skipped without a word.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { homedir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { Script } from 'node:vm';

/** hit: V8 took the cache; rejected: a cache file was there but V8 refused it; missing: none found;
 *  off: not looked for. */
export type CacheState = 'hit' | 'rejected' | 'missing' | 'off';

export interface LoadedScript<T> {
  exports: T;
  cache: CacheState;
  /** The cache file used (hit or rejected). */
  cacheFile?: string;
  /** The cache file name for this file, this Node and this CPU (the same in every folder). */
  cacheName: string;
  /** Write the code of every function compiled so far to `dir` (created if needed); the path written,
   *  or undefined when it could not be written. */
  saveCache(dir: string): string | undefined;
}

export interface LoadOptions {
  /** A hash of the file's bytes (hex), which the caller vouches for: cli/check-bundle.cts has it from
   *  the bundle's manifest, checked against the file's size and mtime, so no start hashes 400 KiB.
   *  It names the cache, so a cache is only ever used for these bytes. */
  sourceHash: string;
  /** Folders to look for a cache in, in order; empty or absent: compile from source. */
  cacheDirs?: string[];
}

/** `NAME-HASH-NODEVERSION-ARCH[-FLAGS].v8cache`: the name a cache of the file whose bytes hash to
 *  `sourceHash` has in this process (the first 16 hex digits tell builds apart). V8 rejects a cache
 *  made under other V8 flags, so a process started with options (node's own or NODE_OPTIONS) keeps
 *  its caches under their own name (FLAGS: a hash of them) instead of overwriting a plain run's;
 *  Node's --cpu-prof and --heap-prof options are not counted. */
export function cacheFileName(file: string, sourceHash: string): string {
  // Node's profiling options start the inspector's profiler and set no V8 flag: a profiled run takes
  // the plain run's cache (otherwise every --cpu-prof-dir would name a cache of its own, and the
  // profile would show the compile that the plain run does not do).
  const options = [...process.execArgv.filter((o) => !/^--(cpu|heap)-prof/.test(o)), process.env.NODE_OPTIONS ?? ''].join('\0');
  const flags = options === '' ? '' : `-${createHash('sha1').update(options).digest('hex').slice(0, 8)}`;
  return `${basename(file).replace(/\.c?js$/, '')}-${sourceHash.slice(0, 16)}-node${process.versions.node}-${process.arch}${flags}.v8cache`;
}

/** A cache file: MAGIC and the length of V8's data (uint32, little-endian), the data's SHA-1, the data. */
const MAGIC = 0x38565242; // 'BRV8'
const HEADER_BYTES = 28;

const sha1 = (data: Buffer) => createHash('sha1').update(data).digest();

function wrapCache(data: Buffer): Buffer {
  const header = Buffer.alloc(HEADER_BYTES);
  header.writeUInt32LE(MAGIC, 0);
  header.writeUInt32LE(data.length, 4);
  sha1(data).copy(header, 8);
  return Buffer.concat([header, data]);
}

/** V8's data from a cache file, or undefined when the file is not one whole, intact cache. */
export function unwrapCache(file: Buffer): Buffer | undefined {
  if (file.length < HEADER_BYTES || file.readUInt32LE(0) !== MAGIC || file.readUInt32LE(4) !== file.length - HEADER_BYTES) return undefined;
  const data = file.subarray(HEADER_BYTES);
  return sha1(data).equals(file.subarray(8, HEADER_BYTES)) ? data : undefined;
}

/** The user's cache folder for brook (the same rule as runtime/profile/peaks.ts): `BROOK_CACHE_DIR`,
 *  else `$XDG_CACHE_HOME/brook`, else `~/.cache/brook`. */
export function userCacheDir(env: Record<string, string | undefined> = process.env): string {
  if (env.BROOK_CACHE_DIR) return env.BROOK_CACHE_DIR;
  return join(env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'brook');
}

/** import() from this file's folder: bare specifiers (packages) resolve as from the bundle's. */
const importExternal = (specifier: string): Promise<unknown> => import(specifier);

/** Run the CommonJS file `file` (its own `require`, `module`, `__filename`) and return its exports. */
export function loadCommonJs<T>(file: string, options: LoadOptions): LoadedScript<T> {
  const source = readFileSync(file, 'utf8');
  const cacheName = cacheFileName(file, options.sourceHash);
  let cachedData: Buffer | undefined;
  let cacheFile: string | undefined;
  let damaged = false;
  for (const dir of options.cacheDirs ?? []) {
    let bytes: Buffer;
    try {
      bytes = readFileSync(join(dir, cacheName));
    } catch {
      continue; // not in this folder
    }
    cacheFile = join(dir, cacheName);
    cachedData = unwrapCache(bytes);
    damaged = !cachedData;
    break;
  }
  // Node's own CommonJS wrapper, so the file behaves as a module `require`d from its folder; plus
  // `__import`, a real import() for the packages a bundle keeps external as ES modules (`webgpu`): a
  // vm.Script has no import() of its own (Node 20 gives it one only behind an experimental flag).
  const wrapped = `(function (exports, require, module, __filename, __dirname, __import) {${source}\n})`;
  const script = new Script(wrapped, { filename: file, cachedData });
  const cache: CacheState = !options.cacheDirs?.length ? 'off' : damaged || script.cachedDataRejected ? 'rejected' : !cachedData ? 'missing' : 'hit';
  const module = { exports: {} as T };
  (script.runInThisContext() as (...a: unknown[]) => void)(module.exports, createRequire(file), module, file, dirname(file), importExternal);
  return {
    exports: module.exports,
    cache,
    cacheFile,
    cacheName,
    saveCache(dir: string) {
      const target = join(dir, cacheName);
      const tmp = `${target}.${process.pid}.tmp`;
      try {
        mkdirSync(dir, { recursive: true });
        writeFileSync(tmp, wrapCache(script.createCachedData()));
        renameSync(tmp, target);
        return target;
      } catch {
        try {
          rmSync(tmp, { force: true });
        } catch {
          // nothing was written
        }
        return undefined; // a read-only folder: the next process compiles from source again
      }
    },
  };
}
