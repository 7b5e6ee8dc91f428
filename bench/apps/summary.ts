/**
 * Figure 3 as the paper drew it: every application in one table and one chart, from the figures the
 * notebooks saved (runFigure3 writes BROOK_FIGURE3_JSON_DIR/<app>.json; scripts/run-notebooks-full.sh
 * sets it, and the H100 run's files are committed under notebooks/results/figure3/).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { tableBundle } from '../../magics/report.js';
import type { PlotDisplay } from '../../runtime/results/plot.js';
import { LABELS, type Figure3Row, type TransferRow } from './figure3.js';

export interface SavedFigure {
  date: string;
  app: { id: string; title: string; size: string; unit: string; work: number; workNote: string };
  size: 'small' | 'full';
  rows: Figure3Row[];
  transfers: TransferRow[];
}

/** The paper's order, then the sort. */
const ORDER = ['saxpy', 'sgemv', 'segment', 'fft', 'ray', 'sort'];

/** Every saved figure in `dir` (none when it does not exist), in the paper's order. */
export function loadFigures(dir: string): SavedFigure[] {
  if (!existsSync(dir)) return [];
  const figs = readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as SavedFigure)
    .filter((f) => Array.isArray(f.rows) && f.app?.id);
  const rank = (id: string) => (ORDER.includes(id) ? ORDER.indexOf(id) : ORDER.length);
  return figs.sort((a, b) => rank(a.app.id) - rank(b.app.id));
}

const DISPLAY = Symbol.for('Jupyter.display');
const COLUMNS = [LABELS.wgsl, LABELS.brookGpu, LABELS.brookCpu, LABELS.js];

function fmt(v: number | undefined): string {
  if (v === undefined || !Number.isFinite(v)) return '-';
  return v >= 1000 ? Math.round(v).toLocaleString('en-US') : Number(v.toPrecision(3)).toString();
}

export class Figure3Summary {
  constructor(readonly figures: SavedFigure[]) {}

  private rate(f: SavedFigure, label: string): number | undefined {
    return f.rows.find((r) => r.label === label)?.rate;
  }

  /** One row an application: its rates (transfers excluded), and the two ratios the paper discussed. */
  bundle(): Record<string, unknown> {
    const head = ['application', 'size', 'unit', ...COLUMNS, 'WebGPU / CPU', 'Brook / hand WGSL'];
    const body = this.figures.map((f) => {
      const gpu = this.rate(f, LABELS.brookGpu);
      const cpu = this.rate(f, LABELS.brookCpu);
      const hand = this.rate(f, LABELS.wgsl);
      return [f.app.title, `${f.app.size} (${f.size})`, f.app.unit, ...COLUMNS.map((c) => fmt(this.rate(f, c))), gpu && cpu ? `x${fmt(gpu / cpu)}` : '-', gpu && hand ? fmt(gpu / hand) : '-'];
    });
    const devices = [...new Set(this.figures.flatMap((f) => f.rows.map((r) => `${r.backend}: ${r.device}`)))].join('; ');
    return tableBundle(`Figure 3, every application (transfers excluded; ${devices})`, head, body);
  }

  [DISPLAY](): Record<string, unknown> {
    return this.bundle();
  }

  /** One chart: each application's bars, relative to Brook on the CPU. */
  async chart(): Promise<PlotDisplay> {
    const { plotComparison } = await import('../../runtime/results/plot-compare.js');
    const bars = this.figures.flatMap((f) =>
      f.rows.map((r) => ({ group: f.app.title, label: r.label, rate: r.rate, unit: f.app.unit, missing: r.status === 'measured' ? undefined : r.status })),
    );
    const gpu = this.figures.flatMap((f) => f.rows).find((r) => r.backend === 'webgpu')?.device ?? 'no GPU';
    return plotComparison(bars, { title: 'Figure 3 today: every application, relative to Brook on the CPU', unit: 'rate', reference: LABELS.brookCpu, about: `${gpu}; transfers excluded` });
  }
}
