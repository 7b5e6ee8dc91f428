/**
 * How fast the compiler answers (`node dist/bench/startup.js [--runs N] [--json PATH]`):
 *
 * - cold: `node bin/brook.js check PROGRAM` as a new process, against `node -e 0` (Node's own
 *   start-up), interleaved run by run so machine load hits all alike; medians. Three ways of loading
 *   the compiler (cli/check-bundle.cts): the default (one bundled file through a V8 code cache), the
 *   bundle without the cache (BROOK_CHECK_LOADER=bundle), and the ES modules one by one
 *   (BROOK_CHECK_LOADER=modules, what every check did before the bundle). `checkLoader` says how the
 *   default runs were loaded (from BROOK_CHECK_TRACE=1), so a missing or rejected cache shows.
 * - cold run: `node bin/brook.js run TINY --backend cpu` (a 12-line program: one kernel, one copy each
 *   way, a printf) the same three ways (BROOK_RUN_LOADER, cli/bundle-loader.cts), interleaved with the
 *   rest; `runLoader` says how the default runs were loaded (BROOK_RUN_TRACE=1). What every `brook
 *   run` pays before and around the program: Node, loading, compiling, the CPU backend's start.
 * - warm: `compile()` of the same program inside one process after warm-up (what a notebook kernel
 *   pays per cell of that size); median.
 * - where a cold run's time goes: Node start, loading the CLI's modules (counted), compiling.
 *
 * PROGRAM is a 300-line Brook program generated here (structs, map and reduce kernels, host helpers
 * with loops, main calling them), so the measurement does not depend on files outside the project.
 * Targets (issue 12): warm < 50 ms, cold within 2x of `node -e 0`.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compile } from '../runtime/compiler/index.js';
import { median } from './results.js';

/** A Brook program of about `lines` lines: `sections` of struct + kernels + host helper, then main. */
export function programOfLines(lines = 300): string {
  const out: string[] = ['#include <stdio.h>', '#include <stdlib.h>', ''];
  const sections: number[] = [];
  for (let k = 0; out.length < lines - 40; k++) {
    sections.push(k);
    out.push(
      `typedef struct { float w; float2 p; } Item${k};`,
      '',
      `kernel void scale${k}(float a<>, float s, out float b<>) {`,
      `  b = a * s + ${k}.0f;`,
      '}',
      '',
      `kernel void weigh${k}(Item${k} it<>, out float r<>) {`,
      '  float t = it.p.x * it.p.x + it.p.y * it.p.y;',
      '  if (t > 1.0f) r = it.w / sqrt(t);',
      '  else r = it.w;',
      '}',
      '',
      `reduce void total${k}(float a<>, reduce float r<>) {`,
      '  r += a;',
      '}',
      '',
      `float helper${k}(float *v, int n) {`,
      '  int i;',
      '  float s = 0.0f;',
      '  for (i = 0; i < n; i++) {',
      `    v[i] = (float)(i % ${k + 3}) * 0.5f;`,
      '    s += v[i];',
      '  }',
      '  return s;',
      '}',
      '',
    );
  }
  out.push('int main(int argc, char **argv) {', '  int n = 64;', '  float *buf = (float *)malloc(n * sizeof(float));', '  float a<64>, b<64>, r<64>;', '  float sum;');
  for (const k of sections) {
    out.push(
      `  printf("%g\\n", helper${k}(buf, n));`,
      '  streamRead(a, buf);',
      `  scale${k}(a, 2.0f, b);`,
      `  total${k}(b, sum);`,
      `  printf("%g\\n", sum);`,
    );
  }
  out.push('  free(buf);', '  return 0;', '}');
  return out.join('\n') + '\n';
}

/** The tiny program of the cold run figure: the smallest whole `brook run` that uses a kernel. */
export const TINY_PROGRAM = `#include <stdio.h>
kernel void twice(float a<>, out float b<>) {
  b = 2.0f * a;
}
int main(void) {
  float x[4] = {1.0f, 2.0f, 3.0f, 4.0f};
  float a<4>, b<4>;
  streamRead(a, x);
  twice(a, b);
  streamWrite(b, x);
  printf("%g %g %g %g\\n", x[0], x[1], x[2], x[3]);
  return 0;
}
`;

function repoRoot(): string {
  // dist/bench/startup.js -> the repository root.
  return resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
}

function timeProcess(cmd: string[], env: NodeJS.ProcessEnv = process.env): number {
  const t0 = process.hrtime.bigint();
  const r = spawnSync(cmd[0]!, cmd.slice(1), { stdio: ['ignore', 'ignore', 'pipe'], env });
  const ms = Number(process.hrtime.bigint() - t0) / 1e6;
  if (r.status !== 0) throw new Error(`${cmd.join(' ')} exited ${r.status}: ${r.stderr}`);
  return ms;
}

