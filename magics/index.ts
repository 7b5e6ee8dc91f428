/**
 * The `%%brook` cell magic and the `%brook` line magic: the only bridge between the notebook kernel
 * (kernel/, which knows nothing of Brook) and the Brook system (runtime/). The kernel imports this
 * module before the first cell; importing it registers the handlers (kernel/magics-api.ts).
 *
 *   %%brook [--time] [--backend cpu|webgpu]   a Brook translation unit added to the session
 *   %brook backend [cpu|webgpu|auto]          show or switch the backend (live streams move along)
 *   %brook info                               adapter, features and limits
 *   %brook streams                            every live stream: name, type, shape, bytes, backend
 *   %brook free NAME                          free a stream's memory
 *   %brook reset                              forget every stream, kernel and variable
 *
 * After a cell runs, what it defined appears in TypeScript cells: streams as BrookStream handles,
 * kernels as functions, host variables as live values; and as ambient declarations for completion.
 * Every cell's output ends with a line naming the backend that ran it.
 */
import { parseTimeout, sessionAbort } from '../runtime/brt/abort.js';
import { CellError, registerCellMagic, registerLineMagic, setDeclarations, type ExecuteContext } from '../kernel/magics-api.js';
import type { SessionSymbol } from '../runtime/compiler/index.js';
import { sizeOf, typeToString, type Type } from '../runtime/compiler/types.js';
import { BrookSession, BrookCellError, isStream, type BackendChoice } from './session.js';
import { BrookStream, kernelFunction, resultsModules } from './handles.js';
import { BROOK_PRELUDE, declarationFor } from './declarations.js';
import { completeBrook, inspectBrook, isCompleteBrook } from './editor.js';
import type { PlotDisplay, PlotKind, PlotOptions } from '../runtime/results/plot.js';

let globalsRef: Record<string, unknown> = {};
export const session = new BrookSession(() => globalsRef);
// Open the device while the user reads the notebook: the kernel imports the magics when it is idle
// (its preload) or at the first cell, and creating a Dawn device (~100 ms on lavapipe, measured by
// bench/session.ts) would otherwise be waited for by the first %%brook cell. A cell that comes first
// shares the same start (BrookSession.rt). A failure is not reported here: the first cell starts the
// runtime again and shows why.
setTimeout(() => void session.rt().catch(() => {}), 0).unref();

interface CellFlags {
  time: boolean;
  backend?: BackendChoice;
  /** --plot[=KIND]: the kind of plot of the stream the cell shows ('auto': the default kind for its
   *  shape, also what a cell ending with a bare stream gets without the flag); --no-plot: none. */
  plot?: PlotKind | 'auto' | false;
}

function parseFlags(args: string): CellFlags {
  const flags: CellFlags = { time: false };
  const words = args.split(/\s+/).filter(Boolean);
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    if (w === '--time') flags.time = true;
    else if (w === '--backend' || w.startsWith('--backend=')) {
      const v = w.includes('=') ? w.slice('--backend='.length) : words[++i];
      if (v !== 'cpu' && v !== 'webgpu' && v !== 'auto') throw usage(`unknown backend '${v ?? ''}'`);
      flags.backend = v;
    } else if (w === '--no-plot') {
      flags.plot = false;
    } else if (w === '--plot' || w.startsWith('--plot=')) {
      // The kind is checked in checkPlotKind once the plot module is loaded (it loads on first use).
      flags.plot = (w.includes('=') ? w.slice('--plot='.length) : 'auto') as PlotKind | 'auto';
    } else throw usage(`unknown option '${w}'`);
  }
  return flags;
}

async function checkPlotKind(kind: string | false | undefined): Promise<void> {
  if (kind === undefined || kind === false || kind === 'auto') return;
  const { PLOT_KINDS } = await resultsModules.plot();
  if (!PLOT_KINDS.includes(kind as PlotKind)) throw usage(`unknown plot kind '${kind}' (use ${PLOT_KINDS.join(', ')})`);
}

function usage(what: string): CellError {
  return new CellError('UsageError', `%%brook: ${what}`, [`%%brook: ${what}`, 'usage: %%brook [--time] [--backend cpu|webgpu|auto] [--plot[=line|histogram|scatter|heatmap|image] | --no-plot]']);
}

