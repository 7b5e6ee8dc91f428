/**
 * `brook/blas` for TypeScript: the BLAS of lib/brook/blas.br, called from TypeScript (a notebook's
 * TypeScript cells, tools, the benchmark). It compiles the Brook library once per runtime and calls its
 * host functions, so TypeScript and `%%brook` cells run the very same routines.
 *
 *     const blas = await Blas.open();                  // its own runtime, or Blas.open({ rt })
 *     const x = await blas.vector(xs), y = await blas.vector(ys);
 *     await blas.axpy(2, x, y);                        // y := 2 x + y, on the device
 *     const d = await blas.dot(x, y);                  // a number
 *     const out = await y.toArray();                   // read back
 *     blas.log                                         // setup / compute / read-back per call
 *
 * Vectors and matrices stay on the device between calls (the seeds' cascading loop-back model): only
 * `toArray()` and the scalar results (dot, nrm2, asum, iamax) read back. Sizes need not be multiples
 * of 4: data is padded on upload and trimmed on read-back (layout.ts).
 *
 * The seeds' breakdown of a call's time: `setup` is making the device streams and uploading data
 * (vector(), matrix(): the paper's upload and computation setup), `compute` the routine's kernel calls
 * until the device has finished them (a scalar result's few bytes included), `read-back` is
 * toArray(). Each call appends one BlasCall to `log`; `totals()` sums them.
 */
import type { Stream } from '../../brt/api.js';
import { createRuntime, type BrookRuntimeHandle } from '../../backends/index.js';
import { BrookRuntimeError } from '../../compiler/diagnostics.js';
import { brtError } from '../../brt/errors.js';
import { compileCell, renderDiagnostic, renderRuntimeError } from '../../compiler/index.js';
import { SourceSet } from '../../compiler/source.js';
import { vec } from '../../compiler/types.js';
import { HostLib, instantiateCell, type HostSession } from '../../hostlib/loader.js';
import { libraryInclude } from '../index.js';
import { packMatrix, packVector, roundUp4, unpackMatrix } from './layout.js';

const FLOAT4 = vec('float', 4);

export interface BlasTimes {
  setupMs: number;
  computeMs: number;
  readbackMs: number;
}

export interface BlasCall extends BlasTimes {
  /** 'vector', 'matrix', 'axpy', ..., 'read-back'. */
  op: string;
  /** Sizes, for the reader: "4096x4096". */
  size: string;
}

export type Trans = 'N' | 'T';
export type Uplo = 'U' | 'L';
export type Diag = 'N' | 'U';

export interface BlasOpenOptions {
  /** Run on this runtime (a notebook session's); default: a new one (`backend` below). */
  rt?: BrookRuntimeHandle;
  backend?: 'cpu' | 'webgpu' | 'auto';
}

/** A vector on the device: n numbers in a float4 stream. */
export class BlasVector {
  constructor(
    readonly blas: Blas,
    readonly stream: Stream,
    readonly n: number,
  ) {}
  /** Read back (timed as read-back). */
  toArray(): Promise<Float32Array> {
    return this.blas.readVector(this);
  }
  free(): void {
    if (!this.stream.freed) this.blas.rt.free(this.stream);
  }
}

/** A rows x cols matrix on the device, row-major in a float4 stream. */
export class BlasMatrix {
  constructor(
    readonly blas: Blas,
    readonly stream: Stream,
    readonly rows: number,
    readonly cols: number,
  ) {}
  toArray(): Promise<Float32Array> {
    return this.blas.readMatrix(this);
  }
  free(): void {
    if (!this.stream.freed) this.blas.rt.free(this.stream);
  }
}

type HostFn = (...args: unknown[]) => Promise<unknown>;

const CONSTANTS = { N: 0, T: 1, U: 0, L: 1, NonUnit: 0, Unit: 1 };

export class Blas {
  /** Every call's time breakdown, in order. */
  readonly log: BlasCall[] = [];
  private readonly fns: Record<string, HostFn>;
  private readonly vars: Record<string, unknown>;

  private constructor(
    readonly rt: BrookRuntimeHandle,
    private readonly ownsRuntime: boolean,
    private readonly sources: SourceSet,
    session: HostSession,
  ) {
    this.fns = session.f as Record<string, HostFn>;
    this.vars = session.v;
  }

  /** Partial sums per element of gemv (blas.br's blas_gemv_split): a schedule, not a result. */
  get gemvSplit(): number {
    return this.vars.blas_gemv_split as number;
  }
  set gemvSplit(n: number) {
    if (!Number.isInteger(n) || n < 1) throw brtError('BRK5201', { op: 'gemvSplit', what: `${n} is not a positive whole number`, fix: 'use e.g. 32, 64 or 128' });
    this.vars.blas_gemv_split = n;
  }

