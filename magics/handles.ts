/**
 * What TypeScript cells see of Brook: streams as `BrookStream` objects, kernels as functions, host
 * variables as values (live: reading gives the current value, assigning sets the Brook variable).
 *
 * A handle looks its stream up by name at each use, so a later cell that re-declares `x` is seen by
 * code that kept the old handle. Readbacks are async (a GPU copy must finish): `await s.toArray()`,
 * `await s.toTable()`; displaying a handle (as a cell's last value or with `display(s)`) shows its
 * table.
 */
import type { ColumnTable } from 'arquero';
import type { BrookRuntimeHandle, Stream, KernelArg, CompiledKernel } from '../runtime/brt/index.js';
import { BrookRuntimeError } from '../runtime/compiler/index.js';
import { typeToString } from '../runtime/compiler/types.js';
import type { PlotDisplay, PlotOptions } from '../runtime/results/plot.js';
import { BROOK_HANDLE, isStream, type BrookSession } from './session.js';
import { hostArrayFor } from './host-arrays.js';

const DISPLAY = Symbol.for('Jupyter.display');

/**
 * Tables and plots load Arquero (~100-200 ms): they are imported on first use, not with the magics,
 * because the kernel's first %%brook cell waits for the magics to load (bench/session.ts measures it).
 */
export const resultsModules = {
  table: () => import('../runtime/results/table.js'),
  plot: () => import('../runtime/results/plot.js'),
};


export class BrookStream {
  constructor(
    private readonly session: BrookSession,
    readonly name: string,
  ) {}

  [BROOK_HANDLE](): Stream {
    return this.stream;
  }

  private get stream(): Stream {
    const s = this.session.streamNamed(this.name);
    if (!s || s.freed) {
      throw new BrookRuntimeError('BRK5902', `stream '${this.name}' no longer exists (freed or reset)`, undefined, 'run the %%brook cell that declares it again');
    }
    return s;
  }

  get shape(): number[] {
    return [...this.stream.shape];
  }
  get elementType(): string {
    return typeToString(this.stream.elem);
  }
  get type(): string {
    return `${this.elementType}<${this.shape.join(', ')}>`;
  }
  get length(): number {
    return this.shape.reduce((a, b) => a * b, 1);
  }
  get backend(): string {
    return this.session.backendLabel();
  }

  /** streamRead: copy a host array (typed array or numbers, row-major, components interleaved) into the stream. */
  async read(array: ArrayLike<number> | ArrayBufferView): Promise<this> {
    const rt = await this.session.rt();
    const src = ArrayBuffer.isView(array) ? array : hostNumbers(array, this.name);
    await rt.streamRead(this.stream, src);
    return this;
  }

  /** streamWrite: the stream's data as a typed array (Float32Array for float streams, Int32Array for int). */
  async toArray(): Promise<Float32Array | Int32Array | Uint32Array> {
    const s = this.stream;
    const rt = await this.session.rt();
    const out = hostArrayFor(s.elem, this.length * s.words);
    await rt.streamWrite(s, out);
    return out;
  }

  /** Same as toArray (Brook's name: streamWrite writes the stream out to host memory). */
  write(): Promise<Float32Array | Int32Array | Uint32Array> {
    return this.toArray();
  }

  /** An Arquero table: index columns i, j, ... then one column per component or struct field. */
  async toTable(): Promise<ColumnTable> {
    const s = this.stream;
    const words = new Uint32Array((await this.toArray()).buffer);
    const { streamToTable } = await resultsModules.table();
    return streamToTable({ name: this.name, elem: s.elem, shape: s.shape, words });
  }

  // --- plots (runtime/results/plot.ts) ---
  /** A plot of the stream: line, heatmap or image by shape and type, or `options.kind`; one readback. */
  async plot(options: PlotOptions = {}): Promise<PlotDisplay> {
    const s = this.stream;
    const words = new Uint32Array((await this.toArray()).buffer);
    const { plotStream } = await resultsModules.plot();
    return plotStream({ name: this.name, elem: s.elem, shape: s.shape, words, backend: this.session.backendLabel() }, options);
  }
  // --- end plots ---

  /** A sub-box of the stream, usable as a kernel argument from TypeScript (`k(x.domain([2], [8]))`). */
  async domain(lo: number[] | number, hi: number[] | number): Promise<unknown> {
    const rt = await this.session.rt();
    return rt.domain(this.stream, typeof lo === 'number' ? [lo] : lo, typeof hi === 'number' ? [hi] : hi);
  }

  async [DISPLAY](): Promise<Record<string, string>> {
    const s = this.stream;
    const t = await this.toTable();
    const { tableMimeBundle } = await resultsModules.table();
    return tableMimeBundle(t, { name: this.name, elem: s.elem, shape: s.shape, backend: this.session.backendLabel() });
  }

  toString(): string {
    return `BrookStream ${this.name}: ${this.type}`;
  }
}

/**
 * An array-like of numbers as a number[]; anything else (a string, whose characters Array.from would
 * turn into NaNs, an object, an array holding a non-number) is an error naming what was passed.
 */