/** Expose a cell's definitions to TypeScript cells (values and declarations). */
function publish(defined: Map<string, SessionSymbol>, ctx: ExecuteContext): void {
  const g = ctx.globals;
  setDeclarations('brook:prelude', BROOK_PRELUDE);
  installPlotGlobal(g);
  for (const [name, sym] of defined) {
    if (sym.kind === 'stream') {
      if (!(g[name] instanceof BrookStream)) define(g, name, new BrookStream(session, name));
    } else if (sym.kind === 'kernel' && sym.kernel.kind !== 'helper') {
      define(g, name, kernelFunction(session, name));
    } else if (sym.kind === 'value') {
      defineValue(g, name, sym.type);
    } else if (sym.kind === 'function') {
      const fnName = name;
      define(g, name, (...args: unknown[]) => (session.S.f[fnName] as (...a: unknown[]) => unknown)(...args));
    }
    setDeclarations(`brook:${name}`, declarationFor(sym));
  }
}

// --- plots (runtime/results/plot.ts): the global plot(tableOrStream, options) TypeScript cells see ---
/** plot(stream, options) or plot(arqueroTable, { x, y, kind }); a Promise (streams need a readback). */
async function plotGlobal(data: unknown, options: PlotOptions = {}): Promise<PlotDisplay> {
  if (data instanceof BrookStream) return data.plot(options);
  const { isTable, plotTable, PlotError } = await resultsModules.plot();
  if (isTable(data)) return plotTable(data, options, options.title ?? 'table');
  throw new PlotError(`cannot plot ${data === null ? 'null' : typeof data}`, "pass a Brook stream from a %%brook cell or an Arquero table (stream.toTable(), aq.table(...))");
}

function installPlotGlobal(g: Record<string, unknown>): void {
  if (g.plot !== plotGlobal) Object.defineProperty(g, 'plot', { value: plotGlobal, writable: true, configurable: true, enumerable: false });
  void plotDeclarations();
}

/** plot()'s declarations for completion, once the plot module is loaded (see resultsModules). */
let plotDeclared: Promise<void> | undefined;
function plotDeclarations(): Promise<void> {
  plotDeclared ??= resultsModules.plot().then(
    (m) => setDeclarations('brook:plot', m.PLOT_DECLARATIONS),
    () => {},
  );
  return plotDeclared;
}
// TypeScript cells run with globalThis as their global object: plot() works before any %%brook cell.
// Its declarations (and Arquero) load 1.5 s after the magics, off the first cell's path.
const g0 = globalThis as unknown as Record<string, unknown>;
if (g0.plot !== plotGlobal) Object.defineProperty(g0, 'plot', { value: plotGlobal, writable: true, configurable: true, enumerable: false });
setTimeout(() => void plotDeclarations(), 1500).unref();
// --- end plots ---

function define(g: Record<string, unknown>, name: string, value: unknown): void {
  Object.defineProperty(g, name, { value, writable: true, configurable: true, enumerable: true });
}

/** Host variables: live accessors over the session (scalars and vectors), typed views for arrays. */
function defineValue(g: Record<string, unknown>, name: string, type: Type): void {
  if (type.kind === 'array' && type.elem.kind === 'scalar' && (type.elem.name === 'float' || type.elem.name === 'int')) {
    const elemName = type.elem.name;
    const length = sizeOf(type) / 4;
    Object.defineProperty(g, name, {
      get: () => {
        const addr = session.S.v[name] as number;
        const mem = session.lib.mem;
        return elemName === 'float' ? new Float32Array(mem.buffer, addr, length) : new Int32Array(mem.buffer, addr, length);
      },
      configurable: true,
      enumerable: true,
    });
    return;
  }
  Object.defineProperty(g, name, {
    get: () => session.S.v[name],
    set: (v: unknown) => {
      session.S.v[name] = v;
    },
    configurable: true,
    enumerable: true,
  });
}

/** The WebGPU backend's timestamp reader, when the session runs on it. */
function gpuTimer(rt: { backend: unknown }): { resetGpuTimes(): void; gpuTimes(): Promise<{ gpuNs: number; passes: number; untimedPasses: number } | null> } | undefined {
  const b = rt.backend as { resetGpuTimes?: () => void; gpuTimes?: () => Promise<{ gpuNs: number; passes: number; untimedPasses: number } | null> };
  return typeof b.gpuTimes === 'function' && typeof b.resetGpuTimes === 'function' ? (b as never) : undefined;
}

