/**
 * Grammar-aware mutation: a seed program's tokens (the project's own lexer) are changed in ways that
 * keep much of the program well formed, so mutated inputs get past the parser into the checker and
 * code generators: tokens are swapped for others of the same class (a name for a name, an operator
 * for an operator, a type for a type, a number for an extreme number); statements and top-level
 * items (found by bracket matching) are deleted, duplicated, swapped, wrapped in control flow or
 * spliced in from another seed; constructs from snippets.ts are inserted.
 *
 * Deterministic: the same Rng state gives the same input.
 */
import { lex, type Token } from '../runtime/compiler/lex.js';
import type { Corpus, Seed } from './corpus.js';
import type { Rng } from './rng.js';
import { STATEMENTS, TOP_LEVEL } from './snippets.js';

/** One token and the text (layout, comments) before it: joining pieces gives the program back. */
interface Piece {
  pre: string;
  text: string;
  kind: Token['kind'];
  /** First token of a preprocessor directive's line, or inside one. */
  directive: boolean;
}

const TYPES = ['float', 'float2', 'float3', 'float4', 'int', 'int2', 'int4', 'uint', 'bool', 'bool2', 'char', 'double', 'long', 'short', 'unsigned', 'void', 'double2'];
const QUALIFIERS = ['out', 'reduce', 'iter', 'const', 'kernel', 'vout', 'static', 'unsigned', 'struct'];
const NUMBERS = [
  '0', '1', '-1', '2', '3', '0.5f', '1e30', '1e39', '1e-45', '-0.0f', '255', '256', '65536', '0x7fffffff', '0x80000000',
  '2147483647', '2147483648', '4294967295', '4294967296', '4294967297', '9007199254740993', '1e308', '0xffffffffffffffff',
  '1.5', '3.0e-39f', '07', '0x1p4', '1u', '1L', '-2147483648',
];
const PUNCT_CLASSES: readonly string[][] = [
  ['+', '-', '*', '/', '%', '&', '|', '^', '<<', '>>', '&&', '||'],
  ['<', '>', '<=', '>=', '==', '!='],
  ['=', '+=', '-=', '*=', '/=', '%=', '&=', '|=', '^=', '<<=', '>>='],
  ['++', '--', '!', '~', '-', '+', '*', '&'],
  ['(', ')', '[', ']', '{', '}', '<', '>'],
  [',', ';', ':', '?', '.', '->', '#', '...'],
];
const KEYWORDS = ['if', 'else', 'for', 'while', 'do', 'switch', 'case', 'default', 'break', 'continue', 'return', 'goto', 'sizeof', 'typedef', 'struct', 'kernel', 'reduce', 'out', 'iter', 'vout', 'indexof'];
const WRAPS: readonly [string, string][] = [
  ['if (1) {', '}'],
  ['if (0) ; else {', '}'],
  ['switch (1) { case 1: {', '} break; default: ; }'],
  ['switch (0) { default:', '}'],
  ['for (int fz_i = 0; fz_i < 2; fz_i++) {', '}'],
  ['while (1) {', 'break; }'],
  ['do {', '} while (0);'],
  ['{', '}'],
  ['fz_lbl:', ''],
  ['goto fz_skip; fz_skip: {', '}'],
];

function toPieces(text: string): Piece[] {
  const tokens = lex(text, 0).filter((t) => t.kind !== 'eof');
  const pieces: Piece[] = [];
  let at = 0;
  let inDirective = false;
  for (const t of tokens) {
    if (t.bol) inDirective = t.text === '#';
    pieces.push({ pre: text.slice(at, t.span.start), text: t.text, kind: t.kind, directive: inDirective });
    at = t.span.end;
  }
  pieces.push({ pre: text.slice(at), text: '', kind: 'eof', directive: false });
  return pieces;
}

function join(pieces: Piece[]): string {
  let s = '';
  for (const p of pieces) s += p.pre + p.text;
  return s;
}

const OPEN: Record<string, string> = { '(': ')', '[': ']', '{': '}' };

