/**
 * C stdio streams (`FILE *`) on real files through Node's fs, and stdin/stdout/stderr as streams.
 *
 * Decisions:
 * - A `FILE *` is an address in the program's Mem (a 16-byte block from malloc for fopen'ed files,
 *   the fixed STDIN/STDOUT/STDERR addresses of memory.ts for the standard streams), so NULL checks,
 *   comparisons and storing it in a struct work as in C.
 * - An opened file is held in memory: read modes load the whole file at fopen; writes go to that
 *   copy and reach the disk at fflush, fclose and program exit (`closeAll`), as C's buffering does.
 *   Positions, fseek/ftell, `+` modes and append follow C; there is no text/binary difference (POSIX).
 * - stdout and stderr write through the HostIO sink (the CLI's stdout, the notebook's output);
 *   stdin is read in chunks from `HostIO.readStdin` when a program reads past what it has (stdout is
 *   flushed first, so a prompt shows before the program waits); without readStdin (a notebook) stdin
 *   is empty.
 * - Paths are relative to the process's working directory (where `brook run` was started), as for a
 *   C program run from a shell.
 * Nothing here throws on bad input: a failed call returns C's failure value (NULL, EOF, 0).
 */
import * as fs from 'node:fs';
import type { Mem } from './memory.js';
import { STDERR_PTR, STDIN_PTR, STDOUT_PTR } from './memory.js';

export const EOF = -1;

/** The output and input the standard streams use (HostIO of libc.ts). */
export interface StdStreams {
  write(fd: 1 | 2, bytes: string): void;
  flush?(fd: 1 | 2): void;
  /** The next chunk of stdin (blocking until there is one); empty at end of input. */
  readStdin?(): Uint8Array;
}

/** An open file: its bytes in memory, the position, and C's end-of-file and error indicators. */
export class OpenFile {
  data: Uint8Array;
  size: number;
  pos = 0;
  eof = false;
  error = false;
  dirty = false;

  constructor(
    readonly path: string | null,
    readonly readable: boolean,
    readonly writable: boolean,
    readonly append: boolean,
    initial: Uint8Array,
    /** A stream that grows as it is read (stdin): the next chunk, empty at its end. */
    private readonly more?: () => Uint8Array,
  ) {
    this.data = initial;
    this.size = initial.length;
  }

  /** Whether there is a byte at the position, fetching more input for a growing stream. */
  private available(need = 1): boolean {
    while (this.pos + need > this.size && this.more) {
      const chunk = this.more();
      if (chunk.length === 0) break;
      this.appendData(chunk);
    }
    return this.pos + need <= this.size;
  }

  private appendData(chunk: Uint8Array): void {
    if (this.size + chunk.length > this.data.length) {
      const grown = new Uint8Array(Math.max(this.size + chunk.length, this.data.length * 2, 256));
      grown.set(this.data.subarray(0, this.size));
      this.data = grown;
    }
    this.data.set(chunk, this.size);
    this.size += chunk.length;
  }

  /** Next byte, or EOF (and the end-of-file indicator set). */
  getByte(): number {
    if (!this.readable) {
      this.error = true;
      return EOF;
    }
    if (!this.available()) {
      this.eof = true;
      return EOF;
    }
    return this.data[this.pos++]!;
  }

  /** The byte getByte would return, without consuming it (EOF at the end; the indicator is not set). */
  peekByte(): number {
    return this.readable && this.available() ? this.data[this.pos]! : EOF;
  }

  /** Copy up to n bytes into `dst` at `at`; returns how many. */
  readInto(dst: Uint8Array, at: number, n: number): number {
    if (!this.readable) {
      this.error = true;
      return 0;
    }
    this.available(n);
    const k = Math.max(0, Math.min(n, this.size - this.pos));
    dst.set(this.data.subarray(this.pos, this.pos + k), at);
    this.pos += k;
    if (k < n) this.eof = true;
    return k;
  }

  /** Write bytes at the position (at the end in append mode); false if the file is not writable. */
  writeBytes(src: Uint8Array): boolean {
    if (!this.writable) {
      this.error = true;
      return false;
    }
    if (this.append) this.pos = this.size;
    const end = this.pos + src.length;
    if (end > this.data.length) {
      const grown = new Uint8Array(Math.max(end, this.data.length * 2, 256));
      grown.set(this.data.subarray(0, this.size));
      this.data = grown;
    }
    if (this.pos > this.size) this.data.fill(0, this.size, this.pos); // a hole after fseek past the end
    this.data.set(src, this.pos);
    this.pos = end;
    this.size = Math.max(this.size, end);
    this.dirty = true;
    return true;
  }

  /** Write the contents back to the disk if they changed; false on an I/O error. */
  flush(): boolean {
    if (!this.dirty || this.path === null) return true;
    try {
      fs.writeFileSync(this.path, this.data.subarray(0, this.size));
      this.dirty = false;
      return true;
    } catch {
      this.error = true;
      return false;
    }
  }
}

