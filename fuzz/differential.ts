/**
 * The differential fuzz loop: program i (generate.ts, a pure function of seed and i) is compiled and
 * run on every backend (execute.ts), and the runs are compared (compare.ts). Counted: programs
 * generated, compiled, run; differences (with a minimized reproducer, shrink.ts) and crashes (the
 * compiler threw or reported an internal error, a generated program did not compile, a backend stopped
 * with an error: generated programs are valid and error-free by construction).
 */
import { compile } from '../runtime/compiler/index.js';
import { compareRuns, type Difference } from './compare.js';
import type { Backends, BackendName, RunOutcome } from './execute.js';
import { generateProgram, type OutputClass } from './generate.js';
import { loopsStayBounded, shrink } from './shrink.js';

export interface Finding {
  kind: 'difference' | 'crash';
  seed: number;
  index: number;
  what: string;
  /** Differences: the pair and kind; crashes: the stage and first line. */
  signature: string;
  /** The program (minimized for a difference when minimizing was asked for). */
  text: string;
  classes: Record<string, OutputClass>;
}

export interface DiffStats {
  generated: number;
  compiled: number;
  run: number;
  differences: number;
  crashes: number;
  /** The first finding of each distinct signature. */
  findings: Finding[];
  /** Construct -> programs holding it. */
  features: Record<string, number>;
  /** Milliseconds spent per stage, summed over programs (and workers): 'compile' (generate and
   *  compile), each backend's runs, 'shrink'. Where a run's time goes, to tune throughput. */
  ms: Record<string, number>;
}

export function newDiffStats(): DiffStats {
  return { generated: 0, compiled: 0, run: 0, differences: 0, crashes: 0, findings: [], features: {}, ms: {} };
}

export function mergeDiffStats(into: DiffStats, s: DiffStats): void {
  into.generated += s.generated;
  into.compiled += s.compiled;
  into.run += s.run;
  into.differences += s.differences;
  into.crashes += s.crashes;
  for (const [k, v] of Object.entries(s.features)) into.features[k] = (into.features[k] ?? 0) + v;
  for (const [k, v] of Object.entries(s.ms)) into.ms[k] = (into.ms[k] ?? 0) + v;
  for (const f of s.findings) if (!into.findings.some((g) => g.signature === f.signature)) into.findings.push(f);
}

export interface DiffOptions {
  seed: number;
  start: number;
  count: number;
  /** Shrink each new difference (each trial runs the program again), in at most this many trials. */
  minimize?: boolean;
  minimizeTrials?: number;
  /** Called on every minimizer trial (a watchdog's heartbeat: a shrink of a slow program takes minutes). */
  onTrial?: () => void;
  /** Called with a difference before it is shrunk (a watchdog that kills a hung shrink keeps it). */
  onShrink?: (f: Finding) => void;
  /** Signatures already found (and shrunk) by this process: a repeat is counted, not shrunk again. */
  known?: Set<string>;
  /** Called before each program (watchdogs record the index). */
  onProgram?: (index: number) => void;
  deadline?: number;
}

type Compiled = ReturnType<typeof compile>;

function compileProgram(text: string): { compiled?: Compiled; crash?: string } {
  try {
    const c = compile(text, { fileName: 'fuzz.br' });
    const internal = c.diagnostics.find((d) => /^internal/i.test(d.message) || d.code === 'BRK2699');
    if (internal) return { crash: `compile: internal diagnostic ${internal.code}: ${internal.message}` };
    if (!c.ok) {
      const e = c.diagnostics.find((d) => d.severity === 'error');
      return { crash: `a generated program did not compile: ${e?.code} ${e?.message}` };
    }
    return { compiled: c };
  } catch (e) {
    const err = e as Error;
    return { crash: `compile: ${err?.name}: ${String(err?.message ?? e).split('\n')[0]}` };
  }
}

async function runAll(backends: Backends, c: Compiled, only?: readonly BackendName[], ms?: Record<string, number>): Promise<[BackendName, RunOutcome][]> {
  const out: [BackendName, RunOutcome][] = [];
  for (const n of backends.names) {
    if (only && !only.includes(n)) continue;
    const t0 = performance.now();
    out.push([n, await backends.run(n, c)]);
    if (ms) ms[n] = (ms[n] ?? 0) + performance.now() - t0;
  }
  return out;
}

function firstDifference(runs: [BackendName, RunOutcome][], classes: Record<string, OutputClass>): Difference | undefined {
  for (const r of runs.slice(1)) {
    const d = compareRuns(runs[0]!, r, classes);
    if (d) return d;
  }
  return undefined;
}

