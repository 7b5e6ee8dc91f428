/**
 * `executeNotebook(path, { output?, html? })`: runs a notebook headlessly through the same Session the
 * kernel uses (no Jupyter, no sockets) and writes the outputs back into the .ipynb.
 *
 * - The result is valid nbformat 4.5: every cell gets an `id`, outputs have the nbformat shapes (consecutive
 *   writes to one stream merge into one output, as nbclient does), the kernelspec and language_info are set.
 * - Execution stops at the first error unless the cell is tagged `raises-exception` (nbclient's
 *   convention); cells after the stop keep their old outputs. The returned status says which cell failed.
 * - Cells run with the notebook's folder as the working directory, as a Jupyter server starts kernels.
 * - Ctrl-C interrupts the running cell (it fails with Interrupted, and execution stops).
 * - `html`: also writes a self-contained HTML page (html-export.ts).
 */
import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { renderNotebookHtml } from './html-export.js';
import { kernelInfoContent, KERNEL_DISPLAY_NAME, KERNEL_NAME } from './kernel-info.js';
import type { MimeBundle } from './magics-api.js';
import type { OutputSink } from './output.js';
import { Session } from './session.js';

export interface ExecuteNotebookOptions {
  /** Where to write the executed notebook (default: in place). */
  output?: string;
  /** Also write HTML: a path, or true for the output path with .html. */
  html?: string | boolean;
  /** Kernel diagnostics (default: nowhere). */
  log?: (text: string) => void;
  /** One line a code cell as it finishes: its index, In[] number, time and status (default: nowhere). */
  progress?: (text: string) => void;
}

export interface ExecuteNotebookResult {
  status: 'ok' | 'error';
  /** Code cells run. */
  executed: number;
  output: string;
  html?: string;
  /** The failing cell (0-based index among all cells) and its error, when status is "error". */
  error?: { cell: number; ename: string; evalue: string; traceback: string[] };
}

export type NbOutput =
  | { output_type: 'stream'; name: string; text: string }
  | { output_type: 'display_data'; data: MimeBundle; metadata: Record<string, unknown> }
  | { output_type: 'execute_result'; execution_count: number; data: MimeBundle; metadata: Record<string, unknown> }
  | { output_type: 'error'; ename: string; evalue: string; traceback: string[] };

export interface NbCell {
  cell_type: 'code' | 'markdown' | 'raw';
  id?: string;
  source: string | string[];
  metadata: Record<string, unknown> & { tags?: string[] };
  outputs?: NbOutput[];
  execution_count?: number | null;
  attachments?: unknown;
}

export interface Notebook {
  nbformat: number;
  nbformat_minor: number;
  metadata: Record<string, unknown>;
  cells: NbCell[];
}

export function cellSource(cell: NbCell): string {
  return Array.isArray(cell.source) ? cell.source.join('') : cell.source;
}

function newCellId(used: Set<string>): string {
  let id: string;
  do id = randomBytes(4).toString('hex'); while (used.has(id));
  used.add(id);
  return id;
}

/** Collects one cell's outputs the nbformat way; display ids are tracked across the notebook. */
class CellOutputs implements OutputSink {
  readonly outputs: NbOutput[] = [];
  private clearPending = false;

  constructor(private readonly displays: Map<string, { data: MimeBundle; metadata: Record<string, unknown> }[]>) {}

  private push(o: NbOutput): void {
    if (this.clearPending) {
      this.outputs.length = 0;
      this.clearPending = false;
    }
    this.outputs.push(o);
  }

  stream(name: string, text: string): void {
    const last = this.outputs[this.outputs.length - 1];
    if (!this.clearPending && last?.output_type === 'stream' && last.name === name) last.text += text;
    else this.push({ output_type: 'stream', name, text });
  }

  displayData(data: MimeBundle, metadata: Record<string, unknown>, transient: { display_id?: string }): void {
    const o = { output_type: 'display_data' as const, data, metadata };
    this.push(o);
    if (transient.display_id !== undefined) {
      const list = this.displays.get(transient.display_id) ?? [];
      list.push(o);
      this.displays.set(transient.display_id, list);
    }
  }

  updateDisplayData(data: MimeBundle, metadata: Record<string, unknown>, transient: { display_id: string }): void {
    for (const o of this.displays.get(transient.display_id) ?? []) {
      o.data = data;
      o.metadata = metadata;
    }
  }

