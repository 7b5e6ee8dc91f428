/**
 * Hand-written host <-> device copies, the floor for streamRead (host to device) and streamWrite
 * (device to host). Upload: queue.writeBuffer of the host array, then onSubmittedWorkDone.
 * Download: copyBufferToBuffer into a MAP_READ staging buffer made once (outside the timing), mapAsync,
 * then a copy of the mapped range into the host array (streamWrite must deliver into the user's array).
 */
import type { BenchGpu } from '../gpu.js';
import { createBuffer, readBack, writeLarge } from '../gpu.js';
import type { Side } from '../side.js';
import { compareExact } from '../reference.js';

export async function uploadWgsl(gpu: BenchGpu, host: Float32Array): Promise<Side[]> {
  const { device } = gpu;
  const buf = createBuffer(device, host.byteLength, GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_DST | GPUBufferUsage.COPY_SRC, 'upload');
  return [
    {
      impl: 'wgsl',
      plan: 'queue.writeBuffer (64 MiB chunks) + onSubmittedWorkDone',
      async run() {
        writeLarge(device, buf, 0, host);
        await device.queue.onSubmittedWorkDone();
      },
      async check() {
        return compareExact(new Float32Array(await readBack(device, buf, host.byteLength)), host);
      },
      dispose: () => buf.destroy(),
    },
  ];
}

export async function downloadWgsl(gpu: BenchGpu, data: Float32Array): Promise<Side[]> {
  const { device } = gpu;
  const buf = createBuffer(device, data.byteLength, GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_DST | GPUBufferUsage.COPY_SRC, 'download');
  writeLarge(device, buf, 0, data);
  const staging = createBuffer(device, data.byteLength, GPUBufferUsage.MAP_READ | GPUBufferUsage.COPY_DST, 'staging');
  // Starts zeroed: the verification run must fill it.
  const host = new Float32Array(data.length);
  return [
    {
      impl: 'wgsl',
      plan: 'copyBufferToBuffer to a reused MAP_READ buffer, mapAsync, copy into the host array',
      async run() {
        const enc = device.createCommandEncoder();
        enc.copyBufferToBuffer(buf, 0, staging, 0, data.byteLength);
        device.queue.submit([enc.finish()]);
        await staging.mapAsync(GPUMapMode.READ, 0, data.byteLength);
        host.set(new Float32Array(staging.getMappedRange(0, data.byteLength)));
        staging.unmap();
      },
      async check() {
        return compareExact(host, data);
      },
      dispose() {
        buf.destroy();
        staging.destroy();
      },
    },
  ];
}
