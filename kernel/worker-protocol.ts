/**
 * Messages and shared-memory layout between the kernel's main thread (kernel.ts) and its control worker
 * (control-worker.ts). Kept apart so importing it never starts a worker's code.
 */
import type { ConnectionInfo, WireMessage } from './wire.js';

export interface WorkerInit {
  info: ConnectionInfo;
  session: string;
  /** [state, byteLength] then the answer's UTF-8 bytes; see STDIN_* below. */
  stdinBuffer: SharedArrayBuffer;
}

/** Messages between the main thread and this worker. */
export type ToWorker =
  | { type: 'interrupt-ack' }
  | { type: 'input'; prompt: string; password: boolean; identities: Uint8Array[]; parent: object }
  | { type: 'shutdown-done' }
  | { type: 'send-control'; msgType: string; content: object; parent: object; identities: Uint8Array[] };
export type FromWorker =
  | { type: 'ready' }
  | { type: 'control'; msg: Omit<WireMessage, 'identities' | 'buffers'> & { identities: Uint8Array[] } }
  | { type: 'shutdown'; restart: boolean; parent: object }
  | { type: 'log'; text: string };

export const STDIN_WAITING = 0;
export const STDIN_ANSWERED = 1;
export const STDIN_INTERRUPTED = 2;
export const STDIN_HEADER_BYTES = 8;