  executeResult(execution_count: number, data: MimeBundle, metadata: Record<string, unknown>): void {
    this.push({ output_type: 'execute_result', execution_count, data, metadata });
  }

  error(ename: string, evalue: string, traceback: string[]): void {
    this.push({ output_type: 'error', ename, evalue, traceback });
  }

  clearOutput(wait: boolean): void {
    if (wait) this.clearPending = true;
    else this.outputs.length = 0;
  }
}

export function readNotebook(path: string): Notebook {
  let nb: Notebook;
  try {
    nb = JSON.parse(readFileSync(path, 'utf8')) as Notebook;
  } catch (err) {
    throw new Error(`${path}: not a readable notebook: ${(err as Error).message}`);
  }
  if (nb.nbformat !== 4 || !Array.isArray(nb.cells)) {
    throw new Error(`${path}: only nbformat 4 notebooks can be executed (found nbformat ${String(nb.nbformat)})`);
  }
  return nb;
}

export async function executeNotebook(path: string, options: ExecuteNotebookOptions = {}): Promise<ExecuteNotebookResult> {
  const input = resolve(path);
  const nb = readNotebook(input);
  const output = resolve(options.output ?? input);

  // nbformat 4.5: every cell has a unique id.
  const used = new Set(nb.cells.map((c) => c.id).filter((id): id is string => typeof id === 'string'));
  for (const cell of nb.cells) {
    if (typeof cell.id !== 'string' || !/^[a-zA-Z0-9-_]{1,64}$/.test(cell.id)) cell.id = newCellId(used);
    cell.metadata ??= {};
  }
  nb.nbformat_minor = Math.max(nb.nbformat_minor ?? 0, 5);
  nb.metadata = {
    ...nb.metadata,
    kernelspec: { name: KERNEL_NAME, display_name: KERNEL_DISPLAY_NAME, language: 'typescript' },
    language_info: (kernelInfoContent() as { language_info: unknown }).language_info,
  };

  const cwd = process.cwd();
  const directory = dirname(input);
  process.chdir(directory);
  const session = new Session({ directory, log: options.log });
  session.warmChecker();
  const onSigint = () => session.interrupt();
  process.on('SIGINT', onSigint);
  const displays = new Map<string, { data: MimeBundle; metadata: Record<string, unknown> }[]>();
  const result: ExecuteNotebookResult = { status: 'ok', executed: 0, output };
  try {
    for (const [index, cell] of nb.cells.entries()) {
      if (cell.cell_type !== 'code') continue;
      const code = cellSource(cell);
      const sink = new CellOutputs(displays);
      const started = performance.now();
      const outcome = await session.execute({ code, storeHistory: true, allowStdin: false }, sink);
      const seconds = ((performance.now() - started) / 1000).toFixed(2);
      options.progress?.(`cell ${index + 1}/${nb.cells.length} (In [${outcome.executionCount}]): ${seconds} s${outcome.status === 'ok' ? '' : `, ${outcome.ename}`}\n`);
      // Outputs a timer writes after the cell ended still land in this cell's list (as in the kernel).
      cell.outputs = sink.outputs;
      cell.execution_count = outcome.executionCount;
      result.executed++;
      if (outcome.status === 'error') {
        const expected = (cell.metadata?.tags ?? []).includes('raises-exception');
        if (!expected || outcome.interrupted) {
          result.status = 'error';
          result.error = { cell: index, ename: outcome.ename, evalue: outcome.evalue, traceback: outcome.traceback };
          break;
        }
      }
    }
    // Give timers of the last cell a moment to write (a progress line's last update, for example).
    await new Promise((r) => setTimeout(r, 10));
  } finally {
    process.off('SIGINT', onSigint);
    session.dispose();
    process.chdir(cwd);
  }

  for (const cell of nb.cells) {
    if (cell.cell_type === 'code') {
      cell.outputs ??= [];
      if (cell.execution_count === undefined) cell.execution_count = null;
    }
  }
  writeFileSync(output, JSON.stringify(nb, null, 1) + '\n');
  if (options.html) {
    const html = typeof options.html === 'string' ? resolve(options.html) : output.replace(/\.ipynb$/i, '') + '.html';
    writeFileSync(html, renderNotebookHtml(nb));
    result.html = html;
  }
  return result;
}
