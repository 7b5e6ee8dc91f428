/**
 * The behaviours of the original BrookGPU applications (docs/ORIGINAL-APPS.md), as small programs of our
 * own: each tests/apps/NAME.br runs through the CLI on cpu and on webgpu (lavapipe in CI) and its stdout
 * must equal the float64 reference of references.ts, number by number within the case's tolerance.
 */
import * as fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt, runBrook, cliBackends, type BuildResult } from '../conformance/cli.js';
import { appCases, ppmOutput, type Tolerance } from './references.js';

const numberPattern = /[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?|[-+]?(?:inf|nan)\b/gi;

/** The first difference between actual and expected output (text exact, numbers within tol), or undefined. */
export function firstDifference(actual: string, expected: string, tol: Tolerance): string | undefined {
  const nums = (s: string) => (s.match(numberPattern) ?? []).map(Number);
  const texts = (s: string) => s.split(numberPattern);
  const [a, e] = [nums(actual), nums(expected)];
  if (a.length !== e.length) return `expected ${e.length} numbers, got ${a.length}`;
  const [at, et] = [texts(actual), texts(expected)];
  for (let i = 0; i < et.length; i++) {
    if (at[i] !== et[i]) return `text differs before number ${i}: ${JSON.stringify(at[i])} vs ${JSON.stringify(et[i])}`;
  }
  for (let i = 0; i < e.length; i++) {
    if (!(Math.abs(a[i]! - e[i]!) <= tol.abs + tol.rel * Math.abs(e[i]!))) return `number ${i}: got ${a[i]}, expected ${e[i]}`;
  }
  return undefined;
}

describe('output comparison (self-test)', () => {
  it('accepts numbers within the tolerance and rejects others, changed text and missing numbers', () => {
    const tol = { abs: 0.01, rel: 0 };
    expect(firstDifference('x = 1.005\n', 'x = 1.000\n', tol)).toBeUndefined();
    expect(firstDifference('x = 1.02\n', 'x = 1.00\n', tol)).toMatch(/number 0/);
    expect(firstDifference('y = 1.00\n', 'x = 1.00\n', tol)).toMatch(/text differs/);
    expect(firstDifference('x = 1.00\n', 'x = 1.00 2\n', tol)).toMatch(/numbers/);
    expect(firstDifference('-1\n', '1\n', { abs: 0, rel: 0 })).toMatch(/number 0/);
  });
});

let build: BuildResult;
beforeAll(async () => {
  build = await ensureBuilt();
}, 300_000);
afterAll(() => fs.rmSync(ppmOutput, { force: true }));

const backends = cliBackends();

for (const backend of backends) {
  describe(`original apps' behaviours (${backend})`, () => {
    for (const c of appCases) {
      it(`${c.name} (as ${c.stands_for})`, async () => {
        if (!build.ok) throw new Error(`the build did not produce dist/: ${build.log}`);
        const r = await runBrook(`tests/apps/${c.name}.br`, backend, c.args, 120_000);
        expect(r.timedOut, 'timed out').toBe(false);
        expect(r.code, `stderr:\n${r.stderr}`).toBe(0);
        expect(r.stderr).not.toMatch(/fall(s|ing)? ?back|internal error/i);
        expect(firstDifference(r.stdout, c.expected(), c.tolerance), `stdout:\n${r.stdout}\nexpected:\n${c.expected()}`).toBeUndefined();
      }, 150_000);
    }
  });
}
