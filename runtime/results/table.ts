/**
 * Streams as Arquero tables, and their notebook display.
 *
 * In: a stream's element type and shape plus its words (one readback: the flat 32-bit words the
 * runtime stores, see runtime/brt/api.ts). Out: an Arquero table with typed-array columns:
 * - index columns `i`, `j`, `k`, `l` for the stream's dimensions in declaration order (`i` slowest),
 * - then one column per component: `value` for scalar streams, `x y z w` for vectors, field paths for
 *   structs (`o.x`, `o.y`, `tmax`). A component whose name collides with an index column gets a `_`
 *   prefix.
 * Display (tableMimeBundle): a 2-D stream as a grid, other ranks as a list, both a small window of the
 * data with "... N more" markers, plus a text/plain form: large streams never ship millions of rows.
 * Every table of this Arquero copy (a stream's `toTable()`, its filters and rollups, `aq.table(...)`)
 * prints as the same kind of text window (tableText) wherever Node inspects it: a cell's text/plain,
 * `console.log(t)`, `t?`. Arquero's own inspection shows its internals (`_names`, `_mask`).
 */
import { inspect } from 'node:util';
import { table, type ColumnTable } from 'arquero';
import { flattenElement, typeToString, wordKind, type Type } from '../compiler/types.js';

export const INDEX_NAMES = ['i', 'j', 'k', 'l'];

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
    const k = wordKind(c.scalar);
    const src = k === 'float' ? f32 : k === 'int' ? i32 : words;
    const col = k === 'float' ? new Float32Array(n) : k === 'int' ? new Int32Array(n) : new Uint32Array(n);
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

/** Rows a 1-D (or 3-D and up) stream's table shows: the first LIST_HEAD and the last LIST_TAIL. */
export const LIST_HEAD = 10;
export const LIST_TAIL = 3;
/** The window a 2-D stream's grid shows: GRID_ROWS rows x GRID_COLS columns from the top left. */
export const GRID_ROWS = 12;
export const GRID_COLS = 8;

/** The caption shown above a displayed stream: name, type and shape, and the backend. */
export function tableCaption(t: ColumnTable, info: TableDisplayInfo): string {
  return `${info.name}: ${typeToString(info.elem)}<${info.shape.join(', ')}>, ${formatCount(t.numRows())} element${t.numRows() === 1 ? '' : 's'}, ${info.backend}`;
}

/**
 * Jupyter MIME bundle for a stream: a 2-D stream (extents of 1 aside) as a grid of rows x columns with
 * their indices, other ranks as a list of elements (index columns, then components); both capped at a
 * small window with "... N more" markers, so no stream gives a tall output. HTML plus a text form.
 */
export function tableMimeBundle(t: ColumnTable, info: TableDisplayInfo): Record<string, string> {
  const caption = tableCaption(t, info);
  const dims = info.shape.map((e, d) => ({ e, d })).filter((x) => x.e !== 1);
  const cells = dims.length === 2 ? gridCells(t, info, dims[0]!.d, dims[1]!.d) : listCells(t);
  return {
    'text/html': `<div class="brook-stream"><div style="font-family: monospace; margin-bottom: 4px">${escapeHtml(caption)}</div>${cellsHtml(cells)}</div>`,
    'text/plain': `${caption}\n${cellsText(cells)}`,
  };
}

/** A table laid out for display: a header row, body rows whose first cell may be a row header, notes. */
interface Cells {
  head: string[];
  rows: { header?: string; cells: string[]; more?: boolean }[];
  rowHeaders: boolean;
}

function gridCells(t: ColumnTable, info: TableDisplayInfo, rowDim: number, colDim: number): Cells {
  const rows = info.shape[rowDim]!;
  const cols = info.shape[colDim]!;
  const comps = t.columnNames().slice(info.shape.length);
  const shownRows = Math.min(rows, GRID_ROWS);
  const shownCols = Math.min(cols, GRID_COLS);
  const ri = INDEX_NAMES[rowDim]!;
  const ci = INDEX_NAMES[colDim]!;
  const head = [`${ri} \\ ${ci}`, ...Array.from({ length: shownCols }, (_, c) => String(c))];
  if (cols > shownCols) head.push(`... ${formatCount(cols - shownCols)} more`);
  const body: Cells['rows'] = [];
  for (let r = 0; r < shownRows; r++) {
    const cells: string[] = [];
    for (let c = 0; c < shownCols; c++) {
      const at = r * cols + c; // row-major; extents of 1 do not move the position
      cells.push(comps.length === 1 ? formatCell(t.get(comps[0]!, at)) : `(${comps.map((n) => formatCell(t.get(n, at))).join(', ')})`);
    }
    if (cols > shownCols) cells.push('...');
    body.push({ header: String(r), cells });
  }
  if (rows > shownRows) body.push({ header: '...', cells: [`${formatCount(rows - shownRows)} more rows`], more: true });
  return { head: comps.length === 1 ? head : [head[0] + ` (${comps.join(', ')})`, ...head.slice(1)], rows: body, rowHeaders: true };
}

