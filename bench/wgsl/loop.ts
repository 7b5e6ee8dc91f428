/**
 * Hand-written loop of SAXPY calls, timed as a user sees a loop: `calls` back-to-back dispatches of
 * r = a x + y (float4, vec4 loads, one vec4 per thread, 2-D grid past 65535 workgroups), then one
 * wait, on the wall clock. Pipeline and bind group are made once, outside the timing.
 * Plans: every dispatch in one encoder and one submit (the GPU starts once all are recorded), or a
 * submit per dispatch (the GPU starts on the first at once). The harness keeps the faster.
 */
import type { BenchGpu } from '../gpu.js';
import { createBuffer, grid, readBack, storageFrom } from '../gpu.js';
import type { Side } from '../side.js';
import { compare, saxpyRef } from '../reference.js';
import { WG, bindGroup, clear, pipeline, u32f32, uniform } from './common.js';

const SHADER = /* wgsl */ `
struct Params { a: f32, n: u32 }
@group(0) @binding(0) var<storage, read> x: array<vec4f>;
@group(0) @binding(1) var<storage, read> y: array<vec4f>;
@group(0) @binding(2) var<storage, read_write> r: array<vec4f>;
@group(0) @binding(3) var<uniform> p: Params;

@compute @workgroup_size(${WG})
fn main(@builtin(global_invocation_id) gid: vec3u, @builtin(num_workgroups) nwg: vec3u) {
  let i = gid.x + gid.y * nwg.x * ${WG}u;
  if (i < p.n) { r[i] = p.a * x[i] + y[i]; }
}
`;

export async function saxpyLoopWgsl(gpu: BenchGpu, a: number, x: Float32Array, y: Float32Array, calls: number): Promise<Side[]> {
  const { device } = gpu;
  const n = x.length / 4;
  const pipe = await pipeline(device, SHADER, 'saxpy-loop-wgsl');
  const bx = storageFrom(device, x, 'x');
  const by = storageFrom(device, y, 'y');
  const br = createBuffer(device, x.byteLength, GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_SRC | GPUBufferUsage.COPY_DST, 'r');
  const bu = uniform(device, u32f32([{ f: a }, { u: n }]));
  const bind = bindGroup(device, pipe, [bx, by, br, bu]);
  const [gx, gy] = grid(Math.ceil(n / WG), device.limits.maxComputeWorkgroupsPerDimension);
  const ref = saxpyRef(a, x, y);
  let live = 2;
  const make = (submitEach: boolean): Side => ({
    impl: 'wgsl',
    plan: submitEach ? `${calls} dispatches, a submit each, one wait` : `${calls} dispatches in one pass, one submit, one wait`,
    calls,
    async run() {
      let enc = device.createCommandEncoder();
      let pass = enc.beginComputePass();
      pass.setPipeline(pipe);
      pass.setBindGroup(0, bind);
      for (let k = 0; k < calls; k++) {
        pass.dispatchWorkgroups(gx, gy);
        if (submitEach && k < calls - 1) {
          pass.end();
          device.queue.submit([enc.finish()]);
          enc = device.createCommandEncoder();
          pass = enc.beginComputePass();
          pass.setPipeline(pipe);
          pass.setBindGroup(0, bind);
        }
      }
      pass.end();
      device.queue.submit([enc.finish()]);
      await device.queue.onSubmittedWorkDone();
    },
    reset: () => clear(device, br),
    async check() {
      const got = new Float32Array(await readBack(device, br, x.byteLength));
      return compare(got, ref.want, ref.scale, 1e-6, 1e-30);
    },
    dispose() {
      if (--live === 0) for (const b of [bx, by, br, bu]) b.destroy();
    },
  });
  return [make(false), make(true)];
}
