/**
 * The comparison chart of the Brook paper's Figure 3: one bar per implementation of a job, its speed
 * divided by a reference implementation's (the paper normalised by the CPU), a dashed rule at 1, and
 * each bar labelled with its ratio and its absolute rate ("x12.3 · 4,560 MFLOPS").
 *
 * In: bars (label, rate in the unit, optional note), the reference bar's label, the unit.
 * Out: a PlotDisplay (Vega-Lite spec and the PNG drawn from it, as every plot of the results layer).
 *
 * What always holds: the ratios drawn are rate / reference rate, computed here from the rates given;
 * bars without a rate (a side that failed or was skipped) are named in the caption, never drawn as 0.
 * The y axis is logarithmic when the ratios span more than 30x, so a CPU bar stays visible next to a
 * GPU bar a thousand times taller; the caption says so.
 */
import { categoryHex } from './plot-colormap.js';
import { renderPng } from './plot-render.js';
import { PlotDisplay, PlotError } from './plot.js';
import { CHART_HEIGHT, num, specBase, subtitleLines, type Spec } from './plot-spec.js';

export interface ComparisonBar {
  /** The implementation ("hand-written WGSL", "Brook on WebGPU", "Brook on CPU"). */
  label: string;
  /** The job it belongs to, when one chart compares several (Figure 3's applications): bars are
   *  grouped by it, and each is divided by the reference bar of its own group. */
  group?: string;
  /** Its speed in `unit` (higher is faster); undefined when it was not measured. */
  rate?: number;
  /** Why there is no rate, for the caption. */
  missing?: string;
  /** The rate's unit when it is not the chart's (grouped jobs measured in different units). */
  unit?: string;
}

export interface ComparisonOptions {
  title: string;
  /** The rate's unit, e.g. "MFLOPS" or "M ray-triangle tests/s". */
  unit: string;
  /** The label of the bar every other is divided by. */
  reference: string;
  /** Words before the chart's own notes in the caption (size, device). */
  about?: string;
}

/** Fixed colours by role, so every notebook's chart uses the same colour for the same kind of bar. */
function barColor(label: string, i: number): string {
  const l = label.toLowerCase();
  if (l.includes('wgsl')) return categoryHex(1);
  if (l.includes('brook') && l.includes('webgpu')) return categoryHex(0);
  if (l.includes('brook') && l.includes('cpu')) return categoryHex(9);
  if (l.includes('javascript') || l.includes(' js')) return categoryHex(3);
  return categoryHex(4 + (i % 4));
}

function formatRatio(r: number): string {
  return r >= 100 ? `x${Math.round(r).toLocaleString('en-US')}` : r >= 10 ? `x${r.toFixed(1)}` : `x${r.toFixed(2)}`;
}

function formatRate(v: number): string {
  return v >= 100 ? Math.round(v).toLocaleString('en-US') : v >= 1 ? v.toFixed(1) : v.toPrecision(2);
}

/** The Vega-Lite spec and caption of a comparison (exported for tests). Ratios are keyed by label, or
 *  by `group/label` when bars have groups. */
