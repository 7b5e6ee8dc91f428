/**
 * The package as a user gets it: `npm pack` of this checkout, installed into an empty folder with
 * `npm install ./brook-notebook-*.tgz` (dependencies from the npm registry), then used through nothing
 * but that install: `npx brook install --prefix`, the tour notebook executed by Jupyter's nbconvert on
 * that kernelspec, `npx brook run` on the example the package ships, and the package's exports imported.
 * Only the tarball is copied out of the clone; the notebook comes out of the installed package, into the
 * user's folder, as a user would copy it.
 *
 * Slow by nature (the install fetches about 150 packages): one file, generous time limits. The build it
 * packs is the one tests/global-setup.ts made, so `npm pack --ignore-scripts` does not rebuild.
 */
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');
const tmp = mkdtempSync(join(tmpdir(), 'brook-tarball-'));
const app = join(tmp, 'app');
const prefix = join(tmp, 'prefix');
const installed = join(app, 'node_modules', 'brook-notebook');
const MINUTES = 60_000;

/** The environment of a user's shell: none of the npm script variables of the `npm test` running us. */
const { BROOK_BACKEND: _b, BRT_RUNTIME: _r, BROOK_REQUIRE_GPU: _q, INIT_CWD: _i, ...inherited } = process.env;
const userEnv: Record<string, string | undefined> = Object.fromEntries(
  Object.entries(inherited).filter(([k]) => !/^npm_(lifecycle|package|config_(?!cache$|registry$|userconfig$))/i.test(k)),
);
userEnv.BROOK_CACHE_DIR = join(tmp, 'brook-cache');
const jupyterEnv = { ...userEnv, JUPYTER_PATH: join(prefix, 'share', 'jupyter'), JUPYTER_DATA_DIR: join(tmp, 'jupyter-data'), JUPYTER_CONFIG_DIR: join(tmp, 'jupyter-config'), JUPYTER_RUNTIME_DIR: join(tmp, 'jupyter-runtime') };

function sh(command: string, args: string[], cwd: string, timeout: number, env = userEnv): SpawnSyncReturns<string> {
  const r = spawnSync(command, args, { cwd, env, encoding: 'utf8', timeout, maxBuffer: 64 * 1024 * 1024 });
  if (r.error) throw r.error;
  return r;
}
const fail = (what: string, r: SpawnSyncReturns<string>) => `${what} exited ${r.status}:\n${r.stdout}\n${r.stderr}`;

interface PackedFile { path: string; size: number }
let packed: { filename: string; size: number; files: PackedFile[] };
let installLog: string;

beforeAll(() => {
  mkdirSync(join(tmp, 'pack'));
  const pack = sh('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', join(tmp, 'pack')], root, 5 * MINUTES);
  expect(pack.status, fail('npm pack', pack)).toBe(0);
  packed = (JSON.parse(pack.stdout) as (typeof packed)[])[0]!;
  mkdirSync(app);
  copyFileSync(join(tmp, 'pack', packed.filename), join(app, packed.filename));
  const install = sh('npm', ['install', '--no-audit', '--no-fund', `./${packed.filename}`], app, 12 * MINUTES);
  installLog = install.stdout + install.stderr;
  expect(install.status, fail('npm install of the tarball', install)).toBe(0);
}, 20 * MINUTES);

// The install is about 300 MB: gone with the test (KEEP_TARBALL_TEST=1 keeps it to look at).
afterAll(() => {
  if (process.env.KEEP_TARBALL_TEST !== '1') rmSync(tmp, { recursive: true, force: true });
});

