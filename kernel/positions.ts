/**
 * Position bookkeeping for cells: text edits that remember how to map a position in the edited text back to
 * the text before the edit, a source map reader (the TypeScript compiler's output), line/column helpers, and
 * the code-point/UTF-16 conversion Jupyter needs at its edge (cursor_pos counts code points; JavaScript
 * strings count UTF-16 units, so an emoji before the cursor shifts every later position by one).
 */

export interface TextEdit {
  start: number;
  end: number;
  text: string;
}

/** A set of non-overlapping edits over one text; maps offsets of the edited text back to the original. */
export class EditMap {
  private readonly edits: TextEdit[] = [];

  replace(start: number, end: number, text: string): void {
    this.edits.push({ start, end, text });
  }

  insert(at: number, text: string): void {
    this.edits.push({ start: at, end: at, text });
  }

  private sorted(): TextEdit[] {
    // Stable sort: at one offset, inserts come before a replacement, and keep the order they were made in.
    return [...this.edits].sort((a, b) => a.start - b.start || Number(a.end > a.start) - Number(b.end > b.start));
  }

  apply(original: string): string {
    let out = '';
    let at = 0;
    for (const e of this.sorted()) {
      if (e.start < at) throw new Error(`overlapping edits at ${e.start}`);
      out += original.slice(at, e.start) + e.text;
      at = e.end;
    }
    return out + original.slice(at);
  }

  /** Offset in the edited text -> offset in the original; a position inside inserted text maps to its start. */
  toOriginal(offset: number): number {
    let delta = 0;
    for (const e of this.sorted()) {
      const newStart = e.start + delta;
      if (offset < newStart) break;
      if (offset < newStart + e.text.length) return e.start;
      delta += e.text.length - (e.end - e.start);
    }
    return offset - delta;
  }
}

/** 0-based line starts of a text. */
export function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) starts.push(i + 1);
  return starts;
}

/** Offset -> 0-based line and column (UTF-16 units). */
export function lineColumn(starts: number[], offset: number): { line: number; column: number } {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid]! <= offset) lo = mid;
    else hi = mid - 1;
  }
  return { line: lo, column: offset - starts[lo]! };
}

/** 0-based line and column -> offset, clamped to the text. */
export function offsetOf(starts: number[], line: number, column: number, length: number): number {
  const l = Math.max(0, Math.min(line, starts.length - 1));
  return Math.min(starts[l]! + Math.max(0, column), length);
}

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const B64_VALUE = new Map([...B64].map((c, i) => [c, i]));

interface Segment {
  genColumn: number;
  srcLine: number;
  srcColumn: number;
}

/** A decoded source map (version 3, one source): generated line/column -> source line/column, 0-based. */
export class SourceMap {
  private readonly lines: Segment[][] = [];

  constructor(mappings: string) {
    let srcLine = 0;
    let srcColumn = 0;
    for (const lineText of mappings.split(';')) {
      const segments: Segment[] = [];
      let genColumn = 0;
      for (const seg of lineText.split(',')) {
        if (seg === '') continue;
        const v = decodeVlq(seg);
        genColumn += v[0] ?? 0;
        if (v.length >= 4) {
          srcLine += v[2]!;
          srcColumn += v[3]!;
          segments.push({ genColumn, srcLine, srcColumn });
        }
      }
      this.lines.push(segments);
    }
  }

  static fromJson(json: string): SourceMap {
    return new SourceMap((JSON.parse(json) as { mappings: string }).mappings);
  }

  /** The source position of a generated one: the nearest segment at or before it on its line. */
  original(line: number, column: number): { line: number; column: number } | undefined {
    for (let l = Math.min(line, this.lines.length - 1); l >= 0; l--) {
      const segs = this.lines[l]!;
      if (segs.length === 0) continue;
      if (l < line) {
        const last = segs[segs.length - 1]!;
        return { line: last.srcLine, column: last.srcColumn };
      }
      let best: Segment | undefined;
      for (const s of segs) if (s.genColumn <= column) best = s;
      const s = best ?? segs[0]!;
      return { line: s.srcLine, column: s.srcColumn + Math.max(0, column - s.genColumn) * (best ? 1 : 0) };
    }
    return undefined;
  }
}

function decodeVlq(segment: string): number[] {
  const values: number[] = [];
  let value = 0;
  let shift = 0;
  for (const c of segment) {
    const digit = B64_VALUE.get(c);
    if (digit === undefined) throw new Error(`bad source map character "${c}"`);
    value += (digit & 31) << shift;
    if (digit & 32) {
      shift += 5;
    } else {
      values.push(value & 1 ? -(value >>> 1) : value >>> 1);
      value = 0;
      shift = 0;
    }
  }
  return values;
}

/** Jupyter cursor_pos (code points) -> UTF-16 offset into the same string. */
export function codePointsToUtf16(text: string, codePoints: number): number {
  let units = 0;
  let points = 0;
  while (points < codePoints && units < text.length) {
    const c = text.codePointAt(units)!;
    units += c > 0xffff ? 2 : 1;
    points++;
  }
  return units;
}

/** UTF-16 offset -> code points, for cursor_start/cursor_end in replies. */
export function utf16ToCodePoints(text: string, units: number): number {
  let points = 0;
  for (let i = 0; i < units && i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < units) i++;
    points++;
  }
  return points;
}
