/** An OutputSink that records every call, in order, for in-process Session tests. */
import type { OutputSink } from '../../kernel/output.js';

export type Recorded =
  | { type: 'stream'; name: string; text: string }
  | { type: 'display_data' | 'update_display_data'; data: Record<string, unknown>; metadata: Record<string, unknown>; transient: { display_id?: string } }
  | { type: 'execute_result'; count: number; data: Record<string, unknown> }
  | { type: 'error'; ename: string; evalue: string; traceback: string[] }
  | { type: 'clear_output'; wait: boolean };

export class Collector implements OutputSink {
  readonly items: Recorded[] = [];
  stream(name: string, text: string) { this.items.push({ type: 'stream', name, text }); }
  displayData(data: Record<string, unknown>, metadata: Record<string, unknown>, transient: { display_id?: string }) { this.items.push({ type: 'display_data', data, metadata, transient }); }
  updateDisplayData(data: Record<string, unknown>, metadata: Record<string, unknown>, transient: { display_id: string }) { this.items.push({ type: 'update_display_data', data, metadata, transient }); }
  executeResult(count: number, data: Record<string, unknown>) { this.items.push({ type: 'execute_result', count, data }); }
  error(ename: string, evalue: string, traceback: string[]) { this.items.push({ type: 'error', ename, evalue, traceback }); }
  clearOutput(wait: boolean) { this.items.push({ type: 'clear_output', wait }); }
  text(name = 'stdout'): string {
    return this.items.filter((i): i is Extract<Recorded, { type: 'stream' }> => i.type === 'stream' && i.name === name).map((i) => i.text).join('');
  }
  result(): Record<string, unknown> | undefined {
    return this.items.find((i): i is Extract<Recorded, { type: 'execute_result' }> => i.type === 'execute_result')?.data;
  }
}
