/**
 * The benchmark's own Dawn device, for the hand-written WGSL baselines.
 *
 * - XDG_RUNTIME_DIR is pointed at a private temporary folder before Dawn starts (Mesa otherwise
 *   complains on the native stderr).
 * - Dawn toggles come from BROOK_DAWN_FLAGS (whitespace-separated `create()` options, as
 *   .device/setup.sh exports them). Unset, the harness still disables timestamp quantization:
 *   without it Dawn rounds GPU timestamps to 100 us and short kernels would read as 0 or 100 us.
 * - The device asks for the adapter's real limits: the default binding limit (128 MiB) is far
 *   below what 2^24 and 2^26 float4 streams need.
 * - `timestamp-query` and `subgroups` are requested when offered.
 */
import { mkdtempSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DeviceInfo } from './results.js';

export interface BenchGpu {
  /** Held for the device's lifetime: if Dawn's instance is garbage-collected, pending callbacks crash. */
  gpu: GPU;
  device: GPUDevice;
  adapter: GPUAdapter;
  hasTimestamps: boolean;
  hasSubgroups: boolean;
  info: DeviceInfo;
  /** Validation or out-of-memory errors not caught by a scope (a case fails when this grows). */
  uncaptured: string[];
}

const DEFAULT_FLAGS = ['disable-dawn-features=timestamp_quantization'];

/**
 * Dawn's `create()` options for this run. When BROOK_DAWN_FLAGS is unset the default is written
 * back into the environment, so the Brook runtime's own device gets the same toggles as ours.
 */
export function dawnFlags(env: NodeJS.ProcessEnv = process.env): string[] {
  if (env.BROOK_DAWN_FLAGS === undefined) env.BROOK_DAWN_FLAGS = DEFAULT_FLAGS.join(' ');
  return env.BROOK_DAWN_FLAGS.split(/\s+/).filter((s) => s.length > 0);
}

/** A private XDG_RUNTIME_DIR, unless one that exists is already set. */
export function ensureRuntimeDir(): void {
  const cur = process.env.XDG_RUNTIME_DIR;
  if (cur && existsSync(cur)) return;
  process.env.XDG_RUNTIME_DIR = mkdtempSync(join(tmpdir(), 'brook-bench-xdg-'));
}

/** Dawn instances made by this process, never collected (see BenchGpu.gpu). */
const keepAlive: GPU[] = [];

let gpuFactory: { create: (o: string[]) => GPU; globals: object } | undefined;

/** Loads `webgpu` once and installs its globals (GPUBufferUsage and friends). */
export async function loadWebGPU(): Promise<{ create: (o: string[]) => GPU; globals: object }> {
  if (!gpuFactory) {
    ensureRuntimeDir();
    const mod = (await import('webgpu')) as unknown as { create: (o: string[]) => GPU; globals: object };
    Object.assign(globalThis, mod.globals);
    gpuFactory = mod;
  }
  return gpuFactory;
}

/** Limits worth asking the adapter for, at the adapter's values. */
const LIMITS = [
  'maxStorageBufferBindingSize',
  'maxBufferSize',
  'maxComputeWorkgroupStorageSize',
  'maxComputeInvocationsPerWorkgroup',
  'maxComputeWorkgroupSizeX',
  'maxComputeWorkgroupSizeY',
  'maxComputeWorkgroupsPerDimension',
  'maxStorageBuffersPerShaderStage',
] as const;