describe('npm pack: what the tarball holds', () => {
  it('the built code, bin, lib, the example, the tour, the README, the licence and the shrinkwrap: nothing of the clone besides', () => {
    const paths = packed.files.map((f) => f.path);
    for (const p of ['package.json', 'README.md', 'LICENSE', 'npm-shrinkwrap.json', 'bin/brook.js', 'bin/package.json', 'lib/brook/blas.br',
      'dist/cli/main.js', 'dist/cli/run.bundle.cjs', 'dist/cli/check.bundle.cjs', 'dist/kernel/kernel.js', 'dist/kernel/install.js',
      'dist/magics/index.js', 'dist/runtime/library/blas/index.js', 'dist/bench/apps/size.js', 'examples/saxpy.br', 'notebooks/tour.ipynb']) {
      expect(paths, p).toContain(p);
    }
    const allowed = /^(package\.json|README\.md|LICENSE|npm-shrinkwrap\.json|bin\/[\w.-]+\.js(on)?|lib\/brook\/[\w-]+\.br|examples\/[\w-]+\.br|notebooks\/tour\.ipynb|dist\/[\w/.@-]+)$/;
    expect(paths.filter((p) => !allowed.test(p))).toEqual([]);
    expect(paths.filter((p) => /\.map$|\.v8cache$|^dist\/fuzz\/|\.ts$/.test(p))).toEqual([]);
  });

  it('the README states the tarball size, and it is right (within 15%)', () => {
    const readme = readFileSync(join(root, 'README.md'), 'utf8');
    const m = /tarball of about ([\d.]+) MB/.exec(readme);
    expect(m, 'README: "a tarball of about N MB"').not.toBeNull();
    const stated = Number(m![1]) * 1e6;
    console.log(`tarball: ${packed.size} bytes, ${packed.files.length} files (README: about ${m![1]} MB)`);
    expect(Math.abs(packed.size - stated) / stated).toBeLessThan(0.15);
  });
});

describe('npm install ./brook-notebook-*.tgz into an empty folder', () => {
  it('installs without building (no prepare from a tarball) and with dist/ in place', () => {
    // npm's install-scripts notice may quote the prepare script; its one line must not have been printed.
    expect(installLog).not.toMatch(/^brook-notebook: building|^> brook-notebook@[\d.]+ (prepare|build)/m);
    expect(existsSync(join(installed, 'dist', 'cli', 'main.js'))).toBe(true);
    // Nothing to build from: no sources, no tsconfig, no build scripts came along.
    for (const p of ['tsconfig.json', 'scripts', 'cli', 'runtime', 'kernel', 'tests']) expect(existsSync(join(installed, p)), p).toBe(false);
    expect(existsSync(join(installed, 'tsconfig.json'))).toBe(false);
  });

  it("npm 11's install-scripts notice names what the README says, and the README's commands settle it", () => {
    const listed = [...installLog.matchAll(/^npm warn install-scripts {3}(\S+?)@/gm)].map((m) => m[1]);
    expect(listed.filter((n) => !['brook-notebook', 'webgpu', 'zeromq'].includes(n!))).toEqual([]);
    const [major, minor] = sh('npm', ['--version'], app, MINUTES).stdout.trim().split('.').map(Number) as [number, number];
    if (major < 11 || (major === 11 && minor < 16)) return; // before npm 11.16: no allowScripts, no notice
    for (const args of [['install-scripts', 'approve', 'webgpu', 'zeromq'], ['install-scripts', 'deny', 'brook-notebook']]) {
      const r = sh('npm', args, app, 2 * MINUTES);
      expect(r.status, fail(`npm ${args.join(' ')}`, r)).toBe(0);
    }
    const again = sh('npm', ['install', '--no-audit', '--no-fund'], app, 5 * MINUTES);
    expect(again.status, fail('npm install', again)).toBe(0);
    expect(again.stdout + again.stderr).not.toMatch(/install-scripts/);
  }, 8 * MINUTES);

  it('resolves what CI tested: the pinned versions, and the @uwdata/flechette that lets arquero install', () => {
    const shrinkwrap = JSON.parse(readFileSync(join(installed, 'npm-shrinkwrap.json'), 'utf8')) as { packages: Record<string, { version?: string; dependencies?: Record<string, string> }> };
    const pkg = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
    for (const name of Object.keys(pkg.dependencies)) {
      const at = [join(installed, 'node_modules', name), join(app, 'node_modules', name)].find((d) => existsSync(d))!;
      const version = (JSON.parse(readFileSync(join(at, 'package.json'), 'utf8')) as { version: string }).version;
      expect({ name, version }).toEqual({ name, version: shrinkwrap.packages[`node_modules/${name}`]!.version });
    }
    // arquero's own copy, wherever npm put it: the one arquero loads.
    const r = sh(process.execPath, ['-e', "const m=require('module').createRequire(require.resolve('arquero'));console.log(m('@uwdata/flechette/package.json').version)"], installed, MINUTES);
    expect(r.stdout.trim()).toBe(shrinkwrap.packages['node_modules/@uwdata/flechette']!.version);
  });
});

