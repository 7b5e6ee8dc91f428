/**
 * How the magics' answers look: small HTML tables with a text/plain twin (so a console or an exported
 * text notebook shows the same facts), the help text, and the `--time` breakdown.
 */
import type { MimeBundle } from '../kernel/magics-api.js';

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);
}

const CELL = 'padding: 2px 10px; text-align: left; vertical-align: top';

/** A table of rows under a header, with a caption line: HTML and aligned text. */
export function tableBundle(caption: string, head: string[], rows: string[][]): MimeBundle {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (r: string[]) => r.map((v, i) => (i === r.length - 1 ? v : v.padEnd(widths[i]!))).join('  ');
  const text = [caption, line(head), ...rows.map(line)].join('\n');
  const html =
    `<div style="font-family: monospace; margin-bottom: 4px">${escapeHtml(caption)}</div>` +
    `<table><thead><tr>${head.map((h) => `<th style="${CELL}">${escapeHtml(h)}</th>`).join('')}</tr></thead>` +
    `<tbody>${rows.map((r) => `<tr>${r.map((v) => `<td style="${CELL}">${escapeHtml(v)}</td>`).join('')}</tr>`).join('')}</tbody></table>`;
  return { 'text/plain': text, 'text/html': html };
}

/** Name/value pairs (what `%brook info` shows). */
/**
 * A byte count as people read it: `128 MiB` when it is a whole number of a unit, else three
 * significant digits (`2.00 GiB`, `1.50 KiB`); under 1 KiB, `N bytes` (`1 byte`).
 */
export function formatBytes(n: number): string {
  for (const [unit, size] of [['GiB', 2 ** 30], ['MiB', 2 ** 20], ['KiB', 2 ** 10]] as const) {
    if (n >= size) return n % size === 0 ? `${(n / size).toLocaleString('en-US')} ${unit}` : `${(n / size).toPrecision(3)} ${unit}`;
  }
  return `${n} byte${n === 1 ? '' : 's'}`;
}

export function keyValueBundle(caption: string, pairs: [string, string][]): MimeBundle {
  const width = Math.max(...pairs.map(([k]) => k.length));
  const text = [caption, ...pairs.map(([k, v]) => `${k.padEnd(width)}  ${v}`)].join('\n');
  const html =
    `<div style="font-family: monospace; margin-bottom: 4px">${escapeHtml(caption)}</div>` +
    `<table><tbody>${pairs.map(([k, v]) => `<tr><th style="${CELL}">${escapeHtml(k)}</th><td style="${CELL}; font-family: monospace">${escapeHtml(v)}</td></tr>`).join('')}</tbody></table>`;
  return { 'text/plain': text, 'text/html': html };
}

/** Every magic and option, for `%brook help` (and the hint of a usage error). */
export const HELP_ROWS: [string, string][] = [
  ['%%brook', 'the cell is Brook: kernels, streams and statements, added to the session'],
  ['%%brook --time', 'after the cell: wall time split into compile, run, transfer (streamRead/streamWrite), GPU wait and display (and GPU busy time from timestamps)'],
  ['%%brook --profile', 'after the cell: per kernel and copy its calls, time (GPU timestamps where the adapter has them), bytes, flops, GB/s, GFLOP/s, share of the cell and % of this adapter\'s measured peaks; the Brook paper\'s cost model (T_r, K_gpu, K_cpu, gamma, s) with advice; a roofline chart. The Profile is kept as lastProfile; profile(async () => ...) does the same in TypeScript cells'],
  ['%%brook --backend cpu|webgpu|auto', 'switch the backend before the cell runs (live streams move along)'],
  ['%%brook --plot[=KIND]', 'plot the stream the cell ends with as KIND: line, bar, histogram, scatter, heatmap or image'],
  ['%%brook --no-plot', 'show the stream the cell ends with as a table only'],
  ['%brook help', 'this list'],
  ['%brook backend', 'the backend the session runs on'],
  ['%brook backend cpu|webgpu|auto', 'switch the backend (live streams move along)'],
  ['%brook info', 'backend, adapter, why the CPU is used (if so), features and limits'],
  ['%brook streams', 'every live stream: name, type, shape, size'],
  ['%brook free NAME', "free a stream's memory; the name is gone for later cells"],
  ['%brook reset', 'forget every stream, kernel and variable'],
  ['%brook peaks [remeasure]', "this adapter's measured memory bandwidth, FLOP/s and streamRead/streamWrite rates (measured once, cached on disk; remeasure measures again)"],
  ['%brook timeout [N|off]', 'show or set the watchdog: later cells (and kernel calls in them) stop after N seconds (BROOK_KERNEL_TIMEOUT sets the default)'],
  ['%brook fuse [on|off]', 'show or switch kernel fusion: calls that read each other\'s outputs element by element run as one launch, streams nothing reads later stay in registers (BROOK_FUSE=0 starts with it off)'],
];

export function helpBundle(): MimeBundle {
  return tableBundle('Brook magics (TypeScript cells see streams as BrookStream objects and kernels as functions)', ['magic', 'what it does'], HELP_ROWS);
}

export interface CellTimes {
  wallMs: number;
  compileMs: number;
  /** Running the cell's statements, less the time in host<->stream copies. */
  runMs: number;
  /** The cell's own streamRead/streamWrite copies (a readback's wait for the GPU included), in whichever phase they ran. */
  transferMs: number;
  /** Waiting for GPU work the cell queued, after its statements ran. */
  waitMs: number;
  /** Showing the result (table, plot), less its readback (counted as transfer). */
  displayMs: number;
  /** GPU timestamps of the cell's passes, when the adapter has them. */
  gpu?: { ms: number; passes: number };
}

/**
 * The `--time` line. The parts add up to the wall time (what is left is named "other"); GPU busy time is
 * part of run + transfer + wait, so it is never shown as more than that (timestamps that claim more are
 * said to).
 */
export function timeText(t: CellTimes): string {
  const other = Math.max(0, t.wallMs - t.compileMs - t.runMs - t.transferMs - t.waitMs - t.displayMs);
  // A part that rounds to zero prints 0.0, not -0.0: a difference of clock readings can come out -1e-13.
  const ms = (v: number) => `${(Math.abs(v) < 0.05 ? 0 : v).toFixed(1)} ms`;
  const parts = [`compile ${ms(t.compileMs)}`, `run ${ms(t.runMs)}`, `transfer ${ms(t.transferMs)}`, `GPU wait ${ms(t.waitMs)}`, `display ${ms(t.displayMs)}`];
  if (other >= 0.05) parts.push(`other ${ms(other)}`);
  let gpu = 'GPU busy: no timestamps on this backend';
  if (t.gpu) {
    // A readback waits for the GPU, so GPU work can overlap transfer time as well as run and wait.
    const within = t.runMs + t.transferMs + t.waitMs;
    gpu = t.gpu.ms <= within
      ? `GPU busy ${ms(t.gpu.ms)} (part of run + transfer + wait) in ${t.gpu.passes} pass${t.gpu.passes === 1 ? '' : 'es'}`
      : `GPU timestamps span ${ms(t.gpu.ms)}, more than run + transfer + wait (${ms(within)}): not reliable on this adapter`;
  }
  return `wall ${ms(t.wallMs)} = ${parts.join(' + ')}; ${gpu}`;
}
