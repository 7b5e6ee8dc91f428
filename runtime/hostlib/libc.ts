/**
 * The C library that generated host code calls: stdio (files in files.ts, input conversion in
 * scanf.ts), stdlib, time, math; string.h, ctype.h and the number parsers (atoi, strtol, strtod) are
 * its base class, CStringLib (libc-strings.ts).
 *
 * `new HostLib({ io, mem })` binds one Mem (memory.ts) and one output sink; generated code calls its
 * methods by C name (`$L.printf(fmt, a, b)`), with arguments already converted to the parameter types
 * (pointers are byte offsets, see memory.ts). Output is bytes: `io.write(fd, bytes)` receives a byte
 * string (one JS char per byte); the CLI writes those bytes, the notebook decodes them as UTF-8
 * (`decodeBytes`).
 *
 * `exit(n)` throws an `ExitRequest` that the program runner catches; nothing else here throws on bad
 * input (C's undefined behaviour becomes a harmless value, never a crash of the session).
 */
import * as fs from 'node:fs';
import { formatC } from './printf.js';
import { GlibcRandom, Rand48 } from './rand.js';
import { Mem, STDERR_PTR, STDIN_PTR, STDOUT_PTR, utf8Bytes } from './memory.js';
import { MATH, frexp } from './math.js';
import { EOF, FileTable } from './files.js';
import { scanC, type ScanSource } from './scanf.js';
import { located } from './support.js';
import { ProgramClocks, usleep } from './clocks.js';
import { CStringLib } from './libc-strings.js';
import { VarArgs } from './varargs.js';
import type { Span } from '../compiler/source.js';

export interface HostIO {
  /** Bytes for file descriptor 1 (stdout) or 2 (stderr), one JS char per byte. */
  write(fd: 1 | 2, bytes: string): void;
  /** fflush: optional; the CLI flushes at exit anyway. */
  flush?(fd: 1 | 2): void;
  /** The next chunk of stdin, blocking until there is one; empty at its end. Without it stdin is empty. */
  readStdin?(): Uint8Array;
}

/** Thrown by exit(n) and abort(); the runner turns it into the exit status. */
export class ExitRequest extends Error {
  constructor(readonly status: number) {
    super(`exit(${status})`);
    this.name = 'ExitRequest';
  }
}

export const CLOCKS_PER_SEC = 1000000;

export interface HostLibOptions {
  io: HostIO;
  mem?: Mem;
}


export class HostLib extends CStringLib {
  readonly io: HostIO;
  readonly random = new GlibcRandom(1);
  readonly random48 = new Rand48();
  readonly stdin = STDIN_PTR;
  readonly stdout = STDOUT_PTR;
  readonly stderr = STDERR_PTR;
  /** Interned string literals: the same literal text always gives the same address (C allows it). */
  private literals = new Map<string, number>();
  /** Byte length of each literal (without its terminating 0): a literal may hold "\0" escapes. */
  private literalBytes = new Map<number, number>();
  private readonly readString = (p: number) => this.mem.cstring(p);
  private readonly clocks = new ProgramClocks();
  /** fopen'ed files and stdin (files.ts). */
  readonly files: FileTable;
  /** The packed `...` arguments of calls (varargs.ts). */
  readonly varargs: VarArgs;

  constructor(opts: HostLibOptions) {
    super(opts.mem ?? new Mem());
    this.io = opts.io;
    this.files = new FileTable(this.mem, this.io);
    this.varargs = new VarArgs(this.mem);
    // Math functions by their C names (sin, sinf, pow, ...).
    for (const [name, fn] of Object.entries(MATH)) (this as unknown as Record<string, unknown>)[name] = fn;
  }

  /** Address of a string literal (JS text, stored as UTF-8 bytes with its NUL). */
  literal(text: string): number {
    let p = this.literals.get(text);
    if (p === undefined) {
      const bytes = utf8Bytes(text);
      p = this.mem.allocCString(bytes);
      this.literals.set(text, p);
      this.literalBytes.set(p, bytes.length);
    }
    return p;
  }

