/// <reference types="@webgpu/types" />
/**
 * Starting Dawn: load the `webgpu` module, request an adapter and a device with the adapter's real
 * limits (the default binding limit is 128 MiB; GPUs offer GiBs) and the features we use
 * (`timestamp-query`, `subgroups`, `shader-f16` where offered).
 *
 * A failed start throws WebGPUStartError naming the step that failed ('load', 'adapter', 'device'),
 * so the runtime can print one line and carry on on the CPU backend.
 * Dawn flags: options.flags plus BROOK_DAWN_FLAGS (whitespace-separated), e.g.
 * `disable-dawn-features=timestamp_quantization` on a real GPU or timestamps come rounded to 100 us.
 */
import { ensureRuntimeDir, withNativeStderrSilenced } from './quiet.js';
import type { ScheduleForce } from '../../compiler/kernels.js';

export interface WebGPUBackendOptions {
  /** Extra Dawn flags for `create()` (`enable-dawn-features=...`, `backend=vulkan`, `adapter=NAME`). */
  flags?: string[];
  powerPreference?: GPUPowerPreference;
  /** Measure GPU time with timestamp queries (backend.gpuTimes()); also BROOK_GPU_TIMING=1. */
  timing?: boolean;
  /** Split streams into pages of at most this many bytes (default: the adapter's binding and buffer
   *  limits; also BROOK_WEBGPU_PAGE_BYTES). Small values let tests exercise split streams. */
  pageBytes?: number;
  /** Run kernels marked `#pragma brook native(NAME)` in their library WGSL form (default: unless
   *  BROOK_NATIVE=0); false runs every kernel from its Brook body. */
  natives?: boolean;
  /** Work to start while the device starts (`brook run` compiles the program on a worker thread):
   *  called once the webgpu module loaded, inside the window where fd 2 is silenced (quiet.ts), which
   *  then stays until its promise settled too. No other thread may open files while fd 2 is swapped
   *  (the swap closes and reopens it), so a thread started here must be done before the swap back. */
  whileStarting?: () => Promise<unknown>;
  /** Fail with step 'software' when the adapter Dawn offers is a software renderer (isSoftwareAdapter):
   *  the runtime's default choice then takes the CPU backend, which is as fast (brt/index.ts). */
  refuseSoftwareAdapter?: boolean;
  /** Force schedule choices (compiler/schedule ScheduleForce: workgroup sizes, no cooperative or 2-D
   *  form, piece sizes), each one the planner could make: tests/webgpu/plan-sweep.test.ts runs them all. */
  schedule?: ScheduleForce;
}

export type StartStep = 'load' | 'adapter' | 'device' | 'software';

/** Names of the software renderers Vulkan and Dawn offer as adapters: a CPU in disguise. */
export const SOFTWARE_ADAPTER = /llvmpipe|lavapipe|swiftshader|software/i;

/**
 * Whether an adapter is a software renderer: Dawn marks its CPU-type adapters (lavapipe, llvmpipe,
 * SwiftShader) as fallback adapters; the names catch a binding that does not say so. Dawn offers a
 * fallback adapter only when no hardware one exists, so such an adapter is the only one there is.
 */
export function isSoftwareAdapter(adapter: GPUAdapter): boolean {
  const info = adapter.info as GPUAdapterInfo & { isFallbackAdapter?: boolean };
  if (info.isFallbackAdapter === true || (adapter as { isFallbackAdapter?: boolean }).isFallbackAdapter === true) return true;
  return SOFTWARE_ADAPTER.test([info.description, info.device, info.architecture, info.vendor].join(' '));
}

export class WebGPUStartError extends Error {
  constructor(
    readonly step: StartStep,
    message: string,
    /** The adapter refused (step 'software'): its short name, e.g. llvmpipe. */
    readonly adapter?: string,
  ) {
    super(message);
    this.name = 'WebGPUStartError';
  }
}

export interface StartedDevice {
  gpu: GPU;
  adapter: GPUAdapter;
  device: GPUDevice;
  features: Set<string>;
  description: string;
}

const WANTED_FEATURES = ['timestamp-query', 'subgroups', 'shader-f16'];

/** The limits we raise to the adapter's own values. */
const RAISED_LIMITS = [
  'maxStorageBufferBindingSize',
  'maxBufferSize',
  'maxStorageBuffersPerShaderStage',
  'maxComputeWorkgroupStorageSize',
  'maxComputeInvocationsPerWorkgroup',
  'maxComputeWorkgroupSizeX',
  'maxComputeWorkgroupsPerDimension',
  'maxUniformBufferBindingSize',
  'maxBindingsPerBindGroup',
  'maxDynamicUniformBuffersPerPipelineLayout',
] as const;

export function dawnFlags(options: WebGPUBackendOptions): string[] {
  const env = (process.env.BROOK_DAWN_FLAGS ?? '').split(/\s+/).filter((s) => s.length > 0);
  return [...(options.flags ?? []), ...env];
}

