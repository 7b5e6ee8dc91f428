// Child process of rerun-memory.test.ts (its own process, so the resident set is this session's alone).
// argv: backend, runs. Prints one JSON line: resident set after the first and the last run, and checks.
import { BrookSession } from '../../dist/magics/session.js';
import { BrookStream } from '../../dist/magics/handles.js';

const [backend, runsText] = process.argv.slice(2);
const runs = Number(runsText);
const s = new BrookSession(() => ({ Z: new Float32Array(1_000_000).fill(2) }), { backend });
const sink = { stdout: () => {}, stderr: (t) => process.stderr.write(t) };
// A kernel-made stream and a stream read from a TypeScript array, both 1M elements, every run.
const cell = 'kernel void fill(float z<>, out float o<>) { o = z + 1.0f; }\nfloat src<1000000>;\nfloat big<1000000>;\nstreamRead(src, Z);\nfill(src, big);\n';
// The resident set once garbage is collected and given back: V8 unmaps freed pages on a background
// thread after a collection, so a sample taken at once can still hold tens of MB that are already
// free (under load it did: 1.7-1.9x for the same run that settles at 1.3x). Lowest of a few settled
// samples.
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
async function rss() {
  let low = Infinity;
  for (let k = 0; k < 5; k++) {
    global.gc();
    await sleep(50);
    low = Math.min(low, process.memoryUsage().rss);
  }
  return low;
}
let first = 0;
let maxLive = 0;
let replacedFreed = true;
for (let i = 1; i <= runs; i++) {
  const before = s.streamNamed('big');
  await s.runCell(cell, 1, `cell[${i}]`, sink);
  if (before && !before.freed) replacedFreed = false;
  maxLive = Math.max(maxLive, s.liveStreamCount());
  if (i === 1) first = await rss();
}
const last = await rss();
const values = await new BrookStream(s, 'big').toArray();
const allThree = values.length === 1_000_000 && values.every((v) => v === 3);
s.dispose();
console.log(JSON.stringify({ backend, first, last, maxLive, replacedFreed, allThree }));
