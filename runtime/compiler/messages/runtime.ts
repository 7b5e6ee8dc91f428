/**
 * BRK5xxx: every message the runtime (runtime/brt) can raise, as data. A message and its hint are
 * templates: `{name}` is replaced by the argument of that name (see `formatRuntimeMessage`).
 * Codes are stable: tests and users search for them, so never renumber; add new codes at the end.
 *
 * The runtime raises them as `BrookRuntimeError` (compiler/diagnostics.ts) carrying the span of the
 * host statement that the generated code passed, so the renderer can quote the user's line.
 */
import { fillTemplate } from './template.js';

export interface RuntimeMessageTemplate {
  message: string;
  hint?: string;
  /** Arguments a raiser may leave out (brt/errors.ts fills them in). */
  defaults?: Record<string, string>;
}

/** What a stop says of the stopped call's outputs when the raiser does not name them (brt/abort.ts partialText). */
const PARTIAL = { partial: 'streams written by the stopped kernel call hold partial results' };

export const RUNTIME_MESSAGES = {
  // ---- streams and domains
  BRK5001: { message: "stream '{name}' has an invalid shape <{shape}>: {why}", hint: 'a stream has 1 to 4 extents, each a non-negative integer, as in float s<10, 5>' },
  BRK5002: { message: "{op}: host array has room for {have} element{s} of {elem}, but '{name}' needs {need}", hint: 'allocate at least {need} elements ({bytes} bytes) for the host array, or read/write a smaller domain' },
  BRK5003: { message: "{op}: host array holds {have}, but '{name}' has elements of type {elem}", hint: 'use a host array of {want} (for a typed array: {array})' },
  BRK5004: { message: "domain of '{name}' is out of range: {why}", hint: 'a domain s.domain(lo, hi) needs 0 <= lo <= hi <= the extent in every dimension (x is the fastest, last extent); the stream has shape <{shape}>' },
  BRK5005: { message: "outputs of kernel '{kernel}' have different shapes: {shapes}", hint: 'all outputs of one kernel call must have the same shape; declare them alike or pass domains of equal size' },
  BRK5006: { message: "argument '{param}' of kernel '{kernel}' has rank {have} (shape <{shape}>), but the output has rank {want} (shape <{out}>)", hint: 'shape resizing works per dimension, so input and output streams need the same number of dimensions; declare the input with {want} extent(s) (for example <1, n> for a row)' },
  BRK5007: { message: "reduction '{kernel}' into '{name}': input extent {inExtent} in dimension {dim} is not a multiple of the output extent {outExtent} (input <{inShape}>, output <{outShape}>)", hint: 'each output element reduces a block of the input, so every input extent must be an integer multiple of the output extent' },
  BRK5008: { message: "reduction '{kernel}' into '{name}': output has rank {have} (shape <{outShape}>), the input has rank {want} (shape <{inShape}>)", hint: 'reduce into a stream of the same rank, or into a host variable to reduce the whole stream' },
  BRK5009: { message: "stream '{name}' needs {bytes} bytes, more than the {backend} backend allows ({limit} bytes)", hint: 'use a smaller stream or split the work into several streams' },
  BRK5010: { message: "stream '{name}' is both an output and a gather argument ('{gather}') of kernel '{kernel}'", hint: 'a kernel cannot gather from the stream it writes; write into another stream and streamSwap them after the call' },
  BRK5011: { message: "stream '{name}' was already freed", hint: 'do not use a stream after it was freed or went out of scope' },
  BRK5012: { message: "kernel '{kernel}' takes {want} argument{s}, but the call passes {have}", hint: 'pass one argument per kernel parameter, in order' },
  BRK5013: { message: "argument '{param}' of kernel '{kernel}' expects {want}, but the call passes {have}", hint: '{fix}' },
  BRK5014: { message: "gather argument '{param}' of kernel '{kernel}' is declared with {want} dimension{s} ([]), but stream '{name}' has rank {have}", hint: 'index a {have}-D stream with {have} brackets ({brackets}), or pass a stream of rank {want}' },
  BRK5015: { message: "argument '{param}' of kernel '{kernel}' has elements of type {want}, but stream '{name}' holds {have}", hint: 'pass a stream of {want}' },
  BRK5016: { message: 'write mask has shape <{mask}>, but the outputs of kernel \'{kernel}\' have shape <{out}>', hint: 'the mask must have the shape of the outputs: pass a mask (or a domain of one) of shape <{out}>' },
  BRK5017: { message: '{op}: {what}', hint: '{fix}' },
  BRK5018: { message: "streamSwap: '{a}' holds {ta} but '{b}' holds {tb}", hint: 'only streams of the same element type can be swapped' },
  BRK5019: { message: 'the {backend} device was lost: {why}', hint: 'the session carries on on the CPU backend; the contents of existing streams were lost with the device (they read as zeros): streamRead their data again' },
  BRK5020: { message: "kernel '{kernel}' pushed more than {max} value{s} to '{param}' for one element", hint: "declare it as 'vout [] {elem} {param}<>' for an unbounded number of pushes, or raise the bound" },
  BRK5021: { message: "iterator '{name}': {why}", hint: 'write iter(lo, hi) with lo and hi of the iterator\'s element type, e.g. iter float2 it<h, w> = iter(float2(0, 0), float2(1, 1))' },
  BRK5022: { message: "write mask is enabled but none was set", hint: 'call streamSetWriteMask(mask) before streamEnableWriteMask()' },
  BRK5023: { message: "'{name}' is an iterator and cannot be written", hint: 'iterators are read-only: pass an ordinary stream as the output, or streamRead values into one' },
  BRK5024: { message: "kernel '{kernel}' is {have}, not {want}", hint: '{fix}' },
  BRK5025: { message: "reduction '{kernel}' of {name}: the stream is empty, so there is no first element to seed the result", hint: 'a reduction needs at least one element; check the stream size with streamSize before reducing' },
  // ---- streams split across buffers (backends/webgpu/paging.ts; codes BRK5400-BRK5449)
  BRK5400: { message: "{what} needs {need} storage buffers on WebGPU, more than the {limit} this adapter allows in one shader: {why}", hint: 'streams larger than one binding ({page} bytes) are stored in pages and a kernel binds each page it reads; gather from fewer or smaller large streams in one call, or pass domains of them' },
  BRK5401: { message: "{op} does not work on stream '{name}': it is split across {pages} buffers ({bytes} bytes, more than the {page} bytes of one WebGPU binding)", hint: 'give {op} streams that fit one binding (a copy kernel can move the part needed into a smaller stream first), or run the program on the CPU backend (--backend cpu)' },
  // ---- cancellation and the watchdog (runtime/brt/abort.ts; codes BRK5050-BRK5069)
  BRK5050: { message: 'interrupted', hint: '{partial}; other streams are unchanged', defaults: PARTIAL },
  BRK5051: { message: 'stopped by the watchdog after {seconds} second{s}', hint: "{partial}; raise the limit with '%brook timeout N' (seconds) or BROOK_KERNEL_TIMEOUT, or turn it off with '%brook timeout off'", defaults: PARTIAL },
  // ---- loop budgets of WebGPU kernels (backends/webgpu/loop-budget.ts; codes BRK5070-BRK5079)
  BRK5070: { message: "kernel '{kernel}': this loop{where} ran more than {limit} iterations for {elements} element{s}, and was stopped", hint: 'check the loop\'s exit condition (it may never become false for some elements); a loop that really needs more can have it with BROOK_LOOP_BUDGET=N (iterations per element, all loops of the element together); the outputs of this kernel call hold partial results' },
  // ---- profiles (runtime/profile, magics/profile.ts; codes BRK5250-BRK5299)
  BRK5250: { message: 'a profile is already running ({what})', hint: 'profiles do not nest: let the running one finish, or profile the whole piece of work once' },
  BRK5251: { message: 'profile() takes a function to run and time, but was given {have}', hint: 'write profile(async () => { await saxpy(2, x, y, r); }), or put %%brook --profile on a Brook cell' },
  BRK5252: { message: "profile(): option '{option}' {why}", hint: "options are { title: 'a name', cpuSample: true | false, remeasurePeaks: true | false }" },
  // ---- kernel fusion (runtime/brt/fusion.ts; codes BRK5300-BRK5349)
  BRK5300: { message: 'fusion verify: {what} changed a result: {where}', hint: 'this is a bug in kernel fusion; BROOK_FUSE=0 (or %brook fuse off) runs the calls one by one meanwhile' },
  BRK5301: { message: 'tile verify: {what} changed a result: {where}', hint: 'this is a bug in chain tiling (runtime/brt/tiling.ts); BROOK_TILE=0 runs the calls one by one meanwhile' },
  // ---- the BLAS library's TypeScript module (runtime/library/blas; codes BRK5200-BRK5249)
  BRK5201: { message: 'blas.{op}: {what}', hint: '{fix}' },
  BRK5202: { message: 'blas.{op}: {name} was freed, or made by another Blas', hint: 'make it again with blas.vector(...) or blas.matrix(...) of this Blas' },
  BRK5203: { message: 'blas.{op}: the data holds {have} numbers, but a {shape} {what} needs {want}', hint: 'pass row-major data of exactly {want} numbers (a Float32Array, or an array of numbers)' },
} satisfies Record<string, RuntimeMessageTemplate>;

export type RuntimeMessageCode = keyof typeof RUNTIME_MESSAGES;

/** Replace `{name}` by args[name]; unknown names stay as written, so a missing argument shows. */
export function formatRuntimeMessage(template: string, args: Record<string, unknown>): string {
  return fillTemplate(template, args);
}