/**
 * One Dawn instance per set of flags for the life of the process, shared by every backend started in it.
 * Why: an instance is a Vulkan instance, and under lavapipe each one owns a software screen with its
 * own threads (one rasterizer thread per core, a disk-cache queue) and memory, released only when
 * V8 collects the object create() returned, which it does late, for its small JavaScript size.
 * A process that starts many backends (a kernel re-running cells, `brook run` called in-process for
 * every program by tests/cli/run-bundle-webgpu.test.ts) piled up hundreds of threads that way and
 * was killed on a 2-core machine. Devices stay one per backend (destroyed by its dispose()): sharing
 * the instance shares nothing a program can see, and a new backend starts faster.
 * Kept reachable here, an instance is never collected while one of its devices is in use (which
 * crashes Dawn).
 */
const instances = new Map<string, GPU>();

function dawnInstance(mod: { create: (flags: string[]) => GPU }, flags: string[]): GPU {
  const key = JSON.stringify(flags);
  let gpu = instances.get(key);
  if (!gpu) instances.set(key, (gpu = mod.create(flags)));
  return gpu;
}

/** How many Dawn instances this process holds (tests: bounded however many backends were started). */
export function dawnInstanceCount(): number {
  return instances.size;
}

export async function startDevice(options: WebGPUBackendOptions = {}): Promise<StartedDevice> {
  ensureRuntimeDir();
  let mod: { create: (flags: string[]) => GPU; globals: object };
  try {
    mod = (await import('webgpu')) as unknown as typeof mod;
  } catch (e) {
    throw new WebGPUStartError('load', `could not load the 'webgpu' module (Dawn): ${(e as Error).message}`);
  }
  // Dawn's objects check `instanceof` against these globals (GPUBufferUsage, GPUMapMode, ...).
  for (const [k, v] of Object.entries(mod.globals)) {
    if (!(k in globalThis)) (globalThis as Record<string, unknown>)[k] = v;
  }
  const flags = dawnFlags(options);
  let gpu: GPU;
  let adapter: GPUAdapter | null;
  const alongside = options.whileStarting;
  let other: Promise<unknown> | undefined;
  let devicePromise: Promise<GPUDevice> | undefined;
  const requestDevice = (a: GPUAdapter): Promise<GPUDevice> => {
    const features = WANTED_FEATURES.filter((f) => a.features.has(f)) as GPUFeatureName[];
    const requiredLimits: Record<string, number> = {};
    for (const k of RAISED_LIMITS) {
      const v = (a.limits as unknown as Record<string, number | undefined>)[k];
      if (typeof v === 'number') requiredLimits[k] = v;
    }
    return a.requestDevice({ requiredFeatures: features, requiredLimits });
  };
  try {
    gpu = dawnInstance(mod, flags);
    adapter = await withNativeStderrSilenced(async () => {
      other = alongside?.().catch(() => undefined);
      try {
        const a = await gpu.requestAdapter({ powerPreference: options.powerPreference ?? 'high-performance' });
        // With work alongside, the device too starts inside the window (it blocks this thread as long).
        if (a && other) devicePromise = requestDevice(a);
        return a;
      } finally {
        // The work alongside ends before fd 2 is put back (see whileStarting).
        if (other) {
          await devicePromise?.catch(() => undefined);
          await other;
        }
      }
    });
  } catch (e) {
    throw new WebGPUStartError('adapter', `requesting a WebGPU adapter failed: ${(e as Error).message}`);
  }
  if (!adapter) {
    throw new WebGPUStartError(
      'adapter',
      'no WebGPU adapter was found (Dawn found no Vulkan, Metal or D3D12 device; without a GPU on Linux, install Mesa\'s lavapipe: mesa-vulkan-drivers)',
    );
  }
  if (options.refuseSoftwareAdapter && isSoftwareAdapter(adapter)) {
    (await devicePromise?.catch(() => undefined))?.destroy();
    const short = adapterName(adapter).split(':')[0]!.trim();
    throw new WebGPUStartError('software', `the only WebGPU adapter is a software renderer (${short}), no faster than the CPU backend`, short);
  }
  let device: GPUDevice;
  try {
    device = await (devicePromise ?? requestDevice(adapter));
  } catch (e) {
    throw new WebGPUStartError('device', `requesting a WebGPU device failed: ${(e as Error).message}`);
  }
  const features = WANTED_FEATURES.filter((f) => adapter!.features.has(f));
  const info = adapter.info;
  const name = adapterName(adapter);
  const backendName = (info as unknown as { backend?: string }).backend;
  return {
    gpu,
    adapter,
    device,
    features: new Set(features),
    description: backendName ? `${name} (${backendName})` : name,
  };
}

function adapterName(adapter: GPUAdapter): string {
  const info = adapter.info;
  return info.description || info.device || info.vendor || 'unknown adapter';
}