function plotBundle(p: PlotDisplay): [Record<string, unknown>, Record<string, unknown>] {
  const b = p.bundle();
  return [b.data, b.metadata];
}

function backendBadge(ctx: ExecuteContext, extra = ''): void {
  const label = session.backendLabel();
  ctx.displayData({
    'text/plain': `[brook: ${label}${extra}]`,
    'text/html': `<div style="color: #888; font-size: 0.85em; font-family: monospace">brook · ${escapeHtml(label)}${escapeHtml(extra)}</div>`,
  });
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);
}

registerCellMagic('brook', {
  async execute(input, ctx) {
    globalsRef = ctx.globals;
    const flags = parseFlags(input.args);
    await checkPlotKind(flags.plot);
    if (flags.backend && flags.backend !== session.backendChoice) await session.switchBackend(flags.backend);
    const label = `cell[${ctx.executionCount}]`;
    const timer = flags.time ? gpuTimer(await session.rt()) : undefined;
    timer?.resetGpuTimes();
    let outcome;
    try {
      outcome = await session.runCell(input.body, input.bodyLine, label, { stdout: (t) => ctx.stdout(t), stderr: (t) => ctx.stderr(t), checkInterrupt: () => ctx.throwIfInterrupted() });
    } catch (e) {
      if (e instanceof BrookCellError) throw new CellError(e.ename, e.summary, e.rendered.flatMap((r) => r.split('\n')));
      throw e;
    }
    publish(outcome.defined, ctx);
    let timing = '';
    if (flags.time) {
      const gpu = timer ? await timer.gpuTimes() : null;
      const gpuText = gpu && gpu.passes > gpu.untimedPasses ? `, GPU ${(gpu.gpuNs / 1e6).toFixed(3)} ms in ${gpu.passes} pass${gpu.passes === 1 ? '' : 'es'} (timestamps)` : ', GPU time: not available on this backend';
      timing = `, compile ${outcome.compileMs.toFixed(1)} ms, run ${outcome.runMs.toFixed(1)} ms wall${gpuText}`;
    }
    const { value } = outcome;
    if (isStream(value)) {
      const name = Object.entries(session.S.v).find(([, v]) => v === value)?.[0] ?? value.name;
      const handle = ctx.globals[name] instanceof BrookStream ? (ctx.globals[name] as BrookStream) : new BrookStream(session, name);
      ctx.setResult(handle);
      // DESIGN.md: a bare stream shows as a table and a plot (--no-plot leaves the plot out).
      const kind = flags.plot ?? 'auto';
      if (kind !== false) ctx.displayData(...plotBundle(await handle.plot(kind === 'auto' ? {} : { kind })));
    } else if (value !== undefined) {
      ctx.setResult(value);
    }
    if (flags.plot && !isStream(value)) ctx.stderr('%%brook --plot: nothing to plot; end the cell with the name of a stream to plot it\n');
    // Every cell's output names its backend: a shown stream's table and plot captions do; otherwise
    // (and always with --time, which reports there) a one-line badge closes the cell's output.
    if (!isStream(value) || flags.time) backendBadge(ctx, timing);
  },
  isComplete(input) {
    return isCompleteBrook(input.body);
  },
  complete(input, cursor) {
    return completeBrook(input.body, cursor, session.externals);
  },
  inspect(input, cursor) {
    const r = inspectBrook(input.body, cursor, session.externals, (n) => session.streamNamed(n)?.shape);
    return { found: r.found, data: r.found ? { 'text/plain': r.text } : {} };
  },
});

