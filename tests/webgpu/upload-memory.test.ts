/**
 * Host-to-device writes in a loop that never waits for the GPU keep the process's resident memory
 * bounded (issue 24, "Memory stays flat"): a stream created, written (streamRead) and freed again
 * and again, through the runtime API, with no read back and no finish inside the loop.
 *
 * - 128K floats (512 KiB) go through queue.writeBuffer (upload.ts STAGED_FROM). Dawn stages such a
 *   write in memory of its own and frees it only once a submit after it has completed; a loop of
 *   writes alone submitted nothing, so every write stayed held (300 iterations: +140 MiB, 600: ~+300).
 *   The recorder now submits queue writes past 16 MiB and at every sync (recorder.ts queueWrite).
 * - 1M floats (4 MiB) go through the staging ring (upload.ts): at most KEEP staging buffers, then
 *   queue.writeBuffer, so bounded too (1000 iterations: +100 MiB where holding every write is 4 GiB).
 *
 * Each loop runs in a child process of its own (upload-memory.child.mjs) with --expose-gc; the bound
 * on the growth after the 10th iteration is generous (a slow, loaded machine meets it) yet far below
 * what holding every write costs. The last stream's values are checked against what was written.
 */
import { spawnSync } from 'node:child_process';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot, webgpuAdapterAvailable } from '../conformance/cli.js';

const hasGpu = process.env.BROOK_TEST_WEBGPU !== '0' && webgpuAdapterAvailable();
const MiB = 1 << 20;

interface ChildResult {
  n: number;
  iterations: number;
  tenth: number;
  last: number;
  lastValuesRight: boolean;
  uploads: { created: number; reused: number; fallback: number };
}

function loop(elements: number, iterations: number): ChildResult {
  const child = path.join(repoRoot, 'tests', 'webgpu', 'upload-memory.child.mjs');
  const r = spawnSync(process.execPath, ['--expose-gc', child, String(elements), String(iterations)], { encoding: 'utf8', timeout: 600_000 });
  if (r.status !== 0) throw new Error(`child failed (${r.status}): ${r.stderr}`);
  return JSON.parse(r.stdout.trim().split('\n').pop()!) as ChildResult;
}

describe.skipIf(!hasGpu)('streamRead + free in a loop that never waits (webgpu)', () => {
  const cases = [
    { elements: 131072, iterations: 800, bound: 150, path: 'queue.writeBuffer' },
    { elements: 1048576, iterations: 400, bound: 300, path: 'the staging ring' },
  ];
  for (const c of cases) {
    it(`keeps resident memory bounded: ${c.elements} floats x ${c.iterations} through ${c.path}`, () => {
      const r = loop(c.elements, c.iterations);
      const grew = (r.last - r.tenth) / MiB;
      const written = (c.elements * 4 * c.iterations) / MiB;
      console.log(`${c.elements} floats x ${c.iterations}: ${(r.tenth / MiB).toFixed(0)} MiB after 10, ${(r.last / MiB).toFixed(0)} MiB after ${c.iterations} (+${grew.toFixed(0)} MiB of ${written.toFixed(0)} MiB written); uploads ${JSON.stringify(r.uploads)}`);
      expect(r.lastValuesRight, 'the last stream holds the values written').toBe(true);
      expect(grew, `grew ${grew.toFixed(0)} MiB over ${c.iterations} writes of ${c.elements * 4} bytes`).toBeLessThan(c.bound);
    }, 600_000);
  }
});
