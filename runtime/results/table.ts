/**
 * Streams as Arquero tables, and their notebook display.
 *
 * In: a stream's element type and shape plus its words (one readback: the flat 32-bit words the
 * runtime stores, see runtime/brt/api.ts). Out: an Arquero table with typed-array columns:
 * - index columns `i`, `j`, `k`, `l` for the stream's dimensions in declaration order (`i` slowest),
 * - then one column per component: `value` for scalar streams, `x y z w` for vectors, field paths for
 *   structs (`o.x`, `o.y`, `tmax`). A component whose name collides with an index column gets a `_`
 *   prefix.
 * Display: HTML with at most 50 rows and a caption "rows x columns, type, shape, backend", plus a
 * text/plain form, so large streams never ship millions of rows to the browser.
 */
import { table, type ColumnTable } from 'arquero';
import { flattenElement, typeToString, type Type } from '../compiler/types.js';

export const INDEX_NAMES = ['i', 'j', 'k', 'l'];
export const DISPLAY_ROW_LIMIT = 50;

export interface StreamData {
  name: string;
  elem: Type;
  shape: number[];
  words: Uint32Array;
}

/** Column names for a stream's components (without index columns). */
export function componentColumnNames(elem: Type, rank: number): string[] {
  const comps = flattenElement(elem);
  const index = new Set(INDEX_NAMES.slice(0, rank));
  return comps.map((c) => {
    const name = c.path.length === 0 ? 'value' : c.path.join('.');
    return index.has(name) ? `_${name}` : name;
  });
}

export function streamToTable(data: StreamData): ColumnTable {
  const { elem, shape, words } = data;
  const comps = flattenElement(elem);
  const n = shape.reduce((a, b) => a * b, 1);
  const stride = comps.length;
  if (words.length < n * stride) {
    throw new Error(`stream '${data.name}' has ${words.length} words, expected ${n * stride}`);
  }
  const columns: Record<string, ArrayLike<number>> = {};
  // Index columns: row-major positions, last extent fastest.
  shape.forEach((extent, d) => {
    const col = new Int32Array(n);
    const inner = shape.slice(d + 1).reduce((a, b) => a * b, 1);
    for (let e = 0; e < n; e++) col[e] = Math.floor(e / inner) % extent;
    columns[INDEX_NAMES[d] ?? `d${d}`] = col;
  });
  const f32 = new Float32Array(words.buffer, words.byteOffset, words.length);
  const i32 = new Int32Array(words.buffer, words.byteOffset, words.length);
  const names = componentColumnNames(elem, shape.length);
  comps.forEach((c, ci) => {
    const src = c.scalar === 'float' || c.scalar === 'double' ? f32 : c.scalar === 'int' ? i32 : words;
    const col = c.scalar === 'float' || c.scalar === 'double' ? new Float32Array(n) : c.scalar === 'int' ? new Int32Array(n) : new Uint32Array(n);
    for (let e = 0; e < n; e++) col[e] = src[e * stride + ci]!;
    columns[names[ci]!] = col;
  });
  return table(columns);
}

export interface TableDisplayInfo {
  name: string;
  elem: Type;
  shape: number[];
  backend: string;
}

/** The caption shown above a displayed stream table. */
export function tableCaption(t: ColumnTable, info: TableDisplayInfo): string {
  const shown = Math.min(t.numRows(), DISPLAY_ROW_LIMIT);
  const more = t.numRows() > shown ? `, first ${shown} rows shown` : '';
  return `${info.name}: ${t.numRows()} rows x ${t.numCols()} columns, ${typeToString(info.elem)}, shape <${info.shape.join(', ')}>, ${info.backend}${more}`;
}

/** Jupyter MIME bundle for a stream table: capped HTML plus a plain-text form. */
export function tableMimeBundle(t: ColumnTable, info: TableDisplayInfo): Record<string, string> {
  const caption = tableCaption(t, info);
  const html = t.toHTML({ limit: DISPLAY_ROW_LIMIT });
  return {
    'text/html': `<div class="brook-stream"><div style="font-family: monospace; margin-bottom: 4px">${escapeHtml(caption)}</div>${html}</div>`,
    'text/plain': `${caption}\n${tableText(t, 10)}`,
  };
}

/** A fixed-width text rendering of the first `limit` rows. */
export function tableText(t: ColumnTable, limit: number): string {
  const names = t.columnNames();
  const rows = Math.min(limit, t.numRows());
  const cells: string[][] = [names];
  for (let r = 0; r < rows; r++) cells.push(names.map((c) => formatCell(t.get(c, r))));
  const widths = names.map((_, ci) => Math.max(...cells.map((row) => row[ci]!.length)));
  const lines = cells.map((row) => row.map((v, ci) => v.padStart(widths[ci]!)).join('  '));
  if (t.numRows() > rows) lines.push(`... ${t.numRows() - rows} more rows`);
  return lines.join('\n');
}

function formatCell(v: unknown): string {
  if (typeof v === 'number') return Number.isInteger(v) ? String(v) : String(Math.fround(v) === v ? +v.toPrecision(7) : v);
  return String(v);
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);
}
