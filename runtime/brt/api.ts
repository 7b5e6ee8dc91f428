/**
 * The Brook runtime's contracts.
 *
 * 1. `BrookRuntime`: what generated host code (and the notebook bridge) calls. Generated host code is
 *    async JavaScript; every method that may need data back from the device returns a Promise and the
 *    generated code awaits it. Kernel calls are recorded, not waited for.
 * 2. `Backend`: the small interface each backend implements (`backends/cpu`, `backends/webgpu`).
 *    The runtime (`brt/`) does everything backend-independent: shape checks, resizing rules, domain
 *    arithmetic, error messages; a backend allocates, copies, and runs compiled kernels.
 *
 * Stream storage, on every backend: row-major elements (last extent fastest); each element is the
 * flat list of its 32-bit components in C order (`flattenElement` in compiler/types.ts): float
 * components as f32, int as i32, uint and bool as u32. A float4 stream of n elements is 4n words.
 * This equals the C layout of the allowed element types, so streamRead/streamWrite are plain copies.
 */
import type { Span } from '../compiler/source.js';
import type { Type } from '../compiler/types.js';
import type { KernelIR } from '../compiler/ir.js';

/** A live stream. Shapes are in declaration order (`float s<10,5>` -> [10, 5]; last is fastest). */
export interface Stream {
  readonly id: number;
  /** Name it was declared with (for messages, `%brook streams`, tables). */
  readonly name: string;
  readonly elem: Type;
  shape: number[];
  /** 32-bit words per element. */
  readonly words: number;
  /** Set for iterator streams: element i = lo + (hi - lo) * i / n per component (see BROOK.md 3). */
  readonly iter?: { lo: number[]; hi: number[] };
  /** Backend storage; undefined for iterators and freed streams. */
  buffer?: BufferHandle;
  freed: boolean;
}

/** A sub-box of a stream: lo inclusive, hi exclusive, both in declaration order (like shape). */
export interface Domain {
  readonly kind: 'domain';
  readonly stream: Stream;
  readonly lo: number[];
  readonly hi: number[];
}

export type StreamLike = Stream | Domain;

/** Host memory as generated code sees it: a C pointer (hostlib/memory.ts) or, from the notebook,
 *  a typed array or a plain array of numbers.
 *  A pointer may say how many bytes it addresses (`bytes`: the C array or malloc block) and what it
 *  points to (`elem`): then a too short or wrongly typed host array is an error (BRK5002, BRK5003)
 *  instead of reading past the object. Without them only the end of the heap bounds the copy. */
export type HostArray = { mem: { buffer: ArrayBuffer }; off: number; bytes?: number; elem?: Type } | ArrayBufferView | number[];

/** A kernel argument: stream, domain, number (scalar constant), number[] (vector or flattened struct constant). */
export type KernelArg = StreamLike | number | number[];

/** A kernel compiled by the compiler: its IR plus anything a backend caches on it. */
export interface CompiledKernel {
  readonly ir: KernelIR;
  /** Stable hash of the kernel's source and compiler version (cache key for pipelines). */
  readonly key: string;
  /** Per-backend compiled forms, filled lazily by backends (JS function, WGSL module, pipelines). */
  readonly cache: Map<string, unknown>;
}

export const STREAM_SCATTER_ASSIGN = 0;
export const STREAM_SCATTER_ADD = 1;
export const STREAM_SCATTER_MUL = 2;
export const STREAM_GATHER_FETCH = 0;
export const STREAM_GATHER_INC = 1;
/** Scatter/gather op: a predefined code above, or a reduce kernel. */
export type StreamOp = number | CompiledKernel;

export interface BrookRuntime {
  readonly backend: Backend;

  createStream(name: string, elem: Type, shape: number[], span?: Span): Stream;
  /** `iter float2 it<w,h> = iter(float2(0,0), float2(1,1));` lo/hi have one number per component. */
  createIter(name: string, elem: Type, shape: number[], lo: number[], hi: number[], span?: Span): Stream;
  domain(s: StreamLike, lo: number[], hi: number[], span?: Span): Domain;
  free(s: Stream): void;

  streamRead(s: StreamLike, src: HostArray, span?: Span): Promise<void>;
  streamWrite(s: StreamLike, dst: HostArray, span?: Span): Promise<void>;
  /** Returns the text streamPrint writes (the caller sends it to stdout). */
  streamPrint(s: StreamLike, span?: Span): Promise<string>;
  streamSwap(a: Stream, b: Stream): void;
  /** float4: x = last extent, y = the one before, ... (unused 0). */
  streamSize(s: StreamLike): number[];

