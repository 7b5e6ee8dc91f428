import { test } from 'vitest';
import { parseText } from './parse-cases/helpers.js';
import { renderDiagnostic } from '../../runtime/compiler/diagnostics.js';
import { printUnit } from './parse-cases/ast-print.js';
test('tmp', () => {
  const r = parseText('#include "bad.brh"\nint ok;', { readInclude: () => ({ name: 'bad.brh', text: '\n\nint broken = ;\n' }) });
  console.log(printUnit(r.unit));
  for (const d of r.diagnostics) console.log(renderDiagnostic(r.sources, d));
});
