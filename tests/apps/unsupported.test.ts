/**
 * Constructs of the original applications that this project does not run (docs/ORIGINAL-APPS.md): each
 * small program in tests/apps/unsupported/ must stop, on both backends, with exactly one located error
 * that names the construct (file:line:col header, the quoted source line, a caret, a hint), exit status
 * 1, nothing on stdout, and no internal error or JavaScript stack. Also the headers that do work:
 * `#include <project.h>` found in a -I folder.
 */
import { execFile } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt, repoRoot, cliBackends, type BuildResult, type RunResult } from '../conformance/cli.js';

const dir = 'tests/apps/unsupported';

/** `node bin/brook.js run [options] FILES --backend B` from the repository root (several files, -I). */
function runFiles(cliArgs: string[], backend: 'cpu' | 'webgpu'): Promise<RunResult> {
  const env = { ...process.env, XDG_RUNTIME_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'brook-xdg-')) };
  delete env.BROOK_BACKEND;
  delete env.BRT_RUNTIME;
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [path.join(repoRoot, 'bin', 'brook.js'), 'run', ...cliArgs, '--backend', backend],
      { cwd: repoRoot, env, timeout: 120_000, encoding: 'utf8' },
      (err, stdout, stderr) => {
        const e = err as (NodeJS.ErrnoException & { code?: number | string; killed?: boolean }) | null;
        resolve({ stdout, stderr, code: e ? (typeof e.code === 'number' ? e.code : null) : 0, timedOut: Boolean(e?.killed) });
      },
    );
  });
}

interface UnsupportedCase {
  files: string[];
  /** The one error: where (file:line:col) and what its message names. */
  at: string;
  names: string;
}

const cases: UnsupportedCase[] = [
  { files: ['class_inheritance.br'], at: 'class_inheritance.br:9:26', names: "'virtual base class': virtual inheritance is C++ outside the subset" },
  { files: ['std_deque.br'], at: 'std_deque.br:6:3', names: "'std::deque': the C++ standard library" },
  { files: ['brook_stream.br'], at: 'brook_stream.br:11:3', names: "'brook::Kernel': this part of BrookGPU's C++ runtime is not part of Brook the language" },
  { files: ['glut.br'], at: 'glut.br:3:10', names: "'#include <GL/glut.h>': GLUT and OpenGL open a window" },
  // The Brook file is fine; its companion C file includes windows.h: one error there, no cascade from
  // LARGE_INTEGER and QueryPerformanceCounter below it.
  { files: ['windows_main.br', 'windows_timer.c'], at: 'windows_timer.c:2:10', names: "'#include <windows.h>': the Windows API" },
];

let build: BuildResult;
beforeAll(async () => {
  build = await ensureBuilt();
}, 300_000);

const backends = cliBackends();

for (const backend of backends) {
  describe(`constructs of the original apps that are not supported (${backend})`, () => {
    for (const c of cases) {
      it(`${c.files.join(' + ')}: one located error naming it`, async () => {
        if (!build.ok) throw new Error(`the build did not produce dist/: ${build.log}`);
        const r = await runFiles(c.files.map((f) => `${dir}/${f}`), backend);
        expect(r.code, r.stderr).toBe(1);
        expect(r.stdout).toBe('');
        expect(r.stderr).not.toMatch(/internal error|^\s+at .*\.js:\d+/m);
        const errors = r.stderr.split('\n').filter((l) => / error: BRK\d{4}: /.test(l));
        expect(errors, r.stderr).toHaveLength(1);
        const header = errors[0]!;
        expect(header).toContain(`${dir}/${c.at}: error: BRK1243: ${c.names}`);
        // The quoted source line and a caret under the column follow the header.
        const lines = r.stderr.split('\n');
        const k = lines.indexOf(header);
        const line = c.at.split(':')[1];
        expect(lines[k + 1]).toMatch(new RegExp(`^\\s*${line} \\| `));
        expect(lines[k + 2]).toMatch(/^\s*\|\s*\^/);
        expect(lines.slice(k + 3).some((l) => l.startsWith('hint: '))).toBe(true);
      }, 150_000);
    }

    it('std::vector<Tri> instantiated in two files is one class (C++ one-definition rule; subdivision)', async () => {
      if (!build.ok) throw new Error(`the build did not produce dist/: ${build.log}`);
      const r = await runFiles(['tests/apps/files/odr_main.br', 'tests/apps/files/odr_load.cpp'], backend);
      expect(r.code, r.stderr).toBe(0);
      // 2 (a b + c) of triangles (i, i + 1, i / 2) for i = 0..3, one zeroed by resize, triangle 1 again.
      expect(r.stdout).toBe('0 5 14 27 0 5 (6)\n');
    }, 150_000);

    it('#include <stopwatch.h> (angle brackets) is read from a -I folder, as gcc does', async () => {
      if (!build.ok) throw new Error(`the build did not produce dist/: ${build.log}`);
      const r = await runFiles(['-I', `${dir}/include`, `${dir}/angled_include.br`], backend);
      expect(r.code, r.stderr).toBe(0);
      // t = 3 * TICKS_PER_SECOND from the header; the kernel scales 1..4 by t / TICKS_PER_SECOND = 3.
      expect(r.stdout).toBe('3 6 9 12\n');
    }, 150_000);
  });
}
