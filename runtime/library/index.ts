/**
 * Brook libraries shipped with the package: Brook sources under the package's `lib/brook/` folder,
 * included as `#include <brook/NAME.br>` (or "brook/NAME.br") from a `%%brook` cell, a `brook run`
 * program or anything else that compiles Brook, plus the native kernels they mark
 * (`#pragma brook native(...)`, registered with brt/native.ts when this module loads).
 *
 * Resolution: the compiler is pure, so the include goes through `readInclude`; the CLI tries the
 * including file's folder and each -I folder first (C's order), then `libraryInclude`; notebook
 * cells use `libraryInclude` alone. The library's file keeps its own name in diagnostics
 * (`brook/blas.br:120:5`), so an error inside it points into it.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { registerBlasNatives } from './blas/natives.js';

registerBlasNatives();

/** `lib/brook/` of the package, found from this file (source: runtime/library/, built: dist/runtime/library/). */
export function libraryDir(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 5; i++) {
    const c = join(dir, 'lib', 'brook');
    if (existsSync(join(c, 'blas.br'))) return c;
    dir = dirname(dir);
  }
  throw new Error(`the Brook libraries (lib/brook/) were not found above ${fileURLToPath(import.meta.url)}`);
}

/** Names of the libraries there: `brook/blas.br`, ... */
export const LIBRARIES: readonly string[] = ['brook/blas.br'];

const cache = new Map<string, string>();

/** The library `brook/NAME.br`, or undefined for any other name. */
export function libraryInclude(name: string): { name: string; text: string } | undefined {
  const n = name.replace(/\\/g, '/');
  if (!LIBRARIES.includes(n)) return undefined;
  let text = cache.get(n);
  if (text === undefined) {
    text = readFileSync(join(libraryDir(), n.slice('brook/'.length)), 'utf8');
    cache.set(n, text);
  }
  return { name: n, text };
}

/** A readInclude that tries `first` (the caller's own search), then the libraries. */
export function withLibraries(
  first?: (name: string, from: string) => { name: string; text: string } | undefined,
): (name: string, from: string) => { name: string; text: string } | undefined {
  return (name, from) => first?.(name, from) ?? libraryInclude(name);
}
