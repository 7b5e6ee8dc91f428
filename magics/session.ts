/**
 * One notebook's Brook session: the bridge between `%%brook` cells, the Brook compiler and runtime, and
 * the TypeScript cells beside them.
 *
 * What it keeps between cells:
 * - the runtime (one backend, chosen on the first cell or by `%brook backend`), whose streams stay
 *   on the device until rebound, freed, or the session is reset;
 * - the compiler's session: one SourceSet (spans of earlier cells stay valid for runtime errors),
 *   macros, typedef names, and the names earlier cells defined (`externals`);
 * - the host session `S` that generated cell code reads and writes (codegen/host/index.ts);
 * - one HostLib (one C memory) whose output goes to the cell being run.
 *
 * What always holds: a failing cell (compile error, runtime error, interrupt) leaves the runtime, its
 * streams, kernels and host variables as they were before the failing statement.
 */
import { compileCell, cellExports, type SessionSymbol, BrookRuntimeError, renderDiagnostic, renderRuntimeError } from '../runtime/compiler/index.js';
import { SourceSet } from '../runtime/compiler/source.js';
import type { MacroDef } from '../runtime/compiler/parse/index.js';
import type { Type } from '../runtime/compiler/types.js';
import type { Stmt } from '../runtime/compiler/ast.js';
import { createRuntime, type BrookRuntimeHandle, type FusionMode, type Stream } from '../runtime/backends/index.js';
import { HostLib, instantiateCell, type HostSession } from '../runtime/hostlib/loader.js';
import { ExitRequest } from '../runtime/hostlib/libc.js';
import { hostArrayFor } from './host-arrays.js';
import { libraryInclude } from '../runtime/library/index.js';

export type BackendChoice = 'auto' | 'cpu' | 'webgpu';

/** Where the running cell's output goes (the kernel's ExecuteContext, or a test's collector). */
export interface CellSink {
  stdout(text: string): void;
  stderr(text: string): void;
  /** Throws when the user interrupted the cell; generated loops call it every 65536 iterations. */
  checkInterrupt?(): void;
}

export interface CellOutcome {
  /** The value and type of the cell's last statement when it is a bare expression. */
  value: unknown;
  type: Type | undefined;
  /** Names this cell defined or redefined (for TypeScript declarations). */
  defined: Map<string, SessionSymbol>;
  compileMs: number;
  runMs: number;
}

/** A Brook error for the notebook: the caret-form text and a one-line summary. */
export class BrookCellError extends Error {
  constructor(
    readonly ename: 'BrookCompileError' | 'BrookRuntimeError' | 'BrookExit',
    readonly summary: string,
    readonly rendered: string[],
  ) {
    super(summary);
    this.name = ename;
  }
}

const IDENT = /^[A-Za-z_][A-Za-z0-9_]*$/;

export class BrookSession {
  private runtime?: BrookRuntimeHandle;
  private runtimeStarting?: Promise<BrookRuntimeHandle>;
  backendChoice: BackendChoice;
  /** Kernel fusion for this session's runtimes (`%brook fuse on|off`); unset: BROOK_FUSE decides. */
  fusionChoice?: FusionMode;
  sources = new SourceSet();
  externals = new Map<string, SessionSymbol>();
  private macros?: ReadonlyMap<string, MacroDef>;
  private typedefNames: string[] = [];
  readonly S: HostSession;
  readonly lib: HostLib;
  private sink: CellSink = { stdout: (t) => process.stdout.write(t), stderr: (t) => process.stderr.write(t) };
  private cellCounter = 0;

  constructor(
    /** The TypeScript cells' global object: Brook cells read TypeScript values from it. */
    private readonly tsGlobals: () => Record<string, unknown>,
    options: { backend?: BackendChoice } = {},
  ) {
    this.backendChoice = options.backend ?? 'auto';
    this.S = {
      v: {},
      f: {},
      k: {},
      checkInterrupt: () => this.sink.checkInterrupt?.(),
      get: (name: string) => {
        const g = this.tsGlobals();
        if (!(name in g)) throw new BrookRuntimeError('BRK5901', `'${name}' is not defined in the notebook`, undefined, 'define it in a TypeScript cell or an earlier %%brook cell');
        return unwrapForBrook(g[name]);
      },
    };
    this.lib = new HostLib({
      io: {
        write: (fd, bytes) => {
          const text = Buffer.from(bytes, 'latin1').toString('utf8');
          if (fd === 1) this.sink.stdout(text);
          else this.sink.stderr(text);
        },
      },
    });
  }

