import { test } from 'vitest';
import { SourceSet } from '../../runtime/compiler/source.js';
import { parseSource } from '../../runtime/compiler/parse/index.js';
import { checkProgram } from '../../runtime/compiler/check/index.js';
import { renderDiagnostic } from '../../runtime/compiler/diagnostics.js';
import { printKernelIR } from '../../runtime/compiler/ir-print.js';
import { readFileSync } from 'node:fs';
test('smoke', () => {
  const src = readFileSync('/tmp/smoke.br', 'utf8');
  const sources = new SourceSet();
  const f = sources.add('prog.br', src);
  const p = parseSource(sources, f.id, { allowTopLevelStatements: process.env.CELL === '1' });
  for (const d of p.diagnostics) console.log(renderDiagnostic(sources, d));
  const r = checkProgram(p.unit, sources, { mode: process.env.CELL === '1' ? 'cell' : 'program' });
  for (const d of r.diagnostics) console.log(renderDiagnostic(sources, d));
  for (const k of r.program.kernels.values()) console.log(printKernelIR(k.ir));
});
