/** Compile a C program with the machine's gcc and return what it prints: the reference for hostlib. */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export function runC(source: string, args: string[] = [], flags: string[] = [], input?: string): { stdout: string; status: number } {
  return runCompiled('gcc', 'prog.c', ['-O0', '-std=gnu11', '-w', ...flags], source, args, input);
}

/** The same with g++ -O2: the reference for the C++ subset of host code (docs/CXX.md). */
export function runCxx(source: string, args: string[] = []): { stdout: string; status: number } {
  return runCompiled('g++', 'prog.cpp', ['-O2', '-std=gnu++17', '-w'], source, args);
}

function runCompiled(compiler: string, fileName: string, flags: string[], source: string, args: string[], input?: string): { stdout: string; status: number } {
  const dir = mkdtempSync(join(tmpdir(), 'brook-gcc-'));
  try {
    const src = join(dir, fileName);
    const exe = join(dir, 'prog');
    writeFileSync(src, source);
    execFileSync(compiler, [...flags, '-o', exe, src, '-lm'], { stdio: ['ignore', 'pipe', 'pipe'] });
    try {
      const out = execFileSync(exe, args, { encoding: 'latin1', maxBuffer: 1 << 28, ...(input === undefined ? { stdio: ['ignore', 'pipe', 'pipe'] } : { input }) });
      return { stdout: out, status: 0 };
    } catch (e) {
      const err = e as { status?: number; stdout?: string };
      return { stdout: err.stdout ?? '', status: err.status ?? -1 };
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
