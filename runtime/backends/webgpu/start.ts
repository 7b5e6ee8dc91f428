/// <reference types="@webgpu/types" />
/**
 * A started backend's state: the device (device.ts), its GpuContext with the page size, the loop
 * budget rate and forced schedule choices set, GPU errors outside any error scope routed to the next
 * sync, and the host of library kernels' hand-written forms (native.ts).
 */
import { planPieces } from '../../compiler/kernels.js';
import { nativesEnabled } from '../../brt/native.js';
import { GpuContext } from './context.js';
import { startDevice, type StartedDevice, type WebGPUBackendOptions } from './device.js';
import { pageLimit } from './paging.js';
import { iterationsPerMs } from './loop-budget.js';
import { isSoftwareDescription, WHOLE_WORK, wholeWorkFor } from './bounded.js';
import type { NativeHost } from './native.js';

export interface StartedBackend {
  started: StartedDevice;
  ctx: GpuContext;
  natives: NativeHost;
  /** Take back what the start attached to the device (its error listener): call before device.destroy(). */
  detach(): void;
}

export async function startBackend(options: WebGPUBackendOptions): Promise<StartedBackend> {
  const started = await startDevice(options);
  const { device } = started;
  const timing = options.timing ?? process.env.BROOK_GPU_TIMING === '1';
  const maxBinding = device.limits.maxStorageBufferBindingSize;
  const maxBuffer = device.limits.maxBufferSize;
  const ctx = new GpuContext(device, started.features, timing, pageLimit(maxBinding, maxBuffer, options.pageBytes));
  ctx.wholeWork = wholeWorkFor(started.description);
  ctx.software = isSoftwareDescription(started.description);
  if (options.schedule) {
    ctx.force = { ...options.schedule };
    ctx.rec.pieces.schedule = planPieces(ctx.force);
  }
  ctx.loopRate = iterationsPerMs(ctx.wholeWork === WHOLE_WORK);
  ctx.loopStatus.rate = ctx.loopRate;
  // Anything outside our error scopes becomes a failure of the next sync instead of text Dawn prints.
  // preventDefault: otherwise dawn.node also prints the error to stdout, into the program's output.
  // The listener must be removed when the backend is disposed: while it is attached, dawn.node holds the
  // device through a global handle (and so its adapter and Dawn instance, with lavapipe's threads), and
  // collecting a destroyed device's instance with it attached crashes the process (webgpu 0.6.2).
  const onError = (ev: Event) => {
    ev.preventDefault();
    const message = (ev as GPUUncapturedErrorEvent).error.message;
    ctx.rec.addCheck(Promise.resolve({ kind: 'validation', message }));
  };
  device.addEventListener('uncapturederror', onError);
  const detach = () => device.removeEventListener('uncapturederror', onError);
  return { started, ctx, natives: nativeHost(device, started.features, options), detach };
}

function nativeHost(device: GPUDevice, features: Set<string>, options: WebGPUBackendOptions): NativeHost {
  const limits: Record<string, number> = {};
  for (const k of ['maxComputeWorkgroupStorageSize', 'maxComputeInvocationsPerWorkgroup', 'maxComputeWorkgroupsPerDimension', 'maxComputeWorkgroupSizeX', 'maxComputeWorkgroupSizeY', 'maxStorageBufferBindingSize']) {
    limits[k] = (device.limits as unknown as Record<string, number>)[k]!;
  }
  return { enabled: options.natives ?? nativesEnabled(), device: { limits, features }, use: new Map() };
}
