/**
 * Starting a Brook runtime: picks a backend and wraps it in brt's runtime (the composition root of
 * brt/ and the backends: brt defines `Backend`, the backends implement it, this module joins them).
 *
 * `createRuntime(options)` picks a backend and returns a `BrookRuntimeHandle` (brt/index.ts):
 * - backend 'cpu': kernels compiled to JavaScript (backends/cpu);
 * - backend 'webgpu': Dawn through the `webgpu` package (backends/webgpu), loaded on demand;
 * - 'auto' (default): BROOK_BACKEND, else the original's BRT_RUNTIME (`cpu` means cpu, any other name
 *   webgpu), else webgpu where a hardware adapter exists. A failed or unknown choice falls back to cpu
 *   with one line on `stderr` saying why; `requireGpu` (or BROOK_REQUIRE_GPU=1) turns that into an error.
 * - Left to itself (no option, no variable), the runtime takes the CPU backend when the only adapter is
 *   a software renderer (lavapipe, llvmpipe, SwiftShader: no faster than the CPU backend), saying so in
 *   one line; an explicit webgpu (option, BROOK_BACKEND, BRT_RUNTIME, requireGpu) still uses it.
 * `createCpuRuntime` is the synchronous CPU-only form (tests, tools).
 * Everything brt/index.ts exports is re-exported, so a caller needs one import.
 */
import type { Backend } from '../brt/api.js';
import { RuntimeHandle, fusionModeFromEnv, type BrookRuntimeHandle, type FusionMode } from '../brt/index.js';
import { createCpuBackend, defaultCpuThreads, prestartWorkers, type CpuBackendOptions } from './cpu/index.js';

export * from '../brt/index.js';

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

/** Every core by default (BROOK_CPU_THREADS overrides; 1: the calling thread only). */
function defaultCpuOptions(): CpuBackendOptions {
  return { workers: defaultCpuThreads() - 1 };
}

/** Boots the worker threads the next default CPU runtime will use, now (a caller that knows a CPU
 *  runtime comes: `brook run --backend cpu`, before it compiles; cpu/workers.ts prestartWorkers). */
export function prestartCpuWorkers(): void {
  prestartWorkers(defaultCpuOptions().workers ?? 0);
}

export function createCpuRuntime(options: RuntimeOptions = {}): BrookRuntimeHandle {
  const out = options.stdout ?? ((s: string) => void process.stdout.write(s));
  return new RuntimeHandle(createCpuBackend(options.cpu ?? defaultCpuOptions()), out, undefined, undefined, fusionOf(options));
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
      const path = './webgpu/index.js';
      const mod = (await import(path)) as { createWebGPUBackend?: (o?: unknown) => Promise<Backend> };
      if (!mod.createWebGPUBackend) throw new Error('the WebGPU backend module has no createWebGPUBackend');
      // Only the default choice passes a software renderer by; asking for webgpu in any way uses it.
      const refuseSoftwareAdapter = want === 'auto' && !requireGpu;
      const backend = await mod.createWebGPUBackend({ ...options.webgpu, refuseSoftwareAdapter });
      // After a device loss the session carries on on the CPU (BRK5019, runtime.ts).
      return new RuntimeHandle(backend, out, undefined, { fallback: () => createCpuBackend(options.cpu ?? defaultCpuOptions()), notice: err }, fusionOf(options));
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
  const handle = new RuntimeHandle(createCpuBackend(options.cpu ?? defaultCpuOptions()), out, reason, undefined, fusionOf(options));
  handle.softwareAdapter = software;
  return handle;
}
