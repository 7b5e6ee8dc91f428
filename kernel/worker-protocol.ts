/**
 * Messages and shared-memory layout between the kernel's main thread (kernel.ts) and its control worker
 * (control-worker.ts). Kept apart so importing it never starts a worker's code.
 */
import type { ConnectionInfo, WireMessage } from './wire.js';

export interface WorkerInit {
  info: ConnectionInfo;
  session: string;
  /** Int32 [stdin state, answer byteLength, cell running (0/1), unused, gate where, gate pending, gate timedOut,
   * unused], Float64 [running cell's request date, its client session's hash] (interrupt-gate.ts), then the
   * answer's UTF-8 bytes. */
  stdinBuffer: SharedArrayBuffer;
}

/** Messages between the main thread and this worker. */
export type ToWorker =
  | { type: 'interrupt-ack' }
  /** Work `seq` started; its watchdog fires after timeoutMs (Infinity: never). */
  | { type: 'work'; seq: number; timeoutMs: number }
  | { type: 'input'; prompt: string; password: boolean; identities: Uint8Array[]; parent: object }
  | { type: 'shutdown-done' }
  | { type: 'iopub'; msgType: string; content: object; parent: object }
  | { type: 'send-control'; msgType: string; content: object; parent: object; identities: Uint8Array[] };
export type FromWorker =
  | { type: 'ready' }
  /** The worker could not bind its sockets (closed again); the kernel reports it and exits. */
  | { type: 'cannot-start'; text: string }
  | { type: 'control'; msg: Omit<WireMessage, 'identities' | 'buffers'> & { identities: Uint8Array[] } }
  | { type: 'shutdown'; restart: boolean; parent: object }
  | { type: 'log'; text: string }
  /** An interrupt the main thread must handle itself (no cell code was running to raise SIGINT into). */
  | { type: 'interrupt'; seq: number };

export const STDIN_WAITING = 0;
export const STDIN_ANSWERED = 1;
export const STDIN_INTERRUPTED = 2;
export const STDIN_HEADER_BYTES = 48;
/** Byte offset of the interrupt gate's four Int32 slots [where, pending, timedOut, unused] (interrupt-gate.ts). */
export const GATE_OFFSET = 16;
/** Byte offset of the gate's two Float64 slots [request date of the running cell, its session's hash]. */
export const GATE_CELL_OFFSET = 32;
/** Index of the Int32 flag the main thread sets while a cell runs (the worker never terminates an idle thread). */
export const SLOT_STATE = 0;
export const SLOT_LENGTH = 1;
export const SLOT_RUNNING = 2;