  /** While a profile runs (magics/profile.ts): the recording wrapper of the runtime, which cells and
   *  TypeScript handles then use instead of it. */
  profiled?: BrookRuntimeHandle;

  /** The runtime when it has started (what `rt()` gives), else undefined: for checks that must throw
   *  synchronously, at the caller's line (handles.ts kernelFunction). */
  runtimeNow(): BrookRuntimeHandle | undefined {
    return this.runtime ? (this.profiled ?? this.runtime) : undefined;
  }

  /** The runtime, started on first use with the chosen backend. */
  async rt(): Promise<BrookRuntimeHandle> {
    if (this.runtime) return this.profiled ?? this.runtime;
    if (!this.runtimeStarting) {
      const starting: Promise<BrookRuntimeHandle> = createRuntime({
        backend: this.backendChoice,
        // Timestamps on every pass, so `%%brook --time` and `--profile` can report GPU time (where the
        // adapter has them), unrounded (Dawn rounds them to 100 us on real GPUs unless told not to).
        webgpu: { timing: true, flags: ['disable-dawn-features=timestamp_quantization'] },
        fusion: this.fusionChoice,
        stdout: (s) => this.sink.stdout(s),
        stderr: (s) => this.sink.stderr(s),
        // The first cell that needs the runtime says why it runs on the CPU, once (takeFallbackNotice).
        sayFallback: false,
      }).then((rt) => {
        // A start superseded while in flight (switchBackend or reset during the magics' early start)
        // must not replace the runtime chosen since: it is closed instead.
        if (this.runtimeStarting !== starting) {
          rt.dispose();
          throw new BrookRuntimeError('BRK5907', 'the runtime start was superseded by a backend switch or reset', undefined, 'run the cell again');
        }
        this.runtime = rt;
        return rt;
      });
      this.runtimeStarting = starting;
      starting.catch(() => {
        if (this.runtimeStarting === starting) this.runtimeStarting = undefined;
      });
    }
    return this.runtimeStarting;
  }

  /** Kernel calls (launches and reductions) cells have made in this session: progress lines count them. */
  kernelCalls = 0;

  /** The runtime as a cell's code sees it: the same runtime, with its kernel calls counted. */
  private counting(rt: BrookRuntimeHandle): BrookRuntimeHandle {
    const counted = new Set<PropertyKey>(['call', 'reduceToValue', 'reduceToStream']);
    return new Proxy(rt, {
      get: (target, key) => {
        const v = Reflect.get(target, key, target) as unknown;
        if (typeof v !== 'function') return v;
        if (!counted.has(key)) return (v as (...a: unknown[]) => unknown).bind(target);
        return (...args: unknown[]) => {
          this.kernelCalls++;
          return (v as (...a: unknown[]) => unknown).apply(target, args);
        };
      },
    });
  }

  /** What parsing a new cell needs from earlier ones (editor help parses cells as runCell would). */
  parseContext(): { typedefNames: string[]; macros?: ReadonlyMap<string, MacroDef> } {
    return { typedefNames: this.typedefNames, macros: this.macros };
  }

  get startedRuntime(): BrookRuntimeHandle | undefined {
    return this.runtime;
  }

  /**
   * "cpu" or "webgpu: <adapter>" (the adapter's name up to its first parenthesis): the short badge every
   * output names. Why the CPU was used instead of WebGPU is said once (takeFallbackNotice) and by
   * `%brook info`, not in every badge.
   */
  backendLabel(): string {
    const rt = this.runtime;
    if (!rt) return 'not started';
    if (rt.backend.name === 'cpu') return 'cpu';
    const adapter = rt.backend.description.split(' (')[0]!.trim();
    return adapter ? `webgpu: ${adapter}` : 'webgpu';
  }

  private fallbackNoticeGiven = false;