  /** Compile lib/brook/blas.br on a runtime (a new one unless `rt` is given). */
  static async open(options: BlasOpenOptions = {}): Promise<Blas> {
    const rt = options.rt ?? (await createRuntime({ backend: options.backend ?? 'auto', stdout: () => {} }));
    const sources = new SourceSet();
    const compiled = compileCell('#include <brook/blas.br>\n', 'blas', { sources }, { readInclude: libraryInclude });
    if (!compiled.ok || !compiled.hostJs) {
      const errors = compiled.diagnostics.filter((d) => d.severity === 'error');
      throw new Error(`brook/blas.br does not compile:\n${errors.map((d) => renderDiagnostic(sources, d)).join('\n')}`);
    }
    const S: HostSession = {
      v: {},
      f: {},
      k: {},
      get: (name: string) => {
        throw new Error(`internal: brook/blas.br reads '${name}' from a notebook`);
      },
    };
    const lib = new HostLib({ io: { write: () => {} } });
    await instantiateCell(compiled.hostJs, { rt, lib, K: compiled.kernels, S }).run();
    return new Blas(rt, !options.rt, sources, S);
  }

  /** 'cpu', or the WebGPU adapter's description. */
  get backend(): string {
    return this.rt.backend.name === 'cpu' ? 'cpu' : `webgpu: ${this.rt.backend.description}`;
  }

  /** How the WebGPU backend ran the kernels with native forms (gemm), or undefined on the CPU. */
  nativeUse(): Record<string, { native: number; body: number; why?: string; plan?: string }> | undefined {
    const b = this.rt.backend as { nativeUse?: () => Record<string, { native: number; body: number; why?: string; plan?: string }> };
    return b.nativeUse?.();
  }

  /** Sum of the log's times (from entry `from` on). */
  totals(from = 0): BlasTimes {
    const t = { setupMs: 0, computeMs: 0, readbackMs: 0 };
    for (const c of this.log.slice(from)) {
      t.setupMs += c.setupMs;
      t.computeMs += c.computeMs;
      t.readbackMs += c.readbackMs;
    }
    return t;
  }

  dispose(): void {
    if (this.ownsRuntime) this.rt.dispose();
  }

  // ---- data ---------------------------------------------------------------------------------------

  /** A vector on the device from numbers (uploaded; timed as setup), or of n zeros. */
  async vector(data: ArrayLike<number> | number, name = 'x'): Promise<BlasVector> {
    const n = typeof data === 'number' ? data : data.length;
    if (!Number.isInteger(n) || n < 1) throw brtError('BRK5201', { op: 'vector', what: `a vector needs at least one number, got ${n}`, fix: 'pass a non-empty array or a positive length' });
    const t0 = performance.now();
    const s = this.rt.createStream(name, FLOAT4, [roundUp4(n) / 4]);
    if (typeof data !== 'number') await this.rt.streamRead(s, packVector(data, n));
    else await this.rt.streamRead(s, new Float32Array(roundUp4(n)));
    await this.rt.finish();
    this.record('vector', `${n}`, { setupMs: performance.now() - t0 });
    return new BlasVector(this, s, n);
  }

  /** A rows x cols matrix on the device from row-major numbers (uploaded; timed as setup), or zeros. */
  async matrix(data: ArrayLike<number> | null, rows: number, cols: number, name = 'A'): Promise<BlasMatrix> {
    if (!Number.isInteger(rows) || !Number.isInteger(cols) || rows < 1 || cols < 1) {
      throw brtError('BRK5201', { op: 'matrix', what: `a ${rows} x ${cols} matrix has no elements`, fix: 'pass positive whole numbers of rows and columns' });
    }
    if (data && data.length !== rows * cols) throw brtError('BRK5203', { op: 'matrix', have: data.length, shape: `${rows} x ${cols}`, what: 'matrix', want: rows * cols });
    const t0 = performance.now();
    const s = this.rt.createStream(name, FLOAT4, [roundUp4(rows), roundUp4(cols) / 4]);
    await this.rt.streamRead(s, packMatrix(data ?? new Float32Array(rows * cols), rows, cols));
    await this.rt.finish();
    this.record('matrix', `${rows}x${cols}`, { setupMs: performance.now() - t0 });
    return new BlasMatrix(this, s, rows, cols);
  }

  /** @internal BlasVector.toArray */
  async readVector(v: BlasVector): Promise<Float32Array> {
    this.own('read-back', 'the vector', v);
    const t0 = performance.now();
    const out = new Float32Array(roundUp4(v.n));
    await this.rt.streamWrite(v.stream, out);
    this.record('read-back', `${v.n}`, { readbackMs: performance.now() - t0 });
    return out.slice(0, v.n);
  }

