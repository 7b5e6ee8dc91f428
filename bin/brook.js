#!/usr/bin/env node
// Entry of the `brook` command: runs the built CLI (npm install builds dist/ through `prepare`).
import('../dist/cli/main.js').then((m) => m.main(process.argv.slice(2))).then(
  (code) => { process.exitCode = code; },
  (err) => { process.stderr.write(`brook: internal error: ${err?.stack ?? err}\n`); process.exitCode = 70; },
);
