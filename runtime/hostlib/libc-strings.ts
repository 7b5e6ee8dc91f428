/**
 * The byte-string half of the C library: string.h, ctype.h and the number parsers (atoi, strtol,
 * strtod and their kin) over one Mem. HostLib (libc.ts) extends it, so generated code calls these by
 * C name on the same object (`$L.strcpy(d, s)`). Checked calls (memcpy, strcpy, ...) stop with a
 * located error when a range is not addressable, never a crash.
 */
import { Mem } from './memory.js';
import { digitValue, isSpaceCode, parseHexFloat } from './ctext.js';
import { ckr, located } from './support.js';
import { StreamHandles } from './stream-handles.js';
import type { Span } from '../compiler/source.js';

export class CStringLib {
  /** brook::stream slots in host memory (stream-handles.ts); memcpy of a stream value stores one. */
  readonly streams: StreamHandles;

  constructor(readonly mem: Mem) {
    this.streams = new StreamHandles(mem);
  }

  /** glibc: (int) strtol(s, NULL, 10), so out-of-range values keep their low 32 bits. */
  atoi(s: number): number { return Number(BigInt.asIntN(32, this.strtolCore(s, 10).exact)); }
  atol(s: number): number { return this.strtolCore(s, 10).value; }
  atoll(s: number): number { return this.strtolCore(s, 10).value; }
  atof(s: number): number { return this.strtodCore(s).value; }

  strtol(s: number, end: number, base: number): number {
    const r = this.strtolCore(s, base);
    if (end !== 0) this.mem.storeI64(end, r.end);
    return r.value;
  }

  strtoul(s: number, end: number, base: number): number {
    const r = this.strtolCore(s, base, true);
    if (end !== 0) this.mem.storeI64(end, r.end);
    return r.value;
  }

  strtod(s: number, end: number): number {
    const r = this.strtodCore(s);
    if (end !== 0) this.mem.storeI64(end, r.end);
    return r.value;
  }

  strtof(s: number, end: number): number {
    return Math.fround(this.strtod(s, end));
  }

  /** C strtol: whitespace, sign, base prefix, digits; clamps to the 64-bit range like glibc. */
  private strtolCore(s: number, base: number, unsigned = false): { value: number; exact: bigint; end: number } {
    const u8 = this.mem.u8;
    let p = s;
    while (isSpaceCode(u8[p]!)) p++;
    let neg = false;
    if (u8[p] === 45 || u8[p] === 43) neg = u8[p++] === 45;
    if ((base === 0 || base === 16) && u8[p] === 48 && (u8[p + 1] === 120 || u8[p + 1] === 88) && digitValue(u8[p + 2]!) < 16) {
      p += 2;
      base = 16;
    } else if (base === 0) base = u8[p] === 48 ? 8 : 10;
    if (base < 2 || base > 36) return { value: 0, exact: 0n, end: s };
    let v = 0n;
    const start = p;
    const B = BigInt(base);
    for (;;) {
      const d = digitValue(u8[p]!);
      if (d >= base) break;
      v = v * B + BigInt(d);
      p++;
    }
    if (p === start) return { value: 0, exact: 0n, end: s };
    const MAX = (1n << 63n) - 1n;
    if (unsigned) {
      const UMAX = (1n << 64n) - 1n;
      if (v > UMAX) v = UMAX;
      else if (neg) v = BigInt.asUintN(64, -v);
    } else {
      if (neg) v = -v;
      if (v > MAX) v = MAX;
      if (v < -MAX - 1n) v = -MAX - 1n;
    }
    return { value: Number(v), exact: v, end: p };
  }

