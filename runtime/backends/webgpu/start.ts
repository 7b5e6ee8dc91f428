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
import { WHOLE_WORK, wholeWorkFor } from './bounded.js';
import type { NativeHost } from './native.js';

export interface StartedBackend {
  started: StartedDevice;
  ctx: GpuContext;
  natives: NativeHost;
}

export async function startBackend(options: WebGPUBackendOptions): Promise<StartedBackend> {
  const started = await startDevice(options);
  const { device } = started;
  const timing = options.timing ?? process.env.BROOK_GPU_TIMING === '1';
  const maxBinding = device.limits.maxStorageBufferBindingSize;
  const maxBuffer = device.limits.maxBufferSize;
  const ctx = new GpuContext(device, started.features, timing, pageLimit(maxBinding, maxBuffer, options.pageBytes));
  ctx.wholeWork = wholeWorkFor(started.description);
  if (options.schedule) {
    ctx.force = { ...options.schedule };
    ctx.rec.pieces.schedule = planPieces(ctx.force);
  }
  ctx.loopRate = iterationsPerMs(ctx.wholeWork === WHOLE_WORK);
  ctx.loopStatus.rate = ctx.loopRate;
  // Anything outside our error scopes becomes a failure of the next sync instead of text Dawn prints.
  // preventDefault: otherwise dawn.node also prints the error to stdout, into the program's output.
  device.addEventListener('uncapturederror', (ev) => {
    ev.preventDefault();
    const message = (ev as GPUUncapturedErrorEvent).error.message;
    ctx.rec.addCheck(Promise.resolve({ kind: 'validation', message }));
  });
  return { started, ctx, natives: nativeHost(device, started.features, options) };
}

function nativeHost(device: GPUDevice, features: Set<string>, options: WebGPUBackendOptions): NativeHost {
  const limits: Record<string, number> = {};
  for (const k of ['maxComputeWorkgroupStorageSize', 'maxComputeInvocationsPerWorkgroup', 'maxComputeWorkgroupsPerDimension', 'maxComputeWorkgroupSizeX', 'maxComputeWorkgroupSizeY', 'maxStorageBufferBindingSize']) {
    limits[k] = (device.limits as unknown as Record<string, number>)[k]!;
  }
  return { enabled: options.natives ?? nativesEnabled(), device: { limits, features }, use: new Map() };
}
