/// <reference types="@webgpu/types" />
/**
 * The backend's stream store: allocating, releasing, writing, reading and copying stream buffers,
 * a split stream (paging.ts) a page at a time. Host writes keep program order with the recorded
 * kernel calls (recorder.ts); reads wait for the work before them and report its failures.
 */
import type { Backend, BufferHandle } from '../../brt/api.js';
import { brtError } from '../../brt/errors.js';
import { asGpuBuf, GpuBuf, pagedBuf } from './buffers.js';
import { MAX_STREAM_BYTES, segments } from './paging.js';
import type { GpuContext } from './context.js';
import { STAGED_FROM } from './upload.js';
import { readChecked } from './failures.js';

export type StreamStore = Pick<Backend, 'allocate' | 'release' | 'write' | 'read' | 'readInto' | 'copy' | 'bindingsFor'>;

type Words = Uint32Array | Float32Array | Int32Array;

export function createStreamStore(ctx: GpuContext): StreamStore {
  return {
    allocate: (words, elementWords = 1) => allocate(ctx, words, elementWords),
    release: (h) => release(ctx, h),
    write(h, wordOffset, data): void {
      const b = asGpuBuf(h);
      if (data.length === 0) return;
      // A split stream: one write per page the words fall in.
      if (b.paged) {
        for (const s of segments(b, wordOffset, data.length)) writeWords(ctx, s.page, s.byteOffset, data.subarray(s.at, s.at + s.words));
        return;
      }
      writeWords(ctx, b.buffer, wordOffset * 4, data);
    },
    async read(h, wordOffset, words): Promise<Uint32Array> {
      const b = asGpuBuf(h);
      if (b.paged) {
        const out = new Uint32Array(words);
        await readPages(ctx, b, wordOffset, words, out);
        return out;
      }
      return readChecked(ctx, ctx.readWords(b.buffer, wordOffset * 4, words));
    },
    async readInto(h, wordOffset, words, dst): Promise<void> {
      const b = asGpuBuf(h);
      if (dst.length < words) throw new Error('internal: readInto target too short');
      if (b.paged) return readPages(ctx, b, wordOffset, words, dst);
      await readChecked(ctx, ctx.readWords(b.buffer, wordOffset * 4, words, dst));
    },
    copy(src, srcWord, dst, dstWord, words): void {
      if (words === 0) return;
      const s = asGpuBuf(src);
      const d = asGpuBuf(dst);
      // Split streams: the pieces that lie in one page of each side.
      for (const a of segments(s, srcWord, words)) {
        for (const c of segments(d, dstWord + a.at, a.words)) copyWords(ctx, a.page, a.byteOffset + (c.at * 4), c.page, c.byteOffset, c.words);
      }
    },
    bindingsFor: (h) => pagedBuf(h)?.pages.length ?? 1,
  };
}

function allocate(ctx: GpuContext, words: number, elementWords: number): BufferHandle {
  const bytes = words * 4;
  if (bytes > MAX_STREAM_BYTES) {
    throw brtError('BRK5009', { name: '(stream)', bytes, backend: 'WebGPU', limit: MAX_STREAM_BYTES });
  }
  // Out of memory shows up asynchronously: report it at the next read or finish.
  ctx.device.pushErrorScope('out-of-memory');
  const b = ctx.newStreamBuffer(words, 'brook stream', elementWords);
  const scope = ctx.device.popErrorScope();
  ctx.rec.addCheck(scope.then((e) => (e ? { kind: 'out-of-memory', message: `allocating ${bytes} bytes: ${e.message}` } : null)));
  return b;
}

function release(ctx: GpuContext, h: BufferHandle): void {
  const b = h as GpuBuf;
  if (!(b instanceof GpuBuf) || b.released) return;
  b.released = true;
  ctx.bindGroups.forget(b.id);
  // Destroy after the batch that may still use it is submitted.
  const destroy = () => { for (const page of b.pages) page.destroy(); };
  if (ctx.rec.hasWork) ctx.rec.onSubmitted(destroy);
  else destroy();
}

/** Host words into one buffer: large writes through the mapped staging ring (upload.ts). */
function writeWords(ctx: GpuContext, buffer: GPUBuffer, byteOffset: number, data: Words): void {
  if (data.length * 4 >= STAGED_FROM) {
    ctx.upload.write(buffer, byteOffset, new Uint8Array(data.buffer, data.byteOffset, data.length * 4));
    return;
  }
  // queue.writeBuffer runs before anything still recorded: submit that first to keep program order.
  if (ctx.rec.hasWork) ctx.rec.flush();
  ctx.device.pushErrorScope('validation');
  ctx.rec.queueWrite(buffer, byteOffset, data.buffer, data.byteOffset, data.length * 4);
  const scope = ctx.device.popErrorScope();
  ctx.rec.addCheck(scope.then((e) => (e ? { kind: 'validation', message: e.message, call: { seq: 0, what: 'a stream write' } } : null)));
}

/** Words of a split stream into `dst`, a page at a time (each page its own staging copy). */
async function readPages(ctx: GpuContext, b: GpuBuf, wordOffset: number, words: number, dst: Uint32Array): Promise<void> {
  for (const s of segments(b, wordOffset, words)) {
    await readChecked(ctx, ctx.readWords(s.page, s.byteOffset, s.words, dst.subarray(s.at, s.at + s.words)));
  }
}

/** Words from one buffer to another (WebGPU cannot copy a buffer onto itself: through scratch). */
function copyWords(ctx: GpuContext, src: GPUBuffer, srcByte: number, dst: GPUBuffer, dstByte: number, words: number): void {
  const enc = ctx.rec.commands();
  if (src !== dst) {
    enc.copyBufferToBuffer(src, srcByte, dst, dstByte, words * 4);
    return;
  }
  const tmp = ctx.scratchBuffer(words);
  enc.copyBufferToBuffer(src, srcByte, tmp.buffer, 0, words * 4);
  enc.copyBufferToBuffer(tmp.buffer, 0, dst, dstByte, words * 4);
}