  /** A C string as JS text (UTF-8 decoded): for messages, argv, the notebook. */
  text(p: number): string {
    return Buffer.from(this.mem.cstring(p), 'latin1').toString('utf8');
  }

  /** argv[0], for assert messages. */
  programName = 'brook';

  /** JS text (UTF-16) to a file descriptor as UTF-8 bytes (streamPrint output, messages). */
  writeText(fd: 1 | 2, text: string): void {
    this.io.write(fd, utf8Bytes(text));
  }

  /** `char s[n] = "lit";`: copy min(length + 1, n) bytes, zero the rest. The length is the literal's
   *  own, not strlen: `"\12\0\7"` fills three bytes (volfire's colour table is such a literal). */
  initChars(dst: number, size: number, lit: number): void {
    const n = Math.min((this.literalBytes.get(lit) ?? this.mem.strlen(lit)) + 1, size);
    this.mem.u8.copyWithin(dst, lit, lit + n);
    this.mem.u8.fill(0, dst + n, dst + size);
  }

  /** A failed assert(): glibc's message on stderr, then abort (status 134). */
  assertFail(where: string, fn: string, text: string): never {
    this.writeText(2, `${this.programName}: ${where}: ${fn}: Assertion \`${text}' failed.\n`);
    throw new ExitRequest(134);
  }

  format(fmt: number, args: unknown[]): string {
    return formatC(this.mem.cstring(fmt), args, this.readString);
  }

  // ---- stdio ------------------------------------------------------------------------------------

  printf(fmt: number, ...args: unknown[]): number {
    const s = this.format(fmt, args);
    this.io.write(1, s);
    return s.length;
  }

  fprintf(file: number, fmt: number, ...args: unknown[]): number {
    const s = this.format(fmt, args);
    return this.files.write(file, s) ? s.length : -1;
  }

  sprintf(buf: number, fmt: number, ...args: unknown[]): number {
    const s = this.format(fmt, args);
    this.mem.writeCString(buf, s);
    return s.length;
  }

  snprintf(buf: number, n: number, fmt: number, ...args: unknown[]): number {
    const s = this.format(fmt, args);
    if (n > 0) this.mem.writeCString(buf, s.slice(0, n - 1));
    return s.length;
  }

  // <stdarg.h> (varargs.ts): the list a `...` call packs, and printf's kin over a va_list

  __brook_va_pack(at: number, kinds: string, ...args: unknown[]): number { return this.varargs.pack(at, kinds, args); }
  vprintf(fmt: number, ap: number): number { return this.printf(fmt, ...this.varargs.from(ap)); }
  vfprintf(file: number, fmt: number, ap: number): number { return this.fprintf(file, fmt, ...this.varargs.from(ap)); }
  vsprintf(buf: number, fmt: number, ap: number): number { return this.sprintf(buf, fmt, ...this.varargs.from(ap)); }
  vsnprintf(buf: number, n: number, fmt: number, ap: number): number { return this.snprintf(buf, n, fmt, ...this.varargs.from(ap)); }

  /** glibc's puts returns the number of bytes written, newline included. */
  puts(s: number): number {
    const line = this.mem.cstring(s) + '\n';
    this.io.write(1, line);
    return Math.min(2147483647, line.length);
  }

  fputs(s: number, file: number): number {
    return this.files.write(file, this.mem.cstring(s)) ? 1 : EOF;
  }

  putchar(c: number): number {
    this.io.write(1, String.fromCharCode(c & 255));
    return c & 255;
  }

  fputc(c: number, file: number): number {
    return this.files.write(file, String.fromCharCode(c & 255)) ? c & 255 : EOF;
  }

  putc(c: number, file: number): number {
    return this.fputc(c, file);
  }

  fflush(file: number): number {
    return this.files.flush(file);
  }

  // ---- stdio on files (files.ts) and input (scanf.ts) ---------------------------------------------