/** Structure of a token list: bracket partners, depth, where statements and top-level items start. */
interface Shape {
  match: Int32Array;
  depth: Int32Array;
  /** Token indices where a statement inside a function or kernel body starts. */
  stmtStarts: number[];
  /** Token indices where a top-level item starts. */
  topStarts: number[];
}

function shapeOf(ps: Piece[]): Shape {
  const n = ps.length;
  const match = new Int32Array(n).fill(-1);
  const depth = new Int32Array(n);
  const stack: number[] = [];
  const braceDepth: number[] = [];
  let braces = 0;
  for (let i = 0; i < n; i++) {
    const t = ps[i]!.text;
    depth[i] = stack.length;
    if (ps[i]!.kind !== 'punct' || ps[i]!.directive) { braceDepth.push(braces); continue; }
    if (t in OPEN) {
      stack.push(i);
      if (t === '{') braces++;
    } else if (t === ')' || t === ']' || t === '}') {
      const j = stack.pop();
      if (j !== undefined) { match[i] = j; match[j] = i; }
      if (t === '}') braces = Math.max(0, braces - 1);
      depth[i] = stack.length;
    }
    braceDepth.push(braces);
  }
  const stmtStarts: number[] = [];
  const topStarts: number[] = [0];
  for (let i = 1; i < n; i++) {
    const prev = ps[i - 1]!;
    if (ps[i]!.directive || ps[i]!.kind === 'eof') continue;
    const afterEnd = prev.text === ';' || prev.text === '{' || prev.text === '}';
    if (!afterEnd || prev.kind !== 'punct') continue;
    // Inside parentheses (a for header) no statement starts.
    if (isInParens(ps, match, i)) continue;
    if (depth[i] === 0) topStarts.push(i);
    else stmtStarts.push(i);
  }
  return { match, depth, stmtStarts, topStarts };
}

function isInParens(ps: Piece[], match: Int32Array, i: number): boolean {
  // Walk back to the nearest unmatched opener; parentheses mean a for header or an argument list.
  for (let j = i - 1; j >= 0; j--) {
    const t = ps[j]!.text;
    if ((t === ')' || t === ']' || t === '}') && match[j]! >= 0) { j = match[j]!; continue; }
    if (t === '(' || t === '[') return true;
    if (t === '{') return false;
  }
  return false;
}

/** End (exclusive) of the statement or item starting at i: its ';' or its block's '}'. */
function endOf(ps: Piece[], s: Shape, i: number): number {
  const n = ps.length - 1;
  for (let j = i; j < n; j++) {
    const t = ps[j]!.text;
    if (ps[j]!.kind !== 'punct' || ps[j]!.directive) continue;
    if (t === '(' || t === '[') { if (s.match[j]! > j) j = s.match[j]!; continue; }
    if (t === '{') {
      const close = s.match[j]!;
      if (close < 0) return n;
      // `typedef struct {...} T;`, `float a[] = {...};`: the item goes on to its ';'.
      const next = ps[close + 1];
      if (next && (next.kind === 'ident' || next.text === ';' || next.text === ',' || next.text === '=' || ps[j - 1]?.text === '=')) { j = close; continue; }
      const after = ps[close + 1];
      if (after && after.text === 'else') { j = close; continue; }
      if (after && after.text === 'while' && ps[i]!.text === 'do') { j = close; continue; }
      return close + 1;
    }
    if (t === '}') return j; // the enclosing block ends: the statement was cut short
    if (t === ';') {
      if (ps[j + 1]?.text === 'else') continue;
      return j + 1;
    }
  }
  return n;
}

export type MutationName =
  | 'replaceToken' | 'deleteToken' | 'insertToken' | 'extremeNumber' | 'swapType'
  | 'deleteStatement' | 'duplicateStatement' | 'swapStatements' | 'wrapStatement' | 'spliceStatement'
  | 'insertStatement' | 'insertTopLevel' | 'deleteTopLevel' | 'spliceTopLevel' | 'renameUse';