export async function openBenchGpu(): Promise<BenchGpu | { error: string }> {
  let mod;
  try {
    mod = await loadWebGPU();
  } catch (e) {
    return { error: `the webgpu module did not load: ${(e as Error).message}` };
  }
  const flags = dawnFlags();
  const gpu = mod.create(flags);
  keepAlive.push(gpu);
  const adapter = await gpu.requestAdapter({ powerPreference: 'high-performance' });
  if (!adapter) return { error: 'no WebGPU adapter (Dawn found no Vulkan/Metal/D3D12 device)' };
  const wanted = ['timestamp-query', 'subgroups'].filter((f) => adapter.features.has(f)) as GPUFeatureName[];
  const requiredLimits: Record<string, number> = {};
  for (const k of LIMITS) requiredLimits[k] = adapter.limits[k];
  const device = await adapter.requestDevice({ requiredFeatures: wanted, requiredLimits });
  const uncaptured: string[] = [];
  device.addEventListener('uncapturederror', (ev) => {
    uncaptured.push((ev as GPUUncapturedErrorEvent).error.message);
  });
  const ai = adapter.info;
  const limits: Record<string, number> = {};
  for (const k of LIMITS) limits[k] = device.limits[k];
  const hasTimestamps = device.features.has('timestamp-query');
  const info: DeviceInfo = {
    backend: 'webgpu',
    name: ai.description || ai.device || ai.vendor || 'unknown adapter',
    vendor: ai.vendor,
    architecture: ai.architecture,
    device: ai.device,
    features: [...adapter.features].sort(),
    limits,
    timing: hasTimestamps ? 'gpu-timestamp' : 'wall-submit',
    dawnFlags: flags,
  };
  return { gpu, device, adapter, hasTimestamps, hasSubgroups: device.features.has('subgroups'), info, uncaptured };
}

/** Run `fn` inside validation and out-of-memory error scopes; throw what they caught. */
export async function checked<T>(device: GPUDevice, what: string, fn: () => T): Promise<T> {
  device.pushErrorScope('out-of-memory');
  device.pushErrorScope('validation');
  let value: T;
  try {
    value = fn();
  } finally {
    const v = await device.popErrorScope();
    const m = await device.popErrorScope();
    const err = v ?? m;
    if (err) throw new Error(`${what}: ${err.message}`);
  }
  return value;
}

export function createBuffer(device: GPUDevice, bytes: number, usage: number, label: string): GPUBuffer {
  return device.createBuffer({ size: Math.max(16, Math.ceil(bytes / 16) * 16), usage, label });
}

/** Upload `data` into a new storage buffer. */
export function storageFrom(device: GPUDevice, data: ArrayBufferView, label: string, extraUsage = 0): GPUBuffer {
  const buf = createBuffer(device, data.byteLength, GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_DST | GPUBufferUsage.COPY_SRC | extraUsage, label);
  writeLarge(device, buf, 0, data);
  return buf;
}

/** queue.writeBuffer in chunks (Dawn copies through staging; chunks keep its peak memory bounded). */
export function writeLarge(device: GPUDevice, buf: GPUBuffer, offset: number, data: ArrayBufferView): void {
  const CHUNK = 64 << 20;
  const bytes = new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
  for (let o = 0; o < bytes.byteLength; o += CHUNK) {
    device.queue.writeBuffer(buf, offset + o, bytes, o, Math.min(CHUNK, bytes.byteLength - o));
  }
}

/** Copy a buffer's first `bytes` back to the host. */
export async function readBack(device: GPUDevice, src: GPUBuffer, bytes: number): Promise<ArrayBuffer> {
  const staging = createBuffer(device, bytes, GPUBufferUsage.MAP_READ | GPUBufferUsage.COPY_DST, 'readback');
  const enc = device.createCommandEncoder();
  enc.copyBufferToBuffer(src, 0, staging, 0, Math.ceil(bytes / 4) * 4);
  device.queue.submit([enc.finish()]);
  await staging.mapAsync(GPUMapMode.READ);
  const out = staging.getMappedRange(0, Math.ceil(bytes / 4) * 4).slice(0, bytes);
  staging.unmap();
  staging.destroy();
  return out;
}

/** Split a workgroup count into a 1-D or 2-D grid that respects the per-dimension limit. */
export function grid(workgroups: number, maxPerDim: number): [number, number] {
  if (workgroups <= maxPerDim) return [Math.max(1, workgroups), 1];
  const y = Math.ceil(workgroups / maxPerDim);
  return [Math.ceil(workgroups / y), y];
}
