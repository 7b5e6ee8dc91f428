/**
 * The `%%brook` cell magic and the `%brook` line magic: the only bridge between the notebook kernel
 * (kernel/, which knows nothing of Brook) and the Brook system (runtime/). The kernel imports this
 * module before the first cell; importing it registers the handlers (kernel/magics-api.ts).
 *
 *   %%brook [--time] [--backend cpu|webgpu]   a Brook translation unit added to the session
 *   %brook help                               every magic and option
 *   %brook backend [cpu|webgpu|auto]          show or switch the backend (live streams move along)
 *   %brook info                               adapter, features and limits
 *   %brook streams                            every live stream: name, type, shape, bytes, backend
 *   %brook free NAME                          free a stream's memory
 *   %brook reset                              forget every stream, kernel and variable
 *   %brook fuse [on|off]                      show or switch kernel fusion (runtime/brt/fusion.ts)
 *
 * After a cell runs, what it defined appears in TypeScript cells: streams as BrookStream handles,
 * kernels as functions, host variables as live values; and as ambient declarations for completion.
 * Every cell's output ends with a short badge naming the backend that ran it (`cpu`, `webgpu: NVIDIA
 * H100`); why the CPU runs instead of WebGPU is said once per session, and again by `%brook info`.
 * Line magics answer with values shown as text or HTML tables, never as JavaScript literals.
 */
import { parseTimeout, sessionAbort } from '../runtime/brt/abort.js';
import { CellError, registerCellMagic, registerIdleWarmUp, registerLineMagic, setDeclarations, type ExecuteContext } from '../kernel/magics-api.js';
import type { SessionSymbol } from '../runtime/compiler/index.js';
import { sizeOf, typeToString, type Type } from '../runtime/compiler/types.js';
import { BrookSession, BrookCellError, isStream, type BackendChoice } from './session.js';
import { BrookStream, kernelFunction, resultsModules } from './handles.js';
import { BROOK_PRELUDE, declarationFor } from './declarations.js';
import { completeBrook, inspectBrook, isCompleteBrook } from './editor.js';
import type { PlotDisplay, PlotKind, PlotOptions } from '../runtime/results/plot.js';
import { PLOT_DECLARATIONS } from '../runtime/results/plot-declarations.js';
import { startProgress } from './progress.js';
import { escapeHtml, formatBytes, helpBundle, keyValueBundle, tableBundle, timeText, type CellTimes } from './report.js';
import { beginProfile, endProfile, profileFunction, sessionPeaks, PROFILE_DECLARATIONS } from './profile.js';
import type { Profile } from '../runtime/profile/index.js';

let globalsRef: Record<string, unknown> = {};
export const session = new BrookSession(() => globalsRef);
// Open the device while the user reads the notebook: the kernel imports the magics when it is idle
// (its preload) or at the first cell, and creating a Dawn device (~100 ms on lavapipe, measured by
// bench/session.ts) would otherwise be waited for by the first %%brook cell. A cell that comes first
// shares the same start (BrookSession.rt). A failure is not reported here: the first cell starts the
// runtime again and shows why.
setTimeout(() => void session.rt().catch(() => {}), 0).unref();
// Load Vega, vega-lite and resvg and draw one throw-away chart while the kernel is idle (the kernel's
// preload runs it when no cell waits): the first plot then costs what the tenth does.
registerIdleWarmUp(async () => (await import('../runtime/results/plot-render.js')).warmRenderer());

interface CellFlags {
  time: boolean;
  /** --profile: per kernel and copy times, rates, peaks, the paper's model, a roofline (magics/profile.ts). */
  profile: boolean;
  backend?: BackendChoice;
  /** --plot[=KIND]: the kind of plot of the stream the cell shows ('auto': the default kind for its
   *  shape, also what a cell ending with a bare stream gets without the flag); --no-plot: none. */
  plot?: PlotKind | 'auto' | false;
}

