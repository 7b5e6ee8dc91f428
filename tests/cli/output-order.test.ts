/**
 * `brook run prog.br > log 2>&1` and `brook execute nb.ipynb > log 2>&1` (issue 24): stdout and stderr
 * written to one file keep every line, in order, on cpu and on webgpu, and Dawn's start-up noise stays
 * out. The file is opened once and given to the command as both fd 1 and fd 2, one open-file
 * description, as a shell's `> log 2>&1` does. Before the fix the WebGPU device's start reopened fd 2
 * as a description of its own, and stdout wrote over stderr's lines (cli/stdio-relay.cts says why).
 */
import { spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt, repoRoot, webgpuAdapterAvailable } from '../conformance/cli.js';

const BROOK = join(repoRoot, 'bin', 'brook.js');
const backends = ['cpu', ...(process.env.BROOK_TEST_WEBGPU !== '0' && webgpuAdapterAvailable() ? ['webgpu'] : [])];
const NOISE = /artificially reduced|XDG_RUNTIME_DIR|lavapipe is not a conformant/;

// A compile warning, then printf lines interleaved with stderr lines, then a located runtime error.
const PROGRAM = `kernel void twice(float a<>, out float b<>) { double d = 2.0; b = a * (float)d; }
int main() {
  float a<4>;
  float b<4>;
  float h[4] = {1.0f, 2.0f, 3.0f, 4.0f};
  float o[4];
  int i;
  streamRead(a, h);
  twice(a, b);
  streamWrite(b, o);
  for (i = 0; i < 4; i++) {
    printf("out %d: %.1f\\n", i, o[i]);
    fflush(stdout);
    fprintf(stderr, "err %d\\n", i);
  }
  printf("before the fault\\n");
  i = 7;
  o[i] = 1.0f;
  printf("never\\n");
  return 0;
}
`;

/** What the program writes, in order; the values are 2 * h[i], computed here. */
function expectedLines(file: string): (string | RegExp)[] {
  const lines: (string | RegExp)[] = [
    `${file}:1:47: warning: BRK2402: 'double' is computed as 'float' (32-bit) inside kernels`,
    ' 1 | kernel void twice(float a<>, out float b<>) { double d = 2.0; b = a * (float)d; }',
    '   |                                               ^~~~~~',
    /^hint: GPUs have no 64-bit floating point/,
  ];
  [1, 2, 3, 4].forEach((h, i) => lines.push(`out ${i}: ${(2 * h).toFixed(1)}`, `err ${i}`));
  lines.push('before the fault', `${file}:18:3: error: BRK5106: out-of-bounds write of 4 bytes at address 4372 (12 bytes past the end of a 16-byte block)`);
  lines.push(' 18 |   o[i] = 1.0f;', '    |   ^~~~', /^hint: keep the index within the array/);
  return lines;
}

function matches(got: string[], want: (string | RegExp)[]): void {
  expect(got.length, got.join('\n')).toBe(want.length);
  want.forEach((w, i) => {
    if (w instanceof RegExp) expect(got[i], `line ${i + 1}`).toMatch(w);
    else expect(got[i], `line ${i + 1}`).toBe(w);
  });
}

/** Runs the commands one after another with one file as fd 1 and fd 2 (`(a; b) > log 2>&1`). */
function intoOneFile(dir: string, commands: { args: string[]; env?: Record<string, string> }[]): { log: string; status: (number | null)[] } {
  const log = join(dir, 'log');
  const fd = openSync(log, 'w');
  const status: (number | null)[] = [];
  try {
    for (const c of commands) {
      const r = spawnSync(process.execPath, [BROOK, ...c.args], { stdio: ['ignore', fd, fd], cwd: dir, env: { ...process.env, ...c.env }, timeout: 120_000 });
      status.push(r.status);
    }
  } finally {
    closeSync(fd);
  }
  return { log: readFileSync(log, 'utf8'), status };
}

beforeAll(async () => {
  await ensureBuilt();
}, 300_000);

describe('stdout and stderr into one file keep every line in order', () => {
  for (const backend of backends) {
    it(`brook run on ${backend}, twice into the same file`, () => {
      const dir = mkdtempSync(join(tmpdir(), 'brook-order-'));
      writeFileSync(join(dir, 'prog.br'), PROGRAM);
      const run = { args: ['run', '--backend', backend, 'prog.br'] };
      const { log, status } = intoOneFile(dir, [run, run]);
      expect(status).toEqual([1, 1]);
      expect(log).not.toMatch(NOISE);
      const want = expectedLines('prog.br');
      // Both runs complete: the second starts where the first ended (the shared offset was kept).
      matches(log.split('\n').slice(0, -1), [...want, ...want]);
    }, 240_000);

    it(`brook execute on ${backend}`, () => {
      const dir = mkdtempSync(join(tmpdir(), 'brook-order-'));
      const cells = [
        '%%brook\nkernel void twice(float a<>, out float b<>) { b = 2.0f * a; }\nfloat a<4>;\nfloat b<4>;\nfloat h[4] = {1.0f, 2.0f, 3.0f, 4.0f};\nstreamRead(a, h);\ntwice(a, b);\nstreamWrite(b, h);\nh[3]',
        'console.log("from TypeScript");\n1 + 1',
        '%%brook\nprintf("%.1f\\n", h[0] + h[1]);',
      ];
      const nb = { nbformat: 4, nbformat_minor: 5, metadata: {}, cells: cells.map((source, i) => ({ id: `c${i}`, cell_type: 'code', source, metadata: {}, outputs: [], execution_count: null })) };
      writeFileSync(join(dir, 'nb.ipynb'), JSON.stringify(nb));
      const { log, status } = intoOneFile(dir, [{ args: ['execute', 'nb.ipynb'], env: { BROOK_BACKEND: backend } }]);
      expect(status, log).toEqual([0]);
      expect(log).not.toMatch(NOISE);
      matches(log.split('\n').slice(0, -1), [
        /^cell 1\/3 \(In \[1\]\): \d+\.\d\d s$/,
        /^cell 2\/3 \(In \[2\]\): \d+\.\d\d s$/,
        /^cell 3\/3 \(In \[3\]\): \d+\.\d\d s$/,
        /^Executed 3 code cells; wrote .*nb\.ipynb$/,
      ]);
      // The cells ran on this backend and computed 2 * h (8, and 2 + 4 = 6).
      const out = JSON.parse(readFileSync(join(dir, 'nb.ipynb'), 'utf8')) as { cells: { outputs: { data?: Record<string, string | string[]>; text?: string | string[] }[] }[] };
      const text = (c: number) => JSON.stringify(out.cells[c]!.outputs);
      expect(text(0)).toContain('8');
      expect(text(1)).toContain('from TypeScript');
      expect(text(2)).toContain('6.0');
    }, 240_000);
  }
});