function hostNumbers(v: unknown, stream: string): number[] {
  const bad = (what: string) =>
    new BrookRuntimeError('BRK5906', `${stream}.read() was given ${what}; it takes a typed array or an array of numbers`, undefined, 'pass a Float32Array (Int32Array for int streams) or an array of numbers (booleans for bool streams), row-major with components interleaved');
  if (typeof v !== 'object' || v === null || typeof (v as { length?: unknown }).length !== 'number') {
    throw bad(v === null ? 'null' : typeof v === 'object' ? 'an object that is not an array' : `a ${typeof v}`);
  }
  const out = Array.from(v as ArrayLike<unknown>);
  const at = out.findIndex((x) => typeof x !== 'number' && typeof x !== 'boolean');
  if (at >= 0) throw bad(`an array whose element ${at} is ${out[at] === null ? 'null' : `a ${typeof out[at]}`}`);
  return out as number[];
}

/** Kernel arguments from TypeScript: handles and domains as streams, arrays as vector constants. */
function toKernelArg(v: unknown, kernel: string, index: number): KernelArg {
  if (v instanceof BrookStream) return v[BROOK_HANDLE]();
  if (isStream(v)) return v;
  if (typeof v === 'object' && v !== null && (v as { kind?: unknown }).kind === 'domain') return v as KernelArg;
  if (typeof v === 'number' || typeof v === 'boolean') return Number(v);
  if (Array.isArray(v) || ArrayBuffer.isView(v)) return Array.from(v as ArrayLike<number>, Number);
  throw new BrookRuntimeError('BRK5903', `argument ${index + 1} of kernel '${kernel}' is ${typeof v}; a stream, number or array of numbers was expected`, undefined, 'pass a Brook stream (from a %%brook cell), a number, or a vector as an array like [1, 2, 3, 4]');
}

/**
 * A kernel as a TypeScript function. Map kernels record a launch and return a Promise of undefined; a
 * reduce kernel called with only its input returns a Promise of the reduced value, and with a stream as
 * its reduce argument reduces into that stream.
 *
 * Arguments are checked (count, kinds, element types, shapes, freed streams) before the call returns,
 * so a wrong call throws at the cell's line even when the cell does not await it; an error of the
 * launch itself, found later, carries the stack of the call (the cell's line) too.
 */
export function kernelFunction(session: BrookSession, name: string): (...args: unknown[]) => Promise<unknown> {
  const fn = (...args: unknown[]): Promise<unknown> => {
    try {
      const k = session.S.k[name] as CompiledKernel | undefined;
      if (!k) throw new BrookRuntimeError('BRK5904', `kernel '${name}' no longer exists`, undefined, 'run the %%brook cell that defines it again');
      const given = args.map((a, i) => toKernelArg(a, name, i));
      const rt = session.runtimeNow();
      if (rt) return Promise.resolve(launchKernel(rt, k, name, args.length, given));
      // Not started yet (a backend switch since): the checks run once it is, at the call's stack.
      const site = new Error();
      return session.rt()
        .then((r) => launchKernel(r, k, name, args.length, given))
        .catch((e: unknown) => Promise.reject(withStackOf(e, site)));
    } catch (e) {
      // The stack from the caller on: the runtime's frames would fill V8's ten before the cell's line.
      if (e instanceof Error) Error.captureStackTrace(e, fn);
      throw e;
    }
  };
  Object.defineProperty(fn, 'name', { value: name });
  Object.defineProperty(fn, BROOK_HANDLE, { value: () => session.S.k[name] });
  return fn;
}

/** Checks and records one launch; throws what is wrong with the arguments synchronously. */
function launchKernel(rt: BrookRuntimeHandle, k: CompiledKernel, name: string, count: number, given: KernelArg[]): unknown {
  const params = k.ir.params;
  if (k.ir.kind === 'reduce') {
    const reduceAt = params.findIndex((p) => p.role === 'reduce');
    if (count === params.length && given[reduceAt] !== undefined && typeof given[reduceAt] === 'object' && !Array.isArray(given[reduceAt])) {
      rt.reduceToStream(k, given);
      return undefined;
    }
    if (count !== params.length - 1) throw arity(name, params.length - 1, count, 'the reduce argument is left out to get the value back');
    const full = [...given.slice(0, reduceAt), 0, ...given.slice(reduceAt)];
    return rt.reduceToValue(k, full);
  }
  if (count !== params.length) throw arity(name, params.length, count);
  return rt.call(k, given);
}

/** `e` with the frames of `site` (where the cell called the kernel) in place of its own. */
function withStackOf(e: unknown, site: Error): unknown {
  if (!(e instanceof Error) || typeof site.stack !== 'string') return e;
  const frames = site.stack.split('\n').slice(1);
  e.stack = `${e.name}: ${e.message}\n${frames.join('\n')}`;
  return e;
}

function arity(name: string, want: number, got: number, note = ''): BrookRuntimeError {
  return new BrookRuntimeError('BRK5905', `kernel '${name}' takes ${want} arguments, ${got} given`, undefined, note || 'pass one argument per kernel parameter, in order');
}