  /** @internal BlasMatrix.toArray */
  async readMatrix(a: BlasMatrix): Promise<Float32Array> {
    this.own('read-back', 'the matrix', a);
    const t0 = performance.now();
    const out = new Float32Array(roundUp4(a.rows) * roundUp4(a.cols));
    await this.rt.streamWrite(a.stream, out);
    const m = unpackMatrix(out, a.rows, a.cols);
    this.record('read-back', `${a.rows}x${a.cols}`, { readbackMs: performance.now() - t0 });
    return m;
  }

  // ---- level 1 ------------------------------------------------------------------------------------

  /** y := alpha x + y */
  async axpy(alpha: number, x: BlasVector, y: BlasVector): Promise<void> {
    this.sameLength('axpy', x, y);
    await this.compute('axpy', `${x.n}`, 'blas_saxpy', alpha, x.stream, y.stream);
  }

  /** x := alpha x */
  async scal(alpha: number, x: BlasVector): Promise<void> {
    this.own('scal', 'x', x);
    await this.compute('scal', `${x.n}`, 'blas_sscal', alpha, x.stream);
  }

  /** y := x */
  async copy(x: BlasVector, y: BlasVector): Promise<void> {
    this.sameLength('copy', x, y);
    await this.compute('copy', `${x.n}`, 'blas_scopy', x.stream, y.stream);
  }

  /** x <-> y */
  async swap(x: BlasVector, y: BlasVector): Promise<void> {
    this.sameLength('swap', x, y);
    await this.compute('swap', `${x.n}`, 'blas_sswap', x.stream, y.stream);
  }

  /** x . y */
  async dot(x: BlasVector, y: BlasVector): Promise<number> {
    this.sameLength('dot', x, y);
    return (await this.compute('dot', `${x.n}`, 'blas_sdot', x.stream, y.stream)) as number;
  }

  /** sqrt(sum of x_i^2), without overflow or underflow where the result is representable */
  async nrm2(x: BlasVector): Promise<number> {
    this.own('nrm2', 'x', x);
    return (await this.compute('nrm2', `${x.n}`, 'blas_snrm2', x.stream)) as number;
  }

  /** sum of |x_i| */
  async asum(x: BlasVector): Promise<number> {
    this.own('asum', 'x', x);
    return (await this.compute('asum', `${x.n}`, 'blas_sasum', x.stream)) as number;
  }

  /** Index (0-based) of the first largest |x_i|; exact up to 2^24 elements. */
  async iamax(x: BlasVector): Promise<number> {
    this.own('iamax', 'x', x);
    if (x.n > 2 ** 24) throw brtError('BRK5201', { op: 'iamax', what: `${x.n} elements: indices past 2^24 are not exact in float32`, fix: 'split the vector into parts of at most 2^24 elements' });
    return (await this.compute('iamax', `${x.n}`, 'blas_isamax', x.stream)) as number;
  }

  // ---- level 2 ------------------------------------------------------------------------------------

  /** y := alpha op(A) x + beta y */
  async gemv(alpha: number, A: BlasMatrix, x: BlasVector, beta: number, y: BlasVector, options: { trans?: Trans } = {}): Promise<void> {
    const t = options.trans ?? 'N';
    const [m, n] = t === 'N' ? [A.rows, A.cols] : [A.cols, A.rows];
    this.own('gemv', 'A', A);
    this.dims('gemv', x.n === n && y.n === m, `op(A) is ${m} x ${n}, x has ${x.n} and y ${y.n} numbers`, `x needs ${n} numbers and y ${m}`);
    await this.compute('gemv', `${A.rows}x${A.cols}${t === 'T' ? ' T' : ''}`, 'blas_sgemv', CONSTANTS[t], alpha, A.stream, x.stream, beta, y.stream);
  }

  /** A := alpha x y^T + A */
  async ger(alpha: number, x: BlasVector, y: BlasVector, A: BlasMatrix): Promise<void> {
    this.own('ger', 'A', A);
    this.dims('ger', x.n === A.rows && y.n === A.cols, `A is ${A.rows} x ${A.cols}, x has ${x.n} and y ${y.n} numbers`, `x needs ${A.rows} numbers and y ${A.cols}`);
    await this.compute('ger', `${A.rows}x${A.cols}`, 'blas_sger', alpha, x.stream, y.stream, A.stream);
  }

  /** x := op(A)^-1 x, A triangular */
  async trsv(A: BlasMatrix, x: BlasVector, options: { uplo?: Uplo; trans?: Trans; diag?: Diag } = {}): Promise<void> {
    this.square('trsv', A);
    this.dims('trsv', x.n === A.rows, `A is ${A.rows} x ${A.cols} and x has ${x.n} numbers`, `x needs ${A.rows} numbers`);
    const { uplo = 'L', trans = 'N', diag = 'N' } = options;
    await this.compute('trsv', `${A.rows}`, 'blas_strsv', CONSTANTS[uplo], CONSTANTS[trans], diag === 'U' ? 1 : 0, A.stream, x.stream);
  }

