/**
 * Source files and spans.
 *
 * Every AST node, token and IR entry carries a Span: a file id plus UTF-16 offsets into that file's
 * original text (before preprocessing). Tokens produced by macro expansion carry the span of the macro
 * use, so a diagnostic always points at text the user wrote. Only the diagnostic renderer turns spans
 * into line:column.
 */

export interface SourceFile {
  /** Index into the SourceSet's files. */
  readonly id: number;
  /** Name shown to the user: a path, or a cell label such as "cell[3]". */
  readonly name: string;
  readonly text: string;
  /** Offsets where each line starts (computed lazily). */
  lineStarts?: number[];
}

export interface Span {
  readonly file: number;
  readonly start: number;
  readonly end: number;
}

/** Every file that takes part in one compilation (the main file, its #includes, earlier cells). */
export class SourceSet {
  readonly files: SourceFile[] = [];

  add(name: string, text: string): SourceFile {
    const file: SourceFile = { id: this.files.length, name, text };
    this.files.push(file);
    return file;
  }

  get(id: number): SourceFile {
    const f = this.files[id];
    if (!f) throw new Error(`internal: unknown source file id ${id}`);
    return f;
  }

  /** 1-based line and column (column counts UTF-16 units, 1-based) of an offset. */
  position(file: number, offset: number): { line: number; column: number } {
    const f = this.get(file);
    const starts = lineStartsOf(f);
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: offset - starts[lo]! + 1 };
  }

  /** Text of a 1-based line, without its newline. */
  lineText(file: number, line: number): string {
    const f = this.get(file);
    const starts = lineStartsOf(f);
    const s = starts[line - 1];
    if (s === undefined) return '';
    const e = line < starts.length ? starts[line]! - 1 : f.text.length;
    return f.text.slice(s, e).replace(/\r$/, '');
  }
}

function lineStartsOf(f: SourceFile): number[] {
  if (!f.lineStarts) {
    const starts = [0];
    for (let i = 0; i < f.text.length; i++) if (f.text.charCodeAt(i) === 10) starts.push(i + 1);
    f.lineStarts = starts;
  }
  return f.lineStarts;
}

export function spanFrom(a: Span, b: Span): Span {
  return { file: a.file, start: a.start, end: a.file === b.file ? Math.max(a.end, b.end) : a.end };
}

/** A span for things the user did not write (built-ins, synthesized nodes). */
export const NO_SPAN: Span = { file: -1, start: 0, end: 0 };
