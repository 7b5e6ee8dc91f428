/// <reference types="@webgpu/types" />
/**
 * Hosting native kernels (brt/native.ts) on WebGPU: a launch of a kernel marked
 * `#pragma brook native(NAME)` asks the registered form for a plan; a plan is one dispatch of the
 * library's WGSL module, recorded in the same batch as generated kernels (so chains of calls still
 * submit once). When there is no form, natives are off, or the form declines (it says why), the
 * backend runs the kernel's generated WGSL as for any kernel: results agree either way.
 */
import type { Launch } from '../../brt/api.js';
import { nativeKernel, type NativeDevice, type NativeUse } from '../../brt/native.js';
import { asGpuBuf } from './buffers.js';
import type { GpuContext } from './context.js';

export interface NativeHost {
  enabled: boolean;
  device: NativeDevice;
  /** Per pragma name: launches run natively or from the body (backend.nativeUse()). */
  use: Map<string, NativeUse>;
}

/** Record `launch` in its native form; false when the body must run instead. */
export function runNative(ctx: GpuContext, host: NativeHost, launch: Launch, what: string): boolean {
  const name = launch.kernel.ir.native!;
  let use = host.use.get(name);
  if (!use) host.use.set(name, (use = { native: 0, body: 0 }));
  const form = host.enabled ? nativeKernel(name) : undefined;
  const plan = !host.enabled
    ? 'native kernels are turned off (BROOK_NATIVE=0)'
    : !form?.planWgsl
      ? `no WGSL form named '${name}' is registered`
      : form.planWgsl(launch, host.device);
  if (typeof plan === 'string') {
    use.body++;
    use.why = plan;
    return false;
  }
  const call = ctx.rec.nextSeq(`${what} (native ${plan.label})`, launch.span);
  const p = ctx.libPipeline(`native ${plan.key}`, () => ({
    code: plan.code(),
    entries: [plan.entry],
    uniformVec4s: Math.max(1, Math.ceil(plan.uniforms.length / 4)),
    bindings: plan.bindings.map((b, k) => ({ binding: k + 1, writable: b.writable })),
  }));
  const buffers = plan.bindings.map((b, k) => {
    const a = launch.args[b.arg];
    if (!a || a.kind === 'value') throw new Error(`internal: native ${name} binds argument ${b.arg}, which is not a stream`);
    const g = asGpuBuf(a.stream.buffer);
    return { binding: k + 1, buffer: g.buffer, id: g.id };
  });
  const pipeline = p.pipelines.get(plan.entry);
  if (!pipeline) throw new Error(`internal: native ${name} has no entry point ${plan.entry}`);
  const bg = ctx.bindGroups.get(p, ctx.rec.uniformBuffer, buffers, () => `brook#${call.seq} ${call.what}`);
  const slot = ctx.rec.uniformSlot(p.uniformBytes);
  slot.data.set(plan.uniforms);
  ctx.rec.dispatch(pipeline, bg, slot.offset, plan.groups[0], plan.groups[1]);
  ctx.rec.addWork(launch.outShape.reduce((a, b) => a * b, 1));
  ctx.rec.callRecorded();
  use.native++;
  use.plan = plan.label;
  return true;
}