export const MUTATIONS: readonly MutationName[] = [
  'replaceToken', 'deleteToken', 'insertToken', 'extremeNumber', 'swapType',
  'deleteStatement', 'duplicateStatement', 'swapStatements', 'wrapStatement', 'spliceStatement',
  'insertStatement', 'insertTopLevel', 'deleteTopLevel', 'spliceTopLevel', 'renameUse',
];

export interface Mutant {
  text: string;
  seed: string;
  applied: MutationName[];
}

/** A mutant of one seed: 1 to 4 mutations (most often 1), each on the result of the previous. */
export function mutate(corpus: Corpus, rng: Rng): Mutant {
  const seed = rng.pick(corpus.seeds);
  let pieces = toPieces(seed.text);
  const applied: MutationName[] = [];
  const rounds = 1 + (rng.chance(0.4) ? 1 + rng.int(3) : 0);
  for (let r = 0; r < rounds; r++) {
    const name = rng.pick(MUTATIONS);
    const next = apply(name, pieces, corpus, seed, rng);
    if (!next) continue;
    applied.push(name);
    pieces = toPieces(join(next));
  }
  return { text: join(pieces), seed: seed.name, applied };
}

function identsOf(ps: Piece[]): string[] {
  const out = ps.filter((p) => p.kind === 'ident' && !p.directive).map((p) => p.text);
  return out.length ? out : ['x'];
}

function fill(snippet: string, ps: Piece[], rng: Rng): string {
  const names = identsOf(ps);
  return snippet.replace(/\$[ab]/g, () => rng.pick(names));
}

function insertAt(ps: Piece[], i: number, text: string): Piece[] {
  const out = ps.slice();
  out.splice(i, 0, { pre: ' ', text, kind: 'ident', directive: false });
  return out;
}

