/**
 * Loads the `typescript` compiler on first use. It takes ~200 ms to load, so the kernel answers
 * kernel_info before paying for it (start to first reply must stay under 1 s).
 */
import { createRequire } from 'node:module';
import type * as TS from 'typescript';

let loaded: typeof TS | undefined;

export function ts(): typeof TS {
  loaded ??= createRequire(import.meta.url)('typescript') as typeof TS;
  return loaded;
}
