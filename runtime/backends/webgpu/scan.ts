/** Exclusive scan of u32 counts on the GPU (shader in codegen/wgsl/ops.ts): s[i] = a[0] + .. + a[i-1], s[m] = total. */
import { SCAN_BLOCK, SCAN_WG, scanShader } from '../../compiler/kernels.js';
import type { GpuContext } from './context.js';
import type { RecordedCall } from './recorder.js';

export type Buf = { buffer: GPUBuffer; id: number | string };

export function recordScan(ctx: GpuContext, a: Buf, m: number, s: Buf, call: RecordedCall): void {
  if (m === 0) {
    ctx.rec.commands().clearBuffer(s.buffer, 0, 4);
    return;
  }
  const nb = Math.ceil(m / SCAN_BLOCK);
  const sums = ctx.scratchBuffer(nb);
  const p = ctx.libPipeline('scan', () => ({
    code: scanShader(),
    entries: ['blocks', 'spine', 'apply'],
    uniformVec4s: 4,
    bindings: [
      { binding: 1, writable: false },
      { binding: 2, writable: true },
      { binding: 3, writable: true },
    ],
  }));
  const buffers = [
    { binding: 1, buffer: a.buffer, id: a.id },
    { binding: 2, buffer: s.buffer, id: s.id },
    { binding: 3, buffer: sums.buffer, id: sums.id },
  ];
  const fill = (d: Uint32Array) => d.set([m, nb, 0, 0], 0);
  ctx.dispatchGroups(p, 'blocks', buffers, nb, SCAN_WG, fill, call);
  ctx.dispatchGroups(p, 'spine', buffers, 1, SCAN_WG, fill, call);
  ctx.dispatchGroups(p, 'apply', buffers, nb, SCAN_WG, fill, call);
}
