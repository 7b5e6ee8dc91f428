/**
 * `brook run`'s compile cache: a program run again unchanged skips the compiler (parse, check, host
 * JavaScript, kernel IR). Issue 27: on the 2-core machine the serial part of segmentation 512^2 x 150
 * (Node's start, loading, compiling, kernel builds, exit) held two threads to ~1.3x of one; the compile
 * was about a quarter of the calling thread's serial time.
 *
 * What always holds (docs/DECISIONS.md "brook run: a compile cache"):
 * - Only the run bundle uses it (cli/bundle-loader.cts gives its content hash as the build id): a
 *   rebuilt compiler is another bundle, so an entry written by another build is never found. Run from
 *   the modules (tests from source, BROOK_RUN_LOADER=modules) it is off.
 * - The key hashes the build id, Node's version (the entry is V8's serialization), the working folder
 *   (diagnostics name files relative to it), the -I folders, every file given (name and text) and every
 *   BROOK_* variable (BROOK_HOST_WASM and the loop poll change what the compiler writes).
 * - With the program, the kernel builds the backend kept (CompiledKernel.stored: the CPU backend's
 *   WebAssembly bytes per launch plan), written after the run when there are new ones.
 * - Includes: the entry records every lookup the compiler made (name, including file) and what it found
 *   (path and text hash, or nothing); a hit replays each lookup with the same search and must find the
 *   same, so an edited, added or removed header compiles again. Libraries (<brook/blas.br>) are in the bundle.
 * - Only a compile without errors is kept (errors are always reported by a fresh compile); its warnings
 *   are kept rendered and printed again.
 * - A damaged or unreadable entry (length and SHA-1 header) counts as missing; writing is atomic (a
 *   temporary file renamed); a folder that cannot be written is skipped without a word; at most
 *   MAX_ENTRIES programs are kept (the oldest go). BROOK_COMPILE_CACHE=0 turns it off.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { deserialize, serialize } from 'node:v8';
import type { CompiledKernel } from '../runtime/brt/api.js';
import { SourceSet } from '../runtime/compiler/source.js';
import { compileFiles, resolveInclude, type CompiledFiles, type CompileRequest, type IncludeLookup } from './compile-files.js';

/** Programs kept in the cache folder at most. */
const MAX_ENTRIES = 256;
const MAGIC = 0x43505242; // 'BRPC'
const HEADER_BYTES = 28;
const SCHEMA = 1;

interface Entry {
  schema: number;
  lookups: IncludeLookup[];
  hostJs: string;
  /** Per kernel: its IR, key and the builds a backend kept (CompiledKernel.stored). */
  kernels: [string, { ir: unknown; key: string; stored: [string, unknown][] }][];
  rendered: string[];
  sourceFiles: { name: string; text: string }[];
}

const sha1 = (data: Buffer | string) => createHash('sha1').update(data).digest();

/** The folder entries live in: BROOK_CACHE_DIR, else $XDG_CACHE_HOME/brook, else ~/.cache/brook (as
 *  common/code-cache.cts), then programs/. */
export function programCacheDir(env: Record<string, string | undefined>): string {
  const base = env.BROOK_CACHE_DIR || join(env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'brook');
  return join(base, 'programs');
}

/** The entry's name for this request, this build and this environment. */
export function programCacheKey(req: CompileRequest, buildId: string, env: Record<string, string | undefined>): string {
  const vars = Object.keys(env)
    .filter((k) => k.startsWith('BROOK_'))
    .sort()
    .map((k) => [k, env[k]]);
  const h = createHash('sha256');
  h.update(JSON.stringify([SCHEMA, buildId, process.versions.node, process.arch, process.cwd(), req.includeDirs, vars, req.files.length]));
  for (const f of req.files) h.update(`\0${f.name}\0${f.text.length}\0`).update(f.text);
  return h.digest('hex').slice(0, 40);
}

function readEntry(file: string): Entry | undefined {
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch {
    return undefined;
  }
  if (bytes.length < HEADER_BYTES || bytes.readUInt32LE(0) !== MAGIC || bytes.readUInt32LE(4) !== bytes.length - HEADER_BYTES) return undefined;
  const data = bytes.subarray(HEADER_BYTES);
  if (!sha1(data).equals(bytes.subarray(8, HEADER_BYTES))) return undefined;
  try {
    const e = deserialize(data) as Entry;
    return e?.schema === SCHEMA ? e : undefined;
  } catch {
    return undefined;
  }
}

