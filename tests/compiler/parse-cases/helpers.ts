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

/**
 * Best time (ms) of `runs` calls of `f`, after one warm-up call: per call the smaller of its wall time
 * and the process's CPU time (user + system). Each alone can stretch: wall time when other processes
 * share the machine, process CPU time when other test files run in worker threads of the same process
 * (vitest's threads pool: a 5000-line parse measured 139 ms of process CPU in CI against 63 ms alone).
 * Both are at least the CPU time the call itself spent, so the smaller is still a true bound on it,
 * and on an idle machine the two agree (the work is single-threaded).
 */
export function bestCpuMs(f: () => void, runs = 8): number {
  f();
  let best = Infinity;
  for (let i = 0; i < runs; i++) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    f();
    const wall = performance.now() - t0;
    const c = process.cpuUsage(c0);
    best = Math.min(best, wall, (c.user + c.system) / 1000);
  }
  return best;
}
