/**
 * Compiling the files of `brook run` / `brook check`, on the calling thread or on a worker thread.
 *
 * `compileFiles` is the compile of the CLI: C's search for "name" (the including file's folder, then
 * each -I folder), then the libraries shipped with the package (#include <brook/blas.br>).
 * `compileOnWorker` runs it on a worker thread (cli/compile-worker.ts) so that `brook run` on WebGPU
 * starts the device meanwhile: Dawn's adapter and device requests block the thread that makes them,
 * so only another thread can compile while they run. Opt-in (BROOK_COMPILE_WORKER=1): measured on an
 * H100 it lost more than it hid (docs/DECISIONS.md "Whole programs: fixed costs"). The worker sends back what the run needs, all plain data: the host JavaScript, the
 * kernels (IR), the diagnostics already rendered, and the source files (runtime errors point into them).
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import type { CompiledKernel } from '../runtime/brt/api.js';
import { SourceSet } from '../runtime/compiler/source.js';

export interface CompileRequest {
  /** The files given on the command line, read. */
  files: { name: string; text: string }[];
  includeDirs: string[];
}

export interface CompiledFiles {
  ok: boolean;
  hostJs?: string;
  kernels: Map<string, CompiledKernel>;
  /** Every diagnostic rendered (file:line:col: ..., the line, a caret, a hint), in order. */
  rendered: string[];
  /** Every source file of the program, includes too (runtime errors are shown against them). */
  sources: SourceSet;
  /** The compiler's own time, and loading its modules before. */
  compileMs: number;
  loadMs: number;
}

/** One include the compiler looked for (cli/program-cache.ts replays them): what it found, or null. */
export interface IncludeLookup {
  name: string;
  from: string;
  found: { name: string; textSha1: string } | null;
}

/** C's search for #include "name" from the file `from`: its folder, then each -I folder. */
export function resolveInclude(name: string, from: string, includeDirs: string[]): { name: string; text: string } | undefined {
  for (const dir of [dirname(from), ...includeDirs]) {
    const p = resolve(dir, name);
    try {
      // Shown in diagnostics relative to the current directory, as the user would type it.
      return { name: relative(process.cwd(), p) || p, text: readFileSync(p, 'utf8') };
    } catch {
      // not in this folder
    }
  }
  return undefined;
}

/** Compile on this thread; `lookups` (when given) receives every include lookup and its result. */
export async function compileFiles(req: CompileRequest, lookups?: IncludeLookup[]): Promise<CompiledFiles> {
  const l0 = performance.now();
  const [{ compile, renderDiagnostic }, { withLibraries }] = await Promise.all([import('../runtime/compiler/index.js'), import('../runtime/library/index.js')]);
  const loadMs = performance.now() - l0;
  const sources = new SourceSet();
  for (const f of req.files) sources.add(f.name, f.text);
  const readInclude = (name: string, from: string) => {
    const found = resolveInclude(name, from, req.includeDirs);
    lookups?.push({ name, from, found: found ? { name: found.name, textSha1: createHash('sha1').update(found.text).digest('hex') } : null });
    return found;
  };
  const t0 = performance.now();
  const result = compile(sources, { readInclude: withLibraries(readInclude) });
  const compileMs = performance.now() - t0;
  return {
    ok: result.ok && result.hostJs !== undefined,
    hostJs: result.hostJs,
    kernels: result.kernels ?? new Map(),
    rendered: result.diagnostics.map((d) => renderDiagnostic(result.sources, d)),
    sources: result.sources,
    compileMs,
    loadMs,
  };
}

/** What the worker posts back: CompiledFiles with the sources as plain files and each kernel as its IR
 *  and key (the kernel facts are made again on this side: compiledFromIR). */
export type CompiledMessage = Omit<CompiledFiles, 'sources' | 'kernels'> & { sourceFiles: { name: string; text: string }[]; kernels: Map<string, { ir: CompiledKernel['ir']; key: string }> };

/** Compile on a worker thread; the promise settles when the worker answered. */
export async function compileOnWorker(req: CompileRequest): Promise<CompiledFiles> {
  const { Worker } = await import('node:worker_threads');
  const { compiledFromIR } = await import('../runtime/compiler/index.js');
  return new Promise((resolvePromise, reject) => {
    const worker = new Worker(new URL('./compile-worker.js', import.meta.url), { workerData: req });
    worker.once('message', (m: CompiledMessage) => {
      const sources = new SourceSet();
      for (const f of m.sourceFiles) sources.add(f.name, f.text);
      const kernels = new Map([...m.kernels].map(([name, k]) => [name, compiledFromIR(k.ir, k.key)]));
      resolvePromise({ ...m, kernels, sources });
      void worker.terminate();
    });
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the compile worker stopped (exit ${code}) before answering`)));
  });
}