/** Whether every include lookup of the entry finds today what it found then. */
function includesUnchanged(e: Entry, includeDirs: string[]): boolean {
  return e.lookups.every((l) => {
    const now = resolveInclude(l.name, l.from, includeDirs);
    if (!now || l.found === null) return !now && l.found === null;
    return now.name === l.found.name && sha1(now.text).toString('hex') === l.found.textSha1;
  });
}

function writeEntry(dir: string, file: string, e: Entry): void {
  const tmp = `${file}.${process.pid}.tmp`;
  try {
    mkdirSync(dir, { recursive: true });
    const data = serialize(e);
    const header = Buffer.alloc(HEADER_BYTES);
    header.writeUInt32LE(MAGIC, 0);
    header.writeUInt32LE(data.length, 4);
    sha1(data).copy(header, 8);
    writeFileSync(tmp, Buffer.concat([header, data]));
    renameSync(tmp, file);
    prune(dir);
  } catch {
    try {
      rmSync(tmp, { force: true });
    } catch {
      // nothing was written
    }
  }
}

/** Keeps the MAX_ENTRIES newest entries. */
function prune(dir: string): void {
  const names = readdirSync(dir).filter((n) => n.endsWith('.bin'));
  if (names.length <= MAX_ENTRIES) return;
  const aged = names.map((n) => ({ n, t: statSync(join(dir, n), { throwIfNoEntry: false })?.mtimeMs ?? 0 })).sort((a, b) => a.t - b.t);
  for (const { n } of aged.slice(0, names.length - MAX_ENTRIES)) rmSync(join(dir, n), { force: true });
}

/** A compile's result, and `keep()`: called after the run, it stores the kernel builds the backend
 *  kept (CompiledKernel.stored) with the program when there are new ones (a first run, new plans). */
export type CachedCompile = CompiledFiles & { cache?: 'hit' | 'miss'; keep(): void };

/**
 * compileFiles through the cache: the entry's result when there is one for this request whose includes
 * still resolve to the same files, else a fresh compile, kept when it has no errors.
 */
export async function compileCached(req: CompileRequest, buildId: string | undefined, env: Record<string, string | undefined>): Promise<CachedCompile> {
  if (!buildId || env.BROOK_COMPILE_CACHE === '0') return { ...(await compileFiles(req)), keep: () => undefined };
  const t0 = performance.now();
  const dir = programCacheDir(env);
  const file = join(dir, `${programCacheKey(req, buildId, env)}.bin`);
  const e = readEntry(file);
  if (e && includesUnchanged(e, req.includeDirs)) {
    const { compiledFromIR } = await import('../runtime/compiler/index.js');
    const sources = new SourceSet();
    for (const f of e.sourceFiles) sources.add(f.name, f.text);
    const kernels = new Map(e.kernels.map(([name, k]) => [name, compiledFromIR(k.ir as Parameters<typeof compiledFromIR>[0], k.key, new Map(k.stored))]));
    const storedBefore = e.kernels.reduce((n, [, k]) => n + k.stored.length, 0);
    const keep = () => {
      if (storedCount(kernels) > storedBefore) writeEntry(dir, file, entryOf(e.lookups, e.hostJs, kernels, e.rendered, e.sourceFiles));
    };
    return { ok: true, hostJs: e.hostJs, kernels, rendered: e.rendered, sources, compileMs: performance.now() - t0, loadMs: 0, cache: 'hit', keep };
  }
  const lookups: IncludeLookup[] = [];
  const r = await compileFiles(req, lookups);
  if (!r.ok || r.hostJs === undefined) return { ...r, cache: 'miss', keep: () => undefined };
  const hostJs = r.hostJs;
  const kernels = new Map([...r.kernels].map(([name, k]) => [name, { ...k, stored: new Map<string, unknown>() }]));
  const sourceFiles = r.sources.files.map((f) => ({ name: f.name, text: f.text }));
  const keep = () => writeEntry(dir, file, entryOf(lookups, hostJs, kernels, r.rendered, sourceFiles));
  return { ...r, kernels, cache: 'miss', keep };
}

function storedCount(kernels: Map<string, CompiledKernel>): number {
  let n = 0;
  for (const k of kernels.values()) n += k.stored?.size ?? 0;
  return n;
}

function entryOf(lookups: IncludeLookup[], hostJs: string, kernels: Map<string, CompiledKernel>, rendered: string[], sourceFiles: Entry['sourceFiles']): Entry {
  const ks = [...kernels].map(([name, k]) => [name, { ir: k.ir, key: k.key, stored: [...(k.stored ?? [])] }] as Entry['kernels'][number]);
  return { schema: SCHEMA, lookups, hostJs, kernels: ks, rendered, sourceFiles };
}
