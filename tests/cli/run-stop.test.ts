/**
 * `brook run` stops an endless CPU kernel (a loop that never ends for some elements) on the watchdog
 * (BROOK_KERNEL_TIMEOUT) and on SIGINT, on the main thread (BROOK_CPU_THREADS=1) and with workers: a
 * located message (file:line:col, the source line, a caret, a hint naming the stream left with partial
 * results), no stack, status 1 (watchdog) or 130 (SIGINT). The built command, run as a user runs it.
 * How: generated loops poll the abort state (compiler/codegen/loop-poll.ts); SIGINT reaches a spinning
 * main thread through vm breakOnSigint (cli/sigint.ts).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '..', '..');
const dir = mkdtempSync(join(tmpdir(), 'brook-run-stop-'));
const program = join(dir, 'endless.br');
writeFileSync(program, `kernel void endless(float a<>, out float result<>) {
  float x = a;
  while (x > 0.0f) { x = x + 1.0f; }
  result = x;
}

int main() {
  float a<65536>;
  float result<65536>;
  float h[65536];
  int i;
  for (i = 0; i < 65536; i++) h[i] = (i > 32768 && i % 97 == 7) ? 1.0f : -1.0f;
  streamRead(a, h);
  printf("start\\n");
  fflush(stdout);
  endless(a, result);
  streamWrite(result, h);
  printf("done %f\\n", h[0]);
  return 0;
}
`);

interface Ended { status: number | null; signal: string | null; stdout: string; stderr: string; stopMs: number }

/** Runs the program; `sigintAfterStartMs`: send SIGINT that long after "start" is printed. */
function run(env: Record<string, string>, sigintAfterStartMs?: number): Promise<Ended> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [join(root, 'bin', 'brook.js'), 'run', '--backend', 'cpu', program], { env: { ...process.env, ...env } });
    let stdout = '';
    let stderr = '';
    let stopAt = 0;
    const killer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.stdout.on('data', (d: Buffer) => {
      stdout += d.toString();
      if (sigintAfterStartMs !== undefined && stopAt === 0 && stdout.includes('start')) {
        stopAt = -1;
        setTimeout(() => {
          stopAt = performance.now();
          child.kill('SIGINT');
        }, sigintAfterStartMs);
      }
    });
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', fail);
    child.on('close', (status, signal) => {
      clearTimeout(killer);
      done({ status, signal, stdout, stderr, stopMs: stopAt > 0 ? performance.now() - stopAt : Number.NaN });
    });
  });
}

function expectLocated(stderr: string, code: string): void {
  expect(stderr).toContain(`endless.br:16:3: error: ${code}`);
  expect(stderr).toContain('  endless(a, result);');
  expect(stderr).toMatch(/\|\s+\^~+/);
  expect(stderr).toContain("hint: stream 'result' holds partial results");
  expect(stderr).not.toMatch(/\n\s+at /); // no stack
}

describe('brook run stops an endless CPU kernel', () => {
  for (const threads of ['1', '2']) {
    it(`on the watchdog (BROOK_KERNEL_TIMEOUT=1, BROOK_CPU_THREADS=${threads})`, async () => {
      const t0 = performance.now();
      const r = await run({ BROOK_KERNEL_TIMEOUT: '1', BROOK_CPU_THREADS: threads });
      const ms = performance.now() - t0;
      process.stderr.write(`brook run, watchdog 1 s, ${threads} thread(s): ended after ${ms.toFixed(0)} ms (process start and compile included)\n`);
      expect(r.status, r.stderr).toBe(1);
      expect(r.stdout).toContain('start');
      expect(r.stdout).not.toContain('done');
      expectLocated(r.stderr, 'BRK5051: stopped by the watchdog after 1 second');
      // Start, compile and the 1 s watchdog: ~2 s on a quiet machine. 30 s only says the run ended
      // on its own watchdog (the endless kernel never ends; the test's own limit is 70 s).
      expect(ms).toBeLessThan(30_000);
    }, 70_000);

    it(`on SIGINT (BROOK_CPU_THREADS=${threads})`, async () => {
      const r = await run({ BROOK_CPU_THREADS: threads }, 500);
      process.stderr.write(`brook run, SIGINT, ${threads} thread(s): ended ${r.stopMs.toFixed(0)} ms after the signal\n`);
      expect(r.signal, r.stderr).toBeNull();
      expect(r.status, r.stderr).toBe(130);
      expectLocated(r.stderr, 'BRK5050: interrupted');
      // Within 1 s on a quiet machine; generous for a loaded shared one.
      expect(r.stopMs).toBeLessThan(5000);
    }, 70_000);
  }
});
