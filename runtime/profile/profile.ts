/**
 * A finished profile: the per-operation table and the paper's model as Arquero tables, the roofline
 * chart, and how they show in a notebook (HTML tables with a text twin, the chart's Vega-Lite spec
 * and PNG) and on a terminal (`text()`).
 */
import type { ColumnTable } from 'arquero';
import * as aq from 'arquero';
import { pngBase64 } from '../results/plot-render.js';
import type { PlotDisplay } from '../results/plot.js';
import type { ModelRow } from './model.js';
import type { Peaks } from './peaks.js';
import type { ProfileRow, ProfileSummary } from './rows.js';

const DISPLAY = Symbol.for('Jupyter.display');
const NOTHING_RAN = 'no kernel call, reduction or stream copy ran while profiling';
/** Staging notes not worth a line: kernels with nothing to stage (compiler/schedule/stage.ts). */
const TRIVIAL_STAGING = /^not staged: (no gathered stream|no loop in the body|not a map kernel|a vout kernel)$/;

export type MimeBundle = Record<string, unknown>;

export class Profile {
  /** One row per kernel, fused group and copied stream (rows.ts), slowest first. */
  readonly table: ColumnTable;
  /** The paper's section 5.2 model per kernel (model.ts). */
  readonly model: ColumnTable;

  constructor(
    readonly title: string,
    readonly rows: ProfileRow[],
    readonly modelRows: ModelRow[],
    readonly summary: ProfileSummary,
    readonly peaks: (Peaks & { cached: boolean }) | undefined,
    /** The roofline chart (absent without peaks or without a kernel that does arithmetic). */
    readonly roofline: PlotDisplay | undefined,
  ) {
    this.table = aq.from(rows.map(({ inBytes: _i, outBytes: _o, hostMedianMs: _h, members: _m, ...shown }) => shown));
    this.model = aq.from(modelRows);
  }

  /** The line that says where the wall time went. */
  summaryText(): string {
    const s = this.summary;
    const ms = (v: number) => `${v.toFixed(v < 10 ? 2 : 1)} ms`;
    const clock = s.deviceClock === 'timestamps' ? 'GPU timestamps' : s.deviceClock === 'completion' ? 'device wall time from submit to done (no timestamp queries on this adapter)' : 'host wall time (the CPU backend runs each call before it returns)';
    return `${this.title}: wall ${ms(s.wallMs)} = kernels ${ms(s.kernelsMs)} + copies ${ms(s.copiesMs)} + other ${ms(s.otherMs)} (compile, host code, issuing, device idle); kernel times from ${clock}; on ${s.backend === 'cpu' ? 'cpu' : s.adapter}`;
  }

  peaksText(): string {
    const p = this.peaks;
    if (!p) return 'peaks: not measured';
    return `peaks of ${p.key}${p.cached ? ' (cached)' : ` (measured in ${(p.measureMs / 1000).toFixed(1)} s)`}: memory ${fmt(p.bandwidthGBs)} GB/s, compute ${fmt(p.gflops)} GFLOP/s, streamRead ${fmt(p.uploadGBs)} GB/s, streamWrite ${fmt(p.downloadGBs)} GB/s`;
  }

  private opCells(): { head: string[]; rows: string[][] } {
    const head = ['op', 'calls', 'time', 'share', 'clock', 'bytes', 'flops', 'flop/B', 'GB/s', 'GFLOP/s', '% mem peak', '% flop peak'];
    const rows = this.rows.map((r) => [
      r.op + (r.group && !r.op.endsWith('(tiled)') ? ' (fused)' : ''),
      String(r.calls),
      `${fmt(r.time_ms)} ms`,
      `${r.share_pct.toFixed(1)}%`,
      r.clock,
      bytesText(r.bytes),
      r.flops === null ? '-' : `${r.flops_exact ? '' : '~'}${countText(r.flops)}`,
      r.intensity === null ? '-' : fmt(r.intensity),
      fmt(r.GB_s),
      r.GFLOP_s === null ? '-' : fmt(r.GFLOP_s),
      r.bw_peak_pct === null ? '-' : `${r.bw_peak_pct.toFixed(1)}%`,
      r.flop_peak_pct === null ? '-' : `${r.flop_peak_pct.toFixed(1)}%`,
    ]);
    return { head, rows };
  }

  private modelCells(): { head: string[]; rows: string[][] } {
    const head = ['kernel', 'records/call', 'T_r ns', 'K_gpu ns', 'K_cpu ns', 'gamma', 's', 's needed', 'GPU wins'];
    const rows = this.modelRows.map((m) => [
      m.kernel,
      countText(m.records_per_call),
      fmt(m.T_r_ns),
      fmt(m.K_gpu_ns),
      m.K_cpu_ns === null ? '-' : fmt(m.K_cpu_ns),
      Number.isFinite(m.gamma) ? fmt(m.gamma) : 'inf',
      m.s === null ? '-' : fmt(m.s),
      fmt(m.s_needed),
      m.gpu_wins === null ? '-' : m.gpu_wins ? 'yes' : 'no',
    ]);
    return { head, rows };
  }

  private notes(): string[] {
    const flops = this.rows.filter((r) => r.note).map((r) => `~ ${r.op}: flops estimated: ${r.note}`);
    // Staging notes of kernels that loop over a gathered stream (the others have nothing to stage).
    const staging = this.rows.filter((r) => r.staging && !TRIVIAL_STAGING.test(r.staging)).map((r) => `~ ${r.op}: ${r.staging}`);
    return [...flops, ...staging];
  }

