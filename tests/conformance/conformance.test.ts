/**
 * Conformance corpus: every tests/conformance/NAME.br runs through the CLI and its stdout must equal
 * NAME.expected exactly (and the exit status must equal NAME.exitcode when that file exists, else 0).
 * NAME.expected comes from reference/NAME.c, a plain C translation compiled with gcc
 * (reference/generate.sh); it never comes from this project's own output.
 *
 * The CPU backend is always run. The WebGPU backend runs too unless BROOK_TEST_WEBGPU=0 or no adapter
 * exists; it must match exactly as well, except programs listed in tolerance.json, whose numeric fields
 * may differ by the stated tolerance (the text between numbers must still match exactly).
 * Some programs take arguments: NAME.args holds them, one per line.
 *
 * Every program runs twice per backend (issue 16, kernel fusion; issue 28, chain tiling): with
 * BROOK_FUSE=0 BROOK_TILE=0 (each call alone) and with BROOK_FUSE=verify BROOK_TILE=verify (calls
 * fused or tiled, and every fused or tiled launch also run call by call on copies
 * and compared bit for bit by the runtime, which fails the program on a difference). Both must give
 * the expected output, and the same stdout. The verify runs' counts (stderr) are summed, and the
 * suite must have fused something: the `fusion_*` programs exist for that.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt, repoRoot, runBrook, webgpuAdapterAvailable, type BuildResult } from './cli.js';

const dir = path.join(repoRoot, 'tests', 'conformance');
const programs = fs
  .readdirSync(dir)
  .filter((f) => f.endsWith('.br'))
  .map((f) => f.slice(0, -3))
  .sort();

interface Tolerance {
  /** Largest allowed |actual - expected| for a numeric field. */
  abs: number;
  reason: string;
}
const tolerances = JSON.parse(fs.readFileSync(path.join(dir, 'tolerance.json'), 'utf8')) as Record<string, Tolerance>;

function readOptional(file: string): string | undefined {
  return fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : undefined;
}

function argsOf(name: string): string[] {
  const text = readOptional(path.join(dir, `${name}.args`));
  return text === undefined ? [] : text.split('\n').filter((l) => l.length > 0);
}

function expectedCodeOf(name: string): number {
  const text = readOptional(path.join(dir, `${name}.exitcode`));
  return text === undefined ? 0 : Number(text.trim());
}

