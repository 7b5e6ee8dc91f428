/**
 * Bars over named categories (a table's text column on x): one group of bars per category, one bar
 * per y column, side by side (grouped) or on top of each other (stacked: parts of a whole, such as the
 * setup / compute / read-back split of a call's time). Categories keep the table's row order.
 */
import { formatCount } from './plot-data.js';
import { CHART_HEIGHT, CHART_WIDTH, num, seriesColor, specBase, type Spec } from './plot-spec.js';
import type { Charted, Series } from './plot-xy.js';

export interface CategoryBarsInput {
  title: string;
  xTitle: string;
  yTitle: string;
  categories: string[];
  series: Series[];
  stacked: boolean;
  about: string;
}

export function categoryBarChart(input: CategoryBarsInput): Charted {
  const n = input.categories.length;
  const names = input.series.map((s) => s.name);
  const values: Record<string, unknown>[] = [];
  for (const s of input.series) {
    for (let i = 0; i < n; i++) values.push({ x: input.categories[i], y: num(s.values[i]!), series: s.name, order: names.indexOf(s.name) });
  }
  const what = `${formatCount(n)} categor${n === 1 ? 'y' : 'ies'}${input.series.length > 1 ? `, ${input.series.length} ${input.stacked ? 'stacked parts' : 'bars'} each` : ''}`;
  const cap = input.about ? `${input.about}; ${what}` : what;
  const width = Math.min(CHART_WIDTH, Math.max(160, n * (input.stacked ? 64 : 24 * Math.max(2, input.series.length))));
  const base = specBase(input.title, cap, width, CHART_HEIGHT);
  const spec: Spec = {
    ...base,
    data: { values },
    mark: { type: 'bar' },
    encoding: {
      x: { field: 'x', type: 'nominal', title: input.xTitle, sort: null, axis: { labelAngle: 0 } },
      y: { field: 'y', type: 'quantitative', title: input.yTitle, ...(input.stacked ? { stack: 'zero' } : { stack: null }) },
      color: seriesColor(names, input.stacked ? 'part' : 'series'),
      ...(input.stacked ? { order: { field: 'order', type: 'quantitative' } } : { xOffset: { field: 'series', sort: names } }),
      tooltip: [{ field: 'x', type: 'nominal', title: input.xTitle }, { field: 'series' }, { field: 'y', type: 'quantitative', title: input.yTitle }],
    },
  };
  return { spec, caption: cap };
}
