/**
 * A WebGPU backend that ends releases what it made: 30 `brook run`s in one process (cli/main.ts's
 * main(), as tests/cli/run-bundle-webgpu.test.ts runs every program) keep the thread count flat, hold
 * one Dawn instance per set of Dawn flags, and leave no device alive once collected.
 *
 * Before: each run made a Dawn instance of its own, and the device's 'uncapturederror' listener kept
 * device, adapter and instance reachable (dawn.node holds a device with listeners through a global
 * handle), so under lavapipe every run left 5 threads (a software screen's rasterizer and disk-cache
 * threads, a queue thread) and its memory behind: ~960 threads ended the run-bundle test on a 2-core
 * machine. Now backends share the instance (runtime/backends/webgpu/device.ts says why) and dispose()
 * removes the listener before destroying the device (start.ts).
 *
 * With the old code this child hung after a few runs (collecting an instance whose destroyed device still
 * had its listener deadlocks or crashes dawn.node, webgpu 0.6.2), as the run-bundle test did on CI.
 *
 * The runs happen in a child process with --expose-gc (backend-release.child.mjs), so what is counted
 * is theirs alone. Each run's output is checked against the values computed here.
 */
import { spawnSync } from 'node:child_process';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot, webgpuAdapterAvailable } from '../conformance/cli.js';

const hasGpu = process.env.BROOK_TEST_WEBGPU !== '0' && webgpuAdapterAvailable();
const RUNS = 30;

interface ChildResult {
  results: { r: number; status: number; stdout: string; stderr: string }[];
  afterFifth: number;
  afterLast: number;
  instances: number;
  devicesMade: number;
  devicesAlive: number;
}

describe.skipIf(!hasGpu || process.platform !== 'linux')('in-process brook runs on webgpu', () => {
  it(`release their devices: ${RUNS} runs keep the threads flat, one Dawn instance per flag set, no device left alive`, () => {
    const child = path.join(repoRoot, 'tests', 'webgpu', 'backend-release.child.mjs');
    // SIGKILL: the leaking runs deadlocked in Dawn (a futex wait) and ignored SIGTERM.
    const p = spawnSync(process.execPath, ['--expose-gc', child, String(RUNS)], { encoding: 'utf8', timeout: 300_000, killSignal: 'SIGKILL' });
    if (p.status !== 0) throw new Error(`child failed (status ${p.status}, signal ${p.signal}): ${p.stderr}`);
    const r = JSON.parse(p.stdout.trim().split('\n').pop()!) as ChildResult;
    // The program computes b = r * a + 1 over a = 0..63 and prints b[0], b[31], b[63].
    expect(r.results).toEqual(Array.from({ length: RUNS }, (_, k) => ({ r: k + 1, status: 0, stdout: `1 ${31 * (k + 1) + 1} ${63 * (k + 1) + 1}\n`, stderr: '' })));
    console.log(`threads after run 5: ${r.afterFifth}, after run ${RUNS}: ${r.afterLast}; Dawn instances ${r.instances}; devices made ${r.devicesMade}, alive after collection ${r.devicesAlive}`);
    // Runs 1-5 made both instances (plain, and GPU timing for --phases-out); 25 more runs add nothing
    // (a leak added 5 threads a run). The slack is for Node's own threads started late.
    expect(r.afterLast - r.afterFifth).toBeLessThanOrEqual(2);
    expect(r.instances).toBe(2);
    expect(r.devicesMade).toBe(RUNS);
    expect(r.devicesAlive).toBe(0);
  }, 320_000);
});
