// The second step of `npm run build`, after tsc: the bundles of `brook check` and `brook run` and
// their V8 code caches (cli/bundle-loader.cts says how bin/brook.js uses them; docs/DECISIONS.md
// "brook check: one bundle and a V8 code cache" and "brook run: the same bundle machinery" say why).
// For each command:
//
// 1. esbuild bundles its entry (dist/cli/check-entry.js, dist/cli/run-entry.js) and what it imports
//    into dist/cli/NAME.bundle.cjs (CommonJS, so that vm.Script can compile it with a code cache). The
//    build fails if anything the command does not need got in (FORBIDDEN below).
// 2. NAME.bundle.json lists the built modules it was made from, so a later tsc-only build that
//    changes one makes the bundle stale (bin/brook.js then loads the modules as before).
// 3. The bundle answers a few command lines (check: a generated 300-line program, one with errors,
//    one including the shipped BLAS library, the examples; run: the examples and the bench programs
//    at their smoke sizes, on the CPU and, where an adapter exists, on WebGPU), then V8 writes the
//    code of every function compiled meanwhile next to the bundle.
//
// Without esbuild (an install without devDependencies) it says so and stops: both commands still
// work, from the modules, at the old speed.
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const cliDir = join(root, 'dist', 'cli');
const require = createRequire(import.meta.url);
const { BUNDLES, MANIFEST_SCHEMA } = require(join(cliDir, 'bundle-loader.cjs'));
const { loadCommonJs } = require(join(root, 'dist', 'common', 'code-cache.cjs'));
const examples = join(root, 'examples');
const exampleFiles = readdirSync(examples).filter((f) => f.endsWith('.br')).map((f) => join(examples, f));

/** The bench programs (bench/programs/) at about their smoke sizes: the host library, the kernels'
 *  code generators and the backends' launch paths that real programs use. */
const RUN_TRAINING = [
  ['bench/programs/saxpy_loop.br', '10', '2'],
  ['bench/programs/sgemv_power.br', '64', '2'],
  ['bench/programs/fft2d.br', '16', '1'],
  ['bench/programs/segment.br', '32', '2'],
  ['bench/programs/sort.br', '8'],
  ['bench/programs/raytrace.br', '16', '8'],
];

/**
 * Per bundle: what it must not contain (built folders and files, relative to the root), what it
 * keeps out as an import of its own (`external`), the source rewrites that let esbuild see a
 * dynamic import (`rewrites`: each must match once, or the build fails), and how to train its cache.
 */
const SPECS = {
  check: {
    // Only the compiler, the libraries and the CLI's own files.
    forbidden: ['node_modules/', 'dist/kernel/', 'dist/magics/', 'dist/runtime/backends/', 'dist/runtime/hostlib/', 'dist/runtime/profile/', 'dist/runtime/brt/index.js', 'dist/bench/'],
    external: [],
    rewrites: [],
    train: trainCheck,
  },
  run: {
    // Nothing of the notebook side, the chart renderer (--profile's report) or any npm package.
    forbidden: ['node_modules/', 'dist/kernel/', 'dist/magics/', 'dist/bench/', 'dist/runtime/results/', 'dist/runtime/profile/index.js', 'dist/cli/main.js', 'dist/cli/profile-report.js'],
    // run-entry.ts leaves --profile to cli/main.ts, so the bundle never reaches this import.
    external: ['./profile-report.js'],
    rewrites: [
      // backends/index.ts loads the WebGPU backend on demand through a variable so that tsc-built ES modules
      // do not load it eagerly; in the bundle it stays lazy (esbuild's __esm wrappers run on import()).
      { file: 'dist/runtime/backends/index.js', from: /const path = '(\.\/webgpu\/index\.js)';\s*const mod = \(await import\(path\)\)/, to: "const mod = (await import('$1'))" },
      // The `webgpu` package is an ES module next to its native addon: a real import() (the loader's
      // __import, common/code-cache.cts), as the modules do, not a require of an ES module.
      { file: 'dist/runtime/backends/webgpu/device.js', from: /await import\('webgpu'\)/, to: "await __import('webgpu')" },
    ],
    train: trainRun,
  },
};

// No manifests until this build has succeeded: without one, bin/brook.js loads the modules.
for (const spec of Object.values(BUNDLES)) rmSync(join(cliDir, spec.manifest), { force: true });

let esbuild;
try {
  esbuild = await import('esbuild');
} catch {
  console.log('build-check-bundle: esbuild is not installed (devDependencies); `brook check` and `brook run` load their modules one by one');
  process.exit(0);
}

// The oldest Node the package supports (package.json engines), whatever Node builds it.
const target = `node${/\d+(\.\d+)*/.exec(JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).engines.node)[0]}`;

