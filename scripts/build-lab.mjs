// The last step of `npm run build`: the `brook lab` page. esbuild bundles lab/index.ts and the pinned
// npm @jupyterlab packages it imports (devDependencies) into dist/lab/brook-lab/: index.html,
// index.js, index.css and the fonts the CSS names. `brook lab` (cli/lab.ts) serves dist/lab with
// Debian's jupyter_server as a static path, so the page is /static/brook-lab/index.html.
//
// JupyterLab's own build is webpack/rspack; what esbuild needs in its place:
// - CSS imports written `~@pkg/file.css` (webpack's node_modules prefix): a resolver drops the `~`;
// - SVG icons and Markdown imported from JavaScript as strings (text loader); SVG named in CSS url()
//   as data: URLs of type image/svg+xml (JupyterLab's --jp-icon-* variables); fonts as files next
//   to the bundle, woff2 only for Font Awesome (every browser JupyterLab 4 supports reads woff2, and
//   picks it first from the src list; its eot, ttf, woff and 2.4 MB SVG-font fallbacks are left out);
// - `process.env` and `global`, which some packages read, defined for the browser;
// - only the TypeScript and Markdown grammars (lab/index.ts registers those two): the other ~100 that
//   @jupyterlab/codemirror's language list loads on demand (about 1 MB) become a module that throws;
// - one copy of each dual (CommonJS + ES module) package: a require() resolves as an import would.
//   Otherwise yjs comes in twice (a CommonJS package requires it, the rest import it) and every cell
//   breaks ("Not same Y.Doc"). The build fails if a package still comes in from two files.
//
// Without esbuild or the @jupyterlab packages (an install without devDependencies) it says so and
// stops: `brook lab` then says the page is not built; everything else works.
import { copyFileSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const outdir = join(root, 'dist', 'lab', 'brook-lab');

let esbuild;
try {
  esbuild = await import('esbuild');
  await import('@jupyterlab/notebook/package.json', { with: { type: 'json' } });
} catch {
  console.log('build-lab: esbuild or the @jupyterlab packages are not installed (devDependencies); the `brook lab` page is not built');
  process.exit(0);
}

const started = performance.now();
rmSync(join(root, 'dist', 'lab'), { recursive: true, force: true });
mkdirSync(outdir, { recursive: true });

/** `@import url('~@lumino/widgets/style/index.css')` means the package's file, as webpack reads it. */
const tildeImports = {
  name: 'tilde-imports',
  setup(build) {
    build.onResolve({ filter: /^~/ }, (args) => build.resolve(args.path.slice(1), { kind: args.kind, resolveDir: args.resolveDir }));
  },
};

/** SVG in CSS url(): a data: URL with the SVG's own type; Font Awesome's fallback formats: left out
 *  (the url stays as written, naming a file the page does not have and no browser asks for). */
const cssUrls = {
  name: 'css-urls',
  setup(build) {
    build.onResolve({ filter: /\.(svg|eot|ttf|woff)([?#].*)?$/ }, async (args) => {
      if (args.kind !== 'url-token' || args.pluginData === 'css-url') return undefined;
      if (/[\\/]@fortawesome[\\/]/.test(args.importer)) return { path: args.path, external: true };
      if (!/\.svg([?#].*)?$/.test(args.path)) return undefined;
      const r = await build.resolve(args.path.replace(/[?#].*$/, ''), { kind: args.kind, resolveDir: args.resolveDir, pluginData: 'css-url' });
      if (r.errors.length) return undefined;
      // An external path is written into the CSS as it is: here, the data: URL itself.
      return { path: `data:image/svg+xml;base64,${readFileSync(r.path).toString('base64')}`, external: true };
    });
  },
};

/** @jupyterlab/codemirror's default language list imports every grammar on demand; the page never
 *  uses that list, so those imports get a module that says so if anything ever loads one. */
const onlyPageGrammars = {
  name: 'only-page-grammars',
  setup(build) {
    build.onResolve({ filter: /^@codemirror\/(lang-|legacy-modes\/)/ }, (args) => {
      if (args.kind !== 'dynamic-import' || !/[\\/]@jupyterlab[\\/]codemirror[\\/]lib[\\/]language\.js$/.test(args.importer)) return undefined;
      return { path: args.path, namespace: 'grammar-left-out' };
    });
    build.onLoad({ filter: /.*/, namespace: 'grammar-left-out' }, (args) => ({
      contents: `throw new Error(${JSON.stringify(`the brook lab page bundles the TypeScript and Markdown grammars only, not ${args.path} (scripts/build-lab.mjs)`)});`,
      loader: 'js',
    }));
  },
};

/** require('pkg') resolves to the file that import 'pkg' gets (the "import" condition). */
const oneCopyOfDualPackages = {
  name: 'one-copy-of-dual-packages',
  setup(build) {
    build.onResolve({ filter: /^[^./~]/ }, async (args) => {
      if (args.kind !== 'require-call' || args.pluginData === 'as-import') return undefined;
      const r = await build.resolve(args.path, { kind: 'import-statement', resolveDir: args.resolveDir, pluginData: 'as-import' });
      // Node's own modules (which a package's "browser" field leaves out) resolve as they would.
      return r.errors.length === 0 && !r.external && isAbsolute(r.path) ? { path: r.path, sideEffects: r.sideEffects } : undefined;
    });
  },
};

const result = await esbuild.build({
  entryPoints: { index: join(root, 'lab', 'index.ts') },
  bundle: true,
  platform: 'browser',
  format: 'iife',
  target: 'es2022',
  minify: true,
  outdir,
  logLevel: 'warning',
  // Font and image URLs in the CSS become files beside index.css.
  assetNames: '[name]-[hash]',
  loader: { '.svg': 'text', '.md': 'text', '.woff': 'file', '.woff2': 'file', '.ttf': 'file', '.eot': 'file', '.png': 'file', '.gif': 'file' },
  define: { 'process.env': '{}', global: 'globalThis' },
  metafile: true,
  plugins: [tildeImports, cssUrls, onlyPageGrammars, oneCopyOfDualPackages],
});
// Each package's entry must come in once: two of yjs's dist/ files means two Y.Doc classes.
const entries = Object.keys(result.metafile.inputs).filter((p) => /node_modules\/yjs\/dist\/yjs\.(c|m)js$/.test(p));
if (entries.length > 1) {
  console.error(`build-lab: yjs is bundled twice (${entries.join(', ')}); the page's cells would not work`);
  process.exit(1);
}
copyFileSync(join(root, 'lab', 'index.html'), join(outdir, 'index.html'));

const sizes = { js: 0, css: 0, other: 0 };
for (const f of readdirSync(outdir)) {
  const kind = f.endsWith('.js') ? 'js' : f.endsWith('.css') ? 'css' : 'other';
  sizes[kind] += statSync(join(outdir, f)).size;
}
const mib = (n) => (n / 1048576).toFixed(1);
console.log(
  `build-lab: dist/lab/brook-lab/ (${mib(sizes.js)} MiB JavaScript, ${mib(sizes.css)} MiB CSS, ${mib(sizes.other)} MiB fonts and page) in ${((performance.now() - started) / 1000).toFixed(1)} s`,
);
