/**
 * What the compiler hands the runtime for each kernel. It belongs to the compiler (the runtime and the
 * backends consume it; runtime/brt/api.ts re-exports the name for them).
 */
import type { KernelIR } from './ir.js';
import type { KernelFacts } from './facts/index.js';

/** A kernel compiled by the compiler: its IR plus anything a backend caches on it. */
export interface CompiledKernel {
  readonly ir: KernelIR;
  /** Stable hash of the kernel's source and compiler version (cache key for pipelines). */
  readonly key: string;
  /** What every writer prints from (compiler/facts): computed once, right after the IR validator. */
  readonly facts: KernelFacts;
  /** Per-backend compiled forms, filled lazily by backends (JS function, WGSL module, pipelines). */
  readonly cache: Map<string, unknown>;
  /** Build results as plain (structured-cloneable) data, kept by a backend so that another process
   *  can skip the build: `brook run`'s compile cache stores them with the program (cli/program-cache.ts)
   *  and gives them back. Absent (the notebook, the API): nothing is kept. */
  readonly stored?: Map<string, unknown>;
}
