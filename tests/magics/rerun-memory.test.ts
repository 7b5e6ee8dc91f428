/**
 * Memory over re-runs of a notebook cell that makes two 1M-element streams (one read from a
 * TypeScript array, one written by a kernel): every re-run frees the streams it replaces, only the
 * current ones stay alive, the last run's values are right, and the resident set after all re-runs is
 * within 1.5x of that after the 10th run. Each backend runs in a child process of its own
 * (rerun-memory.child.mjs), so the resident set is the session's alone.
 *
 * The baseline is the 10th run, not the first: what a session builds once (the CPU backend's worker
 * thread, which boots in the background after the first large stream, and its JIT-compiled kernel)
 * may still be arriving when the first run ends. Under CI's load that one-time growth made the cpu
 * ratio 1.82x against the first run (stop 33) while the same run here settles at 1.15x; a leak of
 * even one replaced 4 MB stream per run is 560 MB over the 140 runs after the 10th, far past 1.5x.
 *
 * CI re-runs the cell 150 times; BROOK_RERUN_COUNT=1000 gives the long run of issue 10.
 *
 * Cells declaring a 4 MiB host array and a 1 MiB struct (issue 24) re-run as often: each run's global
 * replaces the last one's storage (memory.ts cellGlobal), so the resident set after the last run is
 * within 1.5x of that after the 10th (it grew by the array's size every run: 150 runs made it ~10x),
 * and the last run's value is one run's (the global starts zeroed each run). The kernel's whole
 * process tree is held to 1.2x in tests/kernel/rerun-memory.test.ts.
 */
import { spawnSync } from 'node:child_process';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot, webgpuAdapterAvailable } from '../conformance/cli.js';

const runs = Number(process.env.BROOK_RERUN_COUNT ?? 150);
const backends = ['cpu', ...(process.env.BROOK_TEST_WEBGPU !== '0' && webgpuAdapterAvailable() ? ['webgpu'] : [])];

interface ChildResult {
  backend: string;
  kind: string;
  first: number;
  tenth: number;
  value?: number;
  last: number;
  maxLive: number;
  replacedFreed: boolean;
  allThree: boolean;
  /** What the resident set held at the first, 10th and last sample (heap, buffers, anon/file pages). */
  parts: Record<string, string>;
}

function rerun(backend: string, kind = 'streams'): ChildResult {
  const child = path.join(repoRoot, 'tests', 'magics', 'rerun-memory.child.mjs');
  const r = spawnSync(process.execPath, ['--expose-gc', child, backend, String(runs), kind], { encoding: 'utf8', timeout: 1_500_000 });
  if (r.status !== 0) throw new Error(`child failed (${r.status}): ${r.stderr}`);
  return JSON.parse(r.stdout.trim().split('\n').pop()!) as ChildResult;
}

describe(`re-running a stream-making cell ${runs} times`, () => {
  for (const backend of backends) {
    it(`keeps memory flat on ${backend}`, () => {
      const r = rerun(backend);
      const mb = (n: number) => (n / 1048576).toFixed(0);
      const said = `${backend}: resident ${mb(r.first)} MB after the first run, ${mb(r.tenth)} MB after the 10th, ${mb(r.last)} MB after ${runs} (x${(r.last / r.tenth).toFixed(2)} of the 10th); ${JSON.stringify(r.parts)}`;
      console.log(said);
      expect(r.replacedFreed, 'a re-run left the stream it replaced alive').toBe(true);
      expect(r.maxLive).toBe(2);
      expect(r.allThree, 'the last run computed big = Z + 1 = 3 everywhere').toBe(true);
      expect(r.last / r.tenth, said).toBeLessThanOrEqual(1.5);
    }, 1_600_000);
  }
});

describe(`re-running a cell that declares a host array or a struct ${runs} times`, () => {
  const expected: Record<string, number> = { host: 2.5, struct: 7 };
  for (const backend of backends) {
    for (const kind of ['host', 'struct']) {
      it(`keeps memory flat on ${backend} (${kind})`, () => {
        const r = rerun(backend, kind);
        const mb = (n: number) => (n / 1048576).toFixed(0);
        const said = `${backend} ${kind}: resident ${mb(r.tenth)} MB after the 10th run, ${mb(r.last)} MB after ${runs} (x${(r.last / r.tenth).toFixed(2)}); ${JSON.stringify(r.parts)}`;
        console.log(said);
        expect(r.value).toBe(expected[kind]);
        expect(r.last / r.tenth, said).toBeLessThanOrEqual(1.5);
      }, 1_600_000);
    }
  }
});
