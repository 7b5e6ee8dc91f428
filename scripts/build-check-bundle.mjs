// The second step of `npm run build`, after tsc: `brook check`'s bundle and its V8 code cache
// (cli/check-bundle.cts says how bin/brook.js uses them; docs/DECISIONS.md "brook check: one bundle and
// a V8 code cache" says why).
//
// 1. esbuild bundles dist/cli/check-entry.js and what it imports into dist/cli/check.bundle.cjs
//    (CommonJS, so that vm.Script can compile it with a code cache). The build fails if anything
//    `check` does not need got in (the kernel, the backends, the runtime, any npm package).
// 2. check.bundle.json lists the built modules it was made from, so a later tsc-only build that
//    changes one makes the bundle stale (bin/brook.js then loads the modules as before).
// 3. The bundle checks a few programs (a generated 300-line program, one with errors, one including
//    the shipped BLAS library, the examples), then V8 writes the code of every function compiled
//    meanwhile next to the bundle.
//
// Without esbuild (an install without devDependencies) it says so and stops: `brook check` still
// works, from the modules, at the old speed.
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const cliDir = join(root, 'dist', 'cli');
const bundleFile = join(cliDir, 'check.bundle.cjs');
const manifestFile = join(cliDir, 'check.bundle.json');

/** Built folders `check` must not pull in: only the compiler, the libraries and the CLI's own files. */
const FORBIDDEN = ['node_modules/', 'dist/kernel/', 'dist/magics/', 'dist/runtime/backends/', 'dist/runtime/hostlib/', 'dist/runtime/profile/', 'dist/runtime/brt/index.js', 'dist/bench/'];

// No manifest until this build has succeeded: without one, bin/brook.js loads the modules.
rmSync(manifestFile, { force: true });

let esbuild;
try {
  esbuild = await import('esbuild');
} catch {
  console.log('build-check-bundle: esbuild is not installed (devDependencies); `brook check` loads its modules one by one');
  process.exit(0);
}

const result = await esbuild.build({
  entryPoints: [join(cliDir, 'check-entry.js')],
  bundle: true,
  platform: 'node',
  format: 'cjs',
  // The oldest Node the package supports (package.json engines), whatever Node builds it.
  target: `node${/\d+(\.\d+)*/.exec(JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).engines.node)[0]}`,
  outfile: bundleFile,
  metafile: true,
  logLevel: 'warning',
  // The libraries find lib/brook/ from their own URL; in the bundle that is the bundle's.
  define: { 'import.meta.url': '__bundleUrl' },
  banner: { js: "var __bundleUrl = require('node:url').pathToFileURL(__filename).href;" },
});

const inputs = Object.keys(result.metafile.inputs).map((p) => resolve(root, p));
const bad = inputs.filter((p) => FORBIDDEN.some((f) => relative(root, p).startsWith(f)));
if (bad.length) {
  console.error(`build-check-bundle: the check bundle must not contain ${bad.map((p) => relative(root, p)).join(', ')}: cli/check-entry.ts imports them (directly or not)`);
  process.exit(1);
}
const stamp = (p) => {
  const st = statSync(p);
  return { path: relative(cliDir, p), size: st.size, mtimeMs: st.mtimeMs, sha256: createHash('sha256').update(readFileSync(p)).digest('hex') };
};
const manifest = { schema: 'brook-check-bundle/1', bundle: stamp(bundleFile), inputs: inputs.map(stamp) };
writeFileSync(manifestFile, JSON.stringify(manifest, null, 1) + '\n');

// The code cache: train on a few programs, then save what V8 compiled.
const { loadCommonJs } = createRequire(import.meta.url)(join(cliDir, 'code-cache.cjs'));
const { programOfLines } = await import(pathToFileURL(join(root, 'dist', 'bench', 'startup.js')).href);
const loaded = loadCommonJs(bundleFile, { sourceHash: manifest.bundle.sha256 });
const dir = mkdtempSync(join(tmpdir(), 'brook-check-train-'));
try {
  const programs = [join(dir, 'generated300.br'), join(dir, 'errors.br'), join(dir, 'blas.br')];
  writeFileSync(programs[0], programOfLines(300));
  writeFileSync(programs[1], 'kernel void k(float a<>, out float b<>) { b = a * undefinedName; }\nint main(void) { float x = 1.0f; return x + missing(); }\n');
  writeFileSync(programs[2], '#include <brook/blas.br>\nint main(void) { return 0; }\n');
  const examples = join(root, 'examples');
  for (const f of readdirSync(examples)) if (f.endsWith('.br')) programs.push(join(examples, f));
  for (const p of programs) {
    const status = await loaded.exports.checkEntry(['check', p], () => undefined);
    if (status === undefined) throw new Error(`build-check-bundle: the bundle did not check ${p}`);
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
// Caches of earlier builds are of other bytes: never used again.
for (const f of readdirSync(cliDir)) if (f.startsWith('check.bundle-') && f.endsWith('.v8cache')) rmSync(join(cliDir, f), { force: true });
const cacheFile = loaded.saveCache(cliDir);
if (!cacheFile) {
  console.error(`build-check-bundle: could not write the code cache into ${cliDir}`);
  process.exit(1);
}
const kb = (p) => `${Math.round(statSync(p).size / 1024)} KiB`;
console.log(`build-check-bundle: ${relative(root, bundleFile)} (${inputs.length} modules, ${kb(bundleFile)}), code cache ${relative(root, cacheFile)} (${kb(cacheFile)})`);
