/**
 * `brook run --phases-out FILE`: where the wall time of this `brook run` process went, measured, as
 * JSON (schema brook-phases/1). bench/programs.ts turns it into the shares of each row.
 *
 * Every time is in milliseconds on the process's clock (performance.now(): 0 is the process's time
 * origin). The phases follow each other, so they add up to `endMs` (what is left is the gaps between
 * them, a few microseconds):
 *   nodeMs       Node's own start (performance.nodeTiming.bootstrapComplete);
 *   loadMs       loading the CLI and compiler modules (main() entered) plus, later, the runtime's;
 *   compileMs    the Brook compiler (parse, check, host JavaScript and kernel IR); where it ran on
 *                a worker thread while the device started (WebGPU), only the wait for it that was
 *                left after the device was up (the worker's own time: compileOverlappedMs, no phase);
 *   deviceMs     starting the backend (WebGPU: the webgpu module, adapter and device; CPU: workers);
 *   programMs    main() of the program, until the device finished its work; split into
 *     pipelinesMs  building kernel programs (WGSL, shader modules, compute pipelines; the CPU
 *                  backend's JavaScript and WebAssembly kernels), as the backend measured it;
 *     kernelsMs    kernels and reductions (GPU timestamps on WebGPU; host wall on the CPU, less the
 *                  kernel builds inside the calls);
 *     copiesMs     streamRead / streamWrite / streamPrint;
 *     hostMs       the rest: host code, issuing calls, the device idle;
 *   disposeMs    releasing streams and the device.
 * The program runs under the profiler's recorder (runtime/profile/recorder.ts), as `--profile` runs
 * it: on WebGPU each operation gets its own compute pass and a readback waits for the kernels before
 * it, so the phases describe a run a little slower than a plain one. Nothing is printed.
 */
import type { BrookRuntime } from '../runtime/brt/api.js';
import type { RecordedProfile } from '../runtime/profile/recorder.js';

export interface PhaseTimes {
  schema: 'brook-phases/1';
  backend: string;
  adapter: string;
  nodeMs: number;
  loadMs: number;
  compileMs: number;
  /** The compiler's time on the worker thread, overlapped with deviceMs (0: compiled in line). */
  compileOverlappedMs: number;
  deviceMs: number;
  programMs: number;
  pipelinesMs: number;
  pipelinesBuilt: number;
  kernelsMs: number;
  copiesMs: number;
  hostMs: number;
  disposeMs: number;
  /** When the phases ended (the file is written right after). */
  endMs: number;
  deviceClock: RecordedProfile['deviceClock'];
}

/** Marks taken by the CLI as it goes; `times()` assembles them. */
export class PhaseClock {
  private readonly mainAt = performance.now();
  private loadMs = 0;
  compileMs = 0;
  compileOverlappedMs = 0;
  deviceMs = 0;
  disposeMs = 0;

  /** Time `fn` (sync or async) into `add`. */
  static async time<T>(fn: () => T | Promise<T>, add: (ms: number) => void): Promise<T> {
    const t0 = performance.now();
    try {
      return await fn();
    } finally {
      add(performance.now() - t0);
    }
  }

  addLoad(ms: number): void {
    this.loadMs += ms;
  }

  async times(recorded: RecordedProfile, rt: BrookRuntime): Promise<PhaseTimes> {
    const t0 = performance.now();
    const { profileRows, profileSummary } = await import('../runtime/profile/rows.js');
    this.loadMs += performance.now() - t0;
    const s = profileSummary(recorded, profileRows(recorded, undefined));
    const build = rt.backend.buildTimes?.() ?? { built: 0, ms: 0 };
    const nodeMs = performance.nodeTiming.bootstrapComplete;
    // On the CPU a kernel's time is its call's wall time, which includes compiling it the first time.
    const kernelsMs = s.deviceClock === 'host' ? Math.max(0, s.kernelsMs - build.ms) : s.kernelsMs;
    return {
      schema: 'brook-phases/1',
      backend: s.backend,
      adapter: s.adapter,
      nodeMs,
      loadMs: this.mainAt - nodeMs + this.loadMs,
      compileMs: this.compileMs,
      compileOverlappedMs: this.compileOverlappedMs,
      deviceMs: this.deviceMs,
      programMs: recorded.wallMs,
      pipelinesMs: build.ms,
      pipelinesBuilt: build.built,
      kernelsMs,
      copiesMs: s.copiesMs,
      hostMs: Math.max(0, recorded.wallMs - kernelsMs - s.copiesMs - build.ms),
      disposeMs: this.disposeMs,
      endMs: performance.now(),
      deviceClock: s.deviceClock,
    };
  }
}
