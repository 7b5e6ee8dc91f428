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
import type { CompiledKernel } from '../compiler/compiled.js';

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

/** The compiler's product (runtime/compiler/compiled.ts), named here because every backend takes it. */
export type { CompiledKernel } from '../compiler/compiled.js';

export const STREAM_SCATTER_ASSIGN = 0;
export const STREAM_SCATTER_ADD = 1;
export const STREAM_SCATTER_MUL = 2;
export const STREAM_GATHER_FETCH = 0;
export const STREAM_GATHER_INC = 1;
/** Scatter/gather op: a predefined code above, or a reduce kernel. */
export type StreamOp = number | CompiledKernel;

/**
 * What the program knows after a call (generated host code passes it; see brt/fusion.ts):
 * `dead` lists streams whose contents after this call are never read again (the compiler proves it
 * for block-local streams of a function). Fusion then keeps such an intermediate in registers
 * instead of writing it. A hint is never needed for correctness; a wrong one loses data.
 */
export interface CallHints {
  dead?: StreamLike[];
}

export interface BrookRuntime {
  /** The backend; reading it first submits any calls still held for fusion (brt/fusion.ts). */
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
  /** BrookGPU's `brook::sentinelStream(dim)`: a float stream of `dim` dimensions, every extent 1,
   *  holding +inf (its vout code's end marker). One per dimension count, owned by the runtime. */
  sentinelStream(dim: number, span?: Span): Stream;

  /** A kernel call. `args` follow the kernel's parameters in order. Returns a Promise only for a
   *  kernel with vout parameters (the outputs are resized when it settles): generated code awaits
   *  the result of calls to such kernels (awaiting every call is also correct). */
  call(k: CompiledKernel, args: KernelArg[], span?: Span, hints?: CallHints): void | Promise<void>;
  /** A reduction into a host scalar (or vector/struct as number[]). */
  reduceToValue(k: CompiledKernel, args: KernelArg[], span?: Span, hints?: CallHints): Promise<number | number[]>;
  /** A reduction into a smaller stream (the reduce argument is a stream in `args`). */
  reduceToStream(k: CompiledKernel, args: KernelArg[], span?: Span, hints?: CallHints): void;

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
  /** Largest stream in bytes (BRK5009 past it). */
  maxBufferBytes: number;
  /** Largest binding; the WebGPU backend splits larger streams into pages of at most this size. */
  maxBindingBytes: number;
  /** Most distinct stream buffers one launch may use (WebGPU: storage buffers per shader stage,
   *  less those a reduction adds); fusion keeps fused launches within it. Absent: no limit. */
  maxKernelStreams?: number;
}

/**
 * A resolved launch: everything about shapes is already checked by brt. A backend runs the kernel
 * body for every position of `outShape` (declaration order), reading inputs with the resizing rule
 * `in_index[d] = floor(out_index[d] * inExtent[d] / outExtent[d])` in exact integers (BROOK.md 4,
 * `resizedIndex` in backends/cpu/launchdata.ts) relative to each domain's `lo`.
 *
 * What brt guarantees (backends rely on it, and need not check again):
 * - `args[i]` matches `kernel.ir.params[i]`: 'value' for constants, 'iter' for iterator params,
 *   'stream' for in/out/gather/vout params (an iterator passed to an input or gather param has been
 *   materialized into a temporary stream). Input and iterator args have outShape's rank; all outputs
 *   have shape outShape; a gather arg has the rank of its param's `gatherDims`.
 * - In place: an output's stream may also appear as an input only with the identical box (same lo and
 *   shape), so each position reads its own element before writing it. (A different box is read from
 *   a snapshot brt made.) No output's stream is gathered in the same launch. WebGPU note: bind such a
 *   stream once, read_write, for both parameters.
 * - Iterators (`kind: 'iter'`, stream.iter = { lo, hi } per component, stream.shape the iterator's
 *   full shape): component c of the element at iterator index idx (= lo[d] + resized position along
 *   the dimension the component follows) is, in float32 step by step,
 *   `lo_c + ((hi_c - lo_c) * idx) / n` with n the iterator's full extent along that dimension.
 *   1-D iterators: every component follows the only dimension. Rank >= 2: component 0 (x) follows
 *   the last (fastest) dimension, 1 (y) the one before, ...; components past the rank stay at lo.
 * - `indexof` of an in/out/iter param is its position relative to its own domain after resizing
 *   (the resizing rule above), x = fastest dimension, unused components 0.
 * - Gathers: index k of a gather (fastest first) addresses dimension rank-1-k of the gathered box:
 *   the gather rule of compiler/facts/gather.ts (float indices floor(i + 0.25), then clamped).
 * - Reductions: `outShape` is the input's shape. For `reduceAll` the reduce param's arg is a 'value'
 *   with no components (ignored); for `reduceBlocks` it is the target (also passed as `target`).
 *   The first element of a group seeds the accumulator; the body combines the accumulator (the reduce
 *   param, the earlier elements) with the next element (the input param); element order (row-major)
 *   must be kept, grouping may vary. The input is never empty (brt raises BRK5025).
 * - A mask, when set, has shape outShape; positions whose mask value is 0 (+0 or -0) are skipped
 *   entirely (outputs keep their old values).
 */
