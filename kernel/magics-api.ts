/**
 * The evaluator hook: how `magics/` (or anything else) runs cells that are not TypeScript.
 *
 * CONTRACT
 * - Cell magics. A cell whose first line is `%%NAME args...` goes to the handler registered with
 *   `registerCellMagic(NAME, handler)`. The handler gets a `CellMagicInput`: `args` (the rest of the first
 *   line), `body` (the text after the first line), `bodyLine` (0-based line of the body's first line in the
 *   cell: add it to a 0-based body line to get the cell line that Jupyter shows) and `bodyOffset` (UTF-16
 *   offset of the body in the cell). A cell naming no registered magic is an error with a hint.
 * - Line magics. A line `%NAME args` (at column 0) inside a TypeScript cell runs in order with the code around
 *   it: it becomes `await <call>` of the handler from `registerLineMagic(NAME, handler)`. Its return value is
 *   the line's value (the cell's result when it is the last line). `%NAME` as a whole cell is the same.
 * - The `ExecuteContext` handed to handlers writes to the cell being run: `stdout`/`stderr` (batched, in
 *   order with everything else), `display(value)` (through the kernel's one `format()`, so a value with
 *   `[Symbol.for('Jupyter.display')]()` shows as it asks), `displayData(bundle)` for a ready mime bundle,
 *   `setResult(value)` (the cell's Out[n]), and `globals` (the global object TypeScript cells run in: a
 *   property set there is a variable in the next TS cell).
 * - Errors. Throw a `CellError(ename, evalue, traceback)`: the kernel sends exactly those fields in the
 *   `error` message and the execute_reply (traceback lines as written: the caret form, ANSI allowed). Any
 *   other thrown value is shown as a JavaScript error. `ctx.signal` aborts when the user interrupts; long
 *   work should check it (or `ctx.throwIfInterrupted()`) between steps. Synchronous JavaScript is
 *   interrupted by the kernel itself.
 * - Types for TypeScript cells. `setDeclarations(key, text)` adds ambient declarations (a .d.ts text, e.g.
 *   `declare const result: BrookStream<'float4', [1024]>;`) that completion and inspection of later
 *   TypeScript cells see; the same key replaces the earlier text, `undefined` removes it.
 * - Editor help. A cell magic may answer `isComplete`, `complete` and `inspect` for its own cells; positions
 *   are UTF-16 offsets into `body` (the kernel converts from Jupyter's code points and back).
 * - Warm-ups. `registerIdleWarmUp(fn)` asks for `fn` to run while the kernel is idle before its first
 *   cells (Session.preload), e.g. loading a renderer a first plot would otherwise wait for.
 * - Loading. The kernel imports `dist/magics/index.js` (if it exists) before the first cell; that module
 *   registers its handlers at import time. Nothing in kernel/ imports magics/ statically.
 */

export type MimeBundle = Record<string, unknown>;

export interface DisplayOptions {
  /** Names the output so a later display with `update: true` replaces it in place (progress lines). */
  display_id?: string;
  /** Send update_display_data for `display_id` instead of a new output. */
  update?: boolean;
  metadata?: Record<string, unknown>;
}

export interface CellMagicInput {
  name: string;
  args: string;
  body: string;
  bodyLine: number;
  bodyOffset: number;
  /** The whole cell, as the user typed it. */
  cell: string;
}

export interface ExecuteContext {
  readonly executionCount: number;
  readonly signal: AbortSignal;
  readonly globals: Record<string, unknown>;
  stdout(text: string): void;
  stderr(text: string): void;
  display(value: unknown, options?: DisplayOptions): Promise<void>;
  displayData(data: MimeBundle, metadata?: Record<string, unknown>, options?: DisplayOptions): void;
  setResult(value: unknown): void;
  throwIfInterrupted(): void;
  setDeclarations(key: string, text: string | undefined): void;
}

export interface IsCompleteAnswer {
  status: 'complete' | 'incomplete' | 'invalid' | 'unknown';
  indent?: string;
}

export interface CompleteAnswer {
  matches: string[];
  /** UTF-16 offsets into the body. */
  start: number;
  end: number;
}

export interface InspectAnswer {
  found: boolean;
  data: MimeBundle;
}

export interface CellMagicHandler {
  execute(input: CellMagicInput, ctx: ExecuteContext): void | Promise<void>;
  isComplete?(input: CellMagicInput): IsCompleteAnswer;
  complete?(input: CellMagicInput, cursor: number): CompleteAnswer | Promise<CompleteAnswer>;
  inspect?(input: CellMagicInput, cursor: number, detailLevel: number): InspectAnswer | Promise<InspectAnswer>;
}

export type LineMagicHandler = (args: string, ctx: ExecuteContext) => unknown;

/** An error with the exact Jupyter fields; thrown by handlers, shown as written. */
export class CellError extends Error {
  constructor(
    readonly ename: string,
    readonly evalue: string,
    readonly traceback: string[],
  ) {
    super(evalue);
    this.name = ename;
  }
}

const cellMagics = new Map<string, CellMagicHandler>();
const lineMagics = new Map<string, LineMagicHandler>();
const declarations = new Map<string, string>();
let declarationsVersion = 0;

export function registerCellMagic(name: string, handler: CellMagicHandler): void {
  cellMagics.set(name, handler);
}

export function registerLineMagic(name: string, handler: LineMagicHandler): void {
  lineMagics.set(name, handler);
}

export function getCellMagic(name: string): CellMagicHandler | undefined {
  return cellMagics.get(name);
}

export function getLineMagic(name: string): LineMagicHandler | undefined {
  return lineMagics.get(name);
}

/**
 * Work a magics package wants done while the kernel is idle before its first cells (loading a plot
 * renderer, say). Session.preload runs each in registration order, waiting until no cell runs or waits
 * before each, so a cell never queues behind more than one of them.
 */
const idleWarmUps: (() => Promise<void>)[] = [];

export function registerIdleWarmUp(warm: () => Promise<void>): void {
  idleWarmUps.push(warm);
}

export function takeIdleWarmUps(): (() => Promise<void>)[] {
  return idleWarmUps.splice(0);
}

export function magicNames(): { cell: string[]; line: string[] } {
  return { cell: [...cellMagics.keys()].sort(), line: [...lineMagics.keys()].sort() };
}

export function setDeclarations(key: string, text: string | undefined): void {
  if (text === undefined) declarations.delete(key);
  else declarations.set(key, text);
  declarationsVersion++;
}

/** All ambient declarations, concatenated in key order, and a version that changes when they change. */
export function ambientDeclarations(): { text: string; version: number } {
  const keys = [...declarations.keys()].sort();
  return { text: keys.map((k) => `// ${k}\n${declarations.get(k)}\n`).join(''), version: declarationsVersion };
}

const CELL_MAGIC = /^%%([A-Za-z_][\w-]*)[ \t]*([^\n]*)(?:\n|$)/;

/** Splits a `%%NAME args` cell; undefined for any other cell. */
export function parseCellMagic(cell: string): CellMagicInput | undefined {
  const m = CELL_MAGIC.exec(cell);
  if (!m) return undefined;
  return {
    name: m[1]!,
    args: m[2]!.replace(/\r$/, '').trim(),
    body: cell.slice(m[0].length),
    bodyLine: 1,
    bodyOffset: m[0].length,
    cell,
  };
}
