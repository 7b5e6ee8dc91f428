/** Shared plumbing for the hand-written WGSL baselines: pipelines, bind groups, dispatch. */
import { checked, grid, readBack } from '../gpu.js';
import type { Check } from '../reference.js';
import type { Side } from '../side.js';

export const WG = 256;

/** A compute pipeline from WGSL; compile errors are raised with their line, not swallowed. */
export async function pipeline(device: GPUDevice, code: string, label: string): Promise<GPUComputePipeline> {
  const module = device.createShaderModule({ code, label });
  const info = await module.getCompilationInfo();
  const errors = info.messages.filter((m) => m.type === 'error');
  if (errors.length) {
    throw new Error(`${label}: WGSL does not compile: ${errors.map((m) => `${m.lineNum}:${m.linePos} ${m.message}`).join('; ')}`);
  }
  return checked(device, label, () => device.createComputePipeline({ layout: 'auto', compute: { module, entryPoint: 'main' }, label }));
}

export function bindGroup(device: GPUDevice, pipe: GPUComputePipeline, buffers: GPUBuffer[]): GPUBindGroup {
  return device.createBindGroup({
    layout: pipe.getBindGroupLayout(0),
    entries: buffers.map((buffer, binding) => ({ binding, resource: { buffer } })),
  });
}

/** A uniform buffer holding 32-bit words (u32 or f32 bit patterns). */
export function uniform(device: GPUDevice, words: ArrayBuffer): GPUBuffer {
  const buf = device.createBuffer({ size: Math.max(16, Math.ceil(words.byteLength / 16) * 16), usage: GPUBufferUsage.UNIFORM | GPUBufferUsage.COPY_DST });
  device.queue.writeBuffer(buf, 0, words);
  return buf;
}

export function u32f32(parts: { u?: number; f?: number }[]): ArrayBuffer {
  const ab = new ArrayBuffer(Math.max(16, parts.length * 4));
  const dv = new DataView(ab);
  parts.forEach((p, i) => (p.f !== undefined ? dv.setFloat32(i * 4, p.f, true) : dv.setUint32(i * 4, p.u ?? 0, true)));
  return ab;
}

export interface Dispatch {
  pipe: GPUComputePipeline;
  bind: GPUBindGroup;
  grid: [number, number, number?];
}

/** Encode dispatches (one pass each, as separate kernel launches would be), submit, await completion. */
export async function submit(device: GPUDevice, dispatches: Dispatch[]): Promise<void> {
  const enc = device.createCommandEncoder();
  for (const d of dispatches) {
    const pass = enc.beginComputePass();
    pass.setPipeline(d.pipe);
    pass.setBindGroup(0, d.bind);
    pass.dispatchWorkgroups(d.grid[0], d.grid[1], d.grid[2] ?? 1);
    pass.end();
  }
  device.queue.submit([enc.finish()]);
  await device.queue.onSubmittedWorkDone();
}

/** Zero a buffer and wait: plans share output buffers, so each is verified from a clean slate. */
export async function clear(device: GPUDevice, buf: GPUBuffer): Promise<void> {
  const enc = device.createCommandEncoder();
  enc.clearBuffer(buf);
  device.queue.submit([enc.finish()]);
  await device.queue.onSubmittedWorkDone();
}

/**
 * The two plans of a one-pass elementwise shader written as a grid-stride loop over `n` float4 (SAXPY,
 * the fused chain): one vec4 per thread on a 2-D grid past 65535 workgroups, or 4 per thread (fewer,
 * longer-lived threads). Both share `out`, verified by `check` from a cleared buffer; `owned` buffers
 * are destroyed with the last side.
 */
export function gridStridePlans(
  device: GPUDevice,
  pipe: GPUComputePipeline,
  bind: GPUBindGroup,
  n: number,
  out: GPUBuffer,
  owned: GPUBuffer[],
  check: (got: Float32Array) => Check,
  label: (perThread: number) => string,
): Side[] {
  const maxDim = device.limits.maxComputeWorkgroupsPerDimension;
  let live = 2;
  return [1, 4].map((perThread): Side => {
    const g = grid(Math.ceil(n / (WG * perThread)), maxDim);
    return {
      impl: 'wgsl',
      plan: `${label(perThread)}, grid ${g[0]}x${g[1]}`,
      run: () => submit(device, [{ pipe, bind, grid: [g[0], g[1]] }]),
      reset: () => clear(device, out),
      async check() {
        return check(new Float32Array(await readBack(device, out, out.size)));
      },
      dispose() {
        if (--live === 0) for (const b of owned) b.destroy();
      },
    };
  });
}
