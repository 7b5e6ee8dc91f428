/**
 * The differential fuzzer's shrinker never runs a trial whose loops might not end (fuzz/shrink.ts
 * loopsStayBounded). On the H200 every one of the 14 "hangs" of fuzz/findings/h200-2026-12-02 was a
 * shrink trial, not the generated program: removing words from a printing loop left
 * `for (i = 0; i < 14; W23[4 * i + 0], ...);`, an endless host loop that nothing in a program stops.
 */
import { describe, expect, it } from 'vitest';
import { loopsStayBounded, shrink } from '../../fuzz/shrink.js';

const PROGRAM = `kernel void k(float a<>, out float o<>) {
  float t = a;
  { int i15 = 0;
  while (i15 < 3) {
    t = t + a;
    i15++;
  } }
  for (int i35 = 0; i35 < min(max((-1), 0), 1); i35++) {
    t = t + 1.0f;
  }
  o = t;
}
int main(void) {
  int i, n;
  float W[14];
  for (i = 0; i < 14; i++) printf("o %d %.9g\\n", i, W[1 * i + 0]);
  return 0;
}`;

describe('shrink trials keep their loops bounded', () => {
  it('rejects the H200 trial: a printing loop whose step was removed', () => {
    const trial = PROGRAM.replace('for (i = 0; i < 14; i++) printf("o %d %.9g\\n", i, W[1 * i + 0]);', 'for (i = 0; i < 14; W[1 * i + 0]);');
    expect(loopsStayBounded(PROGRAM, trial)).toBe(false);
  });

  it('rejects a while loop that lost its counter step, and a changed loop condition', () => {
    expect(loopsStayBounded(PROGRAM, PROGRAM.replace('    i15++;\n', ''))).toBe(false);
    expect(loopsStayBounded(PROGRAM, PROGRAM.replace('i35 < min(max((-1), 0), 1)', 'i35 < min(max((-1), 0),'))).toBe(false);
  });

  it('accepts removing whole loops, loop bodies and printed values', () => {
    const noWhile = PROGRAM.replace('  { int i15 = 0;\n  while (i15 < 3) {\n    t = t + a;\n    i15++;\n  } }\n', '');
    expect(loopsStayBounded(PROGRAM, noWhile)).toBe(true);
    expect(loopsStayBounded(PROGRAM, PROGRAM.replace('    t = t + 1.0f;\n', ''))).toBe(true);
    expect(loopsStayBounded(PROGRAM, PROGRAM.replace(', W[1 * i + 0]);', ');'))).toBe(true);
    expect(loopsStayBounded(PROGRAM, PROGRAM)).toBe(true);
  });

  it('shrinks under the guard without ever running an endless loop (unguarded, it reaches one)', async () => {
    // "Still fails" here: the printing loop and its value survive.
    const fails = (t: string) => t.includes('for (i = 0; i < 14;') && t.includes('W[1 * i + 0]');
    const endless = /for \(i = 0; i < 14; [^i]/;
    const unguarded = await shrink(PROGRAM, fails);
    expect(unguarded).toMatch(endless);
    const seen: string[] = [];
    const guarded = await shrink(PROGRAM, (t) => {
      if (!loopsStayBounded(PROGRAM, t)) return false;
      seen.push(t);
      return fails(t);
    });
    expect(guarded).toContain('for (i = 0; i < 14; i++)');
    expect(seen.length).toBeGreaterThan(10);
    for (const t of seen) expect(t).not.toMatch(endless);
  });
});
