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
