/**
 * The execution session: runs cells and answers editor requests, with no sockets. The kernel (kernel.ts)
 * and the headless notebook runner (execute-notebook.ts) both drive one Session, so a notebook behaves the
 * same in Jupyter and under `brook execute`.
 *
 * What always holds:
 * - TypeScript cells run in the process's own global scope (vm.Script.runInThisContext), one realm: a
 *   Float32Array from a cell is a Float32Array to the runtime and to npm packages (a separate vm context
 *   would make `instanceof` fail across the boundary).
 * - All cell code (each top-level step between awaits, and a magic handler's synchronous part) runs in
 *   one place, `guarded()`: inside a breakOnSigint script and the interrupt gate (interrupt-gate.ts), so
 *   the control thread's SIGINT stops it wherever it spins and never lands outside it. An interrupt also
 *   rejects the cell's pending await, so `await forever` ends too. State survives. Not reachable: code
 *   spinning after an await inside a user's own async function (its continuation is a plain microtask).
 * - Outputs go, in order, to the OutputSink of the cell that is running, or of the last cell that ran
 *   (timers firing after their cell ended).
 * - Only one Session is active in a process at a time: it owns `console`, `process.stdout.write` and the
 *   globals `display`, `clearOutput`, `page`, `prompt`, `tslab`, `__kernel__` until `dispose()`.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Console } from 'node:console';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import vm from 'node:vm';
import { createTslabDisplay, format, inspectText, type Formatted } from './display.js';
import { cellLabel, runtimeError, syntaxError, type CellRecord, type JupyterError } from './errors.js';
import { History } from './history.js';
import { BackgroundLanguageService } from './checker.js';
import {
  CellError, getCellMagic, getLineMagic, magicNames, parseCellMagic, setDeclarations, takeIdleWarmUps,
  type CellMagicInput, type DisplayOptions, type ExecuteContext, type MimeBundle,
} from './magics-api.js';
import { Outputs, type OutputSink, type StreamName } from './output.js';
import { KERNEL_GLOBAL, transformCell } from './transform.js';
import { ts } from './typescript.js';
import { InterruptGate, type RequestStamp } from './interrupt-gate.js';
import { InterruptedError } from './interrupted.js';
import { isAbortError, sessionAbort, setSessionAbort } from '../common/abort-state.js';
import { fullCollection } from '../common/gc.js';
import { isCompleteCode, type IsCompleteResult } from './is-complete.js';
import { codePointsToUtf16, utf16ToCodePoints } from './positions.js';

export interface SessionOptions {
  /** The notebook's folder: imports resolve from here, and stack traces name cell files in it. */
  directory: string;
  /** Reads one line from the user (the stdin channel); absent when no frontend can answer. */
  input?: (prompt: string, password: boolean) => string;
  /** Called when a running cell has been interrupted (the kernel acknowledges to its control thread). */
  onInterrupted?: () => void;
  /** Shared with the kernel's control thread: when it may raise SIGINT (interrupt-gate.ts). */
  gate?: InterruptGate;
  /** Where the kernel's own diagnostics go (never a cell's output). */
  log?: (text: string) => void;
  /** The TypeScript language service, when the caller started it (and its warm-up) before the session. */
  language?: BackgroundLanguageService;
  /**
   * A unit of work (cell, user_expressions) starts, numbered `seq`, with `timeoutMs` on the watchdog
   * (Infinity: none). The kernel tells its control thread, whose timer stops code spinning past it.
   */
  onWorkStart?: (seq: number, timeoutMs: number) => void;
}

export interface ExecuteRequest {
  code: string;
  silent?: boolean;
  storeHistory?: boolean;
  allowStdin?: boolean;
  /** When and by which client session the request was sent: an interrupt sent before it never stops it. */
  sent?: RequestStamp;
}

export type ExecuteOutcome =
  | { status: 'ok'; executionCount: number; payload: object[] }
  | ({ status: 'error'; executionCount: number; interrupted: boolean } & JupyterError);

export { InterruptedError };

