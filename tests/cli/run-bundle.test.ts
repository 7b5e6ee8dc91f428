/**
 * `brook run` through its bundle and V8 code cache (cli/run-entry.ts, cli/bundle-loader.cts,
 * scripts/build-check-bundle.mjs) answers exactly as the CLI's modules do:
 * - every Brook program `brook run` runs in the test suite (tests/conformance/, tests/errors/), the
 *   examples and the bench programs at their smoke sizes, on the CPU (two threads) and on WebGPU (where
 *   an adapter exists: lavapipe here), run by the bundle's entry and by cli/main.ts in this process:
 *   the same stdout bytes, stderr and status;
 * - the built command run as a user runs it, each loader (modules, bundle without cache, bundle with
 *   the cache): the same bytes and status (several files, -I, arguments, stdin, the compile worker, the
 *   WGSL dump too), which loader ran (BROOK_RUN_TRACE=1), the CPU workers start
 *   from the same source under both, --phases-out still splits the process's time, and `run
 *   --profile` and `run --help` are left to the modules;
 * - the cache's life in a private copy of the built package: missing (written to the user's folder),
 *   hit, damaged (rejected, rewritten), a changed module (stale: the modules answer), no manifest;
 * - the bundle holds nothing of the notebook side, and a run from it loads three files of ours (plus
 *   the `webgpu` package on WebGPU).
 */
