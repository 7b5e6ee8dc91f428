/**
 * Robustness: mutated versions of the checker's fixtures (a name replaced by another name of the file,
 * a type by another type, a line deleted, an operator changed). Whatever the parser accepts, the checker
 * must handle without throwing; when it reports no error, the lowered IR must satisfy the invariants.
 * The mutations come from a seeded generator, so a failure reproduces.
 */
import { describe, expect, test } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { compile } from './check-cases/harness.js';
import { validateKernelIR } from '../../runtime/compiler/lower/validate.js';

const dir = join(import.meta.dirname, 'check-cases');
const sources = [
  ...readdirSync(dir).filter((f) => f.startsWith('ok-') && f.endsWith('.br')).map((f) => join(dir, f)),
  ...readdirSync(join(dir, 'ir')).filter((f) => f.endsWith('.br')).map((f) => join(dir, 'ir', f)),
];

function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 4294967296;
  };
}

const TYPES = ['float', 'float2', 'float3', 'float4', 'int', 'int2', 'double', 'uint', 'char'];
const OPS = ['+', '-', '*', '/', '%', '<', '==', '&&', '&', '='];

function mutate(src: string, r: () => number): string {
  const pick = <T>(xs: T[]): T => xs[Math.floor(r() * xs.length)]!;
  const kind = Math.floor(r() * 4);
  if (kind === 0) {
    const names = [...new Set(src.match(/\b[A-Za-z_]\w*\b/g) ?? [])];
    const spots = [...src.matchAll(/\b[A-Za-z_]\w*\b/g)];
    const at = pick(spots);
    return src.slice(0, at.index!) + pick(names) + src.slice(at.index! + at[0].length);
  }
  if (kind === 1) {
    const spots = [...src.matchAll(/\b(float[234]?|int[234]?|double|uint)\b/g)];
    if (spots.length === 0) return src;
    const at = pick(spots);
    return src.slice(0, at.index!) + pick(TYPES) + src.slice(at.index! + at[0].length);
  }
  if (kind === 2) {
    const lines = src.split('\n');
    lines.splice(Math.floor(r() * lines.length), 1);
    return lines.join('\n');
  }
  const spots = [...src.matchAll(/ [-+*/<=&%]{1,2} /g)];
  if (spots.length === 0) return src;
  const at = pick(spots);
  return src.slice(0, at.index!) + ` ${pick(OPS)} ` + src.slice(at.index! + at[0].length);
}

describe('mutated programs never crash the checker', () => {
  for (const file of sources) {
    test(file.slice(dir.length + 1), () => {
      const original = readFileSync(file, 'utf8');
      const r = rng(file.length * 7919);
      let checked = 0;
      for (let i = 0; i < 40; i++) {
        const src = mutate(original, r);
        let c: ReturnType<typeof compile>;
        try {
          c = compile(src);
        } catch (e) {
          throw new Error(`checker threw on mutant ${i} of ${file}: ${(e as Error).stack}\n---\n${src}`);
        }
        if (c.parseDiagnostics.some((d) => d.severity === 'error')) continue;
        checked++;
        for (const d of c.result.diagnostics) expect(d.span.file, `${d.code} has a real span`).toBeGreaterThanOrEqual(0);
        if (c.result.diagnostics.some((d) => d.severity === 'error')) continue;
        for (const k of c.result.program.kernels.values()) expect(validateKernelIR(k.ir), `${k.name} in mutant ${i}\n${src}`).toEqual([]);
      }
      expect(checked).toBeGreaterThan(0);
    });
  }
});
