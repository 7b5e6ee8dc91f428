/**
 * Hand-written SAXPY over float4 streams too large for one storage binding: what a programmer
 * without stream virtualization writes. Each stream is a list of buffers of `window` float4 (a
 * power of two that fits one binding), one dispatch per window with its own bind group and size,
 * all in one submit. Plans as saxpy.ts: one vec4 per thread, or a grid-stride loop of 4.
 */
import type { BenchGpu } from '../gpu.js';
import { checked, createBuffer, grid } from '../gpu.js';
import { Unavailable, type Side } from '../side.js';
import { checkSaxpyChunks, type ChunkedFloat4 } from '../reference.js';
import { SAXPY_SHADER } from './saxpy.js';
import { WG, bindGroup, pipeline, submit, u32f32, uniform, type Dispatch } from './common.js';

/** Float4 elements in one window: the largest power of two whose bytes fit one binding and buffer. */
export function windowFor(device: GPUDevice, limitBytes = Infinity): number {
  const cap = Math.min(device.limits.maxStorageBufferBindingSize, device.limits.maxBufferSize, limitBytes);
  let w = 1;
  while (32 * w <= cap) w *= 2;
  return w;
}

export async function saxpyWindowsWgsl(gpu: BenchGpu, a: number, x: ChunkedFloat4, y: ChunkedFloat4, window: number): Promise<Side[]> {
  const { device } = gpu;
  const n = x.n;
  const pipe = await pipeline(device, SAXPY_SHADER, 'saxpy-windows-wgsl');
  const count = (w: number) => Math.min(window, n - w * window);
  const windows = Math.ceil(n / window);
  const usage = GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_DST | GPUBufferUsage.COPY_SRC;
  const all: GPUBuffer[] = [];
  const bx: GPUBuffer[] = [];
  const by: GPUBuffer[] = [];
  const br: GPUBuffer[] = [];
  try {
    await checked(device, `allocating 3 x ${windows} buffers of ${window} float4`, () => {
      for (let w = 0; w < windows; w++) {
        for (const [list, name] of [[bx, 'x'], [by, 'y'], [br, 'r']] as const) {
          const b = createBuffer(device, 16 * count(w), usage, `${name}${w}`);
          list.push(b);
          all.push(b);
        }
      }
    });
  } catch (e) {
    for (const b of all) b.destroy();
    throw new Unavailable(`device memory: ${(e as Error).message}`);
  }
  // Inputs part by part; a part may straddle windows.
  const put = (list: GPUBuffer[], first: number, data: Float32Array) => {
    for (let at = 0; at < data.length / 4; ) {
      const e = first + at;
      const w = Math.floor(e / window);
      const k = Math.min(data.length / 4 - at, window - (e - w * window));
      device.queue.writeBuffer(list[w]!, 16 * (e - w * window), data, 4 * at, 4 * k);
      at += k;
    }
  };
  x.parts.forEach((p, k) => put(bx, k * x.chunk, p));
  y.parts.forEach((p, k) => put(by, k * y.chunk, p));
  await device.queue.onSubmittedWorkDone();
  const uniforms = Array.from({ length: windows }, (_, w) => uniform(device, u32f32([{ f: a }, { u: count(w) }])));
  all.push(...uniforms);
  const binds = uniforms.map((u, w) => bindGroup(device, pipe, [bx[w]!, by[w]!, br[w]!, u]));
  const maxDim = device.limits.maxComputeWorkgroupsPerDimension;
  const read = async (first: number, n4: number): Promise<Float32Array> => {
    const out = new Float32Array(4 * n4);
    for (let at = 0; at < n4; ) {
      const e = first + at;
      const w = Math.floor(e / window);
      const k = Math.min(n4 - at, window - (e - w * window));
      out.set(new Float32Array(await readSpan(device, br[w]!, 16 * (e - w * window), 16 * k)), 4 * at);
      at += k;
    }
    return out;
  };
  let live = 2;
  const make = (perThread: number, plan: string): Side => {
    const dispatches: Dispatch[] = binds.map((bind, w) => {
      const g = grid(Math.ceil(count(w) / (WG * perThread)), maxDim);
      return { pipe, bind, grid: [g[0], g[1]] };
    });
    return {
      impl: 'wgsl',
      plan: `${plan}, ${windows} windows of ${window} float4, one dispatch each`,
      run: () => submit(device, dispatches),
      async reset() {
        const enc = device.createCommandEncoder();
        for (const b of br) enc.clearBuffer(b);
        device.queue.submit([enc.finish()]);
        await device.queue.onSubmittedWorkDone();
      },
      check: () => checkSaxpyChunks(a, x, y, read),
      dispose() {
        if (--live === 0) for (const b of all) b.destroy();
      },
    };
  };
  return [make(1, `${WG} threads, 1 vec4 per thread`), make(4, `${WG} threads, grid-stride 4 vec4 per thread`)];
}

/** `bytes` of `src` from `offset` to the host. */
async function readSpan(device: GPUDevice, src: GPUBuffer, offset: number, bytes: number): Promise<ArrayBuffer> {
  const staging = createBuffer(device, bytes, GPUBufferUsage.MAP_READ | GPUBufferUsage.COPY_DST, 'readback');
  const enc = device.createCommandEncoder();
  enc.copyBufferToBuffer(src, offset, staging, 0, bytes);
  device.queue.submit([enc.finish()]);
  await staging.mapAsync(GPUMapMode.READ);
  const out = staging.getMappedRange(0, bytes).slice(0);
  staging.unmap();
  staging.destroy();
  return out;
}
