/**
 * BrookGPU's build forms that raytracer uses (docs/ORIGINAL-APPS.md), as programs of our own, through
 * the CLI on cpu and on webgpu (lavapipe in CI):
 * - `.bri` sources and `.brhi` headers preprocessed twice (`#include "built/NAME.hpp"` reads NAME.brhi);
 * - `using namespace brook;`, `stream::create<T>(...)`, arrays of brook::stream, `iter` with __BRTFLOAT2;
 * - drand48 with glibc's sequence.
 * Each expected output is computed here (float64), not taken from a run.
 */
import { execFile } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt, repoRoot, cliBackends, type BuildResult, type RunResult } from '../conformance/cli.js';

function runFiles(cliArgs: string[], backend: 'cpu' | 'webgpu'): Promise<RunResult> {
  const env = { ...process.env, XDG_RUNTIME_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'brook-xdg-')) };
  delete env.BROOK_BACKEND;
  delete env.BRT_RUNTIME;
  return new Promise((resolve) => {
    execFile(process.execPath, [path.join(repoRoot, 'bin', 'brook.js'), 'run', ...cliArgs, '--backend', backend], { cwd: repoRoot, env, timeout: 120_000, encoding: 'utf8' }, (err, stdout, stderr) => {
      const e = err as (NodeJS.ErrnoException & { code?: number | string; killed?: boolean }) | null;
      resolve({ stdout, stderr, code: e ? (typeof e.code === 'number' ? e.code : null) : 0, timedOut: Boolean(e?.killed) });
    });
  });
}

const dir = 'tests/apps/files';
let build: BuildResult;
beforeAll(async () => {
  build = await ensureBuilt();
}, 300_000);

const backends = cliBackends();

/** The numbers of a line, to compare within float32 rounding. */
const numbers = (s: string) => s.trim().split(/[\s/]+/).map(Number);
const close = (a: number[], e: number[]) => a.length === e.length && a.every((x, i) => Math.abs(x - e[i]!) <= 1e-4 * Math.max(1, Math.abs(e[i]!)));

for (const backend of backends) {
  describe(`BrookGPU build forms (${backend})`, () => {
    it('.bri and .brhi are preprocessed twice; built/NAME.hpp is NAME.brhi', async () => {
      if (!build.ok) throw new Error(`the build did not produce dist/: ${build.log}`);
      const r = await runFiles([`${dir}/twice/main.cpp`, `${dir}/twice/scale.bri`], backend);
      expect(r.code, r.stderr).toBe(0);
      // o = (a + b) * k * FACTOR with a = i, b = i / 2, k = 2, FACTOR = 3 (a second-pass macro).
      const expected = [0, 1, 2, 3, 4].map((i) => (i + 0.5 * i) * 2 * 3);
      expect(close(numbers(r.stdout), expected), r.stdout).toBe(true);
    }, 150_000);

    it('a POUND line that is no directive, and a built/NAME.hpp with no NAME.brhi or NAME.brh: located errors', async () => {
      if (!build.ok) throw new Error(`the build did not produce dist/: ${build.log}`);
      const bad = await runFiles([`${dir}/twice/bad.bri`, `${dir}/twice/main.cpp`], backend);
      expect(bad.code).toBe(1);
      expect(bad.stderr).toContain(`${dir}/twice/bad.bri:3:7: error: BRK1101: unknown preprocessor directive '#inclde'`);
      expect(bad.stderr).toContain(' 3 | POUND inclde <stdio.h>');
      const missing = await runFiles([`${dir}/twice/missing.cpp`], backend);
      expect(missing.code).toBe(1);
      expect(missing.stderr).toContain(`${dir}/twice/missing.cpp:1:10: error: BRK1120: cannot find include file 'built/nothere.hpp'`);
      expect(missing.stderr).toContain("from the Brook header 'nothere.brhi' or 'nothere.brh'");
      expect(`${bad.stderr}${missing.stderr}`).not.toMatch(/internal error|^\s+at .*\.js:\d+/m);
    }, 150_000);

    it('using namespace brook, stream::create<T>, arrays of streams, iter(__BRTFLOAT2, ...)', async () => {
      if (!build.ok) throw new Error(`the build did not produce dist/: ${build.log}`);
      const r = await runFiles([`${dir}/brook_create.cpp`], backend);
      expect(r.code, r.stderr).toBe(0);
      // A 3 x 2 stream (3 rows, 2 columns, as BrookGPU's extents): the iterator runs x over [0, 3) in
      // 2 columns and y over [0, 2) in 3 rows; 3 steps of v' = 2v + w, w' = w + 1 from w = 1 give
      // v = 8 v0 + 11, w = 4; sums add the weight of the mirrored cell (4).
      const expected: number[] = [];
      for (let i = 0; i < 6; i++) {
        const v0 = (i % 2) * 1.5 + 10 * (Math.floor(i / 2) * (2 / 3));
        expected.push(8 * v0 + 11, 8 * v0 + 15);
      }
      expect(close(numbers(r.stdout), expected), r.stdout).toBe(true);
    }, 150_000);

    it('drand48 / srand48 give glibc\'s sequence', async () => {
      if (!build.ok) throw new Error(`the build did not produce dist/: ${build.log}`);
      const r = await runFiles([`${dir}/drand48.c`], backend);
      expect(r.code, r.stderr).toBe(0);
      // X' = (0x5DEECE66D X + 11) mod 2^48 from 0x1234ABCD330E, then from (42 << 16) | 0x330E; X / 2^48.
      const out: number[] = [];
      let x = 0x1234abcd330en;
      const next = () => { x = (0x5deece66dn * x + 0xbn) & 0xffffffffffffn; return Number(x) / 2 ** 48; };
      for (let i = 0; i < 3; i++) out.push(next());
      x = (42n << 16n) | 0x330en;
      out.push(next());
      // %.17g round-trips a double exactly.
      expect(r.stdout.trim().split('\n').map(Number)).toEqual(out);
    }, 150_000);

    it('a stream array whose initializer is not stream::create is one located error', async () => {
      if (!build.ok) throw new Error(`the build did not produce dist/: ${build.log}`);
      const r = await runFiles([`${dir}/brook_create_bad.cpp`], backend);
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(new RegExp(`${dir}/brook_create_bad.cpp:7:\\d+: error: BRK\\d{4}`));
      expect(r.stderr).not.toMatch(/internal error|^\s+at .*\.js:\d+/m);
    }, 150_000);
  });
}
