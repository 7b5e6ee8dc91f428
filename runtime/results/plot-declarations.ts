/**
 * The TypeScript declarations of plots, for notebook cells' type check and completion. A module of its
 * own, with no imports, so the magics can register it with the first %%brook cell at no cost: a cell
 * that calls `stream.plot()` right after must not be refused because plot.ts (Vega, Arquero) has not
 * loaded yet.
 */
/** TypeScript declarations for notebook cells: `stream.plot(...)` and the global `plot(...)`. */
export const PLOT_DECLARATIONS = `
type BrookPlotKind = 'line' | 'bar' | 'histogram' | 'scatter' | 'heatmap' | 'image';
interface BrookPlotOptions {
  kind?: BrookPlotKind;
  x?: string;
  y?: string | string[];
  z?: string;
  component?: string;
  bins?: number;
  title?: string;
  /** Bars over a text column x: stack the y columns instead of grouping them. */
  stack?: boolean;
}
interface BrookPlot {
  readonly kind: BrookPlotKind | 'point' | 'constant';
  readonly title: string;
  readonly caption: string;
  readonly png: Uint8Array | undefined;
}
interface BrookStream<E extends string = string> {
  /** A plot of the stream (Vega-Lite spec plus PNG), chosen by shape and values, or options.kind. */
  plot(options?: BrookPlotOptions): Promise<BrookPlot>;
}
/** Plot a Brook stream or an Arquero table: plot(table, { x: 'i', y: 'value', kind: 'line' }). */
declare function plot(data: BrookStream | import('arquero').ColumnTable, options?: BrookPlotOptions): Promise<BrookPlot>;
`;