for (const [command, spec] of Object.entries(SPECS)) {
  const bundleFile = join(cliDir, `${command}.bundle.cjs`);
  const manifestFile = join(cliDir, BUNDLES[command].manifest);
  const rewritten = new Map(spec.rewrites.map((r) => [r, 0]));
  const result = await esbuild.build({
    entryPoints: [join(cliDir, `${command}-entry.js`)],
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target,
    // A vm.Script has no import() (common/code-cache.cts): esbuild turns the dynamic imports it leaves
    // (Node's own modules) into require(); the `webgpu` package goes through __import (rewrites).
    supported: { 'dynamic-import': false },
    outfile: bundleFile,
    metafile: true,
    logLevel: 'warning',
    // The libraries find lib/brook/ from their own URL; in the bundle that is the bundle's.
    define: { 'import.meta.url': '__bundleUrl' },
    banner: { js: "var __bundleUrl = require('node:url').pathToFileURL(__filename).href;" },
    plugins: [
      {
        name: 'brook-bundle',
        setup(build) {
          if (spec.external.length) {
            const names = new RegExp(`^(${spec.external.map((e) => e.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})$`);
            build.onResolve({ filter: names }, (a) => ({ path: a.path, external: true }));
          }
          if (spec.rewrites.length) {
            build.onLoad({ filter: /\.js$/ }, (a) => {
              const mine = spec.rewrites.filter((r) => relative(root, a.path) === r.file);
              if (!mine.length) return undefined;
              let text = readFileSync(a.path, 'utf8');
              for (const r of mine) {
                const next = text.replace(r.from, r.to);
                if (next !== text) rewritten.set(r, rewritten.get(r) + 1);
                text = next;
              }
              return { contents: text, loader: 'js', resolveDir: dirname(a.path) };
            });
          }
        },
      },
    ],
  });
  const missed = [...rewritten].filter(([, n]) => n !== 1).map(([r]) => `${r.file}: ${r.from}`);
  if (missed.length) {
    console.error(`build-check-bundle: the ${command} bundle's source rewrites no longer match (the module changed; update SPECS): ${missed.join('; ')}`);
    process.exit(1);
  }
  const inputs = Object.keys(result.metafile.inputs).map((p) => resolve(root, p));
  const bad = inputs.filter((p) => spec.forbidden.some((f) => relative(root, p).startsWith(f)));
  if (bad.length) {
    console.error(`build-check-bundle: the ${command} bundle must not contain ${bad.map((p) => relative(root, p)).join(', ')}: cli/${command}-entry.ts imports them (directly or not)`);
    process.exit(1);
  }
  const stamp = (p) => {
    const st = statSync(p);
    return { path: relative(cliDir, p), size: st.size, mtimeMs: st.mtimeMs, sha256: createHash('sha256').update(readFileSync(p)).digest('hex') };
  };
  const manifest = { schema: MANIFEST_SCHEMA, bundle: stamp(bundleFile), inputs: inputs.map(stamp) };

  // The code cache: train on a few command lines, then save what V8 compiled.
  const loaded = loadCommonJs(bundleFile, { sourceHash: manifest.bundle.sha256 });
  await spec.train(loaded.exports);
  // Caches of earlier builds are of other bytes: never used again.
  for (const f of readdirSync(cliDir)) if (f.startsWith(`${command}.bundle-`) && f.endsWith('.v8cache')) rmSync(join(cliDir, f), { force: true });
  const cacheFile = loaded.saveCache(cliDir);
  if (!cacheFile) {
    console.error(`build-check-bundle: could not write the code cache into ${cliDir}`);
    process.exit(1);
  }
  // Written last: the bundle is used only once everything above succeeded.
  writeFileSync(manifestFile, JSON.stringify(manifest, null, 1) + '\n');
  const kb = (p) => `${Math.round(statSync(p).size / 1024)} KiB`;
  console.log(`build-check-bundle: ${relative(root, bundleFile)} (${inputs.length} modules, ${kb(bundleFile)}), code cache ${relative(root, cacheFile)} (${kb(cacheFile)})`);
}

async function trainCheck(bundle) {
  const { programOfLines } = await import(pathToFileURL(join(root, 'dist', 'bench', 'startup.js')).href);
  const dir = mkdtempSync(join(tmpdir(), 'brook-check-train-'));
  try {
    const programs = [join(dir, 'generated300.br'), join(dir, 'errors.br'), join(dir, 'blas.br')];
    writeFileSync(programs[0], programOfLines(300));
    writeFileSync(programs[1], 'kernel void k(float a<>, out float b<>) { b = a * undefinedName; }\nint main(void) { float x = 1.0f; return x + missing(); }\n');
    writeFileSync(programs[2], '#include <brook/blas.br>\nint main(void) { return 0; }\n');
    programs.push(...exampleFiles);
    for (const p of programs) {
      const status = await bundle.checkEntry(['check', p], () => undefined);
      if (status === undefined) throw new Error(`build-check-bundle: the bundle did not check ${p}`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function trainRun(bundle) {
  const sink = { stdout: () => undefined, stderr: () => undefined, stdin: () => new Uint8Array(0), env: { ...process.env, BROOK_CPU_THREADS: '2' } };
  const lines = [...exampleFiles.map((f) => [f]), ...RUN_TRAINING.map(([f, ...a]) => [join(root, f), '--', ...a])];
  for (const backend of ['cpu', 'webgpu']) {
    for (const [file, ...rest] of lines) {
      const status = await bundle.runEntry(['run', file, '--backend', backend, ...rest], sink);
      if (status === undefined) throw new Error(`build-check-bundle: the run bundle did not run ${file}`);
      // No adapter here (status 2: the GPU was asked for and is not there): train on the CPU only.
      if (status === 2 && backend === 'webgpu') return;
      if (status !== 0) throw new Error(`build-check-bundle: the run bundle's training run of ${relative(root, file)} on ${backend} exited ${status}`);
    }
  }
}
