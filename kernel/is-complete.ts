/**
 * is_complete for TypeScript cells (the console's "run on Enter, or new line?" question): parse the code;
 * no syntax error is "complete"; every error at the end of the text ("'}' expected", "Expression expected",
 * an unterminated template) is "incomplete" with an indent for the next line; any other error is "invalid".
 */
import type * as TS from 'typescript';
import { ts } from './typescript.js';

export interface IsCompleteResult {
  status: 'complete' | 'incomplete' | 'invalid' | 'unknown';
  indent?: string;
}

export function isCompleteCode(code: string): IsCompleteResult {
  const t = ts();
  const source = code.replace(/^%.*$/gm, (l) => ' '.repeat(l.length));
  const sf = t.createSourceFile('cell.ts', source, t.ScriptTarget.ES2022, true, t.ScriptKind.TS);
  const diagnostics = (sf as unknown as { parseDiagnostics: TS.DiagnosticWithLocation[] }).parseDiagnostics ?? [];
  if (diagnostics.length === 0) return { status: 'complete' };
  const end = source.trimEnd().length;
  const atEnd = diagnostics.every((d) => d.start >= end || unterminated(d));
  if (!atEnd) return { status: 'invalid' };
  return { status: 'incomplete', indent: nextIndent(source) };
}

function unterminated(d: TS.Diagnostic): boolean {
  const text = typeof d.messageText === 'string' ? d.messageText : d.messageText.messageText;
  return /^Unterminated (template literal|regular expression literal)|^'\*\/' expected/.test(text);
}

/** The last line's indent, two spaces more after an opening bracket. */
function nextIndent(source: string): string {
  const lines = source.trimEnd().split('\n');
  const last = lines[lines.length - 1] ?? '';
  const indent = /^\s*/.exec(last)![0];
  return /[{([]\s*$/.test(last) ? indent + '  ' : indent;
}
