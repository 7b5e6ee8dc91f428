/**
 * Hand-written baseline of many small kernel calls: `calls` dispatches of v = a * v + b on a small
 * float4 buffer, alternating x -> y and y -> x, all in one command encoder and one submit; either all
 * in one compute pass (WebGPU orders dependent dispatches within a pass) or one pass per dispatch.
 * Pipeline and both bind groups are made once, outside the timing: this is the floor a runtime that
 * records calls could reach.
 */
import type { BenchGpu } from '../gpu.js';
import { readBack, storageFrom } from '../gpu.js';
import type { Side } from '../side.js';
import { chainRef, compare } from '../reference.js';
import { WG, bindGroup, pipeline, u32f32, uniform } from './common.js';

const SHADER = /* wgsl */ `
struct Params { a: f32, b: f32, n: u32 }
@group(0) @binding(0) var<storage, read> src: array<vec4f>;
@group(0) @binding(1) var<storage, read_write> dst: array<vec4f>;
@group(0) @binding(2) var<uniform> p: Params;

@compute @workgroup_size(${WG})
fn main(@builtin(global_invocation_id) gid: vec3u) {
  if (gid.x < p.n) { dst[gid.x] = p.a * src[gid.x] + p.b; }
}
`;

export async function chainWgsl(gpu: BenchGpu, x: Float32Array, a: number, b: number, calls: number): Promise<Side[]> {
  const { device } = gpu;
  const n = x.length / 4;
  const pipe = await pipeline(device, SHADER, 'chain-wgsl');
  const bx = storageFrom(device, x, 'x');
  const by = storageFrom(device, x, 'y');
  const bu = uniform(device, u32f32([{ f: a }, { f: b }, { u: n }]));
  const fwd = bindGroup(device, pipe, [bx, by, bu]);
  const back = bindGroup(device, pipe, [by, bx, bu]);
  const groups = Math.ceil(n / WG);
  const ref = chainRef(x, a, b, calls);
  const make = (onePass: boolean): Side => ({
    impl: 'wgsl',
    plan: onePass ? `${calls} dispatches in one compute pass, one submit` : `${calls} compute passes of one dispatch, one submit`,
    calls,
    async run() {
      // Each run restarts from x so check() sees exactly `calls` steps.
      device.queue.writeBuffer(bx, 0, x);
      const enc = device.createCommandEncoder();
      let pass = enc.beginComputePass();
      pass.setPipeline(pipe);
      for (let k = 0; k < calls; k++) {
        if (!onePass && k > 0) {
          pass.end();
          pass = enc.beginComputePass();
          pass.setPipeline(pipe);
        }
        pass.setBindGroup(0, k % 2 === 0 ? fwd : back);
        pass.dispatchWorkgroups(groups);
      }
      pass.end();
      device.queue.submit([enc.finish()]);
      await device.queue.onSubmittedWorkDone();
    },
    async check() {
      const last = calls % 2 === 1 ? by : bx;
      const got = new Float32Array(await readBack(device, last, x.byteLength));
      return compare(got, ref.want, ref.scale, 1e-5, 1e-30);
    },
    dispose() {
      if (--live === 0) for (const buf of [bx, by, bu]) buf.destroy();
    },
  });
  let live = 2;
  return [make(true), make(false)];
}
