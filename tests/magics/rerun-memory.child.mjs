// Child process of rerun-memory.test.ts (its own process, so the resident set is this session's alone).
// argv: backend, runs. Prints one JSON line: resident set after the first and the last run, and checks.
import { readFileSync } from 'node:fs';
import { BrookSession } from '../../dist/magics/session.js';
import { BrookStream } from '../../dist/magics/handles.js';

const [backend, runsText, kind = 'streams'] = process.argv.slice(2);
const runs = Number(runsText);
const s = new BrookSession(() => ({ Z: new Float32Array(1_000_000).fill(2) }), { backend });
const sink = { stdout: () => {}, stderr: (t) => process.stderr.write(t) };
// streams: a kernel-made stream and a stream read from a TypeScript array, both 1M elements, every
// run. host: a 4 MiB host array; struct: a 1 MiB struct (issue 24: each run's globals used to stay).
const cells = {
  streams: 'kernel void fill(float z<>, out float o<>) { o = z + 1.0f; }\nfloat src<1000000>;\nfloat big<1000000>;\nstreamRead(src, Z);\nfill(src, big);\n',
  host: 'float host[1048576];\nhost[1048575] = host[1048575] + 2.5f;\n',
  struct: 'struct Big { float a[262144]; int n; };\nstruct Big big;\nbig.n = big.n + 7;\n',
};
const cell = cells[kind];
// The resident set once garbage is collected and given back: V8 unmaps freed pages on a background
// thread after a collection, so a sample taken at once can still hold tens of MB that are already
// free (under load it did: 1.7-1.9x for the same run that settles at 1.3x). Lowest of ten samples
// over a second.
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
async function rss() {
  let low = Infinity;
  for (let k = 0; k < 10; k++) {
    global.gc();
    await sleep(100);
    low = Math.min(low, process.memoryUsage().rss);
  }
  return low;
}
// What the resident set is made of at each sample (printed by the test when the ratio fails, so a
// CI failure says where the memory went): V8's heap, buffers outside it, anonymous and file pages.
const parts = {};
function describe(label) {
  const m = process.memoryUsage();
  const status = readFileSync('/proc/self/status', 'utf8');
  const kb = (name) => Number(new RegExp(`${name}:\\s+(\\d+) kB`).exec(status)?.[1] ?? NaN) >> 10;
  const mb = (n) => Math.round(n / 1048576);
  parts[label] = `heap ${mb(m.heapTotal)} MB, external ${mb(m.external)} MB (array buffers ${mb(m.arrayBuffers)}), anon ${kb('RssAnon')} MB, file ${kb('RssFile')} MB, threads ${/Threads:\s+(\d+)/.exec(status)?.[1]}`;
}
let first = 0;
let tenth = 0;
let maxLive = 0;
let replacedFreed = true;
for (let i = 1; i <= runs; i++) {
  const before = s.streamNamed('big');
  await s.runCell(cell, 1, `cell[${i}]`, sink);
  if (before && !before.freed) replacedFreed = false;
  maxLive = Math.max(maxLive, s.liveStreamCount());
  if (i === 1) { first = await rss(); describe('first'); }
  if (i === 10) { tenth = await rss(); describe('tenth'); }
}
const last = await rss();
describe('last');
let allThree = false;
let value;
if (kind === 'streams') {
  const values = await new BrookStream(s, 'big').toArray();
  allThree = values.length === 1_000_000 && values.every((v) => v === 3);
} else {
  // Each run starts from a zeroed global: the last run's value is one step's, not `runs` steps'.
  const last = await s.runCell(kind === 'host' ? 'host[1048575] + host[0]' : 'big.n + big.a[0]', 1, 'check', sink);
  value = Number(last?.value ?? last);
}
s.dispose();
console.log(JSON.stringify({ backend, kind, first, tenth, last, maxLive, replacedFreed, allThree, value, parts }));