  /** C strtod: decimal (correctly rounded by Number()), hex floats, inf, infinity, nan. */
  private strtodCore(s: number): { value: number; end: number } {
    const mem = this.mem;
    let p = s;
    while (isSpaceCode(mem.u8[p]!)) p++;
    const text = mem.cstring(p, 4096);
    const m =
      /^[+-]?(?:inf(?:inity)?|nan(?:\([0-9a-z_]*\))?)/i.exec(text) ??
      /^[+-]?0x(?:[0-9a-f]+\.?[0-9a-f]*|\.[0-9a-f]+)(?:p[+-]?\d+)?/i.exec(text) ??
      /^[+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?/i.exec(text);
    if (!m) return { value: 0, end: s };
    const t = m[0];
    const neg = t.startsWith('-');
    const body = t.replace(/^[+-]/, '').toLowerCase();
    let v: number;
    if (body.startsWith('inf')) v = Infinity;
    else if (body.startsWith('nan')) v = NaN;
    else if (body.startsWith('0x')) v = parseHexFloat(body.slice(2));
    else v = Number(body);
    return { value: neg ? -v : v, end: p + t.length };
  }

  // ---- string.h ---------------------------------------------------------------------------------

  /** The n bytes at p must be addressable (checked library calls: memcpy, strcpy...). */
  private needRange(p: number, n: number, write: boolean, span: Span | undefined): void {
    if (n > 0 && !this.mem.rangeAccessible(p, p + n)) {
      try {
        ckr(this.mem, p, n, write ? 1 : 0, span);
      } catch (e) {
        throw located(e, span);
      }
    }
  }

  memset(p: number, c: number, n: number, span?: Span): number {
    this.needRange(p, n, true, span);
    this.mem.u8.fill(c & 255, p, p + n);
    return p;
  }

  memcpy(d: number, s: number, n: number, span?: Span): number {
    if (typeof s === 'object') return this.streams.store(d, s, n, span); // memcpy(slot, &stream, sizeof(brook::stream))
    this.needRange(s, n, false, span);
    this.needRange(d, n, true, span);
    this.mem.u8.copyWithin(d, s, s + n);
    return d;
  }

  memmove(d: number, s: number, n: number, span?: Span): number {
    return this.memcpy(d, s, n, span);
  }

  memcmp(a: number, b: number, n: number): number {
    const u8 = this.mem.u8;
    for (let i = 0; i < n; i++) {
      const d = u8[a + i]! - u8[b + i]!;
      if (d !== 0) return d;
    }
    return 0;
  }

  strlen(s: number): number { return this.mem.strlen(s); }

  strcmp(a: number, b: number): number { return this.strncmp(a, b, Infinity); }

  strncmp(a: number, b: number, n: number): number {
    const u8 = this.mem.u8;
    for (let i = 0; i < n; i++) {
      const x = u8[a + i]!;
      const y = u8[b + i]!;
      if (x !== y) return x - y;
      if (x === 0) return 0;
    }
    return 0;
  }

  strcpy(d: number, s: number, span?: Span): number {
    const n = this.mem.strlen(s);
    this.needRange(d, n + 1, true, span);
    this.mem.u8.copyWithin(d, s, s + n + 1);
    return d;
  }

  strncpy(d: number, s: number, n: number, span?: Span): number {
    const len = Math.min(this.mem.strlen(s), n);
    this.needRange(d, n, true, span);
    this.mem.u8.copyWithin(d, s, s + len);
    this.mem.u8.fill(0, d + len, d + n);
    return d;
  }

  strcat(d: number, s: number, span?: Span): number {
    this.strcpy(d + this.mem.strlen(d), s, span);
    return d;
  }

  strncat(d: number, s: number, n: number): number {
    const at = d + this.mem.strlen(d);
    const len = Math.min(this.mem.strlen(s), n);
    this.mem.u8.copyWithin(at, s, s + len);
    this.mem.u8[at + len] = 0;
    return d;
  }

  strchr(s: number, c: number): number {
    const u8 = this.mem.u8;
    c &= 255;
    for (let p = s; ; p++) {
      if (u8[p] === c) return p;
      if (u8[p] === 0) return 0;
    }
  }

  strrchr(s: number, c: number): number {
    const u8 = this.mem.u8;
    c &= 255;
    let found = 0;
    for (let p = s; ; p++) {
      if (u8[p] === c) found = p;
      if (u8[p] === 0) return found;
    }
  }

  strstr(h: number, n: number): number {
    const hs = this.mem.cstring(h);
    const i = hs.indexOf(this.mem.cstring(n));
    return i < 0 ? 0 : h + i;
  }

  strdup(s: number): number {
    return this.mem.allocCString(this.mem.cstring(s));
  }

  // ---- ctype.h ----------------------------------------------------------------------------------

  isdigit(c: number): number { return c >= 48 && c <= 57 ? 1 : 0; }
  isalpha(c: number): number { return (c >= 65 && c <= 90) || (c >= 97 && c <= 122) ? 1 : 0; }
  isalnum(c: number): number { return this.isdigit(c) || this.isalpha(c); }
  isspace(c: number): number { return isSpaceCode(c) ? 1 : 0; }
  isupper(c: number): number { return c >= 65 && c <= 90 ? 1 : 0; }
  islower(c: number): number { return c >= 97 && c <= 122 ? 1 : 0; }
  isxdigit(c: number): number { return digitValue(c) < 16 ? 1 : 0; }
  toupper(c: number): number { return c >= 97 && c <= 122 ? c - 32 : c; }
  tolower(c: number): number { return c >= 65 && c <= 90 ? c + 32 : c; }
}