const numberPattern = /[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?|[-+]?(?:inf|nan)\b/gi;

/**
 * Compares two outputs field by field: the text between numbers must be identical, each number may
 * differ by at most tol.abs. Returns a description of the first difference, or undefined.
 */
export function compareWithTolerance(actual: string, expected: string, tol: Tolerance): string | undefined {
  const split = (s: string) => ({ nums: s.match(numberPattern) ?? [], text: s.split(numberPattern) });
  const a = split(actual);
  const e = split(expected);
  if (a.nums.length !== e.nums.length) return `expected ${e.nums.length} numbers, got ${a.nums.length}`;
  for (let i = 0; i < e.text.length; i++) {
    if (a.text[i] !== e.text[i]) return `text differs near field ${i}: ${JSON.stringify(a.text[i])} vs ${JSON.stringify(e.text[i])}`;
  }
  for (let i = 0; i < e.nums.length; i++) {
    const x = Number(a.nums[i]!.replace(/inf/i, 'Infinity'));
    const y = Number(e.nums[i]!.replace(/inf/i, 'Infinity'));
    if (Number.isNaN(y) ? !Number.isNaN(x) : !(x === y || Math.abs(x - y) <= tol.abs)) {
      return `field ${i}: got ${a.nums[i]}, expected ${e.nums[i]} (tolerance ${tol.abs})`;
    }
  }
  return undefined;
}

/** BROOK_FUSE and BROOK_TILE for the two runs of every program: each call alone, and fused and
 *  tiled with every fused or tiled launch checked against its calls run one by one. */
const UNFUSED = { BROOK_FUSE: '0', BROOK_TILE: '0' };
const FUSED = { BROOK_FUSE: 'verify', BROOK_TILE: 'verify' };

interface FusionTally {
  programs: number;
  launches: number;
  calls: number;
  elided: number;
}

/** Adds the verify line of a fused run (cli/main.ts) to `t`. */
function tally(t: FusionTally, stderr: string): void {
  const m = /brook: fusion verify: (\d+) fused launch(?:es)? of (\d+) calls, (\d+) intermediates? not written/.exec(stderr);
  if (!m) return;
  if (Number(m[1]) > 0) t.programs++;
  t.launches += Number(m[1]);
  t.calls += Number(m[2]);
  t.elided += Number(m[3]);
}

/** The verify lines are the fused run's own report; the expected stderr checks see the rest. */
function withoutVerifyLine(stderr: string): string {
  return stderr.replace(/^brook: fusion verify: .*\n/m, '').replace(/^brook: tile verify: .*\n/m, '');
}

interface TileTally {
  programs: string[];
  launches: number;
  calls: number;
}

/** Adds the tile verify line of a fused run (cli/run.ts) to `t`. */
function tallyTiles(t: TileTally, name: string, stderr: string): void {
  const m = /brook: tile verify: (\d+) tiled launch(?:es)? of (\d+) calls/.exec(stderr);
  if (!m) return;
  if (Number(m[1]) > 0) t.programs.push(name);
  t.launches += Number(m[1]);
  t.calls += Number(m[2]);
}

let build: BuildResult;
beforeAll(async () => {
  build = await ensureBuilt();
}, 300_000);

function requireBuild(): void {
  if (!build.ok) throw new Error(`the build did not produce dist/: ${build.log}`);
}

describe('tolerance comparison (self-test)', () => {
  const tol = { abs: 0.002, reason: 'test' };
  it('accepts numbers within the tolerance and identical text', () => {
    expect(compareWithTolerance('x=1.0 a -0.5000 inf NaN\n', 'x=1.0 a -0.5010 inf NaN\n', tol)).toBeUndefined();
    expect(compareWithTolerance('0.0000 -0.0000', '-0.0000 0.0000', tol)).toBeUndefined();
  });
  it('rejects a number outside the tolerance, changed text, a missing number, NaN for a number', () => {
    expect(compareWithTolerance('a 0.5030', 'a 0.5000', tol)).toMatch(/field 0/);
    expect(compareWithTolerance('b 0.5000', 'a 0.5000', tol)).toMatch(/text differs/);
    expect(compareWithTolerance('a 0.5 0.6', 'a 0.5', tol)).toMatch(/numbers/);
    expect(compareWithTolerance('a NaN', 'a 0.5', tol)).toMatch(/field 0/);
    expect(compareWithTolerance('a 0.5', 'a NaN', tol)).toMatch(/field 0/);
    expect(compareWithTolerance('a inf', 'a 1e30', tol)).toMatch(/field 0/);
  });
});

describe('conformance corpus (cpu backend)', () => {
  const fusion: FusionTally = { programs: 0, launches: 0, calls: 0, elided: 0 };
  it('has the corpus in place', () => {
    expect(programs.length).toBeGreaterThanOrEqual(45);
    for (const name of programs) expect(fs.existsSync(path.join(dir, `${name}.expected`)), `${name}.expected`).toBe(true);
    for (const name of Object.keys(tolerances)) expect(programs, `tolerance.json names ${name}`).toContain(name);
  });

  for (const name of programs) {
    it(name, async () => {
      requireBuild();
      const expected = fs.readFileSync(path.join(dir, `${name}.expected`), 'utf8');
      const plain = await runBrook(`tests/conformance/${name}.br`, 'cpu', argsOf(name), undefined, UNFUSED);
      const fused = await runBrook(`tests/conformance/${name}.br`, 'cpu', argsOf(name), undefined, FUSED);
      for (const [how, r] of [['unfused', plain], ['fused', fused]] as const) {
        expect(r.timedOut, `${how}: timed out`).toBe(false);
        expect(r.stdout, `${how}: stderr was:\n${r.stderr}`).toBe(expected);
        expect(r.code, `${how}: stderr was:\n${r.stderr}`).toBe(expectedCodeOf(name));
      }
      expect(fused.stdout, 'fused and unfused runs print the same').toBe(plain.stdout);
      expect(withoutVerifyLine(fused.stderr), 'fused and unfused runs report the same').toBe(plain.stderr);
      tally(fusion, fused.stderr);
    });
  }

  it('fused calls across the corpus (every fused launch verified against its calls run one by one)', () => {
    requireBuild();
    expect(fusion.programs, JSON.stringify(fusion)).toBeGreaterThanOrEqual(5);
    expect(fusion.launches).toBeGreaterThanOrEqual(30);
    expect(fusion.elided).toBeGreaterThanOrEqual(20);
  });
});

const wantWebgpu = process.env.BROOK_TEST_WEBGPU !== '0';
const haveAdapter = wantWebgpu && webgpuAdapterAvailable();

describe.skipIf(!haveAdapter)('conformance corpus (webgpu backend)', () => {
  const fusion: FusionTally = { programs: 0, launches: 0, calls: 0, elided: 0 };
  const tiles: TileTally = { programs: [], launches: 0, calls: 0 };
  for (const name of programs) {
    it(name, async () => {
      requireBuild();
      const expected = fs.readFileSync(path.join(dir, `${name}.expected`), 'utf8');
      const plain = await runBrook(`tests/conformance/${name}.br`, 'webgpu', argsOf(name), 120_000, UNFUSED);
      const fused = await runBrook(`tests/conformance/${name}.br`, 'webgpu', argsOf(name), 120_000, FUSED);
      for (const [how, r] of [['unfused', plain], ['fused', fused]] as const) {
        expect(r.timedOut, `${how}: timed out`).toBe(false);
        // A silent fall back to the CPU would make this suite test nothing.
        expect(r.stderr).not.toMatch(/fall(s|ing)? ?back|falling back|using the cpu/i);
        const tol = tolerances[name];
        if (tol) {
          expect(compareWithTolerance(r.stdout, expected, tol), `${how}: stdout:\n${r.stdout}\nstderr:\n${r.stderr}`).toBeUndefined();
        } else {
          expect(r.stdout, `${how}: stderr was:\n${r.stderr}`).toBe(expected);
        }
        expect(r.code, `${how}: stderr was:\n${r.stderr}`).toBe(expectedCodeOf(name));
      }
      // Fusion changes no bit, so not even a program with a tolerance prints differently.
      expect(fused.stdout, 'fused and unfused runs print the same').toBe(plain.stdout);
      expect(withoutVerifyLine(fused.stderr), 'fused and unfused runs report the same').toBe(plain.stderr);
      tally(fusion, fused.stderr);
      tallyTiles(tiles, name, fused.stderr);
      if (name.startsWith('tile_')) {
        // Both forms of a chain's repeated steps (loops on a software renderer, written out on a GPU:
        // webgpu/tiled.ts chainLoops), each verified against the calls one by one.
        for (const loops of ['0', '1']) {
          const r = await runBrook(`tests/conformance/${name}.br`, 'webgpu', argsOf(name), 120_000, { ...FUSED, BROOK_TILE_LOOPS: loops });
          expect(r.stdout, `BROOK_TILE_LOOPS=${loops}: stderr was:\n${r.stderr}`).toBe(plain.stdout);
          expect(withoutVerifyLine(r.stderr)).toBe(plain.stderr);
        }
      }
    }, 240_000);
  }

  it('fused calls across the corpus (every fused launch verified against its calls run one by one)', () => {
    requireBuild();
    expect(fusion.programs, JSON.stringify(fusion)).toBeGreaterThanOrEqual(5);
    expect(fusion.launches).toBeGreaterThanOrEqual(30);
    expect(fusion.elided).toBeGreaterThanOrEqual(20);
  });

  it('tiled chains across the corpus (every tiled launch verified against its calls run one by one)', () => {
    requireBuild();
    // The tile_* programs exist for this; tile_stencil's gathers leave every tile (no halo): never tiled.
    for (const name of ['tile_bitonic', 'tile_xor_chain', 'tile_rows']) expect(tiles.programs, JSON.stringify(tiles)).toContain(name);
    expect(tiles.programs).not.toContain('tile_stencil');
    expect(tiles.calls).toBeGreaterThanOrEqual(80);
  });
});