  /** The one line saying why the session runs on the CPU, the first time it is asked for in this session
   *  (undefined after that, and when it runs where it was asked to). */
  takeFallbackNotice(): string | undefined {
    const reason = this.runtime?.fallbackReason;
    if (!reason || this.fallbackNoticeGiven) return undefined;
    this.fallbackNoticeGiven = true;
    const software = this.runtime?.softwareAdapter;
    if (software) return `brook: running on the CPU backend: the only WebGPU adapter is ${software}, a software renderer (%brook backend webgpu uses it)`;
    return `brook: WebGPU is not available, so Brook runs on the CPU backend. Why: ${reason} (%brook info shows this again)`;
  }

  /** TypeScript values the cell may name: own properties of the TS globals that are C identifiers. */
  private tsExternals(): Map<string, SessionSymbol> {
    const out = new Map<string, SessionSymbol>();
    const g = this.tsGlobals();
    for (const name of Object.keys(g)) {
      if (!IDENT.test(name) || this.externals.has(name)) continue;
      const v = g[name];
      if (isBrookHandle(v)) continue;
      out.set(name, typeof v === 'function' ? { kind: 'function', name, type: { kind: 'dynamic' } } : { kind: 'value', name, type: { kind: 'dynamic' } });
    }
    return out;
  }

  /** Compile and run one `%%brook` cell. `firstLine` is the 0-based cell line of the body's first line. */
  async runCell(body: string, firstLine: number, label: string, sink: CellSink): Promise<CellOutcome> {
    this.cellCounter++;
    // Pad with the lines above the body so diagnostics give the line numbers the notebook shows.
    const text = '\n'.repeat(firstLine) + body;
    const t0 = performance.now();
    const externals = new Map([...this.tsExternals(), ...this.externals]);
    // `#include <brook/blas.br>`: the libraries shipped with the package (runtime/library).
    const result = compileCell(text, label, { sources: this.sources, externals, macros: this.macros, typedefNames: this.typedefNames }, { readInclude: libraryInclude });
    const compileMs = performance.now() - t0;
    const errors = result.diagnostics.filter((d) => d.severity === 'error');
    const warnings = result.diagnostics.filter((d) => d.severity === 'warning');
    if (!result.ok || !result.hostJs || !result.program) {
      const rendered = result.diagnostics.map((d) => renderDiagnostic(this.sources, d));
      const first = errors[0];
      throw new BrookCellError('BrookCompileError', first ? `${first.code}: ${first.message}` : 'compilation failed', rendered);
    }
    for (const w of warnings) sink.stderr(renderDiagnostic(this.sources, w) + '\n');

    const rt = await this.rt();
    const previousSink = this.sink;
    this.sink = sink;
    const t1 = performance.now();
    try {
      const mod = instantiateCell(result.hostJs, { rt: this.counting(rt), lib: this.lib, K: result.kernels, S: this.S });
      const { value, type } = await mod.run();
      // The cell's GPU work completes within the cell: its errors are reported here, not by a later
      // cell, and the device releases what the cell freed (a re-run's replaced streams, staging).
      await rt.finish();
      rt.backend.quietPoint?.();
      // The session learns the cell's names only once it ran: a failed cell defines nothing new.
      this.macros = result.macros;
      this.typedefNames = result.typedefNames;
      const defined = cellExports(result.program);
      for (const [name, sym] of defined) this.externals.set(name, sym);
      const shown = lastStatementShowsValue(result.program.statements) ? value : undefined;
      return { value: shown, type: type as Type | undefined, defined, compileMs, runMs: performance.now() - t1 };
    } catch (e) {
      if (e instanceof BrookRuntimeError) {
        throw new BrookCellError('BrookRuntimeError', `${e.code}: ${e.message}`, [renderRuntimeError(this.sources, e)]);
      }
      if (e instanceof ExitRequest) {
        throw new BrookCellError('BrookExit', `exit(${e.status}) called in a cell`, [`the cell called exit(${e.status}); the session keeps running`]);
      }
      throw e;
    } finally {
      // Kernel calls a failed cell still held for fusion (runtime/brt/fusion.ts) run now, as they
      // would have one by one before the failure; an interrupted cell's are dropped there.
      if (rt.fusion.holding) {
        try {
          rt.fusion.flush();
        } catch {
          // The cell's own error is the one reported.
        }
      }
      this.sink = previousSink;
    }
  }

