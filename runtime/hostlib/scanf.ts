/**
 * C's scanf family: the conversion engine of fscanf, scanf and sscanf (glibc's behaviour).
 *
 * Conversions: d i u o x X (integers; i takes a 0x / 0 prefix), f e E g G a A (floats, inf, nan, hex),
 * c, s, [set] (with ^ and ranges), p, n, %%; an optional `*` (assign nothing), a width, and the length
 * modifiers hh h l ll L q j z t. Results are stored through the pointer arguments into the program's
 * Mem at the size the modifiers give (int 4 bytes, short 2, char 1, long and long long 8; float 4,
 * double and long double 8). A directive of white space skips any amount of it; other characters
 * must match.
 *
 * The return value is the number of assignments, or EOF when the input ended before the first
 * conversion (a matching failure returns the count so far).
 */
import { digitValue, isSpaceCode as isSpace, parseHexFloat } from './ctext.js';
import type { Mem } from './memory.js';

/** Where the characters come from: a FILE (files.ts) or a C string. */
export interface ScanSource {
  /** The next byte without consuming it, or -1 at the end. */
  peek(): number;
  /** Consume and return the next byte, or -1 at the end. */
  next(): number;
}

const EOF = -1;
const isDigitIn = (c: number, base: number): boolean => digitValue(c) < base;

/** Reads a byte source with a width limit and a count of what was consumed (for %n). */
class Reader {
  consumed = 0;
  constructor(private readonly src: ScanSource) {}
  peek(): number { return this.src.peek(); }
  next(): number {
    const c = this.src.next();
    if (c !== EOF) this.consumed++;
    return c;
  }
  skipSpace(): void {
    while (isSpace(this.peek())) this.next();
  }
}

export function scanC(format: string, src: ScanSource, args: readonly unknown[], mem: Mem): number {
  const r = new Reader(src);
  let assigned = 0;
  let converted = 0;
  let argIndex = 0;
  const nextPtr = () => Number(args[argIndex++] ?? 0);
  // EOF before the first conversion (nothing converted yet, input exhausted); else the count.
  const inputFailure = () => (converted === 0 && assigned === 0 ? EOF : assigned);

  for (let i = 0; i < format.length; ) {
    const fc = format.charCodeAt(i);
    if (isSpace(fc)) {
      while (i < format.length && isSpace(format.charCodeAt(i))) i++;
      r.skipSpace();
      continue;
    }
    if (format[i] !== '%') {
      const c = r.peek();
      if (c === EOF) return inputFailure();
      if (c !== fc) return assigned;
      r.next();
      i++;
      continue;
    }
    i++;
    if (format[i] === '%') {
      r.skipSpace();
      const c = r.peek();
      if (c === EOF) return inputFailure();
      if (c !== 37) return assigned;
      r.next();
      i++;
      continue;
    }
    let suppress = false;
    if (format[i] === '*') {
      suppress = true;
      i++;
    }
    let width = 0;
    while (i < format.length && format.charCodeAt(i) >= 48 && format.charCodeAt(i) <= 57) width = width * 10 + format.charCodeAt(i++) - 48;
    let len = '';
    const lm = /^(hh|h|ll|l|L|q|j|z|t)/.exec(format.slice(i));
    if (lm) {
      len = lm[1]!;
      i += len.length;
    }
    const conv = format[i++];
    if (conv === undefined) return assigned;
    const limit = width > 0 ? width : Infinity;

    if (conv === 'n') {
      if (!suppress) storeInt(mem, nextPtr(), r.consumed, len);
      continue;
    }
    if (conv !== 'c' && conv !== '[') r.skipSpace();
    if (r.peek() === EOF) return inputFailure();

    switch (conv) {
      case 'd': case 'i': case 'u': case 'o': case 'x': case 'X': case 'p': {
        const base = conv === 'd' || conv === 'u' ? 10 : conv === 'o' ? 8 : conv === 'i' ? 0 : 16;
        const v = readInteger(r, base, limit);
        if (v === null) return assigned;
        converted++;
        if (!suppress) {
          storeInt(mem, nextPtr(), v, conv === 'p' ? 'l' : len);
          assigned++;
        }
        break;
      }
      case 'f': case 'e': case 'E': case 'g': case 'G': case 'a': case 'A': case 'F': {
        const v = readFloat(r, limit);
        if (v === null) return assigned;
        converted++;
        if (!suppress) {
          const p = nextPtr();
          if (len === 'l' || len === 'L' || len === 'll') mem.f64[p >>> 3] = v;
          else mem.f32[p >>> 2] = v;
          assigned++;
        }
        break;
      }
      case 'c': {
        const n = width > 0 ? width : 1;
        const p = suppress ? 0 : nextPtr();
        let k = 0;
        for (; k < n && r.peek() !== EOF; k++) {
          const c = r.next();
          if (!suppress) mem.u8[p + k] = c;
        }
        if (k < n) return k === 0 ? inputFailure() : assigned;
        converted++;
        if (!suppress) assigned++;
        break;
      }
      case 's': {
        const p = suppress ? 0 : nextPtr();
        let k = 0;
        while (k < limit && r.peek() !== EOF && !isSpace(r.peek())) {
          const c = r.next();
          if (!suppress) mem.u8[p + k] = c;
          k++;
        }
        if (!suppress) mem.u8[p + k] = 0;
        converted++;
        if (!suppress) assigned++;
        break;
      }
      case '[': {
        const set = parseSet(format, i);
        if (!set) return assigned;
        i = set.end;
        const p = suppress ? 0 : nextPtr();
        let k = 0;
        while (k < limit && r.peek() !== EOF && set.has(r.peek())) {
          const c = r.next();
          if (!suppress) mem.u8[p + k] = c;
          k++;
        }
        if (k === 0) return assigned;
        if (!suppress) mem.u8[p + k] = 0;
        converted++;
        if (!suppress) assigned++;
        break;
      }
      default:
        return assigned; // an unknown conversion ends the scan, as glibc does
    }
  }
  return assigned;
}

