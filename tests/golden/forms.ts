/**
 * The golden forms of one conformance case (tests/conformance/NAME.br): for each kernel the checker
 * lowered (helpers are inlined into their callers), its IR (runtime/compiler/ir-print.ts), the WGSL
 * module, the JavaScript kernel and the WebAssembly module as text, each for the plainest call: whole
 * streams of the output's shape (no domains, no aliasing, no mask), 1-D iterators, small extents.
 * The same inputs give the same text on every machine (no device, no clock, no environment).
 *
 * Layout: tests/golden/NAME/KERNEL.ir, KERNEL.wgsl, KERNEL.js, KERNEL.wat. A writer that cannot print
 * a kernel (WGSL has no double; the WebAssembly writer covers map and full reductions) leaves the file
 * with one line saying why, so a change in coverage shows as a diff too.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { compile, renderDiagnostic } from '../../runtime/compiler/index.js';
import { withLibraries } from '../../runtime/library/index.js';
import type { KernelIR } from '../../runtime/compiler/ir.js';
import { printKernelIR } from '../../runtime/compiler/ir-print.js';
import { compileKernelJs, flatKinds, generateKernelWasm, WasmUnsupported, WgslUnsupportedError, type JsPlan } from '../../runtime/compiler/kernels.js';
import { generateWGSL } from '../../runtime/compiler/codegen/wgsl/index.js';
import { wasmText } from './wasm-text.js';
import type { KernelFacts } from '../../runtime/compiler/facts/index.js';

export const CONFORMANCE_DIR = join(import.meta.dirname, '..', 'conformance');
export const GOLDEN_DIR = import.meta.dirname;

/** The four forms, by file extension. */
export const FORMS = ['ir', 'wgsl', 'js', 'wat'] as const;

/** The plainest CPU plan of `ir` (what the CPU backend builds for whole streams of the output's shape). */
export function plainPlan(ir: KernelIR): JsPlan {
  const streamed = (role: string) => role === 'in' || role === 'out' || role === 'iter';
  return {
    mode: ir.kind === 'reduce' ? 'reduceAll' : 'map',
    access: ir.params.map((p) => (streamed(p.role) ? 'linear' : null)),
    mask: null,
    iterDims: ir.params.map((p) => (p.role === 'iter' ? flatKinds(p.type).map(() => 3) : null)),
    smallIndex: true,
  };
}

/** What a writer refused, as the file's one line (an unexpected error is a bug: it propagates). */
function refused(e: unknown, expected: new (...a: never[]) => Error, comment: string): string {
  if (e instanceof expected) return `${comment} not printed: ${e.message.split('\n')[0]}\n`;
  throw e;
}

export function kernelForms(ir: KernelIR, facts: KernelFacts): Record<(typeof FORMS)[number], string> {
  const plan = plainPlan(ir);
  let wgsl: string;
  try {
    wgsl = generateWGSL(ir, facts).code;
  } catch (e) {
    wgsl = refused(e, WgslUnsupportedError, '//');
  }
  let wat: string;
  try {
    const w = generateKernelWasm(ir, plan, facts);
    wat = `${wasmText(w.bytes)}\n;; imports: ${w.imports.map((i) => i.name).join(', ') || '(none)'}; vector body: ${w.vector}\n;; wrapper:\n${w.wrapper.replace(/^/gm, ';; ')}\n`;
  } catch (e) {
    wat = refused(e, WasmUnsupported, ';;');
  }
  return { ir: printKernelIR(ir), wgsl, js: compileKernelJs(ir, plan, facts).source, wat };
}

/** Every golden file of case `name`: file name (KERNEL.form) -> text. */
export function caseForms(name: string): Map<string, string> {
  const readInclude = (include: string, from: string) => {
    const relativeName = join(dirname(from), include);
    try {
      return { name: relativeName, text: readFileSync(join(CONFORMANCE_DIR, relativeName), 'utf8') };
    } catch {
      return undefined; // not beside the case: the libraries (<stdio.h>, <brook/...>)
    }
  };
  const r = compile(readFileSync(join(CONFORMANCE_DIR, `${name}.br`), 'utf8'), { fileName: `${name}.br`, readInclude: withLibraries(readInclude) });
  if (!r.ok || !r.program) throw new Error(`tests/conformance/${name}.br does not compile:\n${r.diagnostics.map((d) => renderDiagnostic(r.sources, d)).join('\n')}`);
  const out = new Map<string, string>();
  for (const [kernel, k] of [...r.program.kernels].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    if (k.kind === 'helper') continue;
    const forms = kernelForms(k.ir, k.facts);
    for (const f of FORMS) out.set(`${kernel}.${f}`, forms[f]);
  }
  return out;
}
