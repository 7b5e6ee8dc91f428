/**
 * What the IR validator and the kernel facts cost the compiler: compile() of every conformance program
 * (tests/conformance) and bench case (bench/cases), timed whole, against the time of validateKernelIR
 * and of kernelFacts (compiler/facts) on the kernels those compiles made (the compiler runs both once
 * per kernel, in that order: lower/index.ts). Medians of `runs` rounds after a warm-up round,
 * in-process (the warm compile a notebook cell pays). The bound (issue 26): both together under 2%.
 *
 *   node dist/bench/ir-validation.js [runs (default 15)]
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compile } from '../runtime/compiler/index.js';
import { validateKernelIR } from '../runtime/compiler/lower/validate.js';
import { kernelFacts } from '../runtime/compiler/facts/index.js';
import type { KernelIR } from '../runtime/compiler/ir.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const runs = Number(process.argv[2] ?? 15);

function programs(): { name: string; text: string; dir: string }[] {
  const out: { name: string; text: string; dir: string }[] = [];
  for (const dir of [join(root, 'tests', 'conformance'), join(root, 'bench', 'cases')]) {
    for (const f of readdirSync(dir).filter((n) => n.endsWith('.br')).sort()) out.push({ name: f, text: readFileSync(join(dir, f), 'utf8'), dir });
  }
  return out;
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

const all = programs();
const compileOnce = (): KernelIR[] => {
  const irs: KernelIR[] = [];
  for (const p of all) {
    const r = compile(p.text, {
      fileName: p.name,
      readInclude: (name) => {
        try {
          return { name, text: readFileSync(join(p.dir, name), 'utf8') };
        } catch {
          return undefined;
        }
      },
    });
    if (r.program) for (const k of r.program.kernels.values()) irs.push(k.ir);
  }
  return irs;
};

const irs = compileOnce(); // warm-up (and the kernels to validate)
const compileMs: number[] = [];
const validateMs: number[] = [];
const factsMs: number[] = [];
let reductions = 0;
for (let i = 0; i < runs; i++) {
  const t0 = performance.now();
  compileOnce();
  compileMs.push(performance.now() - t0);
  const t1 = performance.now();
  let violations = 0;
  for (const ir of irs) violations += validateKernelIR(ir).length;
  validateMs.push(performance.now() - t1);
  const t2 = performance.now();
  for (const ir of irs) if (kernelFacts(ir).reduction) reductions++;
  factsMs.push(performance.now() - t2);
  if (violations) throw new Error(`${violations} IR violations: the compiler should have refused these kernels`);
}
const c = median(compileMs);
const v = median(validateMs);
const f = median(factsMs);
const pct = (x: number) => `${((100 * x) / c).toFixed(2)}%`;
console.log(`${all.length} programs, ${irs.length} kernels (${reductions / runs} reductions), ${runs} rounds (medians)`);
console.log(`compile() of all, validation and facts included: ${c.toFixed(2)} ms`);
console.log(`validateKernelIR of their kernels:     ${v.toFixed(3)} ms = ${pct(v)} of compile time`);
console.log(`kernelFacts of their kernels:          ${f.toFixed(3)} ms = ${pct(f)} of compile time`);
console.log(`validator + facts:                     ${(v + f).toFixed(3)} ms = ${pct(v + f)} of compile time (bound: 2%)`);
