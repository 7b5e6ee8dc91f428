/**
 * The size an application notebook runs at: `BROOK_SIZE=small` (seconds on a CPU; what CI runs on
 * lavapipe) or `BROOK_SIZE=full` (the paper's sizes, or larger where the paper's would not keep a
 * current GPU busy; each notebook says which). Unset, the notebook picks full on a GPU and small on
 * the CPU backend or a software Vulkan driver, as the BLAS notebook does.
 */
import { BrookRuntimeError } from '../../runtime/compiler/index.js';
import { harnessGpu } from './device.js';
import { SOFTWARE_ADAPTER } from '../../runtime/backends/webgpu/device.js';

export type AppSize = 'small' | 'full';

/** The size BROOK_SIZE asks for; undefined when it is unset (then notebookSize decides). */
export function appSize(env: Record<string, string | undefined> = process.env): AppSize | undefined {
  const v = env.BROOK_SIZE?.trim().toLowerCase();
  if (v === undefined || v === '') return undefined;
  if (v === 'small' || v === 'full') return v;
  throw new BrookRuntimeError('BRK5350', `BROOK_SIZE is '${env.BROOK_SIZE}'; it must be small or full`, undefined, 'unset it (full on a GPU, small without one) or start the kernel with BROOK_SIZE=small or BROOK_SIZE=full');
}

/** Adapters that are a CPU in disguise: their "full" runs would take hours (the runtime's own test). */
export { SOFTWARE_ADAPTER } from '../../runtime/backends/webgpu/device.js';

/**
 * BROOK_SIZE, or, unset: full where a hardware WebGPU adapter exists (and BROOK_BACKEND does not ask
 * for the CPU), small otherwise. The adapter is the one the Figure 3 harness measures on.
 */
export async function notebookSize(env: Record<string, string | undefined> = process.env): Promise<AppSize> {
  const asked = appSize(env);
  if (asked) return asked;
  if (env.BROOK_BACKEND?.trim().toLowerCase() === 'cpu') return 'small';
  const { gpu } = await harnessGpu();
  if (!gpu) return 'small';
  return SOFTWARE_ADAPTER.test(`${gpu.info.name} ${gpu.info.vendor ?? ''}`) ? 'small' : 'full';
}

/** Pick the value for the size. */
export function bySize<T>(size: AppSize, small: T, full: T): T {
  return size === 'full' ? full : small;
}
