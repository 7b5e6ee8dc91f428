/**
 * The size an application notebook runs at: `BROOK_SIZE=small` (the default: seconds on a CPU, what
 * CI runs on lavapipe) or `BROOK_SIZE=full` (the paper's sizes, or larger where the paper's would not
 * keep today's GPU busy; each notebook says which). The BLAS notebook reads the same variable.
 */
import { BrookRuntimeError } from '../../runtime/compiler/index.js';

export type AppSize = 'small' | 'full';

export function appSize(env: Record<string, string | undefined> = process.env): AppSize {
  const v = env.BROOK_SIZE?.trim().toLowerCase();
  if (v === undefined || v === '' || v === 'small') return 'small';
  if (v === 'full') return 'full';
  throw new BrookRuntimeError('BRK5350', `BROOK_SIZE is '${env.BROOK_SIZE}'; it must be small or full`, undefined, 'unset it (small) or start the kernel with BROOK_SIZE=full for the paper-scale run');
}

/** Pick the value for the current size. */
export function bySize<T>(size: AppSize, small: T, full: T): T {
  return size === 'full' ? full : small;
}
