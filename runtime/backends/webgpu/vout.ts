/**
 * Variable outputs (`vout`, `push`) on the GPU, in order:
 * 1. `voutCount`: run the kernel counting pushes per position and vout parameter (and the largest
 *    count per parameter, for the `vout [N]` bound);
 * 2. an exclusive scan of the counts (parameter-major: counts[j * n + i]);
 * 3. read back the totals and the largest counts (one small read);
 * 4. `voutWrite`: run the kernel again; position i of vout j pushes from offset[j * n + i] - offset[j * n].
 * The body is pure, so running it twice gives the same pushes; ordinary outputs are stored in pass 4.
 * Pushed values keep the order of the positions that pushed them (BROOK.md 6).
 */
import type { BufferHandle, Launch, LaunchArg, Stream } from '../../brt/api.js';
import { planVout, voutParams } from '../../compiler/kernels.js';
import { flattenElement } from '../../compiler/types.js';
import { GpuBuf, paddedBytes, STORAGE_USAGE } from './buffers.js';
import type { GpuContext } from './context.js';
import { count, fillParams, pad4, paramBuffers, variantFor } from './launch.js';
import { recordScan } from './scan.js';


export async function runVout(ctx: GpuContext, launch: Launch): Promise<{ counts: number[]; buffers: BufferHandle[] }> {
  const ir = launch.kernel.ir;
  const vouts = voutParams(ir);
  const V = vouts.length;
  const n = count(launch.outShape);
  const words = vouts.map((k) => launch.kernel.ir.params[k]!.type).map((t) => flattenElement(t).length);
  if (n === 0) {
    return { counts: vouts.map(() => 0), buffers: vouts.map(() => ctx.newStreamBuffer(0, 'brook vout')) };
  }
  const call = ctx.rec.nextSeq(`kernel '${ir.name}'`, launch.span);
  const WG = planVout(ctx.limits, ctx.force).workgroupSize;

  // 1. count
  const vc = variantFor(launch, 'voutCount', launch.outShape, WG);
  const pc = ctx.kernelPipeline(launch.kernel, vc);
  const counts = ctx.scratchBuffer(V * n);
  const vstat = ctx.scratchBuffer(V);
  ctx.rec.commands().clearBuffer(vstat.buffer);
  const countBuffers = paramBuffers(pc.plan, launch.args, launch.mask);
  for (const e of pc.plan.extra) {
    const b = e.name === 'counts' ? counts : vstat;
    countBuffers.push({ binding: e.binding, buffer: b.buffer, id: b.id });
  }
  const header = (data: Uint32Array) => {
    data.set(pad4(launch.outShape, 1), 0);
    data.set([n, 0, 0, 0], 8);
  };
  ctx.dispatch(pc, 'main', countBuffers, n, WG, (data) => {
    header(data);
    fillParams(data, pc.plan, ir, launch.args, launch.mask);
  }, call);

  // 2. scan into a buffer of its own: it must outlive the read below (scratch returns on submit).
  const offsets = ctx.device.createBuffer({ size: paddedBytes(V * n + 1), usage: STORAGE_USAGE, label: 'brook vout offsets' });
  const offsetsBuf = { buffer: offsets, id: `o${call.seq}` };
  recordScan(ctx, counts, V * n, offsetsBuf, call);

  // 3. totals and largest counts
  const info = ctx.scratchBuffer(2 * V + 1);
  const enc = ctx.rec.commands();
  for (let j = 0; j <= V; j++) enc.copyBufferToBuffer(offsets, j * n * 4, info.buffer, j * 4, 4);
  enc.copyBufferToBuffer(vstat.buffer, 0, info.buffer, (V + 1) * 4, V * 4);
  let got: Uint32Array;
  try {
    got = await ctx.readWords(info.buffer, 0, 2 * V + 1);
  } catch (e) {
    offsets.destroy();
    throw e;
  }
  const totals = vouts.map((_, j) => got[j + 1]! - got[j]!);
  vouts.forEach((k, j) => {
    const max = ir.params[k]!.voutMax;
    if (max !== undefined && max !== null && got[V + 1 + j]! > max) {
      offsets.destroy();
      // brt turns this into BRK5020 at the call's line (the CPU backend throws the same shape).
      throw Object.assign(new Error(`vout parameter ${k} overflowed`), { param: k });
    }
  });

  // 4. write
  const out = vouts.map((_, j) => ctx.newStreamBuffer(totals[j]! * words[j]!, 'brook vout', words[j]!));
  const args: LaunchArg[] = launch.args.slice();
  vouts.forEach((k, j) => {
    const base = launch.args[k];
    const stream = { ...(base && base.kind !== 'value' ? base.stream : {}), buffer: out[j], shape: [totals[j]!] } as Stream;
    args[k] = { kind: 'stream', stream, lo: [0], shape: [totals[j]!] };
  });
  const l2: Launch = { ...launch, args };
  const vw = variantFor(l2, 'voutWrite', launch.outShape, WG);
  const pw = ctx.kernelPipeline(launch.kernel, vw);
  const writeBuffers = paramBuffers(pw.plan, args, launch.mask);
  for (const e of pw.plan.extra) writeBuffers.push({ binding: e.binding, buffer: offsets, id: offsetsBuf.id });
  ctx.dispatch(pw, 'main', writeBuffers, n, WG, (data) => {
    header(data);
    fillParams(data, pw.plan, ir, args, launch.mask);
  }, call);
  ctx.rec.onSubmitted(() => offsets.destroy());
  return { counts: totals, buffers: out as GpuBuf[] };
}
