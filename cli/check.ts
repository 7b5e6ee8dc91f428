/**
 * `brook check FILE.br ...`: compile only. Diagnostics go to stderr in the compiler's rendered form;
 * the status is 0 when the program compiles (warnings allowed), 1 on errors or an unreadable file.
 * Used by cli/main.ts and by the bundle bin/brook.js loads for `check` (cli/check-entry.ts), so both
 * paths print the same bytes and return the same status.
 */
import { readFileSync } from 'node:fs';
import type { Args } from './args.js';
import { compileFiles, type CompileRequest } from './compile-files.js';

/** The files named on the command line, read; undefined after telling `err` which one failed. */
export function readProgramFiles(names: string[], err: (s: string) => void): CompileRequest['files'] | undefined {
  const files: CompileRequest['files'] = [];
  for (const f of names) {
    try {
      files.push({ name: f, text: readFileSync(f, 'utf8') });
    } catch (e) {
      err(`brook: cannot read '${f}': ${(e as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (e as Error).message}\n`);
      return undefined;
    }
  }
  return files;
}

export async function checkCommand(args: Args, err: (s: string) => void): Promise<number> {
  const files = readProgramFiles(args.files, err);
  if (!files) return 1;
  const compiled = await compileFiles({ files, includeDirs: args.includeDirs ?? [] });
  for (const r of compiled.rendered) err(r + '\n');
  return compiled.ok ? 0 : 1;
}