export interface Launch {
  kernel: CompiledKernel;
  /** One entry per kernel parameter, in order. */
  args: LaunchArg[];
  /** Shape of the output domain (all outputs share it). For reductions: the input's shape. */
  outShape: number[];
  /** Write mask (float stream shaped like the outputs), when enabled. */
  mask?: LaunchArg & { kind: 'stream' };
  /** The host statement of the call: a backend that reports errors later (WebGPU, at the next
   *  read or finish) attaches it to them. */
  span?: Span;
  /** Set when brt fused several kernel calls into this one launch (brt/fusion.ts): the calls, in
   *  program order, and what became of the streams passed between them. Profilers show it. */
  fused?: FusedGroup;
}

/** A group of kernel calls run as one launch (brt/fusion.ts). */
export interface FusedGroup {
  /** 1, 2, ... per runtime, in the order groups ran. */
  id: number;
  /** The calls fused, in program order: kernel name and the host statement of each. */
  calls: { kernel: string; span?: Span }[];
  /** Streams passed between the calls in registers and never written (dead intermediates). */
  elided: string[];
  /** Streams passed between the calls in registers and also written (read later, or kept to be safe). */
  written: string[];
}

/** A chain of map calls run as one launch that keeps a tile of each call's output in workgroup
 *  memory for the next (brt/tiling.ts; the proof and the tile: compiler/schedule/chain-tile.ts). */
export interface TiledGroup {
  id: number;
  /** The calls, in program order: one output shape, whole streams. */
  steps: Launch[];
  /** Tile extents (declaration order), each dividing the output's. */
  tile: number[];
  workgroupSize: number;
  /** Per step, per parameter: reads the previous step's output from the tile (proven in bounds). */
  fromTile: boolean[][];
  /** The same object for every group of the same launch objects in the same order (brt/tiling.ts's
   *  replay trie): what a backend prepared for one such group holds for the next, constants and
   *  buffers included (a plan is handed out again only while those are unchanged: plan-cache.ts). */
  replay?: object;
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

  /** Storage for `words` words; `elementWords` (words per element, default 1) lets a backend that
   *  splits large streams keep whole elements in each piece. */
  allocate(words: number, elementWords?: number): BufferHandle;
  release(buf: BufferHandle): void;
  /** Optional: a quiet point between cells (the session calls it after each one): the backend may
   *  spend a few milliseconds releasing what waits for the garbage collector (webgpu/collect.ts). */
  quietPoint?(): void;
  /** Copy `data` (32-bit words) into the buffer at word offset. */
  write(buf: BufferHandle, wordOffset: number, data: Uint32Array | Float32Array | Int32Array): void;
  /** Copy words out (flushes recorded work first). */
  read(buf: BufferHandle, wordOffset: number, words: number): Promise<Uint32Array>;
  /** Optional: like `read`, but straight into `dst` (its first `words` words), saving a copy of
   *  large streamWrites. brt uses it when the host array can be viewed as words in place. */
  readInto?(buf: BufferHandle, wordOffset: number, words: number, dst: Uint32Array): Promise<void>;
  /** Copy between buffers (used for in-place snapshots and vout padding). `release` may follow at
   *  once: a backend that records work must keep a released buffer alive until that work ran. */
  copy(src: BufferHandle, srcWord: number, dst: BufferHandle, dstWord: number, words: number): void;
  /**
   * Optional: `bytes` zeroed bytes of host memory that streamRead/streamWrite copy at memcpy speed
   * (CPU: a block of the memory its streams live in, copied with memory.copy; like CUDA's
   * page-locked host memory), or undefined where there is none. `release()` gives it back; the
   * view must not be used after.
   */
  hostMemory?(bytes: number): { bytes: Uint8Array; release(): void } | undefined;

