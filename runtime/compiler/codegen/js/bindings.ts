/**
 * What the JavaScript kernel writer (emit.ts) works with: how the body reaches each parameter (set up
 * by the driver), scopes, what the driver knows about names (EmitFacts), and the small pure helpers
 * over generated names (atoms, whole numbers, the locals a body assigns, the loop-poll counter).
 */
import type { Type } from '../../types.js';
import type { Kind } from './scalar.js';
import type { WholeSeeds } from '../../facts/index.js';
import { loopPollEvery } from '../loop-poll.js';

/** The countdown local of loop polls (codegen/loop-poll.ts); `pollCounterLine` declares it. */
export const POLL_COUNTER = 'brk_n';

/** The declaration a generated function that emits a body needs before it (nothing with polls off). */
export function pollCounterLine(): string {
  const every = loopPollEvery();
  return every > 0 ? `let ${POLL_COUNTER} = ${every};` : '';
}

/** How the body reaches kernel parameter i (set up by the driver). */
export interface ParamBinding {
  kinds: Kind[];
  /** Locals holding the current element (in, iter, out, reduce, vout) or constant components. */
  comps?: string[];
  /** The four float components of `indexof` (x fastest), when the body reads it. */
  indexof?: string[];
  /** Gather: names of the views and of the per-dimension constants (see drivers.ts). */
  gather?: { id: number; dims: number; words: number };
  writable?: boolean;
  /** Declared element or value type (walks struct fields in assignments). */
  type?: Type;
}

export interface Var {
  comps: string[];
  kinds: Kind[];
  /** Declared type (walks struct fields in assignments); undefined after a swizzle. */
  type?: Type;
}

export interface Scope {
  vars: Map<string, Var>;
  prefix: string;
  /** What `param` reads and param-rooted lvalues mean here: the kernel's parameters, or inside an
   *  inlined helper the helper's (fresh locals; a gather parameter aliases the caller's gather). */
  params: ParamBinding[];
  /** Inside an inlined helper: where `return value` goes. */
  ret?: { label: string; comps: string[] };
  /** Inside an inlined helper: hidden indexof arguments by helper parameter index. */
  hidden?: Map<number, string[]>;
  /** Locals of this function body assigned after their declaration. */
  assigned: Set<string>;
}

export const ATOM = /^(?:[A-Za-z_$][\w$]*|\(?-?(?:\d[\d.e+-]*|Infinity)\)?|true|false|NaN|-0)$/;

/**
 * What the driver knows about names, and where hoisted lines go (drivers.ts). With facts, a pure
 * expression whose names are all fixed for a row is computed once per row: it is written to
 * `hoisted` and its temporary joins `rowInvariant`. `seeds` tell the kernel facts (compiler/facts)
 * which constant and iterator components this launch makes whole numbers; the facts decide which
 * gather indices need no rounding step (gidxz).
 */
export interface EmitFacts {
  rowInvariant: Set<string>;
  seeds: WholeSeeds;
  /** Whole-number names with a bound on their magnitude. While a sum, difference or product of
   *  such values stays under 2^24 it is exact in float32, so it is written without fround: V8 then
   *  keeps index arithmetic (indexof(r).x - 1.0) in int32. */
  bounds: Map<string, number>;
  hoisted: string[];
}

/** Magnitudes under this are exact in float32. */
export const EXACT_F32 = 2 ** 24;

/** Names a generated module defines that never change (functions of the prelude, Math, ...). */
export const FIXED_NAMES = new Set([
  'fround', 'floor', 'Math', 'Number', 'Infinity', 'NaN', 'true', 'false', 'f2i', 'f2u', 'roundAway', 'smooth32', 'smooth64',
  'frexpE', 'frexpM', 'gidx', 'gidxi', 'gidxz', 'fmodf',
]);

/** Identifiers an expression reads (property names after a dot are not reads). */
export function namesIn(e: string): string[] {
  return e.match(/(?<![.\w$])[A-Za-z_$][\w$]*/g) ?? [];
}

export function isWholeLiteral(a: string): boolean {
  const v = Number(a.replace(/[()]/g, ''));
  return a !== '' && Number.isInteger(v);
}