  // ---- level 3 ------------------------------------------------------------------------------------

  /** C := alpha op(A) op(B) + beta C */
  async gemm(alpha: number, A: BlasMatrix, B: BlasMatrix, beta: number, C: BlasMatrix, options: { transA?: Trans; transB?: Trans } = {}): Promise<void> {
    const { transA = 'N', transB = 'N' } = options;
    const [m, k] = transA === 'N' ? [A.rows, A.cols] : [A.cols, A.rows];
    const [k2, n] = transB === 'N' ? [B.rows, B.cols] : [B.cols, B.rows];
    this.own('gemm', 'C', C);
    this.dims('gemm', k === k2 && C.rows === m && C.cols === n, `op(A) is ${m} x ${k}, op(B) ${k2} x ${n}, C ${C.rows} x ${C.cols}`, `op(A) columns must equal op(B) rows, and C must be ${m} x ${n}`);
    await this.compute('gemm', `${m}x${n}x${k}`, 'blas_sgemm', CONSTANTS[transA], CONSTANTS[transB], alpha, A.stream, B.stream, beta, C.stream);
  }

  /** C := alpha A A^T + beta C (trans N) or alpha A^T A + beta C (trans T), on the triangle uplo of C */
  async syrk(alpha: number, A: BlasMatrix, beta: number, C: BlasMatrix, options: { uplo?: Uplo; trans?: Trans } = {}): Promise<void> {
    const { uplo = 'L', trans = 'N' } = options;
    const n = trans === 'N' ? A.rows : A.cols;
    this.square('syrk', C);
    this.dims('syrk', C.rows === n, `op(A) has ${n} rows, C is ${C.rows} x ${C.cols}`, `C must be ${n} x ${n}`);
    await this.compute('syrk', `${n}x${trans === 'N' ? A.cols : A.rows}`, 'blas_ssyrk', CONSTANTS[uplo], CONSTANTS[trans], alpha, A.stream, beta, C.stream);
  }

  /** B := alpha op(A)^-1 B, A triangular (the left-side solve) */
  async trsm(alpha: number, A: BlasMatrix, B: BlasMatrix, options: { uplo?: Uplo; trans?: Trans; diag?: Diag } = {}): Promise<void> {
    this.square('trsm', A);
    this.dims('trsm', B.rows === A.rows, `A is ${A.rows} x ${A.cols}, B ${B.rows} x ${B.cols}`, `B needs ${A.rows} rows`);
    const { uplo = 'L', trans = 'N', diag = 'N' } = options;
    await this.compute('trsm', `${A.rows}x${B.cols}`, 'blas_strsm', CONSTANTS[uplo], CONSTANTS[trans], diag === 'U' ? 1 : 0, alpha, A.stream, B.stream);
  }

  // ---- plumbing -----------------------------------------------------------------------------------

  private record(op: string, size: string, t: Partial<BlasTimes>): void {
    this.log.push({ op, size, setupMs: t.setupMs ?? 0, computeMs: t.computeMs ?? 0, readbackMs: t.readbackMs ?? 0 });
  }

  /** Run a host function of blas.br and wait for the device: one log entry of compute time. */
  private async compute(op: string, size: string, fn: string, ...args: unknown[]): Promise<unknown> {
    for (const a of args) if (typeof a === 'object' && a !== null && (a as Stream).freed) throw brtError('BRK5202', { op, name: (a as Stream).name });
    const t0 = performance.now();
    let value: unknown;
    try {
      value = await this.fns[fn]!(...args);
      await this.rt.finish();
    } catch (e) {
      // An error inside the library names its line there (brook/blas.br:LINE), rendered with the source.
      if (e instanceof BrookRuntimeError && e.span) throw new BrookRuntimeError(e.code, `${e.message}\n${renderRuntimeError(this.sources, e)}`, undefined, e.hint);
      throw e;
    }
    this.record(op, size, { computeMs: performance.now() - t0 });
    return value;
  }

  private own(op: string, name: string, v: BlasVector | BlasMatrix): void {
    if (v.blas !== this || v.stream.freed) throw brtError('BRK5202', { op, name });
  }

  private sameLength(op: string, x: BlasVector, y: BlasVector): void {
    this.own(op, 'x', x);
    this.own(op, 'y', y);
    this.dims(op, x.n === y.n, `x has ${x.n} numbers and y ${y.n}`, 'pass vectors of the same length');
  }

  private square(op: string, A: BlasMatrix): void {
    this.own(op, 'A', A);
    this.dims(op, A.rows === A.cols, `A is ${A.rows} x ${A.cols}, not square`, 'pass a square (triangular) matrix');
  }

  private dims(op: string, ok: boolean, what: string, fix: string): void {
    if (!ok) throw brtError('BRK5201', { op, what, fix });
  }
}
