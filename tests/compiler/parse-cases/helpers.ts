/** Shared helpers of the front-end tests: parse text as a file, render diagnostics compactly. */
import { SourceSet } from '../../../runtime/compiler/source.js';
import { parseSource, type ParseOptions, type ParseResult } from '../../../runtime/compiler/parse/index.js';
import type { Diagnostic } from '../../../runtime/compiler/diagnostics.js';

export interface Parsed extends ParseResult {
  sources: SourceSet;
}

export function parseText(text: string, options: ParseOptions & { name?: string } = {}): Parsed {
  const sources = new SourceSet();
  const file = sources.add(options.name ?? 'test.br', text);
  return { ...parseSource(sources, file.id, options), sources };
}

/** `file:line:col CODE message` for each diagnostic, in order. */
export function diagLines(sources: SourceSet, diags: Diagnostic[]): string[] {
  return diags.map((d) => {
    const name = d.span.file >= 0 ? sources.get(d.span.file).name : '<builtin>';
    const pos = d.span.file >= 0 ? sources.position(d.span.file, d.span.start) : { line: 0, column: 0 };
    return `${name}:${pos.line}:${pos.column} ${d.code} ${d.message}`;
  });
}

/** The text a span covers. */
export function spanText(sources: SourceSet, span: { file: number; start: number; end: number }): string {
  return sources.get(span.file).text.slice(span.start, span.end);
}
