/**
 * Test harness for the checker and the lowering: parse + check a source, and compare diagnostics with
 * markers written in the source. A marker is a comment `/*!BRK2001*\/` placed right before the token
 * where the diagnostic must point: the expected line:col is where the marker ends. Markers are
 * comments, so the source compiles the same with them in place.
 */
import { SourceSet } from '../../../runtime/compiler/source.js';
import { parseSource } from '../../../runtime/compiler/parse/index.js';
import { checkProgram, type CheckResult, type SessionSymbol } from '../../../runtime/compiler/check/index.js';
import { renderDiagnostic, type Diagnostic } from '../../../runtime/compiler/diagnostics.js';

export interface Compiled {
  sources: SourceSet;
  result: CheckResult;
  parseDiagnostics: Diagnostic[];
  diagnostics: Diagnostic[];
}

/** Parse and check. The checker runs even after parse errors (the compiler driver would stop), so tests
 *  can see what the checker says about trees the parser flagged. `mode` overrides the check mode. */
export function compile(src: string, opts: { cell?: boolean; externals?: Map<string, SessionSymbol>; name?: string; mode?: 'program' | 'cell' } = {}): Compiled {
  const sources = new SourceSet();
  const f = sources.add(opts.name ?? (opts.cell ? 'cell[1]' : 'test.br'), src);
  const parsed = parseSource(sources, f.id, { allowTopLevelStatements: opts.cell });
  const result = checkProgram(parsed.unit, sources, { mode: opts.mode ?? (opts.cell ? 'cell' : 'program'), externals: opts.externals });
  return { sources, result, parseDiagnostics: parsed.diagnostics, diagnostics: [...parsed.diagnostics, ...result.diagnostics] };
}

/** "BRK2001@3:14" for each diagnostic, in source order. */
export function diagKeys(c: Compiled): string[] {
  return c.diagnostics
    .map((d) => {
      const p = c.sources.position(d.span.file, d.span.start);
      return { k: `${d.code}@${p.line}:${p.column}`, o: d.span.start };
    })
    .sort((a, b) => a.o - b.o || a.k.localeCompare(b.k))
    .map((x) => x.k);
}

/** Expected keys from the markers in `src`. */
export function markerKeys(src: string): string[] {
  const sources = new SourceSet();
  const f = sources.add('m', src);
  return [...src.matchAll(/\/\*!(BRK\d{4})\*\//g)]
    .map((m) => {
      const off = m.index! + m[0].length;
      const p = sources.position(f.id, off);
      return { k: `${m[1]}@${p.line}:${p.column}`, o: off };
    })
    .sort((a, b) => a.o - b.o || a.k.localeCompare(b.k))
    .map((x) => x.k);
}

export function render(c: Compiled): string {
  return c.diagnostics.map((d) => renderDiagnostic(c.sources, d)).join('\n');
}