/** C's fopen modes: r, w, a, each with an optional `+`, and `b` anywhere (ignored). */
function parseMode(mode: string): { read: boolean; write: boolean; create: boolean; truncate: boolean; append: boolean } | null {
  const m = /^([rwa])(b?\+?b?)$/.exec(mode.replace(/[tcemx]/g, ''));
  if (!m) return null;
  const plus = m[2]!.includes('+');
  switch (m[1]) {
    case 'r': return { read: true, write: plus, create: false, truncate: false, append: false };
    case 'w': return { read: plus, write: true, create: true, truncate: true, append: false };
    default: return { read: plus, write: true, create: true, truncate: false, append: true };
  }
}

export class FileTable {
  private readonly open = new Map<number, OpenFile>();
  private stdinFile: OpenFile | undefined;

  constructor(
    private readonly mem: Mem,
    private readonly std: StdStreams,
  ) {}

  /** fopen: a new FILE * for the file, or 0 (NULL) when it cannot be opened in that mode. */
  fopen(path: string, mode: string): number {
    const m = parseMode(mode);
    if (!m || path === '') return 0;
    let initial: Uint8Array = new Uint8Array(0);
    try {
      if (!m.truncate) {
        if (fs.existsSync(path)) initial = new Uint8Array(fs.readFileSync(path));
        else if (!m.create) return 0;
      }
      // Create or truncate now, as C does (a program may test the file's existence before fclose).
      if (m.truncate || !fs.existsSync(path)) fs.writeFileSync(path, initial);
    } catch {
      return 0;
    }
    const f = new OpenFile(path, m.read, m.write, m.append, initial);
    if (m.append) f.pos = f.size;
    const handle = this.mem.malloc(16);
    if (handle === 0) return 0;
    this.open.set(handle, f);
    return handle;
  }

  /** fclose: flush, forget the handle; 0, or EOF for an unknown handle or a failed write. */
  fclose(fp: number): number {
    if (fp === STDOUT_PTR || fp === STDERR_PTR) {
      this.std.flush?.(fp === STDOUT_PTR ? 1 : 2);
      return 0;
    }
    if (fp === STDIN_PTR) return 0;
    const f = this.open.get(fp);
    if (!f) return EOF;
    const ok = f.flush();
    this.open.delete(fp);
    this.mem.free(fp);
    return ok ? 0 : EOF;
  }

  /** The open file behind a handle (stdin included); undefined for stdout/stderr and unknown ones. */
  file(fp: number): OpenFile | undefined {
    if (fp === STDIN_PTR) return this.stdin();
    return this.open.get(fp);
  }

  /** 1 or 2 for stdout/stderr, else 0. */
  fdOf(fp: number): 1 | 2 | 0 {
    return fp === STDOUT_PTR ? 1 : fp === STDERR_PTR ? 2 : 0;
  }

  /** Bytes (one JS char per byte) to a stream; false if it is not writable. */
  write(fp: number, bytes: string): boolean {
    const fd = this.fdOf(fp);
    if (fd !== 0) {
      this.std.write(fd, bytes);
      return true;
    }
    const f = this.open.get(fp);
    return f ? f.writeBytes(Buffer.from(bytes, 'latin1')) : false;
  }

  /** Raw bytes to a stream; false if it is not writable. */
  writeRaw(fp: number, bytes: Uint8Array): boolean {
    const fd = this.fdOf(fp);
    if (fd !== 0) {
      this.std.write(fd, Buffer.from(bytes).toString('latin1'));
      return true;
    }
    const f = this.open.get(fp);
    return f ? f.writeBytes(bytes) : false;
  }

  /** fflush(fp), or every stream for fflush(NULL). */
  flush(fp: number): number {
    if (fp === 0) {
      this.std.flush?.(1);
      this.std.flush?.(2);
      let ok = true;
      for (const f of this.open.values()) ok = f.flush() && ok;
      return ok ? 0 : EOF;
    }
    const fd = this.fdOf(fp);
    if (fd !== 0) {
      this.std.flush?.(fd);
      return 0;
    }
    const f = this.open.get(fp);
    if (!f) return fp === STDIN_PTR ? 0 : EOF;
    return f.flush() ? 0 : EOF;
  }

  /** At program end: write every open file back (C flushes open streams at exit) and forget them. */
  closeAll(): void {
    for (const [fp, f] of this.open) {
      f.flush();
      this.mem.free(fp);
    }
    this.open.clear();
  }

  private stdin(): OpenFile {
    if (!this.stdinFile) {
      let ended = false;
      const more = (): Uint8Array => {
        if (ended || !this.std.readStdin) return new Uint8Array(0);
        this.std.flush?.(1); // a prompt printed before the read shows first, as on a terminal
        try {
          const chunk = this.std.readStdin();
          if (chunk.length === 0) ended = true;
          return chunk;
        } catch {
          ended = true; // no usable stdin (closed descriptor): reads see end of file
          return new Uint8Array(0);
        }
      };
      this.stdinFile = new OpenFile(null, true, false, false, new Uint8Array(0), more);
    }
    return this.stdinFile;
  }
}
