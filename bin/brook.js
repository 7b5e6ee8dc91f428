#!/usr/bin/env node
// Entry of the `brook` command: runs the built CLI (npm install builds dist/ through `prepare`).
// `brook check` first tries the bundle with its V8 code cache (dist/cli/check-bundle.js: a cold check
// in about half the time); it answers undefined when the full CLI must answer instead.
const argv = process.argv.slice(2);
const bundled = argv[0] === 'check'
  ? import('../dist/cli/check-bundle.js').then(
    (m) => m.checkWithBundle(argv, process.env, undefined, process.env.BROOK_CHECK_TRACE === '1' ? traceLoader : undefined),
    () => undefined, // an older build without it
  )
  : Promise.resolve(undefined);
bundled.then((code) => code ?? import('../dist/cli/main.js').then((m) => m.main(argv))).then(
  (code) => { process.exitCode = code; },
  (err) => { process.stderr.write(`brook: internal error: ${err?.stack ?? err}\n`); process.exitCode = 70; },
);

/** BROOK_CHECK_TRACE=1: one line on stderr saying how `brook check` was loaded (bench/startup.ts reads it). */
function traceLoader(r) {
  const how = r.loader === 'bundle' ? `bundle, code cache ${r.cache}${r.cacheWritten ? `, written to ${r.cacheWritten}` : ''}` : `modules (${r.reason})`;
  process.stderr.write(`brook: check loader: ${how}\n`);
}