function parseFlags(args: string): CellFlags {
  const flags: CellFlags = { time: false, profile: false };
  const words = args.split(/\s+/).filter(Boolean);
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    if (w === '--time') flags.time = true;
    else if (w === '--profile') flags.profile = true;
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
  return new CellError('UsageError', `%%brook: ${what}`, [`%%brook: ${what}`, 'usage: %%brook [--time] [--profile] [--backend cpu|webgpu|auto] [--plot[=line|bar|histogram|scatter|heatmap|image] | --no-plot]', '  hint: %brook help lists every magic and option']);
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
  if (g.profile !== profileGlobal) Object.defineProperty(g, 'profile', { value: profileGlobal, writable: true, configurable: true, enumerable: false });
  // Declared now, not when plot.ts loads: the next TypeScript cell is checked against them.
  setDeclarations('brook:plot', PLOT_DECLARATIONS);
}

/** profile(async () => ...) in TypeScript cells (magics/profile.ts). */
const profileGlobal = profileFunction(session);

// TypeScript cells run with globalThis as their global object: plot() and profile() work, and are
// declared, before any %%brook cell.
const g0 = globalThis as unknown as Record<string, unknown>;
if (g0.plot !== plotGlobal) Object.defineProperty(g0, 'plot', { value: plotGlobal, writable: true, configurable: true, enumerable: false });
if (g0.profile !== profileGlobal) Object.defineProperty(g0, 'profile', { value: profileGlobal, writable: true, configurable: true, enumerable: false });
setDeclarations('brook:plot', PLOT_DECLARATIONS);
setDeclarations('brook:profile', PROFILE_DECLARATIONS);
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

function backendBadge(ctx: ExecuteContext, timing = ''): void {
  const label = session.backendLabel();
  ctx.displayData({
    'text/plain': `[brook: ${label}${timing ? `; ${timing}` : ''}]`,
    'text/html': `<div style="color: #888; font-size: 0.85em; font-family: monospace">brook · ${escapeHtml(label)}${timing ? `<br>${escapeHtml(timing)}` : ''}</div>`,
  });
}

/** The first output of a session that runs on the CPU because WebGPU could not start says why, once. */
function fallbackNotice(ctx: ExecuteContext): void {
  const text = session.takeFallbackNotice();
  if (!text) return;
  ctx.displayData({ 'text/plain': text, 'text/html': `<div style="color: #8a6d3b; font-size: 0.85em">${escapeHtml(text)}</div>` });
}