export interface StartupReport {
  schema: 'brook-bench-startup/1';
  date: string;
  node: string;
  cpu: string;
  programLines: number;
  runs: number;
  nodeStartMs: number;
  /** The default `brook check` (the bundle through its code cache, when built). */
  coldCheckMs: number;
  coldRatio: number;
  /** How the default runs loaded the compiler: BROOK_CHECK_TRACE's line, e.g. "bundle, code cache hit". */
  checkLoader: string;
  /** The bundle without a code cache, and the modules one by one (as before the bundle). */
  coldCheckBundleNoCacheMs: number;
  coldCheckModulesMs: number;
  coldRatioModules: number;
  warmCompileMs: number;
  /** The default `brook run TINY --backend cpu` (the run bundle through its code cache, when built). */
  coldRunMs: number;
  coldRunRatio: number;
  /** How the default runs were loaded: BROOK_RUN_TRACE's line. */
  runLoader: string;
  /** The run bundle without a code cache, and the modules one by one (as before the run bundle). */
  coldRunBundleNoCacheMs: number;
  coldRunModulesMs: number;
  coldRunRatioModules: number;
  /** A cold run from the modules, in parts (medians of separate processes); modules of ours each
   *  loader loads. */
  breakdown: { importCliMs: number; modulesLoaded: number; modulesLoadedWithBundle: number; firstCompileMs: number };
  targets: { warmUnder50ms: boolean; coldWithin2x: boolean };
}

