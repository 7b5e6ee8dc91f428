/// <reference types="@webgpu/types" />
/**
 * Streams larger than one binding (stream virtualization, as the dissertation split what the
 * hardware could not hold in one texture): a stream whose bytes pass the page limit is stored as
 * several page buffers (buffers.ts GpuBuf.pages), each a power of two of whole elements that fits
 * one storage binding and one buffer. Kernels see one stream: map launches run one dispatch per
 * range of positions binding the pages that range touches (paged-launch.ts), other launches bind
 * every page, and the WGSL picks the page from the element index (codegen/wgsl memory.ts).
 *
 * The page limit is min(maxStorageBufferBindingSize, maxBufferSize), or smaller where asked
 * (WebGPUBackendOptions.pageBytes, BROOK_WEBGPU_PAGE_BYTES) so tests split small streams.
 * Here: page sizes, allocation, and cutting a word range of a stream into per-page pieces for
 * streamRead/streamWrite and copies.
 */
import { GpuBuf, paddedBytes, STORAGE_USAGE } from './buffers.js';

/** The largest stream: element indices (u32 in the WGSL) stay below 2^32 for any element type. */
export const MAX_STREAM_BYTES = 4 * (2 ** 32 - 1);

/**
 * Pages of one stream at most when the page limit was lowered (a test's pageBytes): pages then grow
 * past the lowered limit, up to the adapter's. Thousands of tiny buffers (a 16-byte page) exhaust the
 * driver (Dawn on lavapipe crashed at 120,000); at the adapter's own limits (>= 128 MiB bindings by
 * the WebGPU spec) a stream of MAX_STREAM_BYTES is at most 128 pages.
 */
export const MAX_PAGES = 256;

/** Page limit in bytes from the adapter's limits and an optional override (tests). */
export function pageLimit(maxBinding: number, maxBuffer: number, override?: number): number {
  const env = Number(process.env.BROOK_WEBGPU_PAGE_BYTES ?? '');
  const asked = override ?? (Number.isFinite(env) && env > 0 ? env : Infinity);
  return Math.max(16, Math.min(maxBinding, maxBuffer, asked));
}

/**
 * Elements per page for elements of `elemWords` words: the largest power of two whose padded
 * bytes fit `limit` (at least 1). A power of two makes the page of an element a shift, and lines up
 * the pages of streams with one element size with each other.
 */
export function pageElemsFor(limit: number, elemWords: number): number {
  let e = 1;
  while (paddedBytes(2 * e * elemWords) <= limit && e < 2 ** 31) e *= 2;
  return e;
}

/**
 * Storage for `words` words of `elemWords`-word elements: one buffer when it fits `limit`, else
 * pages of pageElemsFor(limit) elements, grown within `hardLimit` (the adapter's) to keep at most
 * MAX_PAGES of them.
 */
export function createStreamStorage(device: GPUDevice, words: number, elemWords: number, limit: number, hardLimit: number, label?: string): GpuBuf {
  const w = Math.max(1, elemWords);
  if (paddedBytes(words) <= limit || words % w !== 0) {
    return new GpuBuf([device.createBuffer({ size: paddedBytes(words), usage: STORAGE_USAGE, label })], words, w);
  }
  const elems = words / w;
  let per = pageElemsFor(limit, w);
  while (Math.ceil(elems / per) > MAX_PAGES && paddedBytes(2 * per * w) <= hardLimit) per *= 2;
  if (per >= elems) return new GpuBuf([device.createBuffer({ size: paddedBytes(words), usage: STORAGE_USAGE, label })], words, w);
  const pages: GPUBuffer[] = [];
  for (let first = 0; first < elems; first += per) {
    const n = Math.min(per, elems - first);
    pages.push(device.createBuffer({ size: paddedBytes(n * w), usage: STORAGE_USAGE, label: label && `${label} page ${pages.length}` }));
  }
  return new GpuBuf(pages, words, w, per);
}

export interface PageSegment {
  page: GPUBuffer;
  /** Index of the page in the stream, for bind group and cache ids. */
  index: number;
  /** Byte offset inside the page. */
  byteOffset: number;
  words: number;
  /** Words of the whole range before this segment. */
  at: number;
}

/** The per-page pieces of words [wordOffset, wordOffset + words) of `b`, in order. */
export function segments(b: GpuBuf, wordOffset: number, words: number): PageSegment[] {
  const out: PageSegment[] = [];
  if (!b.paged) {
    out.push({ page: b.pages[0]!, index: 0, byteOffset: wordOffset * 4, words, at: 0 });
    return out;
  }
  const pw = b.pageWords;
  let at = 0;
  while (at < words) {
    const w = wordOffset + at;
    const index = Math.floor(w / pw);
    const inPage = w - index * pw;
    const n = Math.min(words - at, pw - inPage);
    out.push({ page: b.pages[index]!, index, byteOffset: inPage * 4, words: n, at });
    at += n;
  }
  return out;
}