registerCellMagic('brook', {
  async execute(input, ctx) {
    globalsRef = ctx.globals;
    const flags = parseFlags(input.args);
    await checkPlotKind(flags.plot);
    if (flags.backend && flags.backend !== session.backendChoice) await session.switchBackend(flags.backend);
    const started = performance.now();
    const label = `cell[${ctx.executionCount}]`;
    const timedRt = flags.time ? await session.rt() : undefined;
    const timer = timedRt ? gpuTimer(timedRt) : undefined;
    timer?.resetGpuTimes();
    // Transfer time is taken out of the phase it happened in (run, wait, display), so nothing counts twice.
    // Only this cell's copies count (transfer-clock.ts): an interrupted cell's readback still in flight is
    // not, so transfer never exceeds the phase it is taken from.
    const transferMs = () => timedRt?.transfers.totals().ms ?? 0;
    const t0 = transferMs();
    let outcome;
    const progress = startProgress(ctx, () => session.kernelCalls);
    if (flags.profile) await beginProfile(session, `%%brook --profile of ${label}`);
    try {
      outcome = await session.runCell(input.body, input.bodyLine, label, { stdout: (t) => ctx.stdout(t), stderr: (t) => ctx.stderr(t), checkInterrupt: () => ctx.throwIfInterrupted() });
    } catch (e) {
      if (flags.profile) await endProfile(session, false);
      if (e instanceof BrookCellError) throw new CellError(e.ename, e.summary, e.rendered.flatMap((r) => r.split('\n')));
      throw e;
    } finally {
      progress.stop();
    }
    // The profile covers the cell's statements and its device work, not the display of its result.
    let profiled: Profile | undefined;
    if (flags.profile) {
      profiled = await endProfile(session, { title: label });
      Object.defineProperty(ctx.globals, 'lastProfile', { value: profiled, writable: true, configurable: true, enumerable: false });
    }
    publish(outcome.defined, ctx);
    fallbackNotice(ctx);
    const t1 = transferMs();
    const times: CellTimes = { wallMs: 0, compileMs: outcome.compileMs, runMs: outcome.runMs - (t1 - t0), transferMs: t1 - t0, waitMs: 0, displayMs: 0 };
    if (flags.time) {
      // Wait for the GPU work the cell queued: that wait is part of what the user waited for.
      const waitStart = performance.now();
      const gpu = timer ? await timer.gpuTimes() : null;
      if (!timer) await (await session.rt()).finish();
      const t2 = transferMs();
      times.waitMs = performance.now() - waitStart - (t2 - t1);
      times.transferMs += t2 - t1;
      if (gpu && gpu.passes > gpu.untimedPasses) times.gpu = { ms: gpu.gpuNs / 1e6, passes: gpu.passes };
    }
    const displayStart = performance.now();
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
    for (const b of profiled?.bundles() ?? []) ctx.displayData(b.data, b.metadata);
    const displayTransfers = transferMs() - t0 - times.transferMs;
    times.displayMs = performance.now() - displayStart - displayTransfers;
    times.transferMs += displayTransfers;
    times.wallMs = performance.now() - started;
    // Every cell's output names its backend: a shown stream's table and plot captions do; otherwise
    // (and always with --time, which reports there) a one-line badge closes the cell's output.
    if (!isStream(value) || flags.time) backendBadge(ctx, flags.time ? timeText(times) : '');
  },
  isComplete(input) {
    return isCompleteBrook(input.body, session.parseContext());
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
  // Answers are shown as text (and HTML tables), not returned as JavaScript strings that print quoted.
  const say = (text: string) => ctx.displayData({ 'text/plain': text });
  switch (cmd) {
    case 'help':
      ctx.displayData(helpBundle());
      return undefined;
    case 'backend': {
      const want = rest[0];
      if (!want) {
        await session.rt();
        say(session.backendLabel());
        fallbackNotice(ctx);
        return undefined;
      }
      if (want !== 'cpu' && want !== 'webgpu' && want !== 'auto') throw lineUsage(`unknown backend '${want}'`);
      say(`brook backend: ${await session.switchBackend(want)}`);
      fallbackNotice(ctx);
      return undefined;
    }
    case 'info': {
      const rt = await session.rt();
      session.takeFallbackNotice(); // said here, so not again by the next cell
      const b = rt.backend as unknown as { features?: ReadonlySet<string>; device?: { limits: Record<string, number> } };
      const pairs: [string, string][] = [
        ['backend', rt.backend.name],
        ['adapter', rt.backend.description],
      ];
      if (rt.fallbackReason) pairs.push(['why the CPU', rt.fallbackReason]);
      if (b.features) pairs.push(['features', [...b.features].sort().join(', ') || 'none']);
      for (const [k, v] of Object.entries(rt.backend.limits)) pairs.push(limitRow(k, v));
      if (b.device) for (const k of DEVICE_LIMITS_SHOWN) pairs.push(limitRow(k, b.device.limits[k]));
      ctx.displayData(keyValueBundle(`brook session on ${session.backendLabel()}`, pairs));
      return undefined;
    }
    case 'streams': {
      const rows = Object.entries(session.S.v)
        .filter(([, v]) => isStream(v) && !v.freed)
        .map(([name, v]) => {
          const s = v as { elem: Type; shape: number[]; words: number; iter?: unknown };
          const count = s.shape.reduce((a, b) => a * b, 1);
          return [name, typeToString(s.elem), `<${s.shape.join(', ')}>`, s.iter ? 'none (an iterator)' : formatBytes(count * s.words * 4)];
        });
      if (rows.length === 0) say('no live streams');
      else ctx.displayData(tableBundle(`${rows.length} live stream${rows.length === 1 ? '' : 's'} on ${session.backendLabel()}`, ['name', 'type', 'shape', 'size'], rows));
      return undefined;
    }
    case 'free': {
      const name = rest[0];
      if (!name) throw lineUsage('name the stream to free: %brook free NAME');
      if (!session.free(name)) throw lineUsage(`no live stream named '${name}'`);
      delete ctx.globals[name];
      setDeclarations(`brook:${name}`, undefined);
      say(`freed ${name}`);
      return undefined;
    }
    case 'peaks': {
      if (rest[0] !== undefined && rest[0] !== 'remeasure') throw lineUsage(`peaks: unknown word '${rest[0]}' (use %brook peaks or %brook peaks remeasure)`);
      const p = await sessionPeaks(session, rest[0] === 'remeasure');
      const g = (v: number) => Number(v.toPrecision(3)).toString();
      ctx.displayData(keyValueBundle(`peaks of ${p.key}${p.cached ? ' (from the cache)' : ` (measured now in ${(p.measureMs / 1000).toFixed(1)} s)`}`, [
        ['memory bandwidth', `${g(p.bandwidthGBs)} GB/s (copy kernel, read + write)`],
        ['arithmetic', `${g(p.gflops)} GFLOP/s (FMA kernel)`],
        ['streamRead', `${g(p.uploadGBs)} GB/s`],
        ['streamWrite', `${g(p.downloadGBs)} GB/s`],
        ['clock', p.clock],
        ['measured', p.measuredAt],
      ]));
      return undefined;
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
    case 'fuse': {
      // Kernel fusion (runtime/brt/fusion.ts): BROOK_FUSE sets the session's start value.
      const want = rest[0];
      if (want !== undefined) {
        if (want !== 'on' && want !== 'off') throw lineUsage(`fuse: '${want}' is neither on nor off`);
        session.setFusion(want);
      }
      const rt = await session.rt();
      const f = rt.fusion.stats;
      const mode = rt.fusion.mode;
      say(mode === 'off'
        ? 'brook fuse: off (every kernel call runs as its own launch)'
        : `brook fuse: ${mode} (so far ${f.groups} fused launch${f.groups === 1 ? '' : 'es'} of ${f.calls} calls; ${f.elided} intermediate stream${f.elided === 1 ? '' : 's'} kept in registers, not written)`);
      return undefined;
    }
    case 'reset': {
      for (const name of Object.keys(session.S.v).concat(Object.keys(session.S.k), Object.keys(session.S.f))) {
        delete ctx.globals[name];
        setDeclarations(`brook:${name}`, undefined);
      }
      session.reset();
      say('brook session reset: every stream freed, kernels and variables forgotten');
      return undefined;
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

/** What each limit `%brook info` shows means, in words, and whether it counts bytes. */
const LIMIT_WORDS: Record<string, { words: string; bytes: boolean }> = {
  maxBufferBytes: { words: 'largest stream', bytes: true },
  maxBindingBytes: { words: 'largest piece one launch binds', bytes: true },
  maxKernelStreams: { words: 'streams one launch may use', bytes: false },
  maxBufferSize: { words: 'largest device buffer', bytes: true },
  maxStorageBufferBindingSize: { words: 'largest storage binding', bytes: true },
  maxStorageBuffersPerShaderStage: { words: 'storage buffers per shader', bytes: false },
  maxComputeWorkgroupsPerDimension: { words: 'workgroups per grid dimension', bytes: false },
  maxComputeInvocationsPerWorkgroup: { words: 'threads per workgroup', bytes: false },
  maxComputeWorkgroupSizeX: { words: 'workgroup width (x)', bytes: false },
  maxComputeWorkgroupStorageSize: { words: 'workgroup shared memory', bytes: true },
  maxUniformBufferBindingSize: { words: 'largest uniform binding', bytes: true },
};

/** One `%brook info` row: the limit in words (its API name after it) and its value in plain units. */
function limitRow(key: string, v: unknown): [string, string] {
  const w = LIMIT_WORDS[key];
  const label = w ? `${w.words} (${key})` : key;
  if (typeof v !== 'number') return [label, String(v)];
  return [label, w?.bytes ? formatBytes(v) : v.toLocaleString('en-US')];
}

function lineUsage(what: string): CellError {
  return new CellError('UsageError', `%brook: ${what}`, [`%brook: ${what}`, 'usage: %brook help | backend [cpu|webgpu|auto] | info | streams | free NAME | reset | timeout [N|off] | peaks [remeasure] | fuse [on|off]', '  hint: %brook help lists every magic and option']);
}
