/**
 * The fuzz loop: input i (mutate.ts, under Rng.forInput(seed, i)) through target.ts, counting
 * outcomes and mutation kinds, collecting AST coverage and the crashes (first input of each distinct
 * failure, shortest text kept).
 */
import type { Corpus } from './corpus.js';
import { mutate, type MutationName } from './mutate.js';
import { Rng } from './rng.js';
import { runInput } from './target.js';

export interface Crash {
  index: number;
  what: string;
  detail: string;
  text: string;
  seed: string;
  applied: MutationName[];
}

export interface Stats {
  inputs: number;
  rejected: number;
  compiled: number;
  crashes: Crash[];
  /** Inputs that crashed, counted with repeats of a known failure. */
  crashInputs: number;
  mutations: Record<string, number>;
  /** AST node kind -> inputs whose checked program held it. */
  coverage: Record<string, number>;
}

export interface FuzzOptions {
  seed: number;
  start?: number;
  count: number;
  /** Stop at this time (ms since epoch) even if count is not reached. */
  deadline?: number;
  /** Compile every nth input also as a notebook cell (0: never). */
  cellEvery?: number;
  coverage?: boolean;
  /** Called before each input (watchdogs record the index). */
  onInput?: (index: number) => void;
}

export function newStats(): Stats {
  return { inputs: 0, rejected: 0, compiled: 0, crashes: [], crashInputs: 0, mutations: {}, coverage: {} };
}

/** The input a run with this seed makes at `index`. */
export function inputAt(corpus: Corpus, seed: number, index: number) {
  return mutate(corpus, Rng.forInput(seed, index));
}

export function fuzz(corpus: Corpus, o: FuzzOptions, stats: Stats = newStats()): Stats {
  const start = o.start ?? 0;
  const cellEvery = o.cellEvery ?? 4;
  const known = new Map<string, Crash>();
  for (const c of stats.crashes) known.set(c.what, c);
  for (let i = start; i < start + o.count; i++) {
    if (o.deadline !== undefined && (i & 15) === 0 && Date.now() > o.deadline) break;
    o.onInput?.(i);
    const m = inputAt(corpus, o.seed, i);
    for (const a of m.applied) stats.mutations[a] = (stats.mutations[a] ?? 0) + 1;
    const r = runInput(m.text, { includes: corpus.includes, asCell: cellEvery > 0 && i % cellEvery === 0, coverage: o.coverage ?? true });
    stats.inputs++;
    if (r.kinds) for (const k of r.kinds) stats.coverage[k] = (stats.coverage[k] ?? 0) + 1;
    if (r.outcome === 'rejected') stats.rejected++;
    else if (r.outcome === 'compiled') stats.compiled++;
    else {
      stats.crashInputs++;
      const what = r.what!;
      const prev = known.get(what);
      if (!prev || m.text.length < prev.text.length) {
        const c: Crash = { index: i, what, detail: r.detail ?? '', text: m.text, seed: m.seed, applied: m.applied };
        if (prev) stats.crashes[stats.crashes.indexOf(prev)] = c;
        else stats.crashes.push(c);
        known.set(what, c);
      }
    }
  }
  return stats;
}
