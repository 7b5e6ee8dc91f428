/**
 * `brook check` through its bundle and V8 code cache (cli/bundle-loader.cts, scripts/build-check-bundle.mjs)
 * answers exactly as the CLI's modules do:
 * - every Brook program under tests/ and examples/ (errors, warnings, clean ones), checked by the
 *   bundle and by cli/main.ts: the same stderr, stdout and status;
 * - the built command run as a user runs it, each loader (modules, bundle without cache, bundle with
 *   the cache): the same bytes and status, and which loader ran (BROOK_CHECK_TRACE=1);
 * - the cache's life in a private copy of the built package: missing (written to the user's cache
 *   folder), hit, a corrupt file (rejected by V8, rewritten), a folder that cannot be written (the
 *   check still answers), a rebuilt module (the bundle is stale: the modules answer), a module
 *   rewritten with the same bytes (still fresh);
 * - the bundle holds only what `check` needs, and a check loads no kernel, backend or notebook module.
 */
import { spawnSync } from 'node:child_process';
import { appendFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { builtinModules, createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { programOfLines } from '../../bench/startup.js';
import type { BundleManifest, CheckBundleEntry } from '../../cli/bundle-loader.cjs';
import type * as CodeCache from '../../common/code-cache.cjs';
import { main } from '../../cli/main.js';
import { copyBuiltPackage } from './built-package.js';

const root = resolve(import.meta.dirname, '..', '..');
const cliDir = join(root, 'dist', 'cli');
const dir = mkdtempSync(join(tmpdir(), 'brook-check-bundle-'));
if (!existsSync(join(cliDir, 'check.bundle.json'))) {
  throw new Error('dist/cli/check.bundle.json is missing: the build made no check bundle (is esbuild, a devDependency, installed? `npm ci`, then `npm run build`)');
}
const manifest = JSON.parse(readFileSync(join(cliDir, 'check.bundle.json'), 'utf8')) as BundleManifest;
// The built loader, as bin/brook.js requires it (CommonJS).
const { loadCommonJs } = createRequire(import.meta.url)(join(root, 'dist', 'common', 'code-cache.cjs')) as typeof CodeCache;

function file(name: string, text: string): string {
  const p = join(dir, name);
  mkdirSync(dirname(p), { recursive: true });
  writeFileSync(p, text);
  return p;
}

/** Every .br file below `d`. */
function brFiles(d: string): string[] {
  return readdirSync(d, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.br'))
    .map((f) => join(d, f))
    .sort();
}

const generated = file('generated300.br', programOfLines(300));
file('inc/scale.h', '#define SCALE 3.0f\n');
const withInclude = file('uses-include.br', '#include "scale.h"\n#include <brook/blas.br>\nkernel void k(float a<>, out float b<>) { b = SCALE * a; }\nint main(void) { return 0; }\n');
const badInclude = file('bad-include.br', '#include "nowhere.h"\nint main(void) { return 0; }\n');
const warns = file('warns.br', 'kernel void k(double a<>, out float b<>) { b = a; }\nint f(int x) { if (x) return 1; }\nint main(void) { return f(0); }\n');
const twoA = file('two-a.br', 'kernel void k(float a<>, out float b<>) { b = a; }\n');
const twoB = file('two-b.br', 'int main(void) { float a<4>, b<4>; k(a, b); return undefinedThing; }\n');

/** Command lines that exercise everything `check` answers: files, -I, several files, usage errors. */
const commandLines: string[][] = [
  ['check', generated],
  ['check', withInclude, '-I', join(dir, 'inc')],
  ['check', withInclude], // scale.h not found without -I
  ['check', badInclude],
  ['check', warns],
  ['check', twoA, twoB],
  ['check', join(dir, 'no-such-file.br')],
  ['check'],
  ['check', '--bogus', generated],
  ['check', '--backend', 'gpu', generated],
  ['check', '-I'],
  ['check', '--backend', 'cpu', generated],
];

const utf8 = (b: Buffer[]) => Buffer.concat(b).toString('utf8');

async function viaModules(argv: string[]) {
  const out: Buffer[] = [];
  const err: Buffer[] = [];
  const status = await main(argv, { stdout: (b) => out.push(Buffer.from(b)), stderr: (b) => err.push(Buffer.from(b)), env: {} });
  return { status, stdout: utf8(out), stderr: utf8(err) };
}

const bundle = loadCommonJs<CheckBundleEntry>(join(cliDir, manifest.bundle.path), { sourceHash: manifest.bundle.sha256 });
async function viaBundle(argv: string[]) {
  let stderr = '';
  const status = await bundle.exports.checkEntry(argv, (s) => (stderr += s));
  return { status, stdout: '', stderr };
}

describe('the check bundle answers as the modules do (in this process)', () => {
  it('for every Brook program in the repository', async () => {
    const programs = [...brFiles(join(root, 'tests')), ...brFiles(join(root, 'examples')), ...brFiles(join(root, 'lib'))];
    expect(programs.length).toBeGreaterThan(150);
    const statuses = new Set<number | undefined>();
    for (const p of programs) {
      const argv = ['check', relative(process.cwd(), p)];
      const a = await viaModules(argv);
      const b = await viaBundle(argv);
      expect(b, p).toEqual(a);
      statuses.add(a.status);
    }
    expect([...statuses].sort()).toEqual([0, 1]); // both clean programs and errors were among them
  });

  it('for includes, several files, unreadable files and usage errors', async () => {
    for (const argv of commandLines) {
      const a = await viaModules(argv);
      expect(await viaBundle(argv), argv.join(' ')).toEqual(a);
    }
    expect((await viaModules(['check', warns])).stderr).toMatch(/warning/);
    expect((await viaModules(['check', '--bogus', generated])).status).toBe(2);
  });

  it('leaves `check --help` and other commands to the modules', async () => {
    expect(await bundle.exports.checkEntry(['check', '--help'], () => undefined)).toBeUndefined();
    expect(await bundle.exports.checkEntry(['run', generated], () => undefined)).toBeUndefined();
  });
});

interface Spawned {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** Node's own options change which cache a process uses (common/code-cache.cts): none here. */
const { NODE_OPTIONS: _nodeOptions, ...plainEnv } = process.env;

function brook(bin: string, argv: string[], env: Record<string, string>, nodeOptions: string[] = []): Spawned {
  const r = spawnSync(process.execPath, [...nodeOptions, bin, ...argv], { cwd: dir, encoding: 'utf8', env: { ...plainEnv, ...env }, timeout: 60_000 });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** The trace line BROOK_CHECK_TRACE=1 adds, and the run without it. */
function traced(bin: string, argv: string[], env: Record<string, string>, nodeOptions: string[] = []): { trace: string; rest: string } {
  const r = brook(bin, argv, { ...env, BROOK_CHECK_TRACE: '1' }, nodeOptions);
  const lines = r.stderr.split('\n');
  const i = lines.findIndex((l) => l.startsWith('brook: check loader: '));
  expect(i, r.stderr).toBeGreaterThanOrEqual(0);
  const trace = lines.splice(i, 1)[0]!.slice('brook: check loader: '.length);
  return { trace, rest: lines.join('\n') };
}

describe('the built command, as a user runs it', () => {
  const bin = join(root, 'bin', 'brook.js');
  const userCache = join(dir, 'user-cache');

  it('gives the same bytes and status with every loader, and uses the shipped cache', () => {
    const cases = [['check', generated], ['check', twoA, twoB], ['check', withInclude, '-I', join(dir, 'inc')], ['check', join(dir, 'no-such-file.br')], ['check', '--bogus']];
    for (const argv of cases) {
      const modules = brook(bin, argv, { BROOK_CHECK_LOADER: 'modules', BROOK_CACHE_DIR: userCache });
      const plain = brook(bin, argv, { BROOK_CHECK_LOADER: 'bundle', BROOK_CACHE_DIR: userCache });
      const cached = brook(bin, argv, { BROOK_CACHE_DIR: userCache });
      expect(plain, argv.join(' ')).toEqual(modules);
      expect(cached, argv.join(' ')).toEqual(modules);
    }
    expect(traced(bin, ['check', generated], { BROOK_CACHE_DIR: userCache }).trace).toBe('bundle, code cache hit');
    expect(traced(bin, ['check', generated], { BROOK_CHECK_LOADER: 'bundle', BROOK_CACHE_DIR: userCache }).trace).toBe('bundle, code cache off');
    expect(traced(bin, ['check', generated], { BROOK_CHECK_LOADER: 'modules' }).trace).toBe('modules (asked)');
    // The shipped cache was used: nothing was written to the user's folder.
    expect(() => readdirSync(userCache)).toThrow();
  });

  it('`check --help` still prints the full usage (from the modules)', () => {
    const viaBin = brook(bin, ['check', '--help'], { BROOK_CHECK_LOADER: 'cached' });
    expect(viaBin.status).toBe(0);
    expect(viaBin.stdout).toMatch(/^usage: brook run/);
    expect(viaBin).toEqual(brook(bin, ['check', '--help'], { BROOK_CHECK_LOADER: 'modules' }));
  });
});

describe('the code cache in a private copy of the built package', () => {
  const pkg = join(dir, 'pkg');
  const pkgCli = copyBuiltPackage(root, pkg);
  const bin = join(pkg, 'bin', 'brook.js');
  const userCache = join(dir, 'pkg-user-cache');
  const env = { BROOK_CACHE_DIR: userCache };
  const expected = brook(join(root, 'bin', 'brook.js'), ['check', twoA, twoB], { BROOK_CHECK_LOADER: 'modules' });
  const check = (nodeOptions: string[] = []) => {
    const { trace, rest } = traced(bin, ['check', twoA, twoB], env, nodeOptions);
    expect(rest).toBe(expected.stderr);
    return trace;
  };

  it('missing: compiles from source and writes the cache to the user folder; then a hit', () => {
    expect(expected.status).toBe(1);
    const first = check();
    expect(first).toMatch(new RegExp(`^bundle, code cache missing, written to ${userCache.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/check\\.bundle-[0-9a-f]{16}-node${process.versions.node}-${process.arch}\\.v8cache$`));
    expect(readdirSync(userCache).filter((f) => f.endsWith('.tmp'))).toEqual([]);
    expect(check()).toBe('bundle, code cache hit');
    expect(brook(bin, ['check', twoA, twoB], env)).toEqual(expected);
  });

  it('damaged: the header check or V8 rejects it, the check answers the same, the cache is rewritten', () => {
    const [name] = readdirSync(userCache);
    const p = join(userCache, name!);
    const bad = readFileSync(p);
    for (let i = 64; i < bad.length; i += 97) bad[i] ^= 0x5a; // V8 itself would abort on these bytes
    writeFileSync(p, bad);
    expect(check()).toBe(`bundle, code cache rejected, written to ${p}`);
    expect(check()).toBe('bundle, code cache hit');
    writeFileSync(p, bad.subarray(0, bad.length >> 1)); // cut short
    expect(check()).toBe(`bundle, code cache rejected, written to ${p}`);
    writeFileSync(p, Buffer.alloc(16));
    expect(check()).toBe(`bundle, code cache rejected, written to ${p}`);
    expect(check()).toBe('bundle, code cache hit');
  });

  it('node options: a process started with them keeps its own cache; V8 rejects one made under other flags', () => {
    const plain = readdirSync(userCache);
    const withFlags = check(['--no-opt']);
    expect(withFlags).toMatch(/^bundle, code cache missing, written to .*-[0-9a-f]{8}\.v8cache$/);
    expect(check(['--no-opt'])).toBe('bundle, code cache hit');
    expect(check()).toBe('bundle, code cache hit'); // the plain run's cache is untouched
    // A whole, intact file made under --no-opt, put where a plain run looks: V8's own check refuses it.
    const flagged = withFlags.slice(withFlags.indexOf('written to ') + 'written to '.length);
    cpSync(flagged, join(userCache, plain[0]!));
    expect(check()).toBe(`bundle, code cache rejected, written to ${join(userCache, plain[0]!)}`);
    expect(check()).toBe('bundle, code cache hit');
  });

  it('unwritable: the check answers the same and nothing is written', () => {
    const blocker = file('a-file', 'not a folder\n');
    const { trace, rest } = traced(bin, ['check', twoA, twoB], { BROOK_CACHE_DIR: join(blocker, 'cache') });
    expect(trace).toBe('bundle, code cache missing');
    expect(rest).toBe(expected.stderr);
    const r = brook(bin, ['check', generated], { BROOK_CACHE_DIR: join(blocker, 'cache') });
    expect(r).toEqual({ status: 0, stdout: '', stderr: '' });
  });

  it('a built module rewritten with the same bytes keeps the bundle; a changed one makes it stale', () => {
    const input = join(pkgCli, manifest.inputs.find((i) => i.path.endsWith('compiler/lex.js'))!.path);
    const later = new Date(statSync(input).mtimeMs + 60_000);
    utimesSync(input, later, later); // what tsc does to every file it builds
    expect(check()).toBe('bundle, code cache hit');
    appendFileSync(input, '\n// rebuilt\n');
    expect(check()).toBe('modules (stale)');
    expect(brook(bin, ['check', twoA, twoB], env)).toEqual(expected);
    rmSync(join(pkgCli, 'check.bundle.json'));
    expect(check()).toBe('modules (absent)');
  });
});

/** The parts of the package a check has no use for: the notebook kernel and magics, the runtime's
 *  backends, host library and profiler, the runtime's entry (brt/index.js), and npm packages. */
const NOT_FOR_CHECK = /^(node_modules\/|dist\/(kernel|magics|bench)\/|dist\/runtime\/(backends|hostlib|profile)\/|dist\/runtime\/brt\/index\.js)/;

describe('what a check loads', () => {
  it('the bundle holds the compiler and the libraries, nothing of the kernel, backends or runtime, and needs only Node', () => {
    const inputs = manifest.inputs.map((i) => relative(root, join(cliDir, i.path)));
    expect(inputs).toContain('dist/runtime/compiler/index.js');
    expect(inputs).toContain('dist/runtime/library/index.js');
    for (const i of inputs) expect(i).toMatch(/^dist\/(cli|runtime\/compiler|runtime\/library|runtime\/brt\/native\.js)/);
    expect(inputs.filter((i) => NOT_FOR_CHECK.test(i))).toEqual([]);
    const source = readFileSync(join(cliDir, manifest.bundle.path), 'utf8');
    const required = [...source.matchAll(/\brequire\("([^"]+)"\)/g)].map((m) => m[1]!);
    expect(required.length).toBeGreaterThan(0);
    for (const r of required) expect(builtinModules.includes(r.replace(/^node:/, '')), r).toBe(true);
  });

  /** Module URLs a `brook check` process loads: ES modules from a loader hook, CommonJS ones from
   *  Module.prototype._compile (require() does not pass through ES module hooks in Node 20). */
  function loadedModules(env: Record<string, string>): string[] {
    const hooks = file('hooks/hooks.mjs', `export async function load(url, ctx, next) { process.stderr.write('LOADED ' + url + '\\n'); return next(url, ctx); }\n`);
    const trace = file(
      'hooks/trace.cjs',
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
    const r = spawnSync(process.execPath, ['--require', trace, join(root, 'bin', 'brook.js'), 'check', generated], { encoding: 'utf8', env: { ...plainEnv, ...env, BROOK_CACHE_DIR: join(dir, 'hooks-cache') } });
    expect(r.status, r.stderr).toBe(0);
    const loaded = r.stderr.split('\n').filter((l) => l.startsWith('LOADED ')).map((l) => l.slice('LOADED '.length));
    return [...new Set(loaded)].filter((u) => !u.endsWith('/hooks/trace.cjs'));
  }

  it('with the bundle: three modules of ours and Node built-ins, nothing else', () => {
    const ours = loadedModules({}).filter((u) => u.startsWith('file:')).map((u) => relative(root, new URL(u).pathname));
    expect(ours.sort()).toEqual(['bin/brook.js', 'dist/cli/bundle-loader.cjs', 'dist/common/code-cache.cjs']);
  });

  it('from the modules: the compiler and the CLI, nothing of the kernel, backends, zeromq, webgpu or vega', () => {
    const all = loadedModules({ BROOK_CHECK_LOADER: 'modules' });
    const ours = all.filter((u) => u.startsWith('file:')).map((u) => relative(root, new URL(u).pathname));
    expect(ours.length).toBeGreaterThan(40);
    expect(ours.filter((p) => NOT_FOR_CHECK.test(p))).toEqual([]);
    expect(all.filter((u) => /webgpu|zeromq|vega|arquero|jupyterlab|resvg/.test(u))).toEqual([]);
  });
});

describe('code cache names under Node options', () => {
  const nameUnder = (options: string[]): string => {
    // A script file, not -e: the eval option would be in execArgv itself.
    const script = file('cache-name.cjs', `process.stdout.write(require(${JSON.stringify(join(root, 'dist', 'common', 'code-cache.cjs'))}).cacheFileName('/x/check.bundle.cjs', 'ab'.repeat(32)))`);
    const r = spawnSync(process.execPath, [...options, script], { encoding: 'utf8', env: { ...process.env, NODE_OPTIONS: '' }, cwd: dir });
    expect(r.status, r.stderr).toBe(0);
    return r.stdout;
  };

  it('a profiled process (--cpu-prof, any folder) uses the plain run cache; a V8 flag names its own', () => {
    const plain = nameUnder([]);
    expect(plain).toMatch(/^check\.bundle-abababababababab-node[\d.]+-\w+\.v8cache$/);
    expect(nameUnder(['--cpu-prof', `--cpu-prof-dir=${join(dir, 'p1')}`])).toBe(plain);
    expect(nameUnder(['--heap-prof', `--heap-prof-dir=${join(dir, 'p2')}`])).toBe(plain);
    const flagged = nameUnder(['--max-lazy']);
    expect(flagged).not.toBe(plain);
    expect(flagged.startsWith(plain.replace(/\.v8cache$/, '-'))).toBe(true);
  });
});
