/**
 * The harness's WebGPU device for the application notebooks: opened once a process and shared by
 * every Figure 3 a notebook measures (and by notebookSize's look at the adapter), with the pass timer
 * installed, as `npm run bench` has it.
 */
import { openBenchGpu, type BenchGpu } from '../gpu.js';
import { installPassTimer } from '../timer.js';

let opened: Promise<{ gpu?: BenchGpu; reason?: string }> | undefined;

/** The device, or why there is none (no adapter, no `webgpu` module). */
export function harnessGpu(): Promise<{ gpu?: BenchGpu; reason?: string }> {
  opened ??= openBenchGpu().then((g) => {
    if ('error' in g) return { reason: g.error };
    installPassTimer();
    return { gpu: g };
  });
  return opened;
}