describe('using the installed package', () => {
  it('npx brook run on the shipped example prints what a float64 computation of it gives', () => {
    const r = sh('npx', ['--no-install', 'brook', 'run', join('node_modules', 'brook-notebook', 'examples', 'saxpy.br')], app, 3 * MINUTES, { ...userEnv, BROOK_RUN_TRACE: '1' });
    expect(r.status, fail('brook run', r)).toBe(0);
    // The shipped bundle ran: it and every module it was made from match its manifest (cli/bundle-loader.cts).
    expect(r.stderr).toMatch(/^brook: run loader: bundle, code cache missing, written to .*\n/m);
    // saxpy(2, x, y) with x[i] = (i, 2i, 3i, 4i), y[i] = 1, i < 8, then the sum of each component.
    const rows = Array.from({ length: 8 }, (_, i) => [1, 2, 3, 4].map((c) => 2 * c * i + 1));
    const sums = [0, 1, 2, 3].map((c) => rows.reduce((s, row) => s + row[c]!, 0));
    expect(r.stdout).toContain(rows.map((row) => `{${row.map((v) => v.toFixed(2)).join(', ')}}`).join(''));
    expect(r.stdout).toContain(`sum: ${sums.map((v) => v.toFixed(1)).join(' ')}\n`);
    // On the default backend: nothing on stderr but, with only a software adapter, the one line saying so.
    expect(r.stderr.split('\n').filter((l) => !/^Warning: max\w+ artificially reduced|^brook: run loader: /.test(l)).join('\n')).toMatch(/^(brook: running on the CPU backend: the only WebGPU adapter is \S+, a software renderer .*\n)?$/);
  }, 4 * MINUTES);

  it('the exports resolve from the install: brook-notebook/blas and every brook-notebook/apps/*', () => {
    const apps = readdirSync(join(installed, 'dist', 'bench', 'apps')).filter((f) => f.endsWith('.js')).map((f) => f.slice(0, -3));
    expect(apps).toContain('size');
    const script = `const names = ${JSON.stringify(apps)};
      const blas = await import('brook-notebook/blas');
      for (const n of names) await import('brook-notebook/apps/' + n);
      console.log(typeof blas.Blas, names.length);`;
    const r = sh(process.execPath, ['--input-type=module', '-e', script], app, 2 * MINUTES);
    expect(r.status, fail('import', r)).toBe(0);
    expect(r.stdout.trim()).toBe(`function ${apps.length}`);
  });

  it("TypeScript cells are checked against Node's types from the install: a misspelt process.env is a located error", () => {
    const cell = (source: string) => ({ cell_type: 'code', execution_count: null, metadata: {}, outputs: [], source });
    const notebook = (source: string) => JSON.stringify({ cells: [cell(source)], metadata: {}, nbformat: 4, nbformat_minor: 5 });
    writeFileSync(join(app, 'typo.ipynb'), notebook("const home = process.evn.HOME;"));
    const bad = sh('npx', ['--no-install', 'brook', 'execute', 'typo.ipynb'], app, 3 * MINUTES);
    expect(bad.status, fail('brook execute typo.ipynb', bad)).toBe(1);
    expect(bad.stderr).toMatch(/Property 'evn' does not exist on type 'Process'/);
    expect(bad.stderr).toMatch(/\n {2}1 \| const home = process\.evn\.HOME;\n {4}\| {22}\^{3}\n/);
    writeFileSync(join(app, 'typed.ipynb'), notebook("const n: number = Buffer.from('abc').length + (process.env.NO_SUCH_VARIABLE?.length ?? 0);\nn"));
    const good = sh('npx', ['--no-install', 'brook', 'execute', 'typed.ipynb'], app, 3 * MINUTES);
    expect(good.status, fail('brook execute typed.ipynb', good)).toBe(0);
    const outputs = (JSON.parse(readFileSync(join(app, 'typed.ipynb'), 'utf8')) as { cells: { outputs: { data?: Record<string, string> }[] }[] }).cells[0]!.outputs;
    expect(outputs.map((o) => o.data?.['text/plain'])).toEqual(['3']);
  }, 6 * MINUTES);

  it('npx brook install --prefix, then nbconvert executes the tour on that kernelspec, every value right', () => {
    const inst = sh('npx', ['--no-install', 'brook', 'install', '--prefix', prefix], app, 2 * MINUTES);
    expect(inst.status, fail('brook install', inst)).toBe(0);
    const spec = JSON.parse(readFileSync(join(prefix, 'share', 'jupyter', 'kernels', 'brook', 'kernel.json'), 'utf8')) as { argv: string[] };
    expect(spec.argv[1]).toBe(join(installed, 'bin', 'brook.js'));

    copyFileSync(join(installed, 'notebooks', 'tour.ipynb'), join(app, 'tour.ipynb'));
    const nb = sh('/usr/bin/python3', ['-m', 'nbconvert', '--to', 'notebook', '--execute', 'tour.ipynb', '--output', 'tour.out.ipynb',
      '--ExecutePreprocessor.kernel_name=brook', '--ExecutePreprocessor.timeout=300'], app, 8 * MINUTES, jupyterEnv);
    expect(nb.status, fail('nbconvert --execute', nb)).toBe(0);

    type Cell = { cell_type: string; source: string | string[]; metadata: { tags?: string[] }; execution_count: number | null; outputs: { output_type: string; text?: string | string[]; data?: Record<string, unknown>; ename?: string }[] };
    const cells = (JSON.parse(readFileSync(join(app, 'tour.out.ipynb'), 'utf8')) as { cells: Cell[] }).cells.filter((c) => c.cell_type === 'code');
    const join1 = (t: string | string[] | undefined) => (Array.isArray(t) ? t.join('') : (t ?? ''));
    for (const c of cells) {
      expect(c.execution_count, join1(c.source)).not.toBeNull();
      const errors = c.outputs.filter((o) => o.output_type === 'error');
      expect(errors.length, join1(c.source)).toBe(c.metadata.tags?.includes('raises-exception') ? 1 : 0);
    }
    const text = cells.flatMap((c) => c.outputs).map((o) => join1(o.text) + join1(o.data?.['text/plain'] as string | string[] | undefined)).join('\n');
    // After saxpy(3, x, y): result.x[i] = 3 * i + 1 for i < 1024 (x's components are i/4 for index i).
    let sum = 0;
    for (let i = 0; i < 1024; i++) sum += 3 * i + 1;
    expect(text).toContain(`sum of result.x = ${sum.toFixed(1)}`);
    // xs = result.x after the reduction cell: 3 * i + 1.
    expect(join1(cells.at(-1)!.outputs[0]!.data!['text/plain'] as string)).toBe(`Float32Array(4) [ ${[0, 1, 2, 3].map((i) => 3 * i + 1).join(', ')} ]`);
    // The saxpy cell draws its plot as Vega-Lite and PNG: the chart stack came with the install.
    expect(cells.some((c) => c.outputs.some((o) => o.data?.['application/vnd.vegalite.v5+json'] && o.data['image/png']))).toBe(true);
    // The error cell: the caret under the unknown name.
    const err = cells.find((c) => c.metadata.tags?.includes('raises-exception'))!.outputs.find((o) => o.output_type === 'error')!;
    expect(err.ename).toBe('BrookCompileError');
    expect((err as unknown as { traceback: string[] }).traceback.join('\n')).toMatch(/cell\[\d+\]:3:11: error: BRK2001: unknown identifier 'factor'\n 3 \|   b = a \* factor;\n   \|           \^~~~~~/);
  }, 10 * MINUTES);
});
