/**
 * One fuzz input through everything that turns Brook text into code: the compiler as `brook run`
 * uses it (compile), as a notebook cell (compileCell), the host JavaScript it emits (parsed by the
 * JS engine, as the loader would), and every kernel through both kernel code generators (CPU
 * JavaScript, parsed; WGSL text). Nothing is executed: a mutant may loop forever.
 *
 * An input "crashes" when any of these throws (other than the documented WgslUnsupportedError, a
 * type WGSL lacks, reported to the user at the kernel call), when the compiler reports an internal
 * error (a message starting "internal"), or when generated JavaScript does not parse.
 */
import { compile, compileCell, SourceSet } from '../runtime/compiler/index.js';
import type { CompileResult } from '../runtime/compiler/index.js';
import { compileKernelJs, type JsPlan } from '../runtime/compiler/codegen/js/index.js';
import { generateWGSL, WgslUnsupportedError } from '../runtime/compiler/codegen/wgsl/index.js';
import type { KernelIR } from '../runtime/compiler/ir.js';
import type { KernelFacts } from '../runtime/compiler/facts/index.js';

export type Outcome = 'rejected' | 'compiled' | 'crash';

export interface Result {
  outcome: Outcome;
  /** For a crash: what failed, one line, and the stack or generated text. */
  what?: string;
  detail?: string;
  /** AST node kinds of the checked program (when parsing succeeded), for coverage. */
  kinds?: Set<string>;
}

export interface TargetOptions {
  includes: ReadonlyMap<string, string>;
  /** Also compile the text as a notebook cell. */
  asCell: boolean;
  /** Collect AST node kinds. */
  coverage: boolean;
}

class Crash extends Error {
  constructor(readonly what: string, readonly detail: string) {
    super(what);
  }
}

function guard<T>(stage: string, f: () => T): T {
  try {
    return f();
  } catch (e) {
    if (e instanceof Crash) throw e;
    const err = e as Error;
    throw new Crash(`${stage}: ${err?.name ?? 'Error'}: ${String(err?.message ?? e).split('\n')[0]}`, String(err?.stack ?? e));
  }
}

export function runInput(text: string, opts: TargetOptions): Result {
  const readInclude = (name: string) => {
    const t = opts.includes.get(name);
    return t === undefined ? undefined : { name, text: t };
  };
  try {
    const r = guard('compile', () => compile(text, { fileName: 'fuzz.br', readInclude }));
    checkResult('compile', r);
    if (opts.asCell) {
      const session = { sources: new SourceSet() };
      const c = guard('compileCell', () => compileCell(text, 'cell[1]', session, { readInclude }));
      checkResult('compileCell', c);
    }
    const kinds = opts.coverage && r.program ? astKinds(r.program.unit) : undefined;
    return { outcome: r.ok ? 'compiled' : 'rejected', kinds };
  } catch (e) {
    if (e instanceof Crash) return { outcome: 'crash', what: e.what, detail: e.detail };
    throw e;
  }
}

function checkResult(stage: string, r: CompileResult): void {
  for (const d of r.diagnostics) {
    if (/^internal/i.test(d.message) || d.code === 'BRK2699') throw new Crash(`${stage}: internal diagnostic ${d.code}: ${d.message}`, d.message);
  }
  if (!r.ok) return;
  if (r.hostJs !== undefined) {
    const js = r.hostJs;
    guard(`${stage}: host JavaScript does not parse`, () => new Function('$env', js));
  }
  for (const k of r.kernels.values()) kernelCode(stage, k.ir, k.facts);
}

/**
 * Kernels already through both generators, by their IR: most mutants change host code only, and the
 * generators are pure functions of the IR, so an identical kernel need not be generated again.
 */
const doneKernels = new Set<string>();

function irKey(ir: KernelIR): string {
  return JSON.stringify(ir, (k, v) => (k === 'span' ? undefined : v));
}

/** Both kernel code generators on the plain call shapes of `ir`. */
function kernelCode(stage: string, ir: KernelIR, facts: KernelFacts): void {
  const key = irKey(ir);
  if (doneKernels.has(key)) return;
  if (doneKernels.size > 20_000) doneKernels.clear();
  kernelCodeUncached(stage, ir, facts);
  doneKernels.add(key);
}

function kernelCodeUncached(stage: string, ir: KernelIR, facts: KernelFacts): void {
  const streamy = (role: string) => role === 'in' || role === 'out';
  const plans: JsPlan[] = [];
  const iterDims = ir.params.map((p) => (p.role === 'iter' ? [3, 2, -1, -1] : null));
  const access = (a: 'linear' | 'table') => ir.params.map((p) => (streamy(p.role) ? a : null));
  if (ir.kind === 'reduce') {
    plans.push({ mode: 'reduceAll', access: access('linear'), mask: null, iterDims });
    plans.push({ mode: 'reduceBlocks', access: ir.params.map(() => null), mask: null, target: 'linear', iterDims });
  } else {
    plans.push({ mode: 'map', access: access('linear'), mask: null, iterDims });
    plans.push({ mode: 'map', access: access('table'), mask: 'table', iterDims });
  }
  for (const plan of plans) guard(`${stage}: CPU kernel '${ir.name}' (${plan.mode})`, () => compileKernelJs(ir, plan, facts));
  const modes = ir.kind === 'reduce' ? (['reduceAll', 'reduceBlocks'] as const) : ([undefined] as const);
  for (const mode of modes) {
    try {
      generateWGSL(ir, facts, mode);
    } catch (e) {
      if (e instanceof WgslUnsupportedError) continue;
      const err = e as Error;
      throw new Crash(`${stage}: WGSL for kernel '${ir.name}': ${err.name}: ${err.message.split('\n')[0]}`, String(err.stack));
    }
  }
}

/** The AST node kinds in a tree (not following types, symbols or spans). */
function astKinds(root: unknown): Set<string> {
  const out = new Set<string>();
  const seen = new Set<object>();
  const visit = (v: unknown): void => {
    if (typeof v !== 'object' || v === null || seen.has(v)) return;
    seen.add(v);
    if (Array.isArray(v)) {
      for (const x of v) visit(x);
      return;
    }
    const o = v as Record<string, unknown>;
    if (typeof o.kind === 'string' && 'span' in o) out.add(o.kind);
    for (const k in o) {
      if (k === 'type' || k === 'symbol' || k === 'span' || k === 'nameSpan' || k === 'ir') continue;
      visit(o[k]);
    }
  };
  visit(root);
  return out;
}
