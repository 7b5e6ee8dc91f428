/**
 * Every kernel the compiler lowers from the project's Brook programs (tests/**.br, examples/) must
 * turn into JavaScript that parses, in every driver mode that applies, with table addressing and a
 * write mask (the most general plan). This catches IR forms the hand-built tests do not produce
 * (it found a `break` that the lowering puts into a loop's update).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { compile } from '../../runtime/compiler/index.js';
import { generateKernelSource } from '../../runtime/compiler/codegen/js/index.js';

function brFiles(dir: string, out: string[] = []): string[] {
  if (!fs.existsSync(dir)) return out;
  for (const f of fs.readdirSync(dir)) {
    const p = path.join(dir, f);
    if (fs.statSync(p).isDirectory()) brFiles(p, out);
    else if (p.endsWith('.br')) out.push(p);
  }
  return out;
}

describe('the JavaScript writer on the corpus', () => {
  it('compiles every lowered kernel', () => {
    const problems: string[] = [];
    let count = 0;
    for (const file of [...brFiles('tests'), ...brFiles('examples')]) {
      const r = compile(fs.readFileSync(file, 'utf8'), { fileName: file });
      if (!r.program) continue; // the error corpus
      for (const [name, k] of r.program.kernels) {
        if (k.kind === 'helper') continue;
        const ir = k.ir;
        const access = ir.params.map((p) => (p.role === 'in' || p.role === 'out' ? ('table' as const) : null));
        const iterDims = ir.params.map((p) => (p.role === 'iter' ? [3, 2, 1, 0] : null));
        const modes = ir.kind === 'reduce' ? (['reduceAll', 'reduceBlocks'] as const) : (['map'] as const);
        for (const mode of modes) {
          try {
            new Function(generateKernelSource(ir, { mode, access, mask: mode === 'map' ? 'table' : null, iterDims, target: 'table' }, k.facts));
            count++;
          } catch (e) {
            problems.push(`${file} ${name} (${mode}): ${(e as Error).message.split('\n')[0]}`);
          }
        }
      }
    }
    expect(problems).toEqual([]);
    expect(count).toBeGreaterThan(100);
  });
});
