/**
 * A private copy of the built package as an install lays it out (bin/, lib/brook/, dist/, timestamps
 * kept as an install keeps them) without the build's V8 code caches: the bundle tests
 * (check-bundle.test.ts, run-bundle.test.ts) write, damage and reject caches in it.
 */
import { cpSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';

/** Copies the package at `root` to `pkg`; returns `pkg`'s dist/cli folder. */
export function copyBuiltPackage(root: string, pkg: string): string {
  const copy = (from: string, to: string) => cpSync(from, to, { recursive: true, preserveTimestamps: true });
  copy(join(root, 'bin'), join(pkg, 'bin'));
  copy(join(root, 'lib', 'brook'), join(pkg, 'lib', 'brook'));
  copy(join(root, 'dist'), join(pkg, 'dist'));
  const pkgCli = join(pkg, 'dist', 'cli');
  for (const f of readdirSync(pkgCli)) if (f.endsWith('.v8cache')) rmSync(join(pkgCli, f));
  return pkgCli;
}
