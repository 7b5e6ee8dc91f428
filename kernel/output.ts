/**
 * Where a cell's outputs go, and the batching of its streams.
 *
 * `OutputSink` is implemented twice: by the kernel (iopub messages) and by executeNotebook (nbformat
 * outputs). `Outputs` sits in front of a sink: it merges stream writes into few messages (a cell printing
 * 20,000 lines sends a handful of messages, all text in order) and flushes them before any other output,
 * so streams and displays keep the order the cell made them in. A write after a quiet spell is sent at
 * once, so progress lines show while a synchronous loop runs.
 */
import type { MimeBundle } from './magics-api.js';

export type StreamName = 'stdout' | 'stderr';

export interface OutputSink {
  stream(name: StreamName, text: string): void;
  displayData(data: MimeBundle, metadata: Record<string, unknown>, transient: { display_id?: string }): void;
  updateDisplayData(data: MimeBundle, metadata: Record<string, unknown>, transient: { display_id: string }): void;
  executeResult(executionCount: number, data: MimeBundle, metadata: Record<string, unknown>): void;
  error(ename: string, evalue: string, traceback: string[]): void;
  clearOutput(wait: boolean): void;
}

/** Flush when this much text is pending, or this many ms after the first pending write. */
const FLUSH_BYTES = 64 * 1024;
const FLUSH_MS = 20;

export class Outputs {
  private pendingName: StreamName | undefined;
  private pending: string[] = [];
  private pendingLength = 0;
  private timer: NodeJS.Timeout | undefined;
  private pendingSince = 0;
  private lastFlush = 0;

  constructor(public sink: OutputSink) {}

  write(name: StreamName, text: string): void {
    if (text === '') return;
    if (this.pendingName !== undefined && this.pendingName !== name) this.flush();
    if (this.pending.length === 0) this.pendingSince = Date.now();
    this.pendingName = name;
    this.pending.push(text);
    this.pendingLength += text.length;
    // The timer cannot fire while a cell loops synchronously, so writes flush by themselves: the first
    // write after a quiet spell goes at once (a line printed before a long loop shows before the loop
    // ends), later ones when FLUSH_MS have passed or FLUSH_BYTES are pending.
    const now = Date.now();
    if (this.pendingLength >= FLUSH_BYTES || now - this.pendingSince >= FLUSH_MS || now - this.lastFlush >= FLUSH_MS) this.flush();
    else if (this.timer === undefined) {
      this.timer = setTimeout(() => this.flush(), FLUSH_MS);
      this.timer.unref();
    }
  }

  flush(): void {
    if (this.timer !== undefined) {
      clearTimeout(this.timer);
      this.timer = undefined;
    }
    if (this.pendingName === undefined) return;
    const name = this.pendingName;
    const text = this.pending.join('');
    this.lastFlush = Date.now();
    this.pendingName = undefined;
    this.pending = [];
    this.pendingLength = 0;
    this.sink.stream(name, text);
  }

  displayData(data: MimeBundle, metadata: Record<string, unknown>, displayId?: string, update = false): void {
    this.flush();
    if (update && displayId !== undefined) this.sink.updateDisplayData(data, metadata, { display_id: displayId });
    else this.sink.displayData(data, metadata, displayId !== undefined ? { display_id: displayId } : {});
  }

  executeResult(count: number, data: MimeBundle, metadata: Record<string, unknown>): void {
    this.flush();
    this.sink.executeResult(count, data, metadata);
  }

  error(ename: string, evalue: string, traceback: string[]): void {
    this.flush();
    this.sink.error(ename, evalue, traceback);
  }

  clearOutput(wait: boolean): void {
    this.flush();
    this.sink.clearOutput(wait);
  }
}
