/**
 * streamPrint's text, exactly as BrookGPU 0.5's `streamPrint` (brt.cpp) printed it, because old
 * programs' outputs are compared with `diff -w`:
 * - a scalar element: `%3.2f` followed by one space;
 * - a vector or struct element: `{` components joined by `, ` `}` (no space after `}`);
 * - a component with |x| < 1e-6 prints `0.00` (so -0 and -1e-9 print `0.00`); NaN prints `NaN`; an
 *   infinity prints `inf` whatever its sign (the original did not print the sign);
 * - a newline after every last-extent elements.
 * `%3.2f` follows glibc: the exact binary value is rounded half to even at the second decimal.
 * int/uint/bool components (an extension) print their value the same way.
 */
import { flattenElement, wordKind, type Type } from '../compiler/types.js';

/** C's printf("%.2f", x) for a finite x (glibc: exact value, ties to even). */
export function fixed2(x: number): string {
  if (Math.abs(x) >= 1e21) {
    // toFixed switches to exponent form here; these values are integers.
    return `${BigInt(x).toString()}.00`;
  }
  let s = x.toFixed(2);
  // An exact tie d.dd5 is a binary fraction only when x = k/8 with k odd (.125 .375 .625 .875):
  // toFixed rounds those away from zero, glibc to even.
  if (Number.isInteger(x * 8) && !Number.isInteger(x * 4)) {
    const down = x.toFixed(3).slice(0, -1);
    if (Number(down[down.length - 1]) % 2 === 0) s = down;
  }
  return s;
}

export function formatComponent(x: number): string {
  if (Number.isNaN(x)) return 'NaN';
  if (!Number.isFinite(x)) return 'inf';
  if (Math.abs(x) < 0.000001) return '0.00';
  return fixed2(x).padStart(3);
}

/** The printed text of `elements` row-major elements of `elem`, given as 32-bit words. */
export function formatStream(words: Uint32Array, elem: Type, elements: number, lastExtent: number): string {
  const comps = flattenElement(elem);
  const w = comps.length;
  const F = new Float32Array(words.buffer, words.byteOffset, words.length);
  const I = new Int32Array(words.buffer, words.byteOffset, words.length);
  const parts: string[] = [];
  for (let i = 0; i < elements; i++) {
    const vals: string[] = [];
    for (let c = 0; c < w; c++) {
      const o = i * w + c;
      const k = wordKind(comps[c]!.scalar);
      vals.push(formatComponent(k === 'float' ? F[o]! : k === 'int' ? I[o]! : words[o]!));
    }
    parts.push(w === 1 ? `${vals[0]} ` : `{${vals.join(', ')}}`);
    if (lastExtent > 0 && (i + 1) % lastExtent === 0) parts.push('\n');
  }
  return parts.join('');
}