registerLineMagic('brook', async (args, ctx) => {
  globalsRef = ctx.globals;
  const [cmd = 'info', ...rest] = args.trim().split(/\s+/).filter(Boolean);
  switch (cmd) {
    case 'backend': {
      const want = rest[0];
      if (!want) {
        await session.rt();
        return session.backendLabel();
      }
      if (want !== 'cpu' && want !== 'webgpu' && want !== 'auto') throw lineUsage(`unknown backend '${want}'`);
      return `brook backend: ${await session.switchBackend(want)}`;
    }
    case 'info': {
      const rt = await session.rt();
      const b = rt.backend as unknown as { features?: ReadonlySet<string>; device?: { limits: Record<string, number> } };
      const deviceLimits = b.device
        ? Object.fromEntries(DEVICE_LIMITS_SHOWN.map((k) => [k, b.device!.limits[k]]))
        : undefined;
      return {
        backend: rt.backend.name,
        adapter: rt.backend.description,
        ...(rt.fallbackReason ? { fallbackReason: rt.fallbackReason } : {}),
        ...(b.features ? { features: [...b.features].sort() } : {}),
        limits: rt.backend.limits,
        ...(deviceLimits ? { deviceLimits } : {}),
      };
    }
    case 'streams': {
      const rows = Object.entries(session.S.v)
        .filter(([, v]) => isStream(v) && !v.freed)
        .map(([name, v]) => {
          const s = v as { elem: Type; shape: number[]; words: number; iter?: unknown };
          const count = s.shape.reduce((a, b) => a * b, 1);
          return { name, type: typeToString(s.elem), shape: `<${s.shape.join(', ')}>`, bytes: s.iter ? 0 : count * s.words * 4, backend: session.backendLabel() };
        });
      ctx.displayData(streamsBundle(rows));
      return undefined;
    }
    case 'free': {
      const name = rest[0];
      if (!name) throw lineUsage('name the stream to free: %brook free NAME');
      if (!session.free(name)) throw lineUsage(`no live stream named '${name}'`);
      delete ctx.globals[name];
      setDeclarations(`brook:${name}`, undefined);
      return `freed ${name}`;
    }
    case 'timeout': {
      // The watchdog (runtime/brt/abort.ts): each later cell, and every kernel call in it, stops after N s.
      const abort = sessionAbort();
      if (rest[0] !== undefined) {
        const t = parseTimeout(rest[0]);
        if (t !== null && typeof t === 'object') throw lineUsage(`timeout: ${t.error}; give seconds (e.g. %brook timeout 30) or off`);
        abort.timeoutSeconds = t ?? undefined;
      }
      return abort.timeoutSeconds === undefined
        ? 'brook timeout: off (cells run until they end or are interrupted)'
        : `brook timeout: ${abort.timeoutSeconds} s (a cell, or a kernel call in it, running longer stops with BRK5051)`;
    }
    case 'reset': {
      for (const name of Object.keys(session.S.v).concat(Object.keys(session.S.k), Object.keys(session.S.f))) {
        delete ctx.globals[name];
        setDeclarations(`brook:${name}`, undefined);
      }
      session.reset();
      return 'brook session reset: every stream freed, kernels and variables forgotten';
    }
    default:
      throw lineUsage(`unknown subcommand '${cmd}'`);
  }
});

/** The device limits `%brook info` shows: the ones that bound stream sizes and launches. */
const DEVICE_LIMITS_SHOWN = [
  'maxBufferSize', 'maxStorageBufferBindingSize', 'maxStorageBuffersPerShaderStage', 'maxComputeWorkgroupsPerDimension',
  'maxComputeInvocationsPerWorkgroup', 'maxComputeWorkgroupSizeX', 'maxComputeWorkgroupStorageSize', 'maxUniformBufferBindingSize',
];

function lineUsage(what: string): CellError {
  return new CellError('UsageError', `%brook: ${what}`, [`%brook: ${what}`, 'usage: %brook backend [cpu|webgpu|auto] | info | streams | free NAME | reset | timeout [N|off]']);
}

function streamsBundle(rows: { name: string; type: string; shape: string; bytes: number; backend: string }[]): Record<string, string> {
  const head = ['name', 'type', 'shape', 'bytes', 'backend'] as const;
  if (rows.length === 0) return { 'text/plain': 'no live streams' };
  const text = [head.join('\t'), ...rows.map((r) => head.map((h) => String(r[h])).join('\t'))].join('\n');
  const html = `<table><thead><tr>${head.map((h) => `<th>${h}</th>`).join('')}</tr></thead><tbody>${rows
    .map((r) => `<tr>${head.map((h) => `<td>${escapeHtml(String(r[h]))}</td>`).join('')}</tr>`)
    .join('')}</tbody></table>`;
  return { 'text/plain': text, 'text/html': html };
}