  /** Per kernel row: tiled or not, and why not (brt/tiling.ts). */
  tileLines(): string[] {
    return this.rows.filter((r) => r.tiled).map((r) => `${r.op}: ${r.tiled}`);
  }

  /** The whole profile as text (a terminal, `brook run --profile`). */
  text(): string {
    const ops = this.opCells();
    const model = this.modelCells();
    if (this.rows.length === 0) return [this.summaryText(), NOTHING_RAN].join('\n');
    return [
      this.summaryText(),
      this.peaksText(),
      '',
      textTable(ops.head, ops.rows),
      ...this.notes(),
      ...(this.tileLines().length > 0 ? ['', 'tiling (chains of calls in workgroup memory, BROOK_TILE):', ...this.tileLines().map((l) => `  ${l}`)] : []),
      '',
      'cost model (Brook paper, section 5.2), per record:',
      textTable(model.head, model.rows),
      '',
      ...this.modelRows.map((m) => `- ${m.advice}`),
    ].join('\n');
  }

  /** The tables and advice as one bundle (HTML and text); `withChart` puts the roofline PNG in the HTML. */
  tablesBundle(withChart = false): MimeBundle {
    const ops = this.opCells();
    const model = this.modelCells();
    if (this.rows.length === 0) {
      return { 'text/html': `<div class="brook-profile"><div style="font-family: monospace">${esc(this.summaryText())}<br>${esc(NOTHING_RAN)}</div></div>`, 'text/plain': this.text() };
    }
    const img = withChart && this.roofline?.png ? `<img src="data:image/png;base64,${pngBase64(this.roofline.png)}" width="${this.roofline.displayWidth}">` : '';
    const html = [
      `<div class="brook-profile">`,
      `<div style="font-family: monospace; margin-bottom: 4px">${esc(this.summaryText())}</div>`,
      `<div style="font-family: monospace; margin-bottom: 4px; color: #666">${esc(this.peaksText())}</div>`,
      htmlTable(ops.head, ops.rows),
      ...this.notes().map((n) => `<div style="color: #666; font-size: 0.9em">${esc(n)}</div>`),
      ...this.tileLines().map((n) => `<div style="color: #666; font-size: 0.9em">tiling: ${esc(n)}</div>`),
      `<div style="font-family: monospace; margin: 8px 0 4px">cost model (Brook paper, section 5.2), per record:</div>`,
      htmlTable(model.head, model.rows),
      `<ul>${this.modelRows.map((m) => `<li>${esc(m.advice)}</li>`).join('')}</ul>`,
      img,
      `</div>`,
    ].join('');
    return { 'text/html': html, 'text/plain': this.text() };
  }

  /** What a notebook shows: the tables, then the roofline chart (Vega-Lite and PNG). */
  bundles(): { data: MimeBundle; metadata: MimeBundle }[] {
    const out = [{ data: this.tablesBundle(false), metadata: {} }];
    if (this.roofline) out.push(this.roofline.bundle());
    return out;
  }

  /** Shown as one value (a TypeScript cell's result): tables, advice and the chart's PNG in one HTML. */
  [DISPLAY](): { data: MimeBundle; metadata: MimeBundle } {
    return { data: this.tablesBundle(true), metadata: {} };
  }

  toString(): string {
    return this.text();
  }

  /** Everything as plain data (`brook run --profile-out`): rows, model, summary, peaks, roofline spec. */
  toJSON(): Record<string, unknown> {
    return {
      title: this.title,
      summary: this.summary,
      peaks: this.peaks ?? null,
      rows: this.rows,
      model: this.modelRows,
      roofline: this.roofline?.spec ?? null,
    };
  }
}

function fmt(v: number): string {
  if (!Number.isFinite(v)) return String(v);
  if (v === 0) return '0';
  if (Math.abs(v) >= 1000) return Math.round(v).toLocaleString('en-US');
  return Number(v.toPrecision(3)).toString();
}

function countText(v: number): string {
  if (v >= 1e9) return `${(v / 1e9).toPrecision(4)}e9`;
  return Math.round(v).toLocaleString('en-US');
}

function bytesText(b: number): string {
  for (const [unit, size] of [['GiB', 2 ** 30], ['MiB', 2 ** 20], ['KiB', 2 ** 10]] as const) {
    if (b >= size) return `${(b / size).toPrecision(3)} ${unit}`;
  }
  return `${b} B`;
}

function esc(s: string): string {
  return s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);
}

const CELL = 'padding: 2px 8px; text-align: right; font-family: monospace; white-space: nowrap';

function htmlTable(head: string[], rows: string[][]): string {
  const th = head.map((h, i) => `<th style="${CELL}${i === 0 ? '; text-align: left' : ''}">${esc(h)}</th>`).join('');
  const body = rows.map((r) => `<tr>${r.map((v, i) => `<td style="${CELL}${i === 0 ? '; text-align: left' : ''}">${esc(v)}</td>`).join('')}</tr>`).join('');
  return `<table><thead><tr>${th}</tr></thead><tbody>${body}</tbody></table>`;
}

function textTable(head: string[], rows: string[][]): string {
  if (rows.length === 0) return '(none)';
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (r: string[]) => r.map((v, i) => (i === 0 ? v.padEnd(widths[i]!) : v.padStart(widths[i]!))).join('  ').trimEnd();
  return [line(head), ...rows.map(line)].join('\n');
}