function listCells(t: ColumnTable): Cells {
  const names = t.columnNames();
  const n = t.numRows();
  const row = (r: number) => ({ cells: names.map((c) => formatCell(t.get(c, r))) });
  const body: Cells['rows'] = [];
  if (n <= LIST_HEAD + LIST_TAIL + 1) for (let r = 0; r < n; r++) body.push(row(r));
  else {
    for (let r = 0; r < LIST_HEAD; r++) body.push(row(r));
    body.push({ cells: [`... ${formatCount(n - LIST_HEAD - LIST_TAIL)} more rows`], more: true });
    for (let r = n - LIST_TAIL; r < n; r++) body.push(row(r));
  }
  return { head: names, rows: body, rowHeaders: false };
}

const CELL = 'padding: 1px 8px; text-align: right; font-family: monospace';

function cellsHtml(c: Cells): string {
  const width = c.head.length;
  const head = `<tr>${c.head.map((h) => `<th style="${CELL}">${escapeHtml(h)}</th>`).join('')}</tr>`;
  const body = c.rows
    .map((r) => {
      const lead = r.header !== undefined ? `<th style="${CELL}">${escapeHtml(r.header)}</th>` : '';
      if (r.more) return `<tr>${lead}<td colspan="${width - (lead ? 1 : 0)}" style="${CELL}; text-align: left; color: #888">${escapeHtml(r.cells[0]!)}</td></tr>`;
      return `<tr>${lead}${r.cells.map((v) => `<td style="${CELL}">${escapeHtml(v)}</td>`).join('')}</tr>`;
    })
    .join('');
  return `<table class="brook-table"><thead>${head}</thead><tbody>${body}</tbody></table>`;
}

function cellsText(c: Cells): string {
  const lines = [c.head, ...c.rows.filter((r) => !r.more).map((r) => (r.header !== undefined ? [r.header, ...r.cells] : r.cells))];
  const widths = c.head.map((_, i) => Math.max(...lines.map((l) => (l[i] ?? '').length)));
  const render = (l: string[]) => l.map((v, i) => v.padStart(widths[i]!)).join('  ');
  const out: string[] = [render(c.head)];
  for (const r of c.rows) out.push(r.more ? `${r.header ? `${r.header} ` : ''}${r.cells[0]}` : render(r.header !== undefined ? [r.header, ...r.cells] : r.cells));
  return out.join('\n');
}

/** An Arquero table as text: its size and column names, then the first and last rows under a header. */
export function tableText(t: ColumnTable): string {
  const names = t.columnNames();
  const rows = t.numRows();
  const caption = `table: ${formatCount(rows)} row${rows === 1 ? '' : 's'} x ${names.length} column${names.length === 1 ? '' : 's'}`;
  return names.length === 0 ? caption : `${caption}\n${cellsText(listCells(t))}`;
}

// ColumnTable's prototype is shared by every table of this arquero copy (filters and rollups make new ones).
const tablePrototype = Object.getPrototypeOf(table({})) as object;
if (!Object.prototype.hasOwnProperty.call(tablePrototype, inspect.custom)) {
  Object.defineProperty(tablePrototype, inspect.custom, {
    value(this: ColumnTable) { return tableText(this); },
    writable: true, configurable: true, enumerable: false,
  });
}

function formatCount(n: number): string {
  return n.toLocaleString('en-US');
}

function formatCell(v: unknown): string {
  if (typeof v === 'number') return Number.isInteger(v) ? String(v) : String(Math.fround(v) === v ? +v.toPrecision(7) : v);
  return String(v);
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);
}