export function measureStartup(runs: number): StartupReport {
  const root = repoRoot();
  const dir = mkdtempSync(join(tmpdir(), 'brook-startup-'));
  try {
    const text = programOfLines(300);
    const file = join(dir, 'prog300.br');
    writeFileSync(file, text);
    const r = compile(text, { fileName: 'prog300.br' });
    if (!r.ok) throw new Error(`the generated program does not compile: ${r.diagnostics.map((d) => d.message).join('; ')}`);

    const node = [process.execPath, '-e', '0'];
    const check = [process.execPath, join(root, 'bin', 'brook.js'), 'check', file];
    // A cache folder of this run's own: the build's cache next to the bundle is used, or (when V8
    // rejects it here) the one the first warm-up run writes.
    const base = { ...process.env, BROOK_CACHE_DIR: join(dir, 'cache') };
    const envs = { cached: base, bundle: { ...base, BROOK_CHECK_LOADER: 'bundle' }, modules: { ...base, BROOK_CHECK_LOADER: 'modules' } };
    const tiny = join(dir, 'tiny.br');
    writeFileSync(tiny, TINY_PROGRAM);
    const run = [process.execPath, join(root, 'bin', 'brook.js'), 'run', tiny, '--backend', 'cpu'];
    const runEnvs = { cached: base, bundle: { ...base, BROOK_RUN_LOADER: 'bundle' }, modules: { ...base, BROOK_RUN_LOADER: 'modules' } };
    const times = { node: [] as number[], cached: [] as number[], bundle: [] as number[], modules: [] as number[], runCached: [] as number[], runBundle: [] as number[], runModules: [] as number[] };
    for (let i = 0; i < runs + 3; i++) {
      const warmUp = i < 3;
      const t = [timeProcess(node), timeProcess(check, envs.cached), timeProcess(check, envs.bundle), timeProcess(check, envs.modules), timeProcess(run, runEnvs.cached), timeProcess(run, runEnvs.bundle), timeProcess(run, runEnvs.modules)];
      if (warmUp) continue;
      times.node.push(t[0]!);
      times.cached.push(t[1]!);
      times.bundle.push(t[2]!);
      times.modules.push(t[3]!);
      times.runCached.push(t[4]!);
      times.runBundle.push(t[5]!);
      times.runModules.push(t[6]!);
    }
    const loaderOf = (cmd: string[], kind: 'check' | 'run') => {
      const traced = spawnSync(cmd[0]!, cmd.slice(1), { encoding: 'utf8', env: { ...base, [`BROOK_${kind.toUpperCase()}_TRACE`]: '1' } });
      return new RegExp(`brook: ${kind} loader: (.*)`).exec(traced.stderr)?.[1] ?? 'unknown (an older bin/brook.js)';
    };
    const checkLoader = loaderOf(check, 'check');
    const runLoader = loaderOf(run, 'run');

    // Where the cold time goes: a child that imports the CLI, then compiles once, timing each.
    const probe = `const t0 = performance.now();
const m = await import(${JSON.stringify(join(root, 'dist', 'runtime', 'compiler', 'index.js'))});
await import(${JSON.stringify(join(root, 'dist', 'cli', 'main.js'))});
const t1 = performance.now();
const src = (await import('node:fs')).readFileSync(${JSON.stringify(file)}, 'utf8');
m.compile(src, { fileName: 'prog300.br' });
const t2 = performance.now();
console.log(JSON.stringify({ importCliMs: t1 - t0, firstCompileMs: t2 - t1 }));`;
    const parts: { importCliMs: number; firstCompileMs: number }[] = [];
    for (let i = 0; i < Math.min(runs, 11); i++) {
      const out = spawnSync(process.execPath, ['--input-type=module', '-e', probe], { encoding: 'utf8' });
      if (out.status !== 0) throw new Error(`probe failed: ${out.stderr}`);
      parts.push(JSON.parse(out.stdout));
    }

    // Warm: in this process, after warm-up.
    for (let i = 0; i < 10; i++) compile(text, { fileName: 'prog300.br' });
    const warm: number[] = [];
    for (let i = 0; i < Math.max(runs, 21); i++) {
      const t0 = performance.now();
      compile(text, { fileName: 'prog300.br' });
      warm.push(performance.now() - t0);
    }
    const nodeStartMs = median(times.node);
    const coldCheckMs = median(times.cached);
    const coldCheckModulesMs = median(times.modules);
    const warmCompileMs = median(warm);
    const coldRunMs = median(times.runCached);
    const coldRunModulesMs = median(times.runModules);
    return {
      schema: 'brook-bench-startup/1',
      date: new Date().toISOString(),
      node: process.version,
      cpu: `${cpus()[0]?.model?.trim() ?? 'unknown'} x ${cpus().length}`,
      programLines: text.split('\n').length - 1,
      runs,
      nodeStartMs,
      coldCheckMs,
      coldRatio: coldCheckMs / nodeStartMs,
      checkLoader,
      coldCheckBundleNoCacheMs: median(times.bundle),
      coldCheckModulesMs,
      coldRatioModules: coldCheckModulesMs / nodeStartMs,
      warmCompileMs,
      coldRunMs,
      coldRunRatio: coldRunMs / nodeStartMs,
      runLoader,
      coldRunBundleNoCacheMs: median(times.runBundle),
      coldRunModulesMs,
      coldRunRatioModules: coldRunModulesMs / nodeStartMs,
      breakdown: {
        importCliMs: median(parts.map((p) => p.importCliMs)),
        modulesLoaded: countCliModules(root, { BROOK_CHECK_LOADER: 'modules' }),
        modulesLoadedWithBundle: countCliModules(root, {}),
        firstCompileMs: median(parts.map((p) => p.firstCompileMs)),
      },
      targets: { warmUnder50ms: warmCompileMs < 50, coldWithin2x: coldCheckMs <= 2 * nodeStartMs },
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Project modules a `brook check` process loads: ES modules from a loader hook, CommonJS ones from
 *  Module.prototype._compile (the bundle is one file read, not a module, so it is not counted). */
function countCliModules(root: string, env: Record<string, string>): number {
  const dir = mkdtempSync(join(tmpdir(), 'brook-modules-'));
  try {
    const hooks = join(dir, 'hooks.mjs');
    writeFileSync(hooks, `export async function load(url, ctx, next) { if (url.startsWith('file:')) process.stderr.write('LOADED ' + url + '\\n'); return next(url, ctx); }\n`);
    const trace = join(dir, 'trace.cjs');
    writeFileSync(
      trace,
      `const Module = require('node:module');
const { pathToFileURL } = require('node:url');
Module.register(${JSON.stringify('file://' + hooks)});
const compile = Module.prototype._compile;
Module.prototype._compile = function (content, filename) {
  process.stderr.write('LOADED ' + pathToFileURL(filename).href + '\\n');
  return compile.apply(this, arguments);
};
`,
    );
    const prog = join(dir, 'p.br');
    writeFileSync(prog, programOfLines(300));
    const r = spawnSync(process.execPath, ['--require', trace, join(root, 'bin', 'brook.js'), 'check', prog], { encoding: 'utf8', env: { ...process.env, ...env, BROOK_CACHE_DIR: join(dir, 'cache') } });
    return new Set(r.stderr.split('\n').filter((l) => l.startsWith('LOADED ') && l.includes(root))).size;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function main(argv: string[]): void {
  let runs = 21;
  let json: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--runs') runs = Number(argv[++i]);
    else if (argv[i] === '--json') json = argv[++i];
  }
  const r = measureStartup(runs);
  const text = JSON.stringify(r, null, 2);
  if (json) writeFileSync(json, text + '\n');
  process.stdout.write(text + '\n');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1])) main(process.argv.slice(2));
