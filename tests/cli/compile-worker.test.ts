/**
 * `brook run` on WebGPU with BROOK_COMPILE_WORKER=1 compiles on a worker thread while the device starts
 * (cli/compile-files.ts; opt-in, the default compiles in line). Run as a user runs it (the built
 * bin/brook.js in a fresh process, where the worker exists), each case with the worker and with
 * BROOK_COMPILE_WORKER=0 (compiled on the main thread): the same stdout, stderr and status
 * either way, for a program with an include and a kernel, a compile error in an included file, and a
 * runtime error (located in the user's source, which the main thread only has from the worker).
 * --phases-out says where the compile ran: overlapped with the device start on the worker, or not.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '..', '..');
const dir = mkdtempSync(join(tmpdir(), 'brook-cworker-'));
function file(name: string, text: string): string {
  const p = join(dir, name);
  writeFileSync(p, text);
  return p;
}

function brook(args: string[], worker: boolean) {
  const r = spawnSync(process.execPath, [join(root, 'bin', 'brook.js'), ...args], {
    cwd: dir,
    encoding: 'utf8',
    env: { ...process.env, BROOK_REQUIRE_GPU: '1', BROOK_COMPILE_WORKER: worker ? '1' : '0' },
    timeout: 60_000,
  });
  // Dawn's adapter warnings under lavapipe reach stderr here: spawnSync's pipes are sockets, which
  // backends/webgpu/quiet.ts cannot swap out. They are not ours; everything else must match.
  const stderr = r.stderr.split('\n').filter((l) => !/^Warning: max\w+ artificially reduced/.test(l)).join('\n');
  return { status: r.status, stdout: r.stdout, stderr };
}

file('scale.h', '#define SCALE 3.0f\n');
const good = file('good.br', `#include <stdio.h>
#include "scale.h"
kernel void k(float a<>, out float b<>) { b = SCALE * a + 1.0f; }
int main(void) {
  float h[4] = {1.0f, 2.0f, 3.0f, 4.0f};
  float a<4>, b<4>;
  streamRead(a, h);
  k(a, b);
  streamWrite(b, h);
  printf("%g %g %g %g\\n", h[0], h[1], h[2], h[3]);
  return 0;
}
`);

describe('brook run --backend webgpu: compiling on a worker while the device starts', () => {
  it('runs a program with an include and a kernel: same output as compiling in line; phases say where the compile ran', () => {
    const phases = (name: string) => join(dir, name);
    const a = brook(['run', good, '--backend', 'webgpu', '--phases-out', phases('w.json')], true);
    const b = brook(['run', good, '--backend', 'webgpu', '--phases-out', phases('m.json')], false);
    // 3 a + 1 for a = 1..4, computed by hand.
    expect(a).toEqual({ status: 0, stdout: '4 7 10 13\n', stderr: '' });
    expect(b).toEqual(a);
    const w = JSON.parse(readFileSync(phases('w.json'), 'utf8')) as { compileMs: number; compileOverlappedMs: number; deviceMs: number };
    const m = JSON.parse(readFileSync(phases('m.json'), 'utf8')) as { compileMs: number; compileOverlappedMs: number };
    expect(w.compileOverlappedMs).toBeGreaterThan(0);
    expect(w.compileMs).toBeGreaterThanOrEqual(0);
    expect(m.compileOverlappedMs).toBe(0);
    expect(m.compileMs).toBeGreaterThan(0);
  }, 60_000);

  it('a compile error in an included file: located, status 1, nothing on stdout, either way', () => {
    file('broken.h', 'int broken(int x) { return x + ; }\n');
    const p = file('bad.br', '#include "broken.h"\nint main(void) { return broken(1); }\n');
    const a = brook(['run', p, '--backend', 'webgpu'], true);
    expect(a.status).toBe(1);
    expect(a.stdout).toBe('');
    expect(a.stderr).toMatch(/broken\.h:1:\d+: error: BRK\d{4}: /);
    expect(brook(['run', p, '--backend', 'webgpu'], false)).toEqual(a);
  }, 60_000);

  it("a runtime error points at the user's statement, output before it kept, either way", () => {
    const p = file('rt.br', `#include <stdio.h>
kernel void k(float a<>, out float b<>, out float c<>) { b = a; c = a; }
int main(void) {
  float a<4>, b<4>, c<5>;
  printf("before\\n");
  k(a, b, c);
  return 0;
}
`);
    const a = brook(['run', p, '--backend', 'webgpu'], true);
    expect(a.status).toBe(1);
    expect(a.stdout).toBe('before\n');
    expect(a.stderr).toMatch(/rt\.br:6:3: error: BRK5005: /);
    expect(a.stderr).toContain('  k(a, b, c);');
    expect(brook(['run', p, '--backend', 'webgpu'], false)).toEqual(a);
  }, 60_000);
});
