/**
 * What the harness measures: a `Side` is one implementation of a case's job (a WGSL baseline plan,
 * a JavaScript loop, or the Brook program), set up with its inputs already on the device.
 */
import type { Check } from './reference.js';
import type { BenchGpu } from './gpu.js';

export interface Side {
  impl: string;
  /** The schedule a baseline uses ("256 threads, 1 vec4 per thread, 2-D grid"). */
  plan?: string;
  note?: string;
  /** One execution of the job; resolves when its work (GPU or CPU) has completed. */
  run(): Promise<void>;
  /** Clears outputs before the verifying run (when several plans share an output buffer). */
  reset?(): Promise<void>;
  /** Checks the output of the last run against the float64 reference. */
  check(): Promise<Check>;
  /**
   * A side in another process (gcc -O2 builds) times its work itself: the last run's milliseconds,
   * used instead of the wall time around run() (which would count the pipe round trip).
   */
  selfTimedMs?(): number;
  /** Per-call cases: how many kernel calls one run makes. */
  calls?: number;
  dispose(): void;
}

export interface CaseContext {
  quick: boolean;
  gpu?: BenchGpu;
}

export interface BenchCase {
  id: string;
  backend: 'webgpu' | 'cpu';
  title: string;
  size: string;
  bytes: number;
  flops: number;
  workingSetBytes: number;
  /**
   * 'gpu': GPU time from timestamps (wall around submit + onSubmittedWorkDone without them);
   * 'wall': wall time (CPU work, host transfers); 'calls': wall time per kernel call, GPU time too.
   */
  timing: 'gpu' | 'wall' | 'calls';
  /** Samples to take in a full run when more than the default are needed (short CPU jobs). */
  samples?: number;
  /** Runs only when `--only` names it (or its group): the BLAS group and its sweeps. */
  optIn?: boolean;
  /** Largest single buffer the job needs (checked against the adapter's limits). */
  largestBufferBytes?: number;
  /** Why this machine cannot run the case at all (both sides skipped), or undefined. */
  skipReason?(ctx: CaseContext): string | undefined;
  /** One or more baseline plans; the harness keeps the fastest verified one. */
  baseline(ctx: CaseContext): Promise<Side[]>;
  brook(ctx: CaseContext): Promise<Side>;
}

/** Thrown by a Brook side that cannot exist yet (no compiler, no backend): a skip, not a failure. */
export class Unavailable extends Error {}