const PROTECTED_NAMES = new Set(['process', 'Buffer', 'globalThis', 'console', KERNEL_GLOBAL]);
const PAGE_REQUEST = /^\s*([A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*)\s*\?\s*$/;
/** The built package (dist/): its frames (magics, runtime, kernel) are never shown under a cell's error. */
const PACKAGE_DIR = fileURLToPath(new URL('..', import.meta.url));

// Node warns, into the first cell that imports a module, that vm.constants.USE_MAIN_CONTEXT_DEFAULT_LOADER
// is experimental. Cells use it on purpose (transform.ts: imports resolve from the notebook's folder),
// so that one warning is dropped; every other warning still shows.
const emitWarning = process.emitWarning;
process.emitWarning = function (this: NodeJS.Process, warning: string | Error, ...rest: unknown[]) {
  const text = typeof warning === 'string' ? warning : warning?.message;
  if (typeof text === 'string' && text.includes('USE_MAIN_CONTEXT_DEFAULT_LOADER')) return;
  return (emitWarning as (...a: unknown[]) => void).call(process, warning, ...rest);
} as typeof process.emitWarning;

let active: Session | undefined;

/** How long no cell must have run before the magics' idle warm-ups start (Session.preload). */
const QUIET_MS = 1000;

let pluginsLoaded: Promise<void> | undefined;
/** True once loadPlugins has finished (whether or not it succeeded). */
let pluginsSettled = false;

/** Imports dist/magics/index.js once if it exists; it registers the Brook magics at import time. */
function loadPlugins(log: (t: string) => void): Promise<void> {
  pluginsLoaded ??= (async () => {
    const url = new URL('../magics/index.js', import.meta.url);
    // BROOK_KERNEL_NO_MAGICS=1: a plain TypeScript kernel (to tell the kernel's costs from the magics').
    if (process.env.BROOK_KERNEL_NO_MAGICS || !existsSync(fileURLToPath(url))) return;
    try {
      await import(url.href);
    } catch (err) {
      log(`kernel: loading magics failed: ${(err as Error)?.stack ?? String(err)}`);
      throw err;
    }
  })();
  pluginsLoaded.then(() => { pluginsSettled = true; }, () => { pluginsSettled = true; });
  return pluginsLoaded;
}

export class Session {
  executionCount = 0;
  readonly history = new History();
  private readonly language: BackgroundLanguageService;
  private readonly cells = new Map<string, CellRecord>();
  private outputs: Outputs | undefined;
  private current: AbortController | undefined;
  private allowStdin = false;
  private payload: object[] = [];
  /** display() calls of this cell still awaiting a value (a Promise given to display): the cell waits. */
  private pendingDisplays: Promise<void>[] = [];
  private restore: (() => void)[] = [];
  private readonly log: (text: string) => void;
  /** BROOK_KERNEL_DEBUG=1 traces cells and interrupts to the kernel's log. */
  private readonly debug: (text: string) => void;

  private readonly gate: InterruptGate;
  /** When the last cell ended (performance.now()); idle warm-ups wait for a quiet spell after it. */
  private lastCellEnd = -Infinity;

  constructor(private readonly options: SessionOptions) {
    this.log = options.log ?? (() => {});
    this.debug = process.env.BROOK_KERNEL_DEBUG ? (t) => this.log(`debug: ${t}`) : () => {};
    this.gate = options.gate ?? new InterruptGate();
    this.language = options.language ?? new BackgroundLanguageService(options.directory, this.log);
    this.activate();
  }

  /**
   * Starts the TypeScript checker's warm-up in its worker thread (checker.ts): the kernel calls it at
   * start, so the first TypeScript cell finds the program built. Costs the main thread nothing.
   */
  warmChecker(): void {
    const t0 = performance.now();
    void this.language.warm().then(() => this.debug(`checker warm after ${(performance.now() - t0).toFixed(0)} ms (${this.language.warmMs?.toFixed(0)} ms of it in the worker), at ${(process.uptime() * 1000).toFixed(0)} ms of the process`));
  }

  /**
   * Loads the magics, then the TypeScript compiler, ahead of the first cells. `require('typescript')` is
   * synchronous and takes ~200 ms, so it waits until no cell runs or waits (`isBusy`): a first `%%brook`
   * cell, which never needs TypeScript, must not pay for it.
   */
  async preload(isBusy: () => boolean = () => this.current !== undefined): Promise<void> {
    await loadPlugins(this.log).catch(() => {});
    this.debug(`preload: magics loaded at ${(process.uptime() * 1000).toFixed(0)} ms of the process`);
    // The magics declared their globals: the checker takes them in now, in its worker, rather than when
    // the first TypeScript cell asks (a rebuild of the checker over the new declarations).
    this.warmChecker();
    const whenIdle = async () => { while (isBusy()) await new Promise((r) => setTimeout(r, 250).unref()); };
    await whenIdle();
    const tsStart = performance.now();
    ts();
    this.debug(`preload: typescript loaded in ${(performance.now() - tsStart).toFixed(0)} ms, at ${(process.uptime() * 1000).toFixed(0)} ms of the process`);
    // The magics' warm-ups run on this thread (the plot renderer: ~1 s of imports and a first chart, in
    // steps), so they wait until a first cell has run and then for a quiet spell, QUIET_MS with no cell:
    // the first cell of a kernel, and a Run All's next cell, never queue behind them.
    const whenQuiet = async () => {
      for (;;) {
        await whenIdle();
        const left = Number.isFinite(this.lastCellEnd) ? this.lastCellEnd + QUIET_MS - performance.now() : QUIET_MS;
        if (left <= 0 && !isBusy()) return;
        await new Promise((r) => setTimeout(r, Math.max(50, left)).unref());
      }
    };
    const warmUps = takeIdleWarmUps();
    for (const warm of warmUps) {
      await whenQuiet();
      await warm().catch((err: unknown) => this.log(`kernel: a warm-up failed: ${(err as Error)?.message ?? err}`));
    }
    // The warm-ups leave their garbage (the plot renderer's imports and first chart: tens of MB).
    // Collected now, still in the quiet spell they ran in; else V8's memory reducer collects it some
    // 8 s later, in the middle of the user's idle time (bench/session.ts idleCpu: 3.8% of a core on the
    // H200 with it, against a target of 2%).
    if (warmUps.length) {
      await whenQuiet();
      fullCollection()?.();
    }
  }

  /** Writes to the running (or last) cell's stream. */
  write(name: StreamName, text: string): void {
    if (this.outputs) this.outputs.write(name, text);
    else this.log(`[${name} outside a cell] ${text}`);
  }

  /**
   * Interrupts the running cell (a pending await rejects; runtime checks see the request); while idle it
   * does nothing. `seq`: only if that work (interrupt-gate.ts) is still the one running.
   */
  interrupt(seq?: number): boolean {
    this.debug(`interrupt (${this.current ? `running ${this.gate.current}` : 'idle'}${seq === undefined ? '' : `, for ${seq}`})`);
    if (!this.current || (seq !== undefined && seq !== this.gate.current)) return false;
    this.gate.requestHere();
    this.current.abort(new InterruptedError());
    return true;
  }

  /** An interrupt the control thread requested for the running cell, not handled yet (see interrupt-gate.ts). */
  get interruptPending(): boolean {
    return this.gate.pending;
  }

  get busy(): boolean {
    return this.current !== undefined;
  }

  async execute(req: ExecuteRequest, sink: OutputSink, onStart?: (count: number) => void): Promise<ExecuteOutcome> {
    const store = (req.storeHistory ?? true) && !req.silent;
    if (store) this.executionCount++;
    const count = this.executionCount;
    if (store) this.history.add(count, req.code);
    const controller = new AbortController();
    this.current = controller;
    // Numbered before execute_input goes out: a client that interrupts once it sees the cell start
    // always reaches this cell (interrupt-gate.ts).
    const seq = this.gate.begin(req.sent);
    const watchdog = this.armWatchdog(seq, controller);
    onStart?.(count);
    this.debug(`cell ${count} starts (seq ${seq}) at ${(process.uptime() * 1000).toFixed(0)} ms of the process`);
    this.outputs = new Outputs(sink);
    const outputs = this.outputs;
    this.allowStdin = req.allowStdin ?? false;
    this.payload = [];
    this.pendingDisplays = [];
    try {
      await loadPlugins(this.log).catch((err: unknown) => {
        outputs.write('stderr', `Brook magics could not be loaded: ${(err as Error)?.message ?? err}\n`);
      });
      const { hasValue, value } = await this.run(req.code, count, controller.signal);
      while (this.pendingDisplays.length) await raceAbort(Promise.all(this.pendingDisplays.splice(0)), controller.signal);
      if (hasValue && value !== undefined && !req.silent) {
        const f = await format(value);
        outputs.executeResult(count, f.data, f.metadata);
        if (store) this.history.setOutput(count, String(f.data['text/plain'] ?? ''));
      }
      outputs.flush();
      this.debug(`cell ${count} ok at ${(process.uptime() * 1000).toFixed(0)} ms of the process`);
      return { status: 'ok', executionCount: count, payload: this.payload };
    } catch (err) {
      const stop = this.stopReason(err, controller.signal);
      if (stop) {
        this.gate.handled();
        this.options.onInterrupted?.();
      }
      const e = stop
        ? stopError(stop, err, count)
        : err instanceof CellError
          ? { ename: err.ename, evalue: err.evalue, traceback: err.traceback }
          : runtimeError(err, this.cells, (file) => file === STEP_FILE || file.startsWith('node:') || file.startsWith(PACKAGE_DIR) || file.startsWith('file://' + PACKAGE_DIR));
      outputs.error(e.ename, e.evalue, e.traceback);
      this.debug(`cell ${count} failed: ${e.ename}`);
      return { status: 'error', executionCount: count, interrupted: stop !== undefined, ...e };
    } finally {
      clearTimeout(watchdog);
      this.gate.end();
      this.current = undefined;
      this.lastCellEnd = performance.now();
      this.allowStdin = false;
    }
  }

  /**
   * The watchdog of one unit of work: the runtime checks the deadline itself (abort.ts); this timer
   * rejects the cell's pending awaits at the deadline; the kernel's control thread (told through
   * onWorkStart) stops code spinning past it.
   */
  private armWatchdog(seq: number, controller: AbortController): NodeJS.Timeout | undefined {
    const ms = this.gate.abort.remainingMs;
    this.options.onWorkStart?.(seq, ms);
    if (ms === Infinity) return undefined;
    return setTimeout(() => {
      if (this.gate.current !== seq) return;
      this.gate.requestHere(true);
      controller.abort(new InterruptedError());
    }, Math.min(ms, 2 ** 31 - 1)).unref();
  }

  /** Why a failed cell stopped: the user's interrupt, the watchdog, or neither (an ordinary error). */
  private stopReason(err: unknown, signal: AbortSignal): 'interrupted' | 'timeout' | undefined {
    const code = abortCode(err);
    if (code === 'BRK5051' || ((signal.aborted || isInterruption(err) || code === 'BRK5050' || this.gate.pending) && this.gate.timedOut)) return 'timeout';
    if (code === 'BRK5050' || signal.aborted || isInterruption(err) || this.gate.pending) return 'interrupted';
    return undefined;
  }

  private async run(code: string, count: number, signal: AbortSignal): Promise<{ hasValue: boolean; value?: unknown }> {
    const magic = parseCellMagic(code);
    if (magic) return this.runCellMagic(magic, count, signal);
    const pageMatch = PAGE_REQUEST.exec(code);
    if (pageMatch) {
      await this.page(code, pageMatch[1]!);
      return { hasValue: false };
    }
    const t = transformCell(code);
    if (!t.ok) {
      const e = syntaxError(t.diagnostics, code, count);
      throw new CellError(e.ename, e.evalue, e.traceback);
    }
    const checkStart = performance.now();
    await raceAbort(this.typeCheck(code, count), signal);
    this.debug(`cell ${count}: type check answered in ${(performance.now() - checkStart).toFixed(0)} ms, at ${(process.uptime() * 1000).toFixed(0)} ms of the process`);
    for (const n of t.names) {
      if (PROTECTED_NAMES.has(n)) {
        throw new CellError('SyntaxError', `cannot declare "${n}" at the top level of a cell: the kernel needs the global of that name`,
          [`SyntaxError: cannot declare "${n}" at the top level of a cell`, `  hint: rename it, or declare it inside a block ({ const ${n} = ...; })`]);
      }
      if (!(n in globalThis)) (globalThis as Record<string, unknown>)[n] = undefined;
    }
    const filename = join(this.options.directory, `__cell_${count}_${this.cells.size}__.ts`);
    this.cells.set(filename, { executionCount: count, source: code, toCell: t.toCell, wrapperLine: t.code.split('\n').length });
    const script = new vm.Script(t.code, {
      filename,
      importModuleDynamically: vm.constants.USE_MAIN_CONTEXT_DEFAULT_LOADER,
    });
    const started = this.guarded(() => script.runInThisContext({ displayErrors: false }));
    const result = (t.mode === 'generator'
      ? await this.drive(started as Generator<unknown, unknown, unknown>, signal)
      : await raceAbort(started as Promise<unknown>, signal)) as { value: unknown } | undefined;
    this.language.addCell(code, t.names);
    return result && typeof result === 'object' && 'value' in result ? { hasValue: true, value: result.value } : { hasValue: false };
  }

  /** A misspelt property is a located TypeError before the cell runs (LanguageService.typeErrors). */
  private async typeCheck(code: string, count: number): Promise<void> {
    if (process.env.BROOK_KERNEL_NO_TYPECHECK) return;
    const errors = await this.language.typeErrors(code);
    if (errors.length === 0) return;
    const diagnostics = errors.map((e) => {
      const before = code.slice(0, e.start).split('\n');
      return { message: `${e.message} (TS${e.code})`, line: before.length - 1, column: before[before.length - 1]!.length, length: e.length };
    });
    const e = syntaxError(diagnostics, code, count);
    const traceback = e.traceback.map((l) => l.replace(/^SyntaxError: /, 'TypeError: '));
    traceback.push('  hint: the cell was not run; fix the name (TypeScript checks property names before running a cell)');
    throw new CellError('TypeError', e.evalue, traceback);
  }

  /**
   * execute_request's user_expressions: each expression evaluated after the cell, as a mime bundle or an
   * error (the protocol's shape); nothing is printed and no history is kept.
   */
  async evaluateExpressions(expressions: Record<string, unknown>): Promise<Record<string, object>> {
    const results: Record<string, object> = {};
    const entries = Object.entries(expressions);
    if (entries.length === 0) return results;
    this.gate.begin();
    try {
      await this.evaluateEach(entries, results);
    } finally {
      this.gate.end();
    }
    return results;
  }

  private async evaluateEach(entries: [string, unknown][], results: Record<string, object>): Promise<void> {
    for (const [name, code] of entries) {
      try {
        const t = transformCell(String(code));
        if (!t.ok) throw new CellError('SyntaxError', t.diagnostics[0]!.message, []);
        const script = new vm.Script(t.code, { importModuleDynamically: vm.constants.USE_MAIN_CONTEXT_DEFAULT_LOADER });
        const started = this.guarded(() => script.runInThisContext());
        const signal = new AbortController().signal;
        const r = (t.mode === 'generator' ? await this.drive(started as Generator<unknown, unknown, unknown>, signal) : await started) as { value: unknown } | undefined;
        const f = await format(r?.value);
        results[name] = { status: 'ok', data: f.data, metadata: f.metadata };
      } catch (err) {
        const e = err instanceof CellError ? err : runtimeError(err, this.cells, () => true);
        results[name] = { status: 'error', ename: e.ename, evalue: e.evalue, traceback: e.traceback };
      }
    }
  }

  private async runCellMagic(input: CellMagicInput, count: number, signal: AbortSignal): Promise<{ hasValue: boolean; value?: unknown }> {
    const handler = getCellMagic(input.name);
    if (!handler) throw unknownMagic('%%', input.name, magicNames().cell, count);
    let result: { hasValue: boolean; value?: unknown } = { hasValue: false };
    const ctx = this.context(count, signal, (v) => { result = { hasValue: true, value: v }; });
    // The handler's synchronous part runs guarded like TypeScript code, so SIGINT stops a long synchronous
    // computation in it; after its first await, it is stopped through ctx.signal.
    await raceAbort(Promise.resolve(this.guarded(() => handler.execute(input, ctx))), signal);
    return result;
  }

  /** The context a magic handler writes to; `setResult` feeds the cell's Out[n]. */
  private context(count: number, signal: AbortSignal, setResult: (v: unknown) => void): ExecuteContext {
    const outputs = this.outputs!;
    return {
      executionCount: count,
      signal,
      globals: globalThis as unknown as Record<string, unknown>,
      stdout: (text) => outputs.write('stdout', text),
      stderr: (text) => outputs.write('stderr', text),
      display: async (value, options) => this.display(value, options),
      displayData: (data, metadata = {}, options = {}) => outputs.displayData(data, metadata, options.display_id, options.update),
      setResult,
      throwIfInterrupted: () => {
        if (signal.aborted) throw new InterruptedError();
        // While this thread spins, the control thread's message cannot arrive; its request is already
        // in shared memory (the gate), so a cooperative check sees it at once; so does the watchdog's
        // deadline. The cell's error handler reports which (stopReason).
        this.gate.abort.check();
      },
      setDeclarations,
    };
  }

  private async lineMagic(name: string, args: string): Promise<unknown> {
    const handler = getLineMagic(name);
    if (!handler) throw unknownMagic('%', name, magicNames().line, this.executionCount);
    const signal = this.current?.signal ?? new AbortController().signal;
    let value: unknown;
    const ctx = this.context(this.executionCount, signal, (v) => { value = v; });
    const returned = await handler(args, ctx);
    return returned !== undefined ? returned : value;
  }

  /** Shows a value now (synchronously, unless its display method is async: then the result is a Promise). */
  display(value: unknown, options: DisplayOptions = {}): void | Promise<void> {
    const outputs = this.outputs;
    const emit = (f: Formatted) => outputs?.displayData(f.data, { ...f.metadata, ...options.metadata }, options.display_id, options.update);
    const f = format(value);
    if (!(f instanceof Promise)) return void emit(f);
    const shown = f.then(emit);
    this.pendingDisplays.push(shown);
    return shown;
  }

  private async page(code: string, expression: string): Promise<void> {
    const info = await this.language.inspect(code, code.indexOf(expression) + expression.length);
    let text = info ? `${info.signature}${info.documentation ? `\n\n${info.documentation}` : ''}` : `${expression}: no type information`;
    try {
      const value = new vm.Script(expression).runInThisContext();
      text += `\n\nValue: ${inspectText(value)}`;
    } catch {
      // A name that is only a type (or not defined yet) has no value to show.
    }
    this.payload.push({ source: 'page', data: { 'text/plain': text }, start: 0 });
  }

  /** Synchronous, except while the magics are still loading (a `%%brook` cell asked about before then). */
  isComplete(code: string): IsCompleteResult | Promise<IsCompleteResult> {
    const magic = parseCellMagic(code);
    if (magic) {
      const handler = getCellMagic(magic.name);
      if (!handler && !pluginsSettled) return loadPlugins(this.log).catch(() => {}).then(() => this.isComplete(code));
      return handler?.isComplete ? handler.isComplete(magic) : { status: handler ? 'complete' : 'invalid' };
    }
    return isCompleteCode(code);
  }

  /** Completion at a cursor in code points (Jupyter's unit); the reply's positions are code points too. */
  async complete(code: string, cursorPos: number): Promise<{ matches: string[]; cursor_start: number; cursor_end: number }> {
    await loadPlugins(this.log).catch(() => {});
    const cursor = codePointsToUtf16(code, cursorPos);
    const magic = parseCellMagic(code);
    let r: { matches: string[]; start: number; end: number };
    const firstLineEnd = code.indexOf('\n') < 0 ? code.length : code.indexOf('\n');
    if (magic && cursor > firstLineEnd) {
      const handler = getCellMagic(magic.name);
      const a = handler?.complete ? await handler.complete(magic, cursor - magic.bodyOffset) : { matches: [], start: cursor - magic.bodyOffset, end: cursor - magic.bodyOffset };
      r = { matches: a.matches, start: a.start + magic.bodyOffset, end: a.end + magic.bodyOffset };
    } else if (magic || /^%%?[\w-]*$/.test(code.slice(code.lastIndexOf('\n', cursor - 1) + 1, cursor))) {
      // Completing a magic's name.
      const line = code.slice(code.lastIndexOf('\n', cursor - 1) + 1, cursor);
      const isCell = line.startsWith('%%');
      const prefix = line.slice(isCell ? 2 : 1);
      const names = isCell ? magicNames().cell : magicNames().line;
      r = { matches: names.filter((n) => n.startsWith(prefix)).map((n) => (isCell ? '%%' : '%') + n), start: cursor - line.length, end: cursor };
    } else {
      r = await this.language.complete(code, cursor);
    }
    return { matches: r.matches, cursor_start: utf16ToCodePoints(code, r.start), cursor_end: utf16ToCodePoints(code, r.end) };
  }

  async inspect(code: string, cursorPos: number, detailLevel: number): Promise<{ found: boolean; data: MimeBundle }> {
    await loadPlugins(this.log).catch(() => {});
    const cursor = codePointsToUtf16(code, cursorPos);
    const magic = parseCellMagic(code);
    if (magic) {
      const handler = getCellMagic(magic.name);
      if (!handler?.inspect || cursor < magic.bodyOffset) return { found: false, data: {} };
      return handler.inspect(magic, cursor - magic.bodyOffset, detailLevel);
    }
    const info = await this.language.inspect(code, cursor);
    if (!info) return { found: false, data: {} };
    const plain = info.documentation ? `${info.signature}\n\n${info.documentation}` : info.signature;
    return {
      found: true,
      data: { 'text/plain': plain, 'text/markdown': `\`\`\`typescript\n${info.signature}\n\`\`\`\n\n${info.documentation}` },
    };
  }

  /** Gives back console, stdout and the globals (tests and executeNotebook run sessions in-process). */
  dispose(): void {
    this.language.dispose();
    if (active !== this) return;
    for (const r of this.restore.reverse()) r();
    this.restore = [];
    active = undefined;
  }

  private activate(): void {
    active?.dispose();
    active = this;
    // The runtime's checks (CPU chunks, GPU pieces) consult this session's gate.
    const previousAbort = sessionAbort();
    setSessionAbort(this.gate.abort);
    this.restore.push(() => setSessionAbort(previousAbort));
    const g = globalThis as Record<string, unknown>;
    const define = (name: string, value: unknown) => {
      const had = Object.getOwnPropertyDescriptor(g, name);
      Object.defineProperty(g, name, { value, writable: true, configurable: true, enumerable: false });
      this.restore.push(() => (had ? Object.defineProperty(g, name, had) : delete g[name]));
    };
    const stream = (name: StreamName) => new Writable({
      decodeStrings: false,
      write: (chunk: unknown, _enc, done) => {
        this.write(name, typeof chunk === 'string' ? chunk : Buffer.from(chunk as Uint8Array).toString('utf8'));
        done();
      },
    });
    define('console', new Console({ stdout: stream('stdout'), stderr: stream('stderr'), colorMode: false }));
    // display(value) and tslab's display.html(...) etc. are one object, so `import { display } from "tslab"`
    // does not take the kernel's display() away from later cells.
    const display = Object.assign(
      (value: unknown, options?: DisplayOptions) => this.display(value, options),
      createTslabDisplay((data) => this.outputs?.displayData(data, {})),
    );
    define('display', display);
    define('clearOutput', (wait = false) => this.outputs?.clearOutput(Boolean(wait)));
    define('page', (value: unknown) => this.payload.push({ source: 'page', data: { 'text/plain': typeof value === 'string' ? value : inspectText(value) }, start: 0 }));
    define('prompt', (message = '', defaultValue?: string) => this.prompt(String(message), defaultValue));
    let tslabDisplays = 0;
    define('tslab', {
      display,
      // A display that later calls replace in place (tslab's newDisplay).
      newDisplay: () => {
        const id = `tslab-${process.pid}-${++tslabDisplays}`;
        let shown = false;
        return createTslabDisplay((data) => {
          this.outputs?.displayData(data, {}, id, shown);
          shown = true;
        });
      },
      isNode: true,
      isBrowser: false,
    });
    define(KERNEL_GLOBAL, {
      lineMagic: (name: string, args: string) => this.lineMagic(name, args),
      step: () => {
        // Runs inside STEP's breakOnSigint script: the gate tells the control thread SIGINT is safe now.
        this.gate.enter();
        try {
          return pendingStep!();
        } finally {
          this.gate.leave();
        }
      },
    });

    for (const name of ['stdout', 'stderr'] as const) {
      const s = process[name];
      const original = s.write;
      s.write = ((chunk: unknown, ...rest: unknown[]) => {
        this.write(name, typeof chunk === 'string' ? chunk : Buffer.from(chunk as Uint8Array).toString('utf8'));
        const cb = rest.find((r) => typeof r === 'function') as (() => void) | undefined;
        cb?.();
        return true;
      }) as typeof s.write;
      this.restore.push(() => { s.write = original; });
    }
    const onUncaught = (err: unknown) => this.write('stderr', `Uncaught ${err instanceof Error ? err.stack ?? err.message : inspectText(err)}\n`);
    const onRejection = (reason: unknown) => this.write('stderr', `Unhandled promise rejection: ${reason instanceof Error ? reason.stack ?? reason.message : inspectText(reason)}\n`);
    process.on('uncaughtException', onUncaught);
    process.on('unhandledRejection', onRejection);
    this.restore.push(() => {
      process.off('uncaughtException', onUncaught);
      process.off('unhandledRejection', onRejection);
    });
  }

  /**
   * Runs user code synchronously inside one breakOnSigint script (STEP), through the interrupt gate: the
   * only place cell code runs, so SIGINT stops it wherever it spins and never lands outside it.
   */
  private guarded<T>(fn: () => T): T {
    pendingStep = fn;
    try {
      return STEP.runInThisContext({ breakOnSigint: true, displayErrors: false }) as T;
    } catch (err) {
      this.debug(`step threw ${(err as Error)?.name}: ${(err as Error)?.message}`);
      throw err;
    } finally {
      pendingStep = undefined;
    }
  }

  /**
   * Runs a cell's generator (see transform.ts): each step between two top-level awaits runs guarded, so
   * SIGINT stops it wherever it spins.
   */
  private async drive(gen: Generator<unknown, unknown, unknown>, signal: AbortSignal): Promise<unknown> {
    let input: unknown;
    let threw = false;
    for (;;) {
      const step = this.guarded(() => (threw ? gen.throw(input) : gen.next(input)));
      if (step.done) return step.value;
      try {
        input = await raceAbort(Promise.resolve(step.value), signal);
        threw = false;
      } catch (err) {
        if (signal.aborted) throw err;
        input = err;
        threw = true;
      }
    }
  }

  private prompt(message: string, defaultValue?: string): string | null {
    if (!this.allowStdin || !this.options.input) {
      throw new Error('prompt(): this frontend does not accept input requests (allow_stdin is false)');
    }
    this.outputs?.flush();
    const answer = this.options.input(message, false);
    return answer === '' && defaultValue !== undefined ? defaultValue : answer;
  }
}

let pendingStep: (() => unknown) | undefined;
const STEP_FILE = 'kernel-step';
const STEP = new vm.Script(`${KERNEL_GLOBAL}.step()`, { filename: STEP_FILE });

function isInterruption(err: unknown): boolean {
  return err instanceof InterruptedError || (err as { code?: string })?.code === 'ERR_SCRIPT_EXECUTION_INTERRUPTED';
}

/** BRK5050 / BRK5051 when the error is the runtime's interrupt or timeout, as thrown or as a magic's CellError. */
function abortCode(err: unknown): 'BRK5050' | 'BRK5051' | undefined {
  if (isAbortError(err)) return err.code;
  if (err instanceof CellError) return /^BRK505[01]\b/.exec(err.evalue)?.[0] as 'BRK5050' | 'BRK5051' | undefined;
  return undefined;
}

/**
 * The error a stopped cell shows: Jupyter's `Interrupted`, or `Timeout` naming the limit; where the runtime
 * stopped at a known line (a magic's located error), its rendering follows.
 */
function stopError(stop: 'interrupted' | 'timeout', err: unknown, count: number): JupyterError {
  const located = err instanceof CellError && abortCode(err) ? err.traceback : [];
  if (stop === 'interrupted') {
    return { ename: 'Interrupted', evalue: 'Execution interrupted', traceback: ['Interrupted: Execution interrupted', ...located] };
  }
  const e = sessionAbort().timeoutError();
  const hint = (e as { hint?: string }).hint;
  return {
    ename: 'Timeout',
    evalue: `BRK5051: ${e.message}`,
    traceback: located.length ? [`Timeout: BRK5051: ${e.message}`, ...located] : [`Timeout: BRK5051: ${e.message}`, `  in ${cellLabel(count)}`, ...(hint ? [`  hint: ${hint}`] : [])],
  };
}

function unknownMagic(prefix: string, name: string, known: string[], count: number): CellError {
  const hint = known.length ? `available: ${known.map((k) => prefix + k).join(', ')}` : 'no magics of this kind are registered';
  return new CellError('UsageError', `${prefix}${name}: no such magic`, [
    `UsageError: ${prefix}${name}: no such magic`,
    `  at ${cellLabel(count)} line 1:1`,
    `  hint: ${hint}`,
  ]);
}

/** Settles with the promise, or rejects as soon as the signal aborts (the work itself may go on). */
function raceAbort<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (v) => { signal.removeEventListener('abort', onAbort); resolve(v); },
      (e) => { signal.removeEventListener('abort', onAbort); reject(e); },
    );
  });
}
