/**
 * Errors of TypeScript cells in Jupyter's shape: `ename`, `evalue`, and traceback lines in the caret form
 * (the same fields go in the `error` message and the execute_reply).
 *
 * Stack frames that point into a cell's script are rewritten to the cell's own line and column
 * (`at f (cell [3] line 2:7)`), whichever cell defined the function; frames of the kernel itself and of
 * Node's internals are dropped; the first cell frame gets a source excerpt with a caret under the column.
 */
import { inspectText } from './display.js';
import type { CellDiagnostic } from './transform.js';

/** One executed cell, as stack traces need it. */
export interface CellRecord {
  executionCount: number | undefined;
  source: string;
  toCell(line: number, column: number): { line: number; column: number };
  /** 1-based line of the script's closing `})()`: the frame of the wrapper's call, not user code. */
  wrapperLine: number;
}

export interface JupyterError {
  ename: string;
  evalue: string;
  traceback: string[];
}

export function cellLabel(count: number | undefined): string {
  return count === undefined ? 'cell' : `cell [${count}]`;
}

/** `  3 | source` then `    |    ^^^`: the caret form, shared by syntax and runtime errors. */
export function excerpt(source: string, line: number, column: number, length = 1): string[] {
  const lines = source.split('\n');
  const text = (lines[line] ?? '').replace(/\r$/, '');
  const num = String(line + 1);
  const pad = ' '.repeat(num.length);
  const width = Math.max(1, Math.min(length, text.length - column));
  return [`  ${num} | ${text}`, `  ${pad} | ${' '.repeat(Math.max(0, column))}${'^'.repeat(width)}`];
}

export function syntaxError(diagnostics: CellDiagnostic[], source: string, count: number | undefined): JupyterError {
  const first = diagnostics[0]!;
  const traceback: string[] = [];
  for (const d of diagnostics.slice(0, 5)) {
    traceback.push(`SyntaxError: ${d.message}`, `  at ${cellLabel(count)} line ${d.line + 1}:${d.column + 1}`);
    traceback.push(...excerpt(source, d.line, d.column, d.length));
  }
  return { ename: 'SyntaxError', evalue: `${first.message} (line ${first.line + 1}:${first.column + 1})`, traceback };
}

const FRAME = /^(\s*at\s+)(?:(.*?)\s+\()?(.+?):(\d+):(\d+)\)?\s*$/;

/** Renders a value thrown by a cell. `cells` maps script filenames to the cells they came from. */
export function runtimeError(err: unknown, cells: ReadonlyMap<string, CellRecord>, isInternal: (file: string) => boolean): JupyterError {
  if (!(err instanceof Error) && !(typeof err === 'object' && err !== null && 'stack' in err)) {
    const text = inspectText(err);
    return { ename: 'Uncaught', evalue: text, traceback: [`Uncaught ${text}`] };
  }
  const e = err as Error;
  const ename = typeof e.name === 'string' && e.name !== '' ? e.name : 'Error';
  const message = typeof e.message === 'string' ? e.message : String(e.message);
  // Brook's own errors (a kernel called from TypeScript with wrong arguments, ...) carry a BRKnnnn
  // code and a hint: the code leads the message, the hint ends the traceback.
  const { code, hint } = e as { code?: unknown; hint?: unknown };
  const brook = typeof code === 'string' && /^BRK\d{4}$/.test(code);
  const evalue = brook ? `${code}: ${message}` : message;
  const stack = typeof e.stack === 'string' ? e.stack : `${ename}: ${message}`;
  const lines = stack.split('\n');
  const frameStart = lines.findIndex((l) => FRAME.test(l));
  const head = frameStart < 0 ? lines : lines.slice(0, frameStart);
  if (brook && head[0] === `${ename}: ${message.split('\n')[0]}`) head[0] = `${ename}: ${code}: ${head[0].slice(ename.length + 2)}`;
  const traceback: string[] = [...head];
  let caret: string[] | undefined;
  for (const l of frameStart < 0 ? [] : lines.slice(frameStart)) {
    const m = FRAME.exec(l);
    if (!m) continue;
    const [, at, fn, file, line, col] = m;
    const cell = cells.get(file!);
    if (cell && Number(line) === cell.wrapperLine) continue;
    if (cell) {
      const pos = cell.toCell(Number(line), Number(col));
      // The wrapper arrow function of the cell shows as an anonymous frame: name it after the cell.
      const where = `${cellLabel(cell.executionCount)} line ${pos.line + 1}:${pos.column + 1}`;
      traceback.push(fn ? `${at}${fn} (${where})` : `${at}${where}`);
      caret ??= excerpt(cell.source, pos.line, pos.column);
    } else if (!isInternal(file!)) {
      traceback.push(l);
    }
  }
  if (caret) traceback.push('', ...caret);
  if (brook && typeof hint === 'string' && hint !== '') traceback.push(`hint: ${hint}`);
  return { ename, evalue, traceback };
}
