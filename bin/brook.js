#!/usr/bin/env node
// Entry of the `brook` command: runs the built CLI (npm install builds dist/ through `prepare`).
// CommonJS (bin/package.json), so that `brook check` never starts the ES module loader: it tries the
// bundle with its V8 code cache first (dist/cli/check-bundle.cjs), which answers undefined when the
// full CLI (ES modules) must answer instead.
'use strict';
const argv = process.argv.slice(2);
let bundled;
if (argv[0] === 'check') {
  let loader;
  try {
    loader = require('../dist/cli/check-bundle.cjs');
  } catch {
    loader = undefined; // a build from before the bundle
  }
  const trace = process.env.BROOK_CHECK_TRACE === '1' ? traceLoader : undefined;
  bundled = loader ? Promise.resolve().then(() => loader.checkWithBundle(argv, process.env, undefined, trace)) : Promise.resolve(undefined);
} else bundled = Promise.resolve(undefined);
bundled.then((code) => code ?? import('../dist/cli/main.js').then((m) => m.main(argv))).then(
  (code) => { process.exitCode = code; },
  (err) => { process.stderr.write(`brook: internal error: ${err?.stack ?? err}\n`); process.exitCode = 70; },
);

/** BROOK_CHECK_TRACE=1: one line on stderr saying how `brook check` was loaded (bench/startup.ts reads it). */
function traceLoader(r) {
  const how = r.loader === 'bundle' ? `bundle, code cache ${r.cache}${r.cacheWritten ? `, written to ${r.cacheWritten}` : ''}` : `modules (${r.reason})`;
  process.stderr.write(`brook: check loader: ${how}\n`);
}
