/**
 * Messages between the session (checker.ts) and the TypeScript language service's worker thread
 * (checker-worker.ts). Requests are answered in the order they were sent: the worker handles one at a time.
 */
import type { Completion, TypeErrorAt } from './language.js';

export interface Ambient {
  text: string;
  version: number;
}

export type CheckerRequest = { id: number; ambient?: Ambient } & (
  | { op: 'warm' }
  | { op: 'warmNode' }
  | { op: 'addCell'; source: string; names: string[] }
  | { op: 'typeErrors'; code: string }
  | { op: 'complete'; code: string; cursor: number }
  | { op: 'inspect'; code: string; cursor: number }
);

export type Inspection = { signature: string; documentation: string } | undefined;

export type CheckerAnswer = TypeErrorAt[] | Completion | Inspection | null;

export type CheckerReply = { id: number; ok: true; value: CheckerAnswer; ms: number } | { id: number; ok: false; error: string };
