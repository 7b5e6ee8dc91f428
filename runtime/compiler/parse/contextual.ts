/**
 * Brook's keywords `out`, `vout`, `iter`, `kernel` and `reduce` are also ordinary names in C host
 * code of the era (`float out[N]; streamWrite(s, out);`, `for (iter = 0; ...)`, `float kernel[9]`).
 * brcc-era programs use both, so these words are keywords only where Brook syntax follows them:
 *
 *   out / iter / kernel / reduce   followed by a name or a keyword (`out float4 r<>`, `iter float s<10>`,
 *                                  `kernel void f`, `kernel f(` (reported), `reduce float r`)
 *   vout                           followed by a name, a keyword, or `[`...`]` then one of those
 *
 * Everywhere else the token becomes an identifier before parsing, so `out[i]`, `out = p`,
 * `f(out)` and `float kernel[9];` parse as C. `iter(lo, hi)` is a call of the identifier `iter`
 * either way. `indexof` stays a keyword (it is always followed by `(` or a name).
 */
import { copyToken, type Token } from '../lex.js';

const CONTEXTUAL: ReadonlySet<string> = new Set(['out', 'vout', 'iter', 'kernel', 'reduce']);

const isWord = (t: Token | undefined) => t !== undefined && (t.kind === 'ident' || t.kind === 'keyword');

/** A copy of `tokens` with contextual keywords used as names turned into identifiers. */
export function demoteContextualKeywords(tokens: Token[]): Token[] {
  let out: Token[] | undefined;
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (t.kind !== 'keyword' || !CONTEXTUAL.has(t.text)) continue;
    if (isSyntax(tokens, i)) continue;
    out ??= tokens.slice();
    out[i] = copyToken(t, {});
    out[i]!.kind = 'ident';
  }
  return out ?? tokens;
}

function isSyntax(tokens: Token[], i: number): boolean {
  const next = tokens[i + 1];
  if (isWord(next)) return true;
  if (tokens[i]!.text !== 'vout' || next?.text !== '[' || next.kind !== 'punct') return false;
  // `vout [4] float e<>` / `vout [] float e<>`: find the ']' and look past it.
  let depth = 0;
  for (let k = i + 1; k < tokens.length; k++) {
    const u = tokens[k]!;
    if (u.kind !== 'punct') continue;
    if (u.text === '[') depth++;
    else if (u.text === ']' && --depth === 0) return isWord(tokens[k + 1]);
    else if (u.text === ';' || u.text === '{' || u.text === '}') return false;
  }
  return false;
}