  fopen(path: number, mode: number): number {
    return this.files.fopen(this.text(path), this.mem.cstring(mode));
  }

  fclose(file: number): number {
    return this.files.fclose(file);
  }

  /** Flush and forget every open file: the program has ended (the runner calls it). */
  closeAllFiles(): void {
    this.files.closeAll();
  }

  fgetc(file: number): number {
    const f = this.files.file(file);
    return f ? f.getByte() : EOF;
  }

  getc(file: number): number {
    return this.fgetc(file);
  }

  getchar(): number {
    return this.fgetc(STDIN_PTR);
  }

  /** ungetc: one byte back (the position steps back over what was read; EOF pushes nothing). */
  ungetc(c: number, file: number): number {
    const f = this.files.file(file);
    if (!f || c === EOF || f.pos === 0) return EOF;
    f.pos--;
    f.data[f.pos] = c & 255;
    f.eof = false;
    return c & 255;
  }

  /** fgets: up to n - 1 bytes, through the first newline; NULL if nothing was read. */
  fgets(buf: number, n: number, file: number): number {
    const f = this.files.file(file);
    if (!f || n <= 0) return 0;
    let k = 0;
    while (k < n - 1) {
      const c = f.getByte();
      if (c === EOF) break;
      this.mem.u8[buf + k++] = c;
      if (c === 10) break;
    }
    if (k === 0 && n > 1) return 0;
    this.mem.u8[buf + k] = 0;
    return buf;
  }

  fread(p: number, size: number, count: number, file: number): number {
    const f = this.files.file(file);
    if (!f || size === 0 || count === 0) return 0;
    const got = f.readInto(this.mem.u8, p, size * count);
    return Math.floor(got / size);
  }

  fwrite(p: number, size: number, count: number, file: number): number {
    if (size === 0 || count === 0) return 0;
    return this.files.writeRaw(file, this.mem.u8.slice(p, p + size * count)) ? count : 0;
  }

  feof(file: number): number {
    return this.files.file(file)?.eof ? 1 : 0;
  }

  ferror(file: number): number {
    return this.files.file(file)?.error ? 1 : 0;
  }

  clearerr(file: number): void {
    const f = this.files.file(file);
    if (f) f.eof = f.error = false;
  }

  /** fseek(f, off, SEEK_SET | SEEK_CUR | SEEK_END): 0, or -1 for a bad position or stream. */
  fseek(file: number, off: number, whence: number): number {
    const f = this.files.file(file);
    if (!f) return -1;
    const base = whence === 0 ? 0 : whence === 1 ? f.pos : whence === 2 ? f.size : NaN;
    const pos = base + off;
    if (!(pos >= 0)) return -1;
    f.pos = pos;
    f.eof = false;
    return 0;
  }

  ftell(file: number): number {
    const f = this.files.file(file);
    return f ? f.pos : -1;
  }

  rewind(file: number): void {
    this.fseek(file, 0, 0);
    this.clearerr(file);
  }

  remove(path: number): number {
    try {
      fs.rmSync(this.text(path));
      return 0;
    } catch {
      return -1;
    }
  }

  fscanf(file: number, fmt: number, ...args: unknown[]): number {
    const f = this.files.file(file);
    if (!f) return EOF;
    // Looking at the end of input sets the end-of-file indicator, as glibc's getc inside scanf does.
    const peek = () => {
      const c = f.peekByte();
      if (c === EOF) f.eof = true;
      return c;
    };
    return scanC(this.mem.cstring(fmt), { peek, next: () => f.getByte() }, args, this.mem);
  }

  scanf(fmt: number, ...args: unknown[]): number {
    return this.fscanf(STDIN_PTR, fmt, ...args);
  }

  sscanf(s: number, fmt: number, ...args: unknown[]): number {
    const u8 = this.mem.u8;
    let p = s;
    const src: ScanSource = { peek: () => (u8[p] === 0 ? EOF : u8[p]!), next: () => (u8[p] === 0 ? EOF : u8[p++]!) };
    return scanC(this.mem.cstring(fmt), src, args, this.mem);
  }