/** Store an integer at the size of the length modifier (wrapping like C's conversion). */
function storeInt(mem: Mem, p: number, v: bigint | number, len: string): void {
  const b = typeof v === 'bigint' ? v : BigInt(Math.trunc(v));
  switch (len) {
    case 'hh': mem.u8[p] = Number(BigInt.asUintN(8, b)); break;
    case 'h': mem.u16[p >>> 1] = Number(BigInt.asUintN(16, b)); break;
    case 'l': case 'll': case 'L': case 'q': case 'j': case 'z': case 't': {
      const u = BigInt.asUintN(64, b);
      mem.u32[p >>> 2] = Number(u & 0xffffffffn);
      mem.u32[(p >>> 2) + 1] = Number(u >> 32n);
      break;
    }
    default: mem.u32[p >>> 2] = Number(BigInt.asUintN(32, b));
  }
}

/** strtol-style integer: sign, base prefix (base 0: 0x hex, 0 octal), digits; null if none. */
function readInteger(r: Reader, base: number, limit: number): bigint | null {
  let n = 0;
  let neg = false;
  const c0 = r.peek();
  if ((c0 === 43 || c0 === 45) && n < limit) {
    neg = r.next() === 45;
    n++;
  }
  let digits = 0;
  if ((base === 0 || base === 16) && r.peek() === 48 && n < limit) {
    r.next();
    n++;
    digits = 1; // "0" alone is a number
    const x = r.peek();
    if ((x === 120 || x === 88) && n < limit) {
      r.next();
      n++;
      base = 16;
      digits = 0;
    } else if (base === 0) base = 8;
  }
  if (base === 0) base = 10;
  let v = 0n;
  const B = BigInt(base);
  while (n < limit && isDigitIn(r.peek(), base)) {
    const c = r.next();
    n++;
    v = v * B + BigInt(digitValue(c));
    digits++;
  }
  if (digits === 0) return null;
  return neg ? -v : v;
}

/** strtod-style float: decimal with exponent, hex, inf/infinity, nan; null if no number. */
function readFloat(r: Reader, limit: number): number | null {
  let text = '';
  const take = () => {
    text += String.fromCharCode(r.next());
  };
  const room = () => text.length < limit;
  const peekLower = () => String.fromCharCode(r.peek()).toLowerCase();
  if (room() && (r.peek() === 43 || r.peek() === 45)) take();
  // inf, infinity, nan
  if (room() && (peekLower() === 'i' || peekLower() === 'n')) {
    const word = peekLower() === 'i' ? 'infinity' : 'nan';
    let k = 0;
    while (k < word.length && room() && peekLower() === word[k]) {
      take();
      k++;
    }
    const body = text.replace(/^[+-]/, '').toLowerCase();
    if (body === 'nan') return NaN;
    if (body === 'inf' || body === 'infinity') return text.startsWith('-') ? -Infinity : Infinity;
    return null;
  }
  let hex = false;
  if (room() && r.peek() === 48) {
    take();
    if (room() && peekLower() === 'x') {
      take();
      hex = true;
    }
  }
  const isD = (c: number) => (hex ? isDigitIn(c, 16) : c >= 48 && c <= 57);
  let mant = hex ? 0 : /\d$/.test(text) ? 1 : 0;
  while (room() && isD(r.peek())) {
    take();
    mant++;
  }
  if (room() && r.peek() === 46) {
    take();
    while (room() && isD(r.peek())) {
      take();
      mant++;
    }
  }
  if (mant === 0) return null;
  const expChar = hex ? 'p' : 'e';
  if (room() && peekLower() === expChar) {
    // The exponent counts only with digits; glibc has consumed the letter by then either way.
    take();
    if (room() && (r.peek() === 43 || r.peek() === 45)) take();
    let ed = 0;
    while (room() && r.peek() >= 48 && r.peek() <= 57) {
      take();
      ed++;
    }
    if (ed === 0) text = text.replace(/[eEpP][+-]?$/, '');
  }
  if (!hex) return Number(text);
  const x = parseHexFloat(text.replace(/^[+-]?0[xX]/, ''));
  return text.startsWith('-') ? -x : x;
}

/** A %[...] set starting at format[i] (just past '['): membership test and the index past ']'. */
function parseSet(format: string, i: number): { has: (c: number) => boolean; end: number } | null {
  let negate = false;
  if (format[i] === '^') {
    negate = true;
    i++;
  }
  const members = new Set<number>();
  let first = true;
  while (i < format.length && (format[i] !== ']' || first)) {
    const c = format.charCodeAt(i);
    if (format[i + 1] === '-' && i + 2 < format.length && format[i + 2] !== ']') {
      const hi = format.charCodeAt(i + 2);
      for (let k = c; k <= hi; k++) members.add(k);
      i += 3;
    } else {
      members.add(c);
      i++;
    }
    first = false;
  }
  if (format[i] !== ']') return null;
  return { has: (c) => members.has(c) !== negate, end: i + 1 };
}
