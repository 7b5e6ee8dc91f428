/**
 * Evicting the GPU's caches between samples: a separate submit (outside any timing) that writes a
 * scratch buffer larger than the last-level cache (H100/H200 L2: 50 MB; the full run writes 256 MiB),
 * so no sample starts with its inputs already in cache. The L2 is shared by every device on the GPU,
 * so flushing through the bench's device also clears what the Brook runtime's device left there.
 */
import type { BenchGpu } from '../gpu.js';
import { createBuffer, grid } from '../gpu.js';
import { WG, bindGroup, pipeline, submit, u32f32, uniform } from './common.js';

export interface Flusher {
  flush(): Promise<void>;
  dispose(): void;
}

const FLUSH_SHADER = /* wgsl */ `
struct Params { n: u32, v: f32 }
@group(0) @binding(0) var<storage, read_write> s: array<vec4f>;
@group(0) @binding(1) var<uniform> p: Params;
@compute @workgroup_size(${WG})
fn main(@builtin(global_invocation_id) gid: vec3u, @builtin(num_workgroups) nwg: vec3u) {
  let width = nwg.x * ${WG}u;
  let i = gid.x + gid.y * width;
  if (i < p.n) { s[i] = vec4f(p.v); }
}
`;

export async function createFlusher(gpu: BenchGpu, bytes: number): Promise<Flusher> {
  const { device } = gpu;
  const size = Math.min(bytes, device.limits.maxStorageBufferBindingSize, device.limits.maxBufferSize);
  const n = Math.floor(size / 16);
  const pipe = await pipeline(device, FLUSH_SHADER, 'cache-flush');
  const buf = createBuffer(device, n * 16, GPUBufferUsage.STORAGE, 'cache-flush');
  const u = uniform(device, u32f32([{ u: n }, { f: 1 }]));
  const bind = bindGroup(device, pipe, [buf, u]);
  const g = grid(Math.ceil(n / WG), device.limits.maxComputeWorkgroupsPerDimension);
  return {
    flush: () => submit(device, [{ pipe, bind, grid: [g[0], g[1]] }]),
    dispose() {
      buf.destroy();
      u.destroy();
    },
  };
}