/** The smallest program that still compiles and differs the same way between the same two backends,
 *  at the same output element. */
export async function minimizeDifference(backends: Backends, text: string, classes: Record<string, OutputClass>, d: Difference, budget = 400, onTrial?: () => void): Promise<string> {
  // Trials whose loops might not end are never run (shrink.ts loopsStayBounded); a kernel that still
  // spins (a writer's loop on a GPU) meets the watchdog soon (the difference then changes kind).
  const timeout = backends.timeoutSeconds;
  backends.timeoutSeconds = 2;
  try {
    return await shrinkDifference(backends, text, classes, d, budget, onTrial);
  } finally {
    backends.timeoutSeconds = timeout;
  }
}

/** At most this long shrinking one difference: what is left by then is reported as it is. */
const MINIMIZE_MS = 5 * 60_000;

function shrinkDifference(backends: Backends, text: string, classes: Record<string, OutputClass>, d: Difference, budget: number, onTrial?: () => void): Promise<string> {
  const deadline = Date.now() + MINIMIZE_MS;
  return shrink(text, async (t) => {
    onTrial?.();
    if (Date.now() > deadline || !loopsStayBounded(text, t)) return false;
    const { compiled } = compileProgram(t);
    if (!compiled) return false;
    const runs = await runAll(backends, compiled, d.pair);
    const again = runs.length === 2 ? compareRuns(runs[0]!, runs[1]!, classes) : undefined;
    return again?.signature === d.signature && again.at === d.at;
  }, budget);
}

export async function fuzzDifferential(backends: Backends, o: DiffOptions, stats: DiffStats = newDiffStats()): Promise<DiffStats> {
  const known = o.known ?? new Set<string>();
  for (const f of stats.findings) known.add(f.signature);
  const note = async (f: Finding, d?: Difference) => {
    if (known.has(f.signature)) return;
    known.add(f.signature);
    const t0 = performance.now();
    if (d && o.minimize) o.onShrink?.({ ...f });
    if (d && o.minimize) f.text = await minimizeDifference(backends, f.text, f.classes, d, o.minimizeTrials, o.onTrial);
    stats.ms.shrink = (stats.ms.shrink ?? 0) + performance.now() - t0;
    stats.findings.push(f);
  };
  for (let i = o.start; i < o.start + o.count; i++) {
    if (o.deadline !== undefined && Date.now() > o.deadline) break;
    o.onProgram?.(i);
    const t0 = performance.now();
    const p = generateProgram(o.seed, i);
    stats.generated++;
    for (const f of p.features) stats.features[f] = (stats.features[f] ?? 0) + 1;
    const { compiled, crash } = compileProgram(p.text);
    stats.ms.compile = (stats.ms.compile ?? 0) + performance.now() - t0;
    const finding = (what: string, signature: string, kind: Finding['kind'] = 'crash'): Finding => ({ kind, seed: o.seed, index: i, what, signature, text: p.text, classes: p.classes });
    if (!compiled) {
      stats.crashes++;
      await note(finding(crash!, crash!.replace(/'[^']*'/g, "''")));
      continue;
    }
    stats.compiled++;
    const runs = await runAll(backends, compiled, undefined, stats.ms);
    stats.run++;
    const failed = runs.find(([, r]) => r.error !== undefined);
    const d = firstDifference(runs, p.classes);
    if (d) {
      stats.differences++;
      await note(finding(d.what, d.signature, 'difference'), d);
    } else if (failed) {
      stats.crashes++;
      const what = `${failed[0]}: ${failed[1].error}`;
      await note(finding(what, what.replace(/'[^']*'|\d+/g, '#')));
    }
  }
  return stats;
}

/** A finding as a .br file: a header of comments (what, seed and index, classes), then the program. */
export function findingFile(f: Finding): string {
  return [`// fuzz ${f.kind}: ${f.what}`, `// seed ${f.seed}, program ${f.index} (regenerate: node dist/fuzz/diff-run.js --seed ${f.seed} --start ${f.index} --count 1)`, `// classes: ${JSON.stringify(f.classes)}`, f.text].join('\n');
}

/** The program and classes of a finding file. */
export function parseFindingFile(text: string): { text: string; classes: Record<string, OutputClass> } {
  const lines = text.split('\n');
  const cls = lines.find((l) => l.startsWith('// classes: '));
  return { text: lines.filter((l) => !/^\/\/ (fuzz (difference|crash)|seed \d|classes: )/.test(l)).join('\n'), classes: cls ? JSON.parse(cls.slice(12)) : {} };
}
