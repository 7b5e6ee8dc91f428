/**
 * The Brook runtime: what generated host code and the notebook bridge use.
 *
 * `createRuntime(options)` picks a backend and returns a `BrookRuntime` (api.ts):
 * - backend 'cpu': kernels compiled to JavaScript (backends/cpu);
 * - backend 'webgpu': Dawn through the `webgpu` package (backends/webgpu), loaded on demand;
 * - 'auto' (default): BROOK_BACKEND, else the original's BRT_RUNTIME (`cpu` means cpu, any other name
 *   webgpu), else webgpu where a hardware adapter exists. A failed or unknown choice falls back to cpu
 *   with one line on `stderr` saying why; `requireGpu` (or BROOK_REQUIRE_GPU=1) turns that into an error.
 * - Left to itself (no option, no variable), the runtime takes the CPU backend when the only adapter is
 *   a software renderer (lavapipe, llvmpipe, SwiftShader: no faster than the CPU backend), saying so in
 *   one line; an explicit webgpu (option, BROOK_BACKEND, BRT_RUNTIME, requireGpu) still uses it.
 * `createCpuRuntime` is the synchronous CPU-only form (tests, tools).
 */
import type { Backend, BrookRuntime } from './api.js';
import { createCpuBackend, defaultCpuThreads, type CpuBackendOptions } from '../backends/cpu/index.js';
import { Runtime, type RuntimeHooks } from './runtime.js';
import type { TransferClock } from './transfer-clock.js';
import { fusionModeFromEnv, type FusionMode, type FusionQueue } from './fusion.js';

export * from './api.js';
export { Runtime, type RuntimeHooks } from './runtime.js';
export { formatStream, fixed2 } from './print.js';
export { TransferClock, type TransferTotals } from './transfer-clock.js';
export { fusionModeFromEnv, type FusionMode, type FusionQueue, type FusionStats } from './fusion.js';

export interface RuntimeOptions {
  backend?: 'cpu' | 'webgpu' | 'auto';
  /** Where streamPrint text and notices go when the runtime prints itself (default process.stdout). */
  stdout?: (s: string) => void;
  /** Where the one-line fallback notice goes (default process.stderr). */
  stderr?: (s: string) => void;
  /** Fail instead of falling back to the CPU when no GPU backend can start. */
  requireGpu?: boolean;
  /** WebGPU backend options (backends/webgpu: WebGPUBackendOptions), passed through. */
  webgpu?: Record<string, unknown>;
  /** CPU backend: worker threads for large launches (default: one per core besides the calling thread). */
  cpu?: CpuBackendOptions;
  /** Environment to read BROOK_BACKEND / BRT_RUNTIME / BROOK_REQUIRE_GPU / BROOK_FUSE from (default process.env). */
  env?: Record<string, string | undefined>;
  /** Kernel fusion (brt/fusion.ts): 'on', 'off' or 'verify'; default from BROOK_FUSE (on when unset). */
  fusion?: FusionMode;
  /** false: no line on `stderr` when the runtime runs on the CPU in place of WebGPU (the caller says
   *  it itself: the notebook session, once per session); the reason is still `fallbackReason`. */
  sayFallback?: boolean;
}

export interface BrookRuntimeHandle extends BrookRuntime {
  readonly stdout: (s: string) => void;
  /** Why the runtime runs on the CPU although a GPU was asked for, if it does. */
  readonly fallbackReason?: string;
  /** Set when the default choice left a software WebGPU adapter (this is its name) for the CPU backend. */
  readonly softwareAdapter?: string;
  /** Time in streamRead/streamWrite so far (transfer-clock.ts). */
  readonly transfers: TransferClock;
  /** Kernel fusion: its mode (settable: `%brook fuse on|off`) and counts (fusion.ts). */
  readonly fusion: FusionQueue;
  dispose(): void;
}

/** Every core by default (BROOK_CPU_THREADS overrides; 1: the calling thread only). */
function defaultCpuOptions(): CpuBackendOptions {
  return { workers: defaultCpuThreads() - 1 };
}

class Handle extends Runtime implements BrookRuntimeHandle {
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

export function createCpuRuntime(options: RuntimeOptions = {}): BrookRuntimeHandle {
  const out = options.stdout ?? ((s: string) => void process.stdout.write(s));
  return new Handle(createCpuBackend(options.cpu ?? defaultCpuOptions()), out, undefined, undefined, fusionOf(options));
}

function fusionOf(options: RuntimeOptions): FusionMode {
  return options.fusion ?? fusionModeFromEnv(options.env ?? process.env);
}

/** Which backend the options and environment ask for. */
export function requestedBackend(options: RuntimeOptions): { want: 'cpu' | 'webgpu' | 'auto'; note?: string } {
  if (options.backend && options.backend !== 'auto') return { want: options.backend };
  const env = options.env ?? process.env;
  const b = env.BROOK_BACKEND?.trim().toLowerCase();
  if (b) {
    if (b === 'cpu' || b === 'webgpu') return { want: b };
    return { want: 'cpu', note: `unknown BROOK_BACKEND '${env.BROOK_BACKEND}' (use cpu or webgpu)` };
  }
  const brt = env.BRT_RUNTIME?.trim().toLowerCase();
  if (brt) return { want: brt === 'cpu' ? 'cpu' : 'webgpu' };
  return { want: 'auto' };
}

export async function createRuntime(options: RuntimeOptions = {}): Promise<BrookRuntimeHandle> {
  const out = options.stdout ?? ((s: string) => void process.stdout.write(s));
  const err = options.stderr ?? ((s: string) => void process.stderr.write(s));
  const env = options.env ?? process.env;
  const requireGpu = options.requireGpu ?? env.BROOK_REQUIRE_GPU === '1';
  const { want, note } = requestedBackend(options);
  let reason = note;
  let software: string | undefined;
  if (want !== 'cpu' && !note) {
    try {
      // Loaded on demand: the CPU path never imports the GPU stack (BROOK.md 9, USERS.md 9).
      const path = '../backends/webgpu/index.js';
      const mod = (await import(path)) as { createWebGPUBackend?: (o?: unknown) => Promise<Backend> };
      if (!mod.createWebGPUBackend) throw new Error('the WebGPU backend module has no createWebGPUBackend');
      // Only the default choice passes a software renderer by; asking for webgpu in any way uses it.
      const refuseSoftwareAdapter = want === 'auto' && !requireGpu;
      const backend = await mod.createWebGPUBackend({ ...options.webgpu, refuseSoftwareAdapter });
      // After a device loss the session carries on on the CPU (BRK5019, runtime.ts).
      return new Handle(backend, out, undefined, { fallback: () => createCpuBackend(options.cpu ?? defaultCpuOptions()), notice: err }, fusionOf(options));
    } catch (e) {
      const message = (e as Error).message.split('\n')[0]!;
      const start = e as { step?: string; adapter?: string };
      if (start.step === 'software') {
        reason = message;
        software = start.adapter ?? 'software';
      } else reason = `WebGPU backend unavailable: ${message}`;
    }
  }
  if (reason && requireGpu) throw new Error(`brook: ${reason} (and a GPU is required)`);
  if (reason && options.sayFallback !== false) {
    err(software
      ? `brook: running on the CPU backend: the only WebGPU adapter is ${software}, a software renderer (--backend webgpu or BROOK_BACKEND=webgpu uses it)\n`
      : `brook: ${reason}; running on the CPU backend\n`);
  }
  const handle = new Handle(createCpuBackend(options.cpu ?? defaultCpuOptions()), out, reason, undefined, fusionOf(options));
  handle.softwareAdapter = software;
  return handle;
}
