/**
 * Delta debugging by lines, then by words: removes chunks of a text (halving the chunk size) while
 * `fails` still says the smaller text fails the same way. Shared by the compiler-crash minimizer and
 * the differential fuzzer (whose every trial runs the program on its backends: `budget` caps the trials).
 */
export async function shrink(text: string, fails: (t: string) => boolean | Promise<boolean>, budget = Infinity): Promise<string> {
  let best = text;
  let trials = 0;
  for (const unit of ['\n', ' ']) {
    let parts = best.split(unit);
    for (let chunk = Math.max(1, parts.length >> 1); chunk >= 1; chunk >>= 1) {
      for (let i = 0; i < parts.length && trials < budget; ) {
        const trial = [...parts.slice(0, i), ...parts.slice(i + chunk)];
        trials++;
        if (await fails(trial.join(unit))) parts = trial;
        else i += chunk;
      }
    }
    best = parts.join(unit);
  }
  return best;
}

/** The control of every loop in a program, `for (...)` and `while (...)` with balanced parentheses,
 *  white space folded. */
function loopControls(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(/\b(for|while)\s*\(/g)) {
    let depth = 0;
    let j = m.index + m[0].length - 1;
    for (; j < text.length; j++) {
      if (text[j] === '(') depth++;
      else if (text[j] === ')' && --depth === 0) break;
    }
    out.push(text.slice(m.index, j + 1).replace(/\s+/g, ' '));
  }
  return out;
}

/**
 * Whether every loop of a shrink trial still ends as the original's do: each loop control is one of
 * the original's, unchanged, and a counter stepped on a line of its own (`i15++;`, the generator's
 * while and do loops) keeps that line while a loop tests it. Removing lines and words can make a loop
 * endless (`for (i = 0; i < 14; W[i]);` from a printing loop: seed 1, program 1799 on the H200), and
 * nothing stops an endless host loop of a program (only kernels have loop budgets and the watchdog),
 * so such a trial would hang its worker; it is rejected without running.
 */
export function loopsStayBounded(original: string, trial: string): boolean {
  const allowed = new Set(loopControls(original));
  const controls = loopControls(trial);
  if (!controls.every((c) => allowed.has(c))) return false;
  for (const m of original.matchAll(/^\s*(\w+)\+\+;\s*$/gm)) {
    const counter = new RegExp(`\\b${m[1]}\\b`);
    if (controls.some((c) => counter.test(c)) && !new RegExp(`^\\s*${m[1]}\\+\\+;\\s*$`, 'm').test(trial)) return false;
  }
  return true;
}