export function comparisonSpec(bars: ComparisonBar[], options: ComparisonOptions): { spec: Spec; caption: string; ratios: Map<string, number> } {
  if (bars.length === 0) throw new PlotError('a comparison needs at least one bar', 'pass the measured implementations');
  const grouped = bars.some((b) => b.group !== undefined);
  const key = (b: ComparisonBar) => (grouped ? `${b.group ?? ''}/${b.label}` : b.label);
  const groups = [...new Set(bars.map((b) => b.group ?? ''))];
  const measured = (b: ComparisonBar) => b.rate !== undefined && b.rate > 0 && Number.isFinite(b.rate);
  const refs = new Map<string, number>();
  const notes: string[] = [];
  for (const g of groups) {
    const ref = bars.find((b) => (b.group ?? '') === g && b.label === options.reference);
    const where = grouped ? ` in '${g}'` : '';
    if (!ref) throw new PlotError(`no bar${where} is labelled '${options.reference}'`, `name the reference as one of: ${[...new Set(bars.map((b) => b.label))].join(', ')}`);
    if (measured(ref)) refs.set(g, ref.rate!);
    else if (!grouped) throw new PlotError(`the reference '${options.reference}' has no rate${ref.missing ? ` (${ref.missing})` : ''}`, 'measure the reference implementation, or normalise by another');
    else notes.push(`${g}: left out, ${options.reference} has no rate`);
  }
  const shown = bars.filter((b) => measured(b) && refs.has(b.group ?? ''));
  const ratios = new Map(shown.map((b) => [key(b), b.rate! / refs.get(b.group ?? '')!]));
  const rs = [...ratios.values()];
  if (rs.length === 0) throw new PlotError(`no group has a measured '${options.reference}'`, 'measure the reference implementation');
  const log = Math.max(...rs) / Math.min(...rs) > 30;
  const labels = [...new Set(bars.map((b) => b.label))];
  const colorOf = new Map(labels.map((l, i) => [l, barColor(l, i)]));
  const values = shown.map((b) => ({
    group: b.group ?? '',
    label: b.label,
    ratio: num(ratios.get(key(b))!),
    rate: num(b.rate!),
    unit: b.unit ?? options.unit,
    text: grouped ? formatRatio(ratios.get(key(b))!) : `${formatRatio(ratios.get(key(b))!)} · ${formatRate(b.rate!)}`,
    color: colorOf.get(b.label)!,
  }));
  notes.unshift(`speed relative to ${options.reference} (dashed line = 1)`, grouped ? 'bars labelled with the ratio' : `bars labelled with the ratio and ${options.unit}`);
  if (log) notes.push('log scale');
  for (const b of bars.filter((b) => !measured(b))) notes.push(`${grouped ? `${b.group}: ` : ''}${b.label}: ${b.missing ?? 'not measured'}`);
  const caption = [options.about, ...notes].filter(Boolean).join('; ');
  const width = grouped ? Math.max(320, groups.length * (28 * labels.length + 24)) : Math.max(240, 110 * shown.length);
  const top = Math.max(...rs) * (log ? 4 : 1.25);
  const bottom = log ? Math.min(...rs, 1) / 2 : 0;
  const y = { field: 'ratio', type: 'quantitative', title: `relative to ${options.reference}`, scale: log ? { type: 'log', domain: [bottom, top] } : { domain: [0, top] } };
  const x = grouped
    ? { field: 'group', type: 'nominal', title: null, sort: null, axis: { labelAngle: 0, labelLimit: 160 } }
    : { field: 'label', type: 'nominal', title: null, sort: null, axis: { labelAngle: 0, labelLimit: 140 } };
  const offset = grouped ? { xOffset: { field: 'label', type: 'nominal', sort: labels } } : {};
  const color = grouped
    ? { field: 'label', type: 'nominal', title: null, sort: labels, scale: { domain: labels, range: labels.map((l) => colorOf.get(l)!) }, legend: { orient: 'bottom', direction: 'horizontal' } }
    : { field: 'color', type: 'nominal', scale: null, legend: null };
  const spec: Spec = {
    ...specBase(options.title, '', width, CHART_HEIGHT),
    title: { text: options.title, subtitle: subtitleLines(caption, width), anchor: 'start', subtitleColor: '#555' },
    data: { values },
    layer: [
      {
        mark: { type: 'bar', ...(grouped ? {} : { width: { band: 0.6 } }) },
        encoding: {
          x,
          ...offset,
          y,
          // A log axis has no zero: bars rise from the bottom of the domain instead.
          ...(log ? { y2: { datum: bottom } } : {}),
          color,
          tooltip: [...(grouped ? [{ field: 'group', title: 'job' }] : []), { field: 'label', title: 'implementation' }, { field: 'rate', type: 'quantitative', title: 'rate' }, { field: 'unit', title: 'unit' }, { field: 'ratio', type: 'quantitative', title: `x ${options.reference}`, format: '.3~g' }],
        },
      },
      {
        mark: { type: 'text', dy: -8, fontSize: grouped ? 9 : 11 },
        encoding: { x, ...offset, y: { field: 'ratio', type: 'quantitative' }, text: { field: 'text' } },
      },
      {
        data: { values: [{ one: 1 }] },
        mark: { type: 'rule', strokeDash: [5, 4], color: '#333' },
        encoding: { y: { field: 'one', type: 'quantitative' } },
      },
    ],
  };
  return { spec, caption, ratios };
}

/** The Figure 3 bar chart as a plot (Vega-Lite spec plus PNG). */
export async function plotComparison(bars: ComparisonBar[], options: ComparisonOptions): Promise<PlotDisplay> {
  const { spec, caption } = comparisonSpec(bars, options);
  const r = await renderPng(spec, 2);
  return new PlotDisplay('bar', options.title, caption, r.png, spec, Math.round(r.width / 2), { ...r.area, scale: 2 });
}