  /** Streams alive on the device now (a re-run cell frees the streams it replaces). */
  liveStreamCount(): number {
    return this.runtime?.liveStreams().length ?? 0;
  }

  /** The live stream a session name refers to now (streams may be rebound by later cells). */
  streamNamed(name: string): Stream | undefined {
    const v = this.S.v[name];
    return isStream(v) ? v : undefined;
  }

  /** Switch backends, moving every live stream to the new one (data copied through the host). */
  async switchBackend(choice: BackendChoice): Promise<string> {
    const old = this.runtime;
    this.backendChoice = choice;
    this.runtime = undefined;
    this.runtimeStarting = undefined;
    const fresh = await this.rt();
    if (old) {
      for (const [name, v] of Object.entries(this.S.v)) {
        if (!isStream(v) || v.freed) continue;
        let moved: Stream;
        if (v.iter) moved = fresh.createIter(v.name, v.elem, [...v.shape], v.iter.lo, v.iter.hi);
        else {
          const words = hostArrayFor(v.elem, v.shape.reduce((a, b) => a * b, 1) * v.words);
          await old.streamWrite(v, words);
          moved = fresh.createStream(v.name, v.elem, [...v.shape]);
          await fresh.streamRead(moved, words);
        }
        this.S.v[name] = moved;
      }
      old.dispose();
    }
    return this.backendLabel();
  }

  /** `%brook fuse on|off`: this runtime and any later one (a backend switch, a reset) fuse or not. */
  setFusion(mode: FusionMode): void {
    this.fusionChoice = mode;
    if (this.runtime) {
      this.runtime.fusion.flush();
      this.runtime.fusion.mode = mode;
    }
  }

  /** Free one named stream's memory; the name is gone for later cells. */
  free(name: string): boolean {
    const s = this.streamNamed(name);
    if (!s || !this.runtime) return false;
    this.runtime.free(s);
    delete this.S.v[name];
    this.externals.delete(name);
    return true;
  }

  /** Forget everything: streams freed, kernels and variables gone, the runtime closed. */
  reset(): void {
    this.runtime?.dispose();
    this.runtime = undefined;
    this.runtimeStarting = undefined;
    for (const k of Object.keys(this.S.v)) delete this.S.v[k];
    for (const k of Object.keys(this.S.f)) delete this.S.f[k];
    for (const k of Object.keys(this.S.k)) delete this.S.k[k];
    this.externals.clear();
    this.macros = undefined;
    this.typedefNames = [];
    this.sources = new SourceSet();
  }

  dispose(): void {
    this.runtime?.dispose();
    this.runtime = undefined;
  }
}

/**
 * Whether the cell's last statement is a bare value to show (`result`, `x + 1`, `a.domain(0, 4)`), as a
 * REPL shows it; a call (`printf(...)`, a kernel launch), an assignment or an increment is run for its
 * effect and shows nothing, so `printf` does not echo its character count.
 */
function lastStatementShowsValue(statements: Stmt[]): boolean {
  const last = statements[statements.length - 1];
  if (!last || last.kind !== 'ExprStmt') return false;
  const e = last.expr;
  if (e.kind === 'AssignExpr' || e.kind === 'PostfixExpr') return false;
  if (e.kind === 'UnaryExpr' && (e.op === '++' || e.op === '--')) return false;
  if (e.kind === 'CallExpr') return e.callee.kind === 'MemberExpr'; // s.domain(...) shows; f(...) runs
  return true;
}

export function isStream(v: unknown): v is Stream {
  return typeof v === 'object' && v !== null && 'elem' in v && 'shape' in v && 'words' in v && 'freed' in v;
}

/** Handles given to TypeScript cells carry this symbol, so a Brook cell can take them back. */
export const BROOK_HANDLE = Symbol.for('brook.handle');

function isBrookHandle(v: unknown): boolean {
  return (typeof v === 'object' || typeof v === 'function') && v !== null && BROOK_HANDLE in (v as object);
}

/** A TypeScript value as Brook host code wants it: handles become their stream, others pass as they are. */
function unwrapForBrook(v: unknown): unknown {
  if (isBrookHandle(v)) return (v as { [BROOK_HANDLE]: () => unknown })[BROOK_HANDLE]();
  return v;
}
