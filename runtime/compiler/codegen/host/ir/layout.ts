/**
 * Where a member lives, for both printers: a struct field's byte offset (types.ts structLayout, C's
 * layout rules) and a vector component's. Part of the host IR's meaning of `s.f`, `p->f`, `v.x`.
 */
import type { Type } from '../../../types.js';
import { sizeOf, structLayout } from '../../../types.js';

/** A struct field by name: its byte offset in the struct and its type (undefined: no such field). */
export function fieldPlace(t: Type, name: string): { offset: number; type: Type } | undefined {
  if (t.kind !== 'struct') return undefined;
  const i = t.fields.findIndex((f) => f.name === name);
  if (i < 0) return undefined;
  return { offset: structLayout(t).offsets[i]!, type: t.fields[i]!.type };
}

/** The components a swizzle names, in order (`zy` is [2, 1]; xyzw or rgba; -1 for neither). */
export function swizzleComponents(member: string): number[] {
  return [...member].map((ch) => Math.max('xyzw'.indexOf(ch), 'rgba'.indexOf(ch)));
}

/** The byte offset of component `k` of a vector of type `v` in memory. */
export function componentOffset(v: Extract<Type, { kind: 'vector' }>, k: number): number {
  return k * (sizeOf(v) / v.size);
}