  // ---- stdlib -----------------------------------------------------------------------------------

  malloc(n: number): number { return this.mem.malloc(n); }
  brmalloc(n: number): number { return this.mem.malloc(n); }
  calloc(n: number, size: number): number { return this.mem.calloc(n, size); }
  brcalloc(n: number, size: number): number { return this.mem.calloc(n, size); }
  realloc(p: number, n: number, span?: Span): number {
    try {
      return this.mem.realloc(p, n);
    } catch (e) {
      throw located(e, span);
    }
  }
  /** free(p): a double free or a pointer malloc did not return is an error at the call (span). */
  free(p: number, span?: Span): void {
    try {
      this.mem.free(p);
    } catch (e) {
      throw located(e, span);
    }
  }
  brfree(p: number, span?: Span): void { this.free(p, span); }

  rand(): number { return this.random.next(); }
  srand(seed: number): void { this.random.seed(seed >>> 0); }
  drand48(): number { return this.random48.next(); }
  srand48(seed: number): void { this.random48.seed(seed); }

  abs(x: number): number { return Math.abs(x | 0) | 0; }
  labs(x: number): number { return Math.abs(x); }
  llabs(x: number): number { return Math.abs(x); }

  exit(status: number): never { throw new ExitRequest(status | 0); }

  /** The process's environment variable (the CLI's, or the notebook kernel's), or NULL; one string per name. */
  getenv(name: number): number {
    const value = process.env[this.text(name)];
    return value === undefined ? 0 : this.literal(value);
  }
  /** abort(): the status a shell reports for SIGABRT. */
  abort(): never {
    throw new ExitRequest(134);
  }


  // ---- time.h -----------------------------------------------------------------------------------

  clock(): number { return this.clocks.clock(); }
  usleep(us: number): number { return usleep(us); }
  /** What `asm("rdtsc")` becomes (clocks.ts). */
  __brook_rdtsc_sample(): void { this.clocks.sampleCycles(); }
  __brook_rdtsc_word(part: number): number { return this.clocks.cycleWord(part); }

  time(p: number): number {
    const t = Math.floor(Date.now() / 1000);
    if (p !== 0) this.mem.storeI64(p, t);
    return t;
  }

  /** gettimeofday(struct timeval *tv, tz): tv_sec and tv_usec are longs. */
  gettimeofday(tv: number, _tz: number): number {
    const us = Math.floor((performance.timeOrigin + performance.now()) * 1000);
    if (tv !== 0) {
      this.mem.storeI64(tv, Math.floor(us / 1e6));
      this.mem.storeI64(tv + 8, us % 1e6);
    }
    return 0;
  }

  // ---- math.h with pointers -------------------------------------------------------------------

  frexp(x: number, e: number): number { return frexp(this.mem, x, e); }
  frexpf(x: number, e: number): number { return Math.fround(frexp(this.mem, x, e)); }

  /** modf: the fraction keeps x's sign (modf(-7.0) is -0.0, modf(inf) is 0 with inf's sign). */
  modf(x: number, ip: number): number {
    const i = Math.trunc(x);
    if (ip !== 0) this.mem.f64[ip >>> 3] = i;
    return fractionOf(x, i);
  }

  modff(x: number, ip: number): number {
    const i = Math.trunc(x);
    if (ip !== 0) this.mem.f32[ip >>> 2] = i;
    return Math.fround(fractionOf(x, i));
  }
}

function fractionOf(x: number, i: number): number {
  if (Number.isNaN(x)) return x;
  const f = Number.isFinite(x) ? x - i : 0;
  return f === 0 && (x < 0 || Object.is(x, -0)) ? -0 : f;
}

// The math functions are attached in the constructor; declare them for TypeScript.
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging
export interface HostLib extends Record<string, unknown> {}
