/**
 * The vitest projects (tests/projects.ts) hold: every test file is in exactly one of gpu, jupyter and
 * bench or else in unit, no listed entry names a file that does not exist, and a unit test file asks
 * for neither a build (dist/, ensureBuilt, bin/brook) nor a WebGPU device, so `npm run test:unit` runs
 * on a bare checkout. Comments are left out of the scan: a file may say why it does not need dist/.
 */
import { readFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { globSync } from 'tinyglobby';
import { describe, expect, it } from 'vitest';
import { ALL_TESTS, BENCH_TESTS, GPU_TESTS, JUPYTER_TESTS } from '../projects.js';

const ROOT = resolve(import.meta.dirname, '..', '..');
const files = (patterns: string[]) => globSync(patterns, { cwd: ROOT }).sort();

/** What a unit test must not do, each with how to tell (the code, comments removed). */
const NEEDS: { what: string; pattern: RegExp }[] = [
  { what: 'a path into dist/', pattern: /['"`/]dist['"`/]/ },
  { what: 'a build (ensureBuilt)', pattern: /\bensureBuilt\s*\(/ },
  { what: 'the built CLI (bin/brook.js)', pattern: /bin\/brook|'bin',\s*'brook/ },
  { what: 'a WebGPU device', pattern: /\b(webgpuAdapterAvailable|useBackends|createWebGPUBackend|openBenchGpu)\s*\(|backend:\s*'webgpu'/ },
];

function code(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
}

describe('vitest projects (tests/projects.ts)', () => {
  const lists = { gpu: GPU_TESTS, jupyter: JUPYTER_TESTS, bench: BENCH_TESTS };

  it('every entry of the gpu, jupyter and bench lists names at least one test file', () => {
    const empty = Object.entries(lists).flatMap(([name, list]) => list.filter((p) => files([p]).length === 0).map((p) => `${name}: ${p}`));
    expect(empty).toEqual([]);
  });

  it('no test file is in two projects', () => {
    const owner = new Map<string, string[]>();
    for (const [name, list] of Object.entries(lists)) for (const f of files(list)) owner.set(f, [...(owner.get(f) ?? []), name]);
    expect([...owner].filter(([, names]) => names.length > 1).map(([f, names]) => `${f}: ${names.join(', ')}`)).toEqual([]);
    expect(files([ALL_TESTS]).length).toBeGreaterThan(owner.size);
  });

  it('unit test files need no build and no device', () => {
    const listed = new Set(files([...GPU_TESTS, ...JUPYTER_TESTS, ...BENCH_TESTS]));
    const unit = files([ALL_TESTS]).filter((f) => !listed.has(f) && f !== 'tests/architecture/test-projects.test.ts'); // this file names the patterns
    expect(unit.length).toBeGreaterThan(40);
    const wrong = unit.flatMap((f) => {
      const text = code(readFileSync(resolve(ROOT, f), 'utf8'));
      return NEEDS.filter((n) => n.pattern.test(text)).map((n) => `${relative(ROOT, resolve(ROOT, f))} uses ${n.what}: list it in tests/projects.ts`);
    });
    expect(wrong).toEqual([]);
  });
});
