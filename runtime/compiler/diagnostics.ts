/**
 * Diagnostics are data: every stage collects them instead of throwing (a `throw` means a bug in us).
 * A diagnostic has a code (BRK1xxx preprocessor/syntax, BRK2xxx semantic checks, BRK5xxx runtime),
 * a message, a primary span, an optional hint saying how to fix it, and related spans.
 * `renderDiagnostic` prints the one caret form used by the CLI and the notebook alike:
 *
 *   prog.br:3:14: error: BRK2001: unknown identifier 'foo'
 *       3 |   result = foo * x;
 *         |            ^~~
 *   hint: declare 'foo' or pass it as a kernel argument
 */
import type { SourceSet, Span } from './source.js';

export type Severity = 'error' | 'warning' | 'note';

export interface Diagnostic {
  code: string;
  severity: Severity;
  message: string;
  span: Span;
  hint?: string;
  related?: { span: Span; message: string }[];
}

/** Collects diagnostics for one compilation. */
export class DiagnosticBag {
  readonly items: Diagnostic[] = [];

  error(code: string, span: Span, message: string, hint?: string): Diagnostic {
    const d: Diagnostic = { code, severity: 'error', message, span, hint };
    this.items.push(d);
    return d;
  }

  warning(code: string, span: Span, message: string, hint?: string): Diagnostic {
    const d: Diagnostic = { code, severity: 'warning', message, span, hint };
    this.items.push(d);
    return d;
  }

  get hasErrors(): boolean {
    return this.items.some((d) => d.severity === 'error');
  }
}

/** Error raised at run time by the Brook runtime (BRK5xxx); carries the span of the host statement. */
export class BrookRuntimeError extends Error {
  constructor(
    readonly code: string,
    message: string,
    public span?: Span,
    readonly hint?: string,
  ) {
    super(message);
    this.name = 'BrookRuntimeError';
  }
}

export function renderDiagnostic(sources: SourceSet, d: Diagnostic): string {
  return renderAt(sources, d.span, d.severity, `${d.code}: ${d.message}`, d.hint, d.related);
}

export function renderRuntimeError(sources: SourceSet | undefined, e: BrookRuntimeError): string {
  if (!sources || !e.span || e.span.file < 0) {
    return `error: ${e.code}: ${e.message}${e.hint ? `\nhint: ${e.hint}` : ''}`;
  }
  return renderAt(sources, e.span, 'error', `${e.code}: ${e.message}`, e.hint);
}

function renderAt(
  sources: SourceSet,
  span: Span,
  severity: Severity,
  message: string,
  hint?: string,
  related?: { span: Span; message: string }[],
): string {
  if (span.file < 0) return `${severity}: ${message}${hint ? `\nhint: ${hint}` : ''}`;
  const file = sources.get(span.file);
  const { line, column } = sources.position(span.file, span.start);
  const text = sources.lineText(span.file, line);
  const gutter = String(line).length;
  const pad = ' '.repeat(gutter);
  // Caret under the first character, tildes for the rest of the span on this line.
  const lineEndCol = text.length + 1;
  const endCol = Math.min(
    Math.max(column + 1, sources.position(span.file, Math.max(span.start + 1, span.end)).column),
    lineEndCol + 1,
  );
  const prefix = text.slice(0, column - 1).replace(/[^\t]/g, ' ');
  const marker = '^' + '~'.repeat(Math.max(0, endCol - column - 1));
  const out = [
    `${file.name}:${line}:${column}: ${severity}: ${message}`,
    ` ${String(line)} | ${text}`,
    ` ${pad} | ${prefix}${marker}`,
  ];
  if (hint) out.push(`hint: ${hint}`);
  for (const r of related ?? []) {
    if (r.span.file < 0) continue;
    const p = sources.position(r.span.file, r.span.start);
    out.push(`${sources.get(r.span.file).name}:${p.line}:${p.column}: note: ${r.message}`);
  }
  return out.join('\n');
}