  /** Optional: storage bindings a kernel needs for all of this buffer (a stream split into pages
   *  takes one per page; absent: one). Fusion keeps fused launches within `maxKernelStreams`. */
  bindingsFor?(buf: BufferHandle): number;

  /** Optional: this map call runs in a form of the backend's own that a fused launch would lose
   *  (WebGPU's cooperative sum loops: a workgroup per output element; gathers staged through
   *  workgroup memory); fusion then runs it alone.
   *  Absent: every call may fuse. */
  runsAlone?(launch: Launch): boolean;

  run(launch: Launch): void;
  /** Optional: runs a tiled chain (brt/tiling.ts) as one launch; its results must be the calls' run
   *  one by one, bit for bit. Absent: chains are not formed and every call runs alone. */
  runTiled?(group: TiledGroup): void;
  /** With runTiled: the workgroup limits a tile must fit. */
  readonly tileLimits?: { maxWorkgroupBytes: number; maxInvocations: number };
  /** Full reduction of the launch's input stream; returns the flattened components. */
  reduceAll(launch: Launch): Promise<number[]>;
  /** Partial reduction: `target` receives one value per block. */
  reduceBlocks(launch: Launch, target: LaunchArg & { kind: 'stream' }): void;
  /** vout: runs the kernel; for each vout param in parameter order, how many elements it received and
   *  a new buffer holding exactly those elements, packed in push order (brt pads 2-D outputs and
   *  replaces the streams' buffers). */
  runVout(launch: Launch): Promise<{ counts: number[]; buffers: BufferHandle[] }>;
  /**
   * For each element i of `data` (row-major): dst[index[i]] = op(dst[index[i]], data[i]). `index`
   * has data's shape and one component per dimension of dst (x = fastest), rounded floor(x + 0.25);
   * an index outside dst skips that element. ASSIGN: last writer (largest i) wins; ADD, MUL; a reduce
   * kernel: its body with the reduce param = dst element, the input param = data[i], collisions
   * applied in order of i. (brt checked shapes, types, and that a kernel op has only those two params.)
   */
  scatterOp(dst: LaunchArg & { kind: 'stream' }, index: LaunchArg & { kind: 'stream' }, data: LaunchArg & { kind: 'stream' }, op: StreamOp): void;
  /**
   * For each element i of `dst` (row-major): dst[i] = src[index[i]] (index clamped like a gather),
   * then src[index[i]] = op(src[index[i]]): FETCH leaves it, INC adds 1 to every component, a reduce
   * kernel computes its body with both params set to the old value. Repeated indices see the earlier
   * updates (sequential semantics; a GPU uses atomics).
   */
  gatherOp(dst: LaunchArg & { kind: 'stream' }, index: LaunchArg & { kind: 'stream' }, src: LaunchArg & { kind: 'stream' }, op: StreamOp): void;

  /** Submit recorded work and wait. */
  finish(): Promise<void>;
  dispose(): void;

  /** Optional, for profiles (runtime/profile): device work recorded from now on belongs to the
   *  operation `tag` (null: to none). A backend that batches work ends its open compute pass here,
   *  so each operation's work can be timed apart. A backend without it runs each operation before
   *  returning (the CPU), and the profile times operations on the host. */
  profileTag?(tag: number | null): void;
  /** Optional: device time per tag of the work so far (submits and waits for it). */
  profileTimes?(): Promise<ProfileTimes>;
  /** Optional: forget earlier tags' times (a profile starts). */
  profileReset?(): void;
  /** Optional: the kernel programs this backend built so far and the host wall time it spent building
   *  them (WebGPU: WGSL, shader modules, compute pipelines; CPU: JavaScript and WebAssembly kernels).
   *  `brook run --phases-out` reports it as pipeline creation. */
  buildTimes?(): BuildTimes;
}

/** Kernel programs a backend built, and the host wall time it took (Backend.buildTimes). */
export interface BuildTimes {
  built: number;
  ms: number;
}

/** Device time per profile tag, and how it was measured: GPU timestamp queries, or the wall time from
 *  a tag's submit to the queue's report that its work is done. */
export interface ProfileTimes {
  source: 'timestamps' | 'completion';
  byTag: Map<number, { ns: number; passes: number; untimedPasses: number }>;
}
