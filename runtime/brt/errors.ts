/**
 * Raising runtime errors: `brtError('BRK5002', {...}, span)` builds a BrookRuntimeError from the
 * message catalogue (compiler/messages/runtime.ts). Every runtime check goes through here, so every
 * message has a code, names the sizes involved and carries a hint.
 */
import { BrookRuntimeError } from '../compiler/diagnostics.js';
import type { Span } from '../compiler/source.js';
import { RUNTIME_MESSAGES, formatRuntimeMessage, type RuntimeMessageCode } from '../compiler/messages/runtime.js';

export function brtError(code: RuntimeMessageCode, args: Record<string, unknown>, span?: Span): BrookRuntimeError {
  const t: { message: string; hint?: string; defaults?: Record<string, string> } = RUNTIME_MESSAGES[code];
  if (t.defaults) args = { ...t.defaults, ...args };
  return new BrookRuntimeError(
    code,
    formatRuntimeMessage(t.message, args),
    span,
    t.hint === undefined ? undefined : formatRuntimeMessage(t.hint, args),
  );
}

/** `s` when n != 1: for "1 element" / "2 elements". */
export function plural(n: number): string {
  return n === 1 ? '' : 's';
}

export function shapeText(shape: readonly number[]): string {
  return shape.join(', ');
}
