#!/usr/bin/env node
// Entry of the `brook` command: runs the built CLI (npm install builds dist/ through `prepare`).
// CommonJS (bin/package.json), so that `brook check` and `brook run` never start the ES module loader
// for our own code: each tries its bundle with its V8 code cache first (dist/cli/bundle-loader.cjs),
// which answers undefined when the full CLI (ES modules) must answer instead.
'use strict';
const argv = process.argv.slice(2);
const command = argv[0];
// stderr to a file (`> log 2>&1`): run behind one FIFO so no line is lost (cli/stdio-relay.cts; loaded
// only then, so the usual start loads no more of our files).
let relayed;
if ((command === 'run' || command === 'execute') && stderrIsFile()) {
  try {
    const relay = require('../dist/cli/stdio-relay.cjs');
    if (relay.relayNeeded(command, process.env)) relayed = relay.runRelayed(__filename, argv);
  } catch {
    relayed = undefined; // a build from before the relay
  }
}
let bundled = Promise.resolve(undefined);
if (relayed) {
  bundled = relayed;
} else if (command === 'check' || command === 'run') {
  let loader;
  try {
    loader = require('../dist/cli/bundle-loader.cjs');
  } catch {
    loader = undefined; // a build from before the bundles
  }
  const traceVar = command === 'check' ? 'BROOK_CHECK_TRACE' : 'BROOK_RUN_TRACE';
  const trace = process.env[traceVar] === '1' ? (r) => traceLoader(command, r) : undefined;
  if (loader) bundled = Promise.resolve().then(() => loader.runBundled(command, argv, process.env, undefined, trace));
}
bundled.then((code) => code ?? import('../dist/cli/main.js').then((m) => m.main(argv))).then(
  (code) => { process.exitCode = code; },
  (err) => { process.stderr.write(`brook: internal error: ${err?.stack ?? err}\n`); process.exitCode = 70; },
);

/** BROOK_CHECK_TRACE=1 / BROOK_RUN_TRACE=1: one line on stderr saying how the command was loaded
 *  (bench/startup.ts reads it). */
function traceLoader(command, r) {
  const how = r.loader === 'bundle' ? `bundle, code cache ${r.cache}${r.cacheWritten ? `, written to ${r.cacheWritten}` : ''}` : `modules (${r.reason})`;
  process.stderr.write(`brook: ${command} loader: ${how}\n`);
}

function stderrIsFile() {
  try {
    return require('node:fs').fstatSync(2).isFile();
  } catch {
    return false;
  }
}
