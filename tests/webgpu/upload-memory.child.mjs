// Child process of upload-memory.test.ts (its own process, so the resident set is this loop's alone).
// argv: elements, iterations. Creates a float stream of `elements`, streamReads it and frees it,
// `iterations` times, never waiting for the GPU inside the loop; checks the last stream's values
// before freeing it. Prints one JSON line: resident bytes after the 10th iteration and after the last.
import { createRuntime } from '../../dist/runtime/backends/index.js';
import { FLOAT } from '../../dist/runtime/compiler/types.js';
import { Uploader } from '../../dist/runtime/backends/webgpu/upload.js';

const [elementsText, iterationsText] = process.argv.slice(2);
const n = Number(elementsText);
const iterations = Number(iterationsText);
const rt = await createRuntime({ backend: 'webgpu', requireGpu: true, stdout: () => {} });
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
// Lowest of a few samples after a collection (V8 gives freed pages back on a background thread).
async function settledRss() {
  await rt.finish();
  let low = Infinity;
  for (let k = 0; k < 4; k++) {
    global.gc();
    await sleep(40);
    low = Math.min(low, process.memoryUsage().rss);
  }
  return low;
}
let tenth = 0;
let lastValuesRight = false;
for (let i = 1; i <= iterations; i++) {
  const data = new Float32Array(n).fill(i);
  const s = rt.createStream('s', FLOAT, [n]);
  await rt.streamRead(s, data);
  if (i === iterations) {
    const back = new Float32Array(n);
    await rt.streamWrite(s, back);
    lastValuesRight = back.every((v) => v === i);
  }
  rt.free(s);
  if (i === 10) tenth = await settledRss();
}
const last = await settledRss();
rt.dispose();
console.log(JSON.stringify({ n, iterations, tenth, last, lastValuesRight, uploads: Uploader.stats }));
