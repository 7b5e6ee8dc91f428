import { flattenElement, wordKind, type Type } from '../runtime/compiler/types.js';

/**
 * A host array of `words` 32-bit words of the kind the runtime accepts for `elem`: Float32Array when
 * every component is float, Int32Array when every one is int, else Uint32Array (raw words).
 */
export function hostArrayFor(elem: Type, words: number): Float32Array | Int32Array | Uint32Array {
  const comps = flattenElement(elem);
  if (comps.every((c) => wordKind(c.scalar) === 'float')) return new Float32Array(words);
  if (comps.every((c) => wordKind(c.scalar) === 'int')) return new Int32Array(words);
  return new Uint32Array(words);
}