import { spawnSync } from 'node:child_process';
import { appendFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { builtinModules, createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { basename, join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { BundleManifest, RunBundleEntry } from '../../cli/bundle-loader.cjs';
import type * as CodeCache from '../../common/code-cache.cjs';
import type { CliIO } from '../../cli/io.js';
import { main } from '../../cli/main.js';
import { webgpuAdapterAvailable } from '../conformance/cli.js';
import { copyBuiltPackage } from './built-package.js';

const root = resolve(import.meta.dirname, '..', '..');
const cliDir = join(root, 'dist', 'cli');
const dir = mkdtempSync(join(tmpdir(), 'brook-run-bundle-'));
if (!existsSync(join(cliDir, 'run.bundle.json'))) {
  throw new Error('dist/cli/run.bundle.json is missing: the build made no run bundle (is esbuild, a devDependency, installed? `npm ci`, then `npm run build`)');
}
const manifest = JSON.parse(readFileSync(join(cliDir, 'run.bundle.json'), 'utf8')) as BundleManifest;
const { loadCommonJs } = createRequire(import.meta.url)(join(root, 'dist', 'common', 'code-cache.cjs')) as typeof CodeCache;
const bundle = loadCommonJs<RunBundleEntry>(join(cliDir, manifest.bundle.path), { sourceHash: manifest.bundle.sha256 });
const gpu = webgpuAdapterAvailable();
/** The in-process parity runs every program in this process: on webgpu that is hundreds of Dawn
 *  devices, and one process holding the cpu and webgpu halves crashed or hung on CI (2 cores). So the
 *  webgpu half runs in a process of its own: run-bundle-webgpu.test.ts sets BROOK_RUN_BUNDLE_PART. */
const PART = process.env.BROOK_RUN_BUNDLE_PART === 'webgpu' ? 'webgpu' : 'rest';
const backends = PART === 'webgpu' ? (gpu ? (['webgpu'] as const) : ([] as const)) : (['cpu'] as const);

/** The bench programs (bench/programs/) at their smoke sizes (bench/programs.ts, `small`). */
const BENCH_SMALL: [string, string[]][] = [
  ['segment.br', ['128', '10']],
  ['sort.br', ['12']],
  ['saxpy_loop.br', ['14', '10']],
  ['sgemv_power.br', ['256', '5']],
  ['fft2d.br', ['64', '1']],
  ['raytrace.br', ['64', '32']],
];

/** Every program with its arguments: the conformance runner's `.args` files, the bench sizes. */
function programs(): { file: string; args: string[] }[] {
  const list: { file: string; args: string[] }[] = [];
  for (const d of ['tests/conformance', 'tests/errors', 'examples']) {
    for (const f of readdirSync(join(root, d)).filter((n) => n.endsWith('.br')).sort()) {
      const argsFile = join(root, d, f.replace(/\.br$/, '.args'));
      const args = existsSync(argsFile) ? readFileSync(argsFile, 'utf8').trim().split(/\s+/).filter(Boolean) : [];
      list.push({ file: join(d, f), args });
    }
  }
  for (const [f, args] of BENCH_SMALL) list.push({ file: join('bench/programs', f), args });
  return list;
}

/** The environment of the in-process runs: two CPU threads, nothing from this process. */
const ENV = { BROOK_CPU_THREADS: '2' };

function capture(): { io: CliIO; result: () => { stdout: string; stderr: string } } {
  const out: Buffer[] = [];
  const err: Buffer[] = [];
  const io: CliIO = { stdout: (b) => out.push(Buffer.from(b)), stderr: (b) => err.push(Buffer.from(b)), stdin: () => new Uint8Array(0), env: ENV };
  // latin1: the bytes as they are (a program may print any byte).
  return { io, result: () => ({ stdout: Buffer.concat(out).toString('latin1'), stderr: Buffer.concat(err).toString('latin1') }) };
}

async function viaModules(argv: string[]) {
  const c = capture();
  const status = await main(argv, c.io);
  return { status, ...c.result() };
}

async function viaBundle(argv: string[]) {
  const c = capture();
  const status = await bundle.exports.runEntry(argv, c.io);
  return { status, ...c.result() };
}

const argvOf = (p: { file: string; args: string[] }, backend: string) => ['run', p.file, '--backend', backend, ...(p.args.length ? ['--', ...p.args] : [])];

describe('the run bundle answers as the modules do (in this process)', () => {
  for (const backend of backends) {
    it(`for every program brook run runs in the tests, the examples and the bench programs, on ${backend}`, { timeout: 900_000 }, async () => {
      const cwd = process.cwd();
      process.chdir(root); // the paths in diagnostics are relative to the current folder, as a user types them
      try {
        const list = programs();
        expect(list.length).toBeGreaterThan(150);
        const statuses = new Set<number | undefined>();
        for (const p of list) {
          const argv = argvOf(p, backend);
          const a = await viaModules(argv);
          const b = await viaBundle(argv);
          expect(b, p.file).toEqual(a);
          statuses.add(a.status);
        }
        // Clean runs, compile or runtime errors, and exit(n) were all among them.
        expect(statuses.has(0) && statuses.has(1) && [...statuses].some((s) => s !== 0 && s !== 1)).toBe(true);
      } finally {
        process.chdir(cwd);
      }
    });
  }

  it('for usage errors, and leaves --help, --profile and other commands to the modules', async () => {
    for (const argv of [['run'], ['run', '--bogus', 'x.br'], ['run', 'x.br', '--backend', 'gpu'], ['run', 'x.br', '--phases-out'], ['run', join(dir, 'no-such-file.br'), '--backend', 'cpu']]) {
      expect(await viaBundle(argv), argv.join(' ')).toEqual(await viaModules(argv));
    }
    const { io } = capture();
    expect(await bundle.exports.runEntry(['run', '--help'], io)).toBeUndefined();
    expect(await bundle.exports.runEntry(['run', 'examples/saxpy.br', '--profile'], io)).toBeUndefined();
    expect(await bundle.exports.runEntry(['check', 'examples/saxpy.br'], io)).toBeUndefined();
  });
});

interface Spawned {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** Node's own options change which cache a process uses (common/code-cache.cts): none here. */
const { NODE_OPTIONS: _nodeOptions, BROOK_BACKEND: _b, BRT_RUNTIME: _r, ...plainEnv } = process.env;
const xdg = mkdtempSync(join(tmpdir(), 'brook-xdg-'));

function brook(bin: string, argv: string[], env: Record<string, string>, nodeOptions: string[] = []): Spawned {
  const r = spawnSync(process.execPath, [...nodeOptions, bin, ...argv], { cwd: root, encoding: 'latin1', env: { ...plainEnv, XDG_RUNTIME_DIR: xdg, BROOK_CPU_THREADS: '2', ...env }, timeout: 120_000 });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** The trace line BROOK_RUN_TRACE=1 adds, and the stderr without it. */
function traced(bin: string, argv: string[], env: Record<string, string>, nodeOptions: string[] = []): { trace: string; rest: string; status: number | null } {
  const r = brook(bin, argv, { ...env, BROOK_RUN_TRACE: '1' }, nodeOptions);
  const lines = r.stderr.split('\n');
  const i = lines.findIndex((l) => l.startsWith('brook: run loader: '));
  expect(i, r.stderr).toBeGreaterThanOrEqual(0);
  const trace = lines.splice(i, 1)[0]!.slice('brook: run loader: '.length);
  return { trace, rest: lines.join('\n'), status: r.status };
}

describe.skipIf(PART === 'webgpu')('the built command, as a user runs it', () => {
  const bin = join(root, 'bin', 'brook.js');
  const userCache = join(dir, 'user-cache');

  it('gives the same bytes and status with every loader, and uses the shipped cache', { timeout: 600_000 }, () => {
    for (const backend of backends) {
      for (const [f, args] of BENCH_SMALL) {
        const argv = ['run', join('bench/programs', f), '--backend', backend, '--', ...args];
        const modules = brook(bin, argv, { BROOK_RUN_LOADER: 'modules', BROOK_CACHE_DIR: userCache });
        expect(modules.status, `${f} ${backend}: ${modules.stderr}`).toBe(0);
        expect(brook(bin, argv, { BROOK_RUN_LOADER: 'bundle', BROOK_CACHE_DIR: userCache }), `${f} ${backend}`).toEqual(modules);
        expect(brook(bin, argv, { BROOK_CACHE_DIR: userCache }), `${f} ${backend}`).toEqual(modules);
      }
    }
    // Several files, -I, a program's arguments and its stdin.
    const inc = join(dir, 'inc');
    mkdirSync(inc, { recursive: true });
    writeFileSync(join(inc, 'scale.h'), '#define SCALE 3\n');
    writeFileSync(join(dir, 'a.br'), '#include <stdio.h>\n#include "scale.h"\nint twice(int x);\nint main(int argc, char **argv) { int n = 0; scanf("%d", &n); printf("%d %s %d\\n", twice(n) * SCALE, argv[1], argc); return 0; }\n');
    writeFileSync(join(dir, 'b.br'), 'int twice(int x) { return 2 * x; }\n');
    const multi = ['run', join(dir, 'a.br'), join(dir, 'b.br'), '-I', inc, '--backend', 'cpu', '--', 'word'];
    const withInput = (loader: Record<string, string>) => {
      const r = spawnSync(process.execPath, [bin, ...multi], { cwd: root, input: '7\n', encoding: 'latin1', env: { ...plainEnv, BROOK_CACHE_DIR: userCache, ...loader } });
      return { status: r.status, stdout: r.stdout, stderr: r.stderr };
    };
    expect(withInput({ BROOK_RUN_LOADER: 'modules' })).toEqual({ status: 0, stdout: '42 word 2\n', stderr: '' });
    expect(withInput({})).toEqual(withInput({ BROOK_RUN_LOADER: 'modules' }));
    for (const argv of [['run', 'tests/conformance/exit_call.br', '--backend', 'cpu'], ['run', '--bogus'], ['run', 'tests/errors/' + readdirSync(join(root, 'tests/errors')).find((n) => n.endsWith('.br'))!, '--backend', 'cpu']]) {
      const modules = brook(bin, argv, { BROOK_RUN_LOADER: 'modules', BROOK_CACHE_DIR: userCache });
      expect(modules.status).not.toBe(0);
      expect(brook(bin, argv, { BROOK_CACHE_DIR: userCache }), argv.join(' ')).toEqual(modules);
    }
    // The compile worker (BROOK_COMPILE_WORKER=1: dist/cli/compile-worker.js, found from the bundle's URL).
    for (const backend of backends) {
      const argv = ['run', 'bench/programs/fft2d.br', '--backend', backend, '--', '64', '1'];
      const env = { BROOK_COMPILE_WORKER: '1', BROOK_CACHE_DIR: userCache };
      const modules = brook(bin, argv, { ...env, BROOK_RUN_LOADER: 'modules' });
      expect(modules.status, modules.stderr).toBe(0);
      expect(brook(bin, argv, env), `compile worker, ${backend}`).toEqual(modules);
    }
    // BROOK_WGSL_DUMP: the same WGSL files, whichever loader generated them.
    if (gpu) {
      const dumps = ['modules', 'cached'].map((loader) => {
        const d = join(dir, `wgsl-${loader}`);
        expect(brook(bin, ['run', 'bench/programs/fft2d.br', '--backend', 'webgpu', '--', '64', '1'], { BROOK_RUN_LOADER: loader, BROOK_WGSL_DUMP: d, BROOK_CACHE_DIR: userCache }).status).toBe(0);
        return Object.fromEntries(readdirSync(d).sort().map((f) => [f, readFileSync(join(d, f), 'utf8')]));
      });
      expect(Object.keys(dumps[0]!).length).toBeGreaterThan(0);
      expect(dumps[1]).toEqual(dumps[0]);
    }
    const saxpy = ['run', 'examples/saxpy.br', '--backend', 'cpu'];
    expect(traced(bin, saxpy, { BROOK_CACHE_DIR: userCache }).trace).toBe('bundle, code cache hit');
    expect(traced(bin, saxpy, { BROOK_RUN_LOADER: 'bundle', BROOK_CACHE_DIR: userCache }).trace).toBe('bundle, code cache off');
    expect(traced(bin, saxpy, { BROOK_RUN_LOADER: 'modules' }).trace).toBe('modules (asked)');
    if (gpu) expect(traced(bin, ['run', 'examples/saxpy.br', '--backend', 'webgpu'], { BROOK_CACHE_DIR: userCache }).trace).toBe('bundle, code cache hit');
    // The shipped cache was used: no V8 code cache was written to the user's folder (only the compile
    // cache's programs/, cli/program-cache.ts, whose hits above gave the modules' bytes).
    expect(existsSync(userCache) ? readdirSync(userCache).filter((f) => f !== 'programs') : []).toEqual([]);
    expect(readdirSync(join(userCache, 'programs')).length).toBeGreaterThan(0);
  });

  it('--profile and --help are answered by the modules, as before', () => {
    const profile = traced(bin, ['run', 'examples/saxpy.br', '--backend', 'cpu', '--profile'], { BROOK_CACHE_DIR: userCache });
    expect(profile.trace).toBe('modules (not-a-run)');
    expect(profile.status).toBe(0);
    expect(profile.rest).toMatch(/saxpy/);
    const help = brook(bin, ['run', '--help'], {});
    expect(help.status).toBe(0);
    expect(help.stdout).toMatch(/^usage: brook run/);
    expect(help).toEqual(brook(bin, ['run', '--help'], { BROOK_RUN_LOADER: 'modules' }));
  });

  it('--phases-out splits the time the same way: start (Node and loading), compile, device, program', () => {
    for (const loader of ['modules', 'cached']) {
      const out = join(dir, `phases-${loader}.json`);
      const r = brook(bin, ['run', 'bench/programs/fft2d.br', '--backend', 'cpu', '--phases-out', out, '--', '64', '1'], { BROOK_RUN_LOADER: loader, BROOK_CACHE_DIR: userCache });
      expect(r.status, r.stderr).toBe(0);
      const p = JSON.parse(readFileSync(out, 'utf8')) as Record<string, number>;
      for (const k of ['nodeMs', 'loadMs', 'compileMs', 'deviceMs', 'programMs', 'disposeMs']) expect(p[k], `${loader} ${k}`).toBeGreaterThan(0);
      // The phases follow each other: only the gaps between them (reading the files, setting up the
      // host library: a few milliseconds) are left out, nothing of the size of a phase.
      const sum = p.nodeMs! + p.loadMs! + p.compileMs! + p.deviceMs! + p.programMs! + p.disposeMs!;
      expect(sum, loader).toBeLessThanOrEqual(p.endMs! + 0.01);
      expect(p.endMs! - sum, loader).toBeLessThan(0.05 * p.endMs!);
    }
  });

  it('the CPU workers start from the same source under both loaders and run the launches', () => {
    // A preload that logs every thread started from source text, by a hash of that text.
    const hook = join(dir, 'workers-hook.cjs');
    writeFileSync(
      hook,
      `const wt = require('node:worker_threads');
const { createHash } = require('node:crypto');
const W = wt.Worker;
wt.Worker = class extends W {
  constructor(src, opts) {
    if (opts && opts.eval) process.stderr.write('WORKER ' + createHash('sha1').update(String(src)).digest('hex') + '\\n');
    super(src, opts);
  }
};
`,
    );
    const argv = ['run', 'bench/programs/segment.br', '--backend', 'cpu', '--', '256', '4'];
    const seen = (loader: string) => {
      const r = brook(bin, argv, { BROOK_RUN_LOADER: loader, BROOK_CACHE_DIR: userCache }, ['--require', hook]);
      expect(r.status, r.stderr).toBe(0);
      const workers = r.stderr.split('\n').filter((l) => l.startsWith('WORKER '));
      return { workers, stdout: r.stdout, stderr: r.stderr.split('\n').filter((l) => !l.startsWith('WORKER ')).join('\n') };
    };
    const modules = seen('modules');
    const bundled = seen('cached');
    expect(modules.workers.length).toBe(1); // BROOK_CPU_THREADS=2: the calling thread and one worker
    expect(bundled).toEqual(modules);
  });
});

describe.skipIf(PART === 'webgpu')('the code cache in a private copy of the built package', () => {
  const pkg = join(dir, 'pkg');
  const pkgCli = copyBuiltPackage(root, pkg);
  const prog = join(dir, 'prog.br');
  writeFileSync(prog, '#include <stdio.h>\nkernel void k(float a<>, out float b<>) { b = 2.0f * a; }\nint main(void) { float x[4] = {1, 2, 3, 4}; float a<4>, b<4>; streamRead(a, x); k(a, b); streamWrite(b, x); printf("%g %g\\n", x[0], x[3]); return 3; }\n');
  const bin = join(pkg, 'bin', 'brook.js');
  const userCache = join(dir, 'pkg-user-cache');
  const env = { BROOK_CACHE_DIR: userCache };
  const argv = ['run', prog, '--backend', 'cpu'];
  const expected = brook(join(root, 'bin', 'brook.js'), argv, { BROOK_RUN_LOADER: 'modules' });
  const run = () => {
    const r = brook(bin, argv, { ...env, BROOK_RUN_TRACE: '1' });
    expect(r.status).toBe(expected.status);
    expect(r.stdout).toBe(expected.stdout);
    const lines = r.stderr.split('\n');
    const trace = lines.find((l) => l.startsWith('brook: run loader: '))!;
    expect(lines.filter((l) => l !== trace).join('\n')).toBe(expected.stderr);
    return trace.slice('brook: run loader: '.length);
  };

  it('missing: written to the user folder, then a hit; damaged: rejected and rewritten', () => {
    expect(expected).toEqual({ status: 3, stdout: '2 8\n', stderr: '' });
    expect(run()).toMatch(new RegExp(`^bundle, code cache missing, written to .*/run\\.bundle-[0-9a-f]{16}-node${process.versions.node}-${process.arch}\\.v8cache$`));
    expect(run()).toBe('bundle, code cache hit');
    const [name] = readdirSync(userCache).filter((f) => f.startsWith('run.bundle-'));
    const p = join(userCache, name!);
    const bad = readFileSync(p);
    for (let i = 64; i < bad.length; i += 97) bad[i] ^= 0x5a;
    writeFileSync(p, bad);
    expect(run()).toBe(`bundle, code cache rejected, written to ${p}`);
    expect(run()).toBe('bundle, code cache hit');
  });

  it('a changed module makes the bundle stale; no manifest, no bundle: the modules answer the same', () => {
    const input = join(pkgCli, manifest.inputs.find((i) => i.path.endsWith('hostlib/loader.js'))!.path);
    appendFileSync(input, '\n// rebuilt\n');
    expect(run()).toBe('modules (stale)');
    rmSync(join(pkgCli, 'run.bundle.json'));
    expect(run()).toBe('modules (absent)');
  });
});

describe.skipIf(PART === 'webgpu')('what a run loads', () => {
  it('the bundle holds the compiler, the runtime and both backends, nothing of the notebook side; it needs only Node (and webgpu by import)', () => {
    const inputs = manifest.inputs.map((i) => relative(root, join(cliDir, i.path)));
    for (const m of ['dist/runtime/compiler/index.js', 'dist/runtime/hostlib/loader.js', 'dist/runtime/brt/index.js', 'dist/runtime/backends/cpu/index.js', 'dist/runtime/backends/webgpu/index.js', 'dist/cli/run.js']) expect(inputs).toContain(m);
    expect(inputs.filter((i) => /^(node_modules\/|dist\/(kernel|magics|bench|runtime\/results)\/|dist\/cli\/(main|profile-report)\.js)/.test(i))).toEqual([]);
    const source = readFileSync(join(cliDir, manifest.bundle.path), 'utf8');
    const required = [...source.matchAll(/\brequire\("([^"]+)"\)/g)].map((m) => m[1]!);
    // Node's modules, and --profile's report, which run-entry.ts leaves to the modules (never reached).
    expect(required.filter((r) => !builtinModules.includes(r.replace(/^node:/, '')))).toEqual(['./profile-report.js']);
    // The webgpu package through the loader's real import() (a vm.Script has none of its own).
    expect([...source.matchAll(/__import\("([^"]+)"\)/g)].map((m) => m[1])).toEqual(['webgpu']);
    expect(source).not.toMatch(/(?<![\w.])import\("/);
  });

  /** Files a `brook run` process loads: ES modules from a loader hook, CommonJS from _compile. */
  function loadedModules(backend: string, env: Record<string, string>): string[] {
    const hooks = join(dir, 'hooks.mjs');
    writeFileSync(hooks, `export async function load(url, ctx, next) { process.stderr.write('LOADED ' + url + '\\n'); return next(url, ctx); }\n`);
    const trace = join(dir, 'trace.cjs');
    writeFileSync(
      trace,
      `const Module = require('node:module');
const { pathToFileURL } = require('node:url');
Module.register(${JSON.stringify(pathToFileURL(hooks).href)});
const compile = Module.prototype._compile;
Module.prototype._compile = function (content, filename) {
  process.stderr.write('LOADED ' + pathToFileURL(filename).href + '\\n');
  return compile.apply(this, arguments);
};
`,
    );
    const r = brook(join(root, 'bin', 'brook.js'), ['run', 'examples/saxpy.br', '--backend', backend], { ...env, BROOK_CACHE_DIR: join(dir, 'hooks-cache') }, ['--require', trace]);
    expect(r.status, r.stderr).toBe(0);
    const loaded = r.stderr.split('\n').filter((l) => l.startsWith('LOADED ')).map((l) => l.slice('LOADED '.length));
    // (`brook run --backend cpu` starts its worker threads early, cpu/workers.ts prestartWorkers: their
    // source is evaluated from a string, which the trace names `[worker eval]-wrapper`, no file.)
    return [...new Set(loaded)]
      .filter((u) => u.startsWith('file:') && basename(u) !== 'trace.cjs' && !decodeURIComponent(basename(u)).startsWith('[worker eval]'))
      .map((u) => relative(root, new URL(u).pathname));
  }

  it('with the bundle: three files of ours on the CPU; the webgpu package besides on WebGPU', () => {
    expect(loadedModules('cpu', {}).sort()).toEqual(['bin/brook.js', 'dist/cli/bundle-loader.cjs', 'dist/common/code-cache.cjs']);
    if (gpu) {
      const loaded = loadedModules('webgpu', {}).map((p) => p.replace(/^.*node_modules\//, 'node_modules/'));
      expect(loaded.sort()).toEqual(['bin/brook.js', 'dist/cli/bundle-loader.cjs', 'dist/common/code-cache.cjs', 'node_modules/webgpu/index.js']);
    }
  });

  it('from the modules: nothing of the kernel, magics, zeromq or vega', () => {
    const ours = loadedModules('cpu', { BROOK_RUN_LOADER: 'modules' });
    expect(ours.length).toBeGreaterThan(60);
    expect(ours.filter((p) => /^dist\/(kernel|magics)\/|zeromq|vega|arquero|jupyterlab|resvg|webgpu/.test(p))).toEqual([]);
  });
});
