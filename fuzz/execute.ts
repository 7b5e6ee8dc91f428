/**
 * Runs one compiled Brook program in this process on the differential fuzzer's backends, each a
 * runtime made once and kept for every program (as a notebook session keeps one):
 * - `js`: the CPU backend with JavaScript kernels only (BROOK_CPU_WASM=0's path);
 * - `wasm`: the CPU backend with WebAssembly kernels wherever the writer covers the kernel;
 * - `webgpu`: WGSL through Dawn (lavapipe here, the GPU on a device).
 * All run on the calling thread (no CPU worker threads: a split never changes a result, DECISIONS.md)
 * and without fusion (brt/fusion.ts is verified bit for bit on its own), so each writer is what differs;
 * the opt-in FUSED_BACKENDS add fusion, verified launch by launch.
 * A run yields its exit status and stdout, or the error it stopped with (its BRK code and message).
 * Each run is under the session watchdog (BROOK_KERNEL_TIMEOUT's, brt/abort.ts): generated programs
 * always end, but a minimizer's trial may have lost a loop's increment; it then stops with BRK5051.
 */
import { BrookRuntimeError, type CompileResult } from '../runtime/compiler/index.js';
import { HostLib, runProgram } from '../runtime/hostlib/loader.js';
import { createCpuRuntime, createRuntime, type BrookRuntimeHandle } from '../runtime/backends/index.js';
import { AbortState, setSessionAbort } from '../runtime/brt/abort.js';

export const BACKENDS = ['js', 'wasm', 'webgpu'] as const;
/**
 * Opt-in backends (`--backends js,wasm-fused,webgpu-fused`): the same writers with fusion on, every fused
 * launch checked against its calls run one by one (BROOK_FUSE=verify's mode: a wiring bug, an
 * intermediate kept or dropped wrongly, a changed bit ends the run with BRK5300, which then differs
 * from the unfused backends' outcome). Not in the default list: fusion is not what the default run
 * compares, and each doubles a program's time.
 */
export const FUSED_BACKENDS = ['wasm-fused', 'webgpu-fused'] as const;
export type BackendName = (typeof BACKENDS)[number] | (typeof FUSED_BACKENDS)[number];

/** Every backend name --backends accepts. */
export const ALL_BACKENDS: readonly BackendName[] = [...BACKENDS, ...FUSED_BACKENDS];

/** Whether a backend runs WGSL (compared within the documented GPU tolerances, not bit for bit). */
export function onGpu(n: BackendName): boolean {
  return n === 'webgpu' || n === 'webgpu-fused';
}

export interface RunOutcome {
  status: number;
  stdout: string;
  /** A runtime error: `BRKnnnn: message`, or the JavaScript error's name and message. */
  error?: string;
}

export class Backends {
  private readonly abort = new AbortState(undefined, {});
  /** Seconds a run may take before the watchdog stops it. */
  timeoutSeconds = 60;

  private constructor(private readonly runtimes: Map<BackendName, BrookRuntimeHandle>) {
    setSessionAbort(this.abort);
  }

  static async start(names: readonly BackendName[]): Promise<Backends> {
    const m = new Map<BackendName, BrookRuntimeHandle>();
    const quiet = () => undefined;
    for (const n of names) {
      const fusion = n === 'wasm-fused' || n === 'webgpu-fused' ? 'verify' : 'off';
      if (onGpu(n)) m.set(n, await createRuntime({ backend: 'webgpu', requireGpu: true, fusion, stdout: quiet, stderr: quiet }));
      else m.set(n, createCpuRuntime({ cpu: { workers: 0, wasm: n !== 'js' }, fusion, stdout: quiet }));
    }
    return new Backends(m);
  }

  get names(): BackendName[] {
    return [...this.runtimes.keys()];
  }

  async run(name: BackendName, compiled: CompileResult): Promise<RunOutcome> {
    const rt = this.runtimes.get(name)!;
    let stdout = '';
    const lib = new HostLib({ io: { write: (_fd, bytes) => void (stdout += bytes), flush: () => undefined } });
    this.abort.timeoutSeconds = this.timeoutSeconds;
    this.abort.begin();
    try {
      const status = await runProgram(compiled.hostJs!, { rt, lib, K: compiled.kernels, argv: ['fuzz.br'] });
      return { status, stdout };
    } catch (e) {
      const err = e as Error & { code?: string };
      const error = e instanceof BrookRuntimeError ? `${err.code}: ${err.message}` : `${err?.name ?? 'Error'}: ${String(err?.message ?? e).split('\n')[0]}`;
      return { status: -1, stdout, error };
    } finally {
      this.abort.end();
    }
  }

  dispose(): void {
    for (const rt of this.runtimes.values()) rt.dispose();
  }
}