  /** A kernel call. `args` follow the kernel's parameters in order. Returns a Promise only for a
   *  kernel with vout parameters (the outputs are resized when it settles): generated code awaits
   *  the result of calls to such kernels (awaiting every call is also correct). */
  call(k: CompiledKernel, args: KernelArg[], span?: Span): void | Promise<void>;
  /** A reduction into a host scalar (or vector/struct as number[]). */
  reduceToValue(k: CompiledKernel, args: KernelArg[], span?: Span): Promise<number | number[]>;
  /** A reduction into a smaller stream (the reduce argument is a stream in `args`). */
  reduceToStream(k: CompiledKernel, args: KernelArg[], span?: Span): void;

  scatterOp(dst: StreamLike, index: StreamLike, data: StreamLike, op: StreamOp, span?: Span): void;
  gatherOp(dst: StreamLike, index: StreamLike, src: StreamLike, op: StreamOp, span?: Span): void;

  setWriteMask(mask: StreamLike, span?: Span): void;
  enableWriteMask(): void;
  disableWriteMask(): void;

  /** Submit recorded work and wait for it (end of program / cell). */
  finish(): Promise<void>;
  /** Every live (not freed) stream, for `%brook streams` and leak checks. */
  liveStreams(): Stream[];
}

// ---------------------------------------------------------------------------------------------------
// Backends

export type BufferHandle = unknown;

export interface BackendLimits {
  /** Largest single buffer in bytes. */
  maxBufferBytes: number;
  /** Largest binding; streams past it are split or refused with a message naming both sizes. */
  maxBindingBytes: number;
}

/**
 * A resolved launch: everything about shapes is already checked by brt. A backend runs the kernel
 * body for every position of `outShape` (declaration order), reading inputs with the resizing rule
 * `in_index[d] = floor(out_index[d] * inExtent[d] / outExtent[d])` relative to each domain's `lo`.
 */
export interface Launch {
  kernel: CompiledKernel;
  /** One entry per kernel parameter, in order. */
  args: LaunchArg[];
  /** Shape of the output domain (all outputs share it). For reductions: the input's shape. */
  outShape: number[];
  /** Write mask (float stream shaped like the outputs), when enabled. */
  mask?: LaunchArg & { kind: 'stream' };
}

export type LaunchArg =
  | { kind: 'stream'; stream: Stream; lo: number[]; shape: number[] } // a stream or domain (shape = hi - lo)
  | { kind: 'iter'; stream: Stream; lo: number[]; shape: number[] }
  | { kind: 'value'; value: number[] }; // constants, flattened components

export interface Backend {
  readonly name: 'cpu' | 'webgpu';
  /** "cpu", or the adapter's description ("NVIDIA H100 80GB HBM3 (Vulkan)"). */
  readonly description: string;
  readonly limits: BackendLimits;

  allocate(words: number): BufferHandle;
  release(buf: BufferHandle): void;
  /** Copy `data` (32-bit words) into the buffer at word offset. */
  write(buf: BufferHandle, wordOffset: number, data: Uint32Array | Float32Array | Int32Array): void;
  /** Copy words out (flushes recorded work first). */
  read(buf: BufferHandle, wordOffset: number, words: number): Promise<Uint32Array>;
  /** Copy between buffers (used for domains, streamSwap-free copies, resizing outputs). */
  copy(src: BufferHandle, srcWord: number, dst: BufferHandle, dstWord: number, words: number): void;

  run(launch: Launch): void;
  /** Full reduction of the launch's input stream; returns the flattened components. */
  reduceAll(launch: Launch): Promise<number[]>;
  /** Partial reduction: `target` receives one value per block. */
  reduceBlocks(launch: Launch, target: LaunchArg & { kind: 'stream' }): void;
  /** vout: runs the kernel; for each vout param in parameter order, how many elements it received and
   *  a new buffer holding exactly those elements, packed in push order (brt pads 2-D outputs and
   *  replaces the streams' buffers). */
  runVout(launch: Launch): Promise<{ counts: number[]; buffers: BufferHandle[] }>;
  scatterOp(dst: LaunchArg & { kind: 'stream' }, index: LaunchArg & { kind: 'stream' }, data: LaunchArg & { kind: 'stream' }, op: StreamOp): void;
  gatherOp(dst: LaunchArg & { kind: 'stream' }, index: LaunchArg & { kind: 'stream' }, src: LaunchArg & { kind: 'stream' }, op: StreamOp): void;

  /** Submit recorded work and wait. */
  finish(): Promise<void>;
  dispose(): void;
}