function apply(name: MutationName, ps: Piece[], corpus: Corpus, seed: Seed, rng: Rng): Piece[] | undefined {
  const tokens = ps.length - 1; // without eof
  if (tokens <= 0) return undefined;
  const s = shapeOf(ps);
  const anyToken = () => rng.int(tokens);
  switch (name) {
    case 'replaceToken': {
      const i = anyToken();
      const p = ps[i]!;
      const out = ps.slice();
      out[i] = { ...p, text: replacementFor(p, ps, corpus, rng) };
      return out;
    }
    case 'deleteToken': {
      const out = ps.slice();
      const i = anyToken();
      out[i + 1] = { ...out[i + 1]!, pre: out[i]!.pre + out[i + 1]!.pre };
      out.splice(i, 1);
      return out;
    }
    case 'insertToken': {
      const pool = [rng.pick(corpus.idents), rng.pick(NUMBERS), rng.pick(rng.pick(PUNCT_CLASSES)), rng.pick(KEYWORDS), rng.pick(TYPES), rng.pick(QUALIFIERS)];
      return insertAt(ps, anyToken(), rng.pick(pool));
    }
    case 'extremeNumber': {
      const nums = ps.map((p, i) => (p.kind === 'number' ? i : -1)).filter((i) => i >= 0);
      if (!nums.length) return undefined;
      const i = rng.pick(nums);
      const out = ps.slice();
      out[i] = { ...ps[i]!, text: rng.pick(NUMBERS) };
      return out;
    }
    case 'swapType': {
      const types = ps.map((p, i) => (TYPES.includes(p.text) ? i : -1)).filter((i) => i >= 0);
      if (!types.length) return undefined;
      const i = rng.pick(types);
      const out = ps.slice();
      out[i] = { ...ps[i]!, text: rng.pick(TYPES) };
      return out;
    }
    case 'renameUse': {
      // One use of a name becomes another name of the program (a stream for a scalar, a kernel for a function...).
      const ids = ps.map((p, i) => (p.kind === 'ident' && !p.directive ? i : -1)).filter((i) => i >= 0);
      if (!ids.length) return undefined;
      const i = rng.pick(ids);
      const out = ps.slice();
      out[i] = { ...ps[i]!, text: rng.pick(identsOf(ps)) };
      return out;
    }
    case 'deleteStatement':
    case 'deleteTopLevel': {
      const starts = name === 'deleteStatement' ? s.stmtStarts : s.topStarts;
      if (!starts.length) return undefined;
      const a = rng.pick(starts);
      const b = endOf(ps, s, a);
      if (b <= a) return undefined;
      const out = ps.slice();
      out[b] = { ...out[b]!, pre: out[a]!.pre + out[b]!.pre };
      out.splice(a, b - a);
      return out;
    }
    case 'duplicateStatement': {
      if (!s.stmtStarts.length) return undefined;
      const a = rng.pick(s.stmtStarts);
      const b = endOf(ps, s, a);
      if (b <= a) return undefined;
      const copy = ps.slice(a, b);
      const at = rng.chance(0.5) ? b : rng.pick(s.stmtStarts);
      const out = ps.slice();
      out.splice(at, 0, ...copy);
      return out;
    }
    case 'swapStatements': {
      if (s.stmtStarts.length < 2) return undefined;
      const a1 = rng.pick(s.stmtStarts);
      const a2 = rng.pick(s.stmtStarts);
      const [x, y] = a1 < a2 ? [a1, a2] : [a2, a1];
      const xe = endOf(ps, s, x);
      const ye = endOf(ps, s, y);
      if (xe > y || x === y) return undefined;
      return [...ps.slice(0, x), ...ps.slice(y, ye), ...ps.slice(xe, y), ...ps.slice(x, xe), ...ps.slice(ye)];
    }
    case 'wrapStatement': {
      if (!s.stmtStarts.length) return undefined;
      const a = rng.pick(s.stmtStarts);
      const b = endOf(ps, s, a);
      const [open, close] = rng.pick(WRAPS);
      const out = ps.slice();
      out.splice(b, 0, { pre: ' ', text: close, kind: 'ident', directive: false });
      out.splice(a, 0, { pre: ' ', text: open, kind: 'ident', directive: false });
      return out;
    }
    case 'spliceStatement':
    case 'spliceTopLevel': {
      const donor = rng.pick(corpus.seeds);
      const dp = toPieces(donor.text);
      const ds = shapeOf(dp);
      const donorStarts = name === 'spliceStatement' ? ds.stmtStarts : ds.topStarts;
      const starts = name === 'spliceStatement' ? s.stmtStarts : s.topStarts;
      if (!donorStarts.length || !starts.length) return undefined;
      const a = rng.pick(donorStarts);
      const b = endOf(dp, ds, a);
      const out = ps.slice();
      out.splice(rng.pick(starts), 0, ...dp.slice(a, b).map((p) => (p.directive ? { ...p, pre: p.text === '#' ? '\n' : p.pre } : p)));
      return out;
    }
    case 'insertStatement': {
      if (!s.stmtStarts.length) return undefined;
      return insertAt(ps, rng.pick(s.stmtStarts), fill(rng.pick(STATEMENTS), ps, rng));
    }
    case 'insertTopLevel': {
      const out = ps.slice();
      out.splice(rng.pick(s.topStarts), 0, { pre: '\n', text: fill(rng.pick(TOP_LEVEL), ps, rng) + '\n', kind: 'ident', directive: false });
      return out;
    }
  }
  void seed;
  return undefined;
}

function replacementFor(p: Piece, ps: Piece[], corpus: Corpus, rng: Rng): string {
  switch (p.kind) {
    case 'ident':
      return rng.chance(0.3) ? rng.pick(TYPES) : rng.chance(0.5) ? rng.pick(identsOf(ps)) : rng.pick(corpus.idents);
    case 'number':
      return rng.chance(0.5) ? rng.pick(NUMBERS) : rng.pick(corpus.numbers);
    case 'string':
      return rng.chance(0.8) ? rng.pick(corpus.strings) : '"%d %f %s %p %n %*d %.99999f"';
    case 'keyword':
      return rng.pick(KEYWORDS);
    case 'punct': {
      const cls = PUNCT_CLASSES.find((c) => c.includes(p.text));
      return rng.pick(cls ?? PUNCT_CLASSES[5]!);
    }
    default:
      return p.text;
  }
}
