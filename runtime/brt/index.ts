/**
 * The Brook runtime: what generated host code and the notebook bridge use.
 *
 * `RuntimeHandle` wraps a `Backend` (api.ts) in the runtime (runtime.ts) with its output and transfer
 * clock. brt never imports a backend: picking and starting one (`createRuntime`, `createCpuRuntime`)
 * lives above both, in backends/index.ts (tests/architecture pins it).
 */
import { Runtime, type RuntimeHooks } from './runtime.js';
import type { TransferClock } from './transfer-clock.js';
import type { FusionMode, FusionQueue } from './fusion.js';
import type { Backend, BrookRuntime } from './api.js';

export * from './api.js';
export { Runtime, type RuntimeHooks } from './runtime.js';
export { formatStream, fixed2 } from './print.js';
export { TransferClock, type TransferTotals } from './transfer-clock.js';
export { fusionModeFromEnv, type FusionMode, type FusionQueue, type FusionStats } from './fusion.js';
export { tileModeFromEnv, type TileMode, type TileStats } from './tiling.js';

export interface BrookRuntimeHandle extends BrookRuntime {
  readonly stdout: (s: string) => void;
  /** Why the runtime runs on the CPU although a GPU was asked for, if it does. */
  readonly fallbackReason?: string;
  /** Set when the default choice left a software WebGPU adapter (this is its name) for the CPU backend. */
  readonly softwareAdapter?: string;
  /** Time in streamRead/streamWrite so far (transfer-clock.ts). */
  readonly transfers: TransferClock;
  /** Kernel fusion: its mode (settable: `%brook fuse on|off`) and counts (fusion.ts); chain tiling
   *  (tiling.ts) rides on the same queue: `tileMode`, `tileLanes`, `tileStats`. */
  readonly fusion: FusionQueue;
  dispose(): void;
}

/** A runtime over one backend, as createRuntime (backends/index.ts) returns it. */
export class RuntimeHandle extends Runtime implements BrookRuntimeHandle {
  softwareAdapter?: string;
  constructor(backend: Backend, readonly stdout: (s: string) => void, private readonly startReason?: string, hooks?: RuntimeHooks, fusion?: FusionMode) {
    super(backend, hooks, fusion);
  }
  get fallbackReason(): string | undefined {
    return this.startReason ?? this.deviceLost;
  }
  dispose(): void {
    for (const s of this.liveStreams()) this.free(s);
    this.backend.dispose();
  }
}
