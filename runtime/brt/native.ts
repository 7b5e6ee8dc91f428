/**
 * Native kernels: hand-written forms of Brook kernels that a library ships, for what Brook cannot say
 * (workgroup memory, register tiles). A kernel is marked in Brook source with
 *
 *     #pragma brook native(blas.gemm)
 *     kernel void blas_gemm_k(...) { ...the definition... }
 *
 * The Brook body stays the definition: the CPU backend always runs it, and a GPU backend runs it
 * whenever the native form declines a launch (unsupported shapes, no form registered, natives turned
 * off). A native form must give the body's results up to float32 rounding; tests compare the two.
 *
 * Arrows: a library (runtime/library) registers its forms here; a backend looks them up by the
 * pragma's name (KernelIR.native). Neither brt nor the library imports a backend, and the forms are
 * plain data (WGSL text, uniform words, a grid), so any WebGPU backend can host them.
 */
import type { Launch } from './api.js';

/** What a backend tells a native form about its device, to choose a schedule. */
export interface NativeDevice {
  /** maxComputeWorkgroupStorageSize, maxComputeInvocationsPerWorkgroup, maxComputeWorkgroupsPerDimension, ... */
  limits: Readonly<Record<string, number>>;
  features: ReadonlySet<string>;
}

/** One dispatch of a native WGSL module for one launch. */
export interface WgslNativePlan {
  /** Names the module: two plans with the same key have the same code (the pipeline cache key). */
  key: string;
  /** The module. Binding 0 is a `var<uniform>` block of `uniforms` (bound with a dynamic offset);
   *  bindings 1.. are the storage buffers of `bindings`, in order. */
  code(): string;
  entry: string;
  /** Storage binding k + 1 holds the stream of launch argument `bindings[k].arg`. A stream passed in
   *  two arguments is bound once (WebGPU refuses a written buffer bound twice). */
  bindings: { arg: number; writable: boolean }[];
  /** The uniform block's 32-bit words (f32 bits where the module reads floats). */
  uniforms: Uint32Array;
  /** Workgroups to dispatch, x and y. */
  groups: [number, number];
  /** For notes and logs: "gemm 128x128 tiles, 8x8 per thread". */
  label: string;
}

export interface NativeKernel {
  /** The name in `#pragma brook native(NAME)`. */
  readonly name: string;
  /** The WGSL form for this launch, or a sentence saying why not (the backend then runs the body). */
  planWgsl?(launch: Launch, device: NativeDevice): WgslNativePlan | string;
}

const registry = new Map<string, NativeKernel>();

/** Register (or replace) the native form named `k.name`. */
export function registerNativeKernel(k: NativeKernel): void {
  registry.set(k.name, k);
}

export function nativeKernel(name: string): NativeKernel | undefined {
  return registry.get(name);
}

/** How a backend ran the launches of kernels marked native (per pragma name). */
export interface NativeUse {
  /** Launches run in the native form. */
  native: number;
  /** Launches run from the Brook body instead. */
  body: number;
  /** Why the last launch that ran the body did so. */
  why?: string;
  /** The last native plan's label. */
  plan?: string;
}

/** Natives on unless BROOK_NATIVE=0 (or off): tests and benchmarks compare the forms that way. */
export function nativesEnabled(env: Record<string, string | undefined> = process.env): boolean {
  const v = env.BROOK_NATIVE?.trim().toLowerCase();
  return !(v === '0' || v === 'off' || v === 'false');
}
