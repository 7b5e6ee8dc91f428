/**
 * How Brook code reaches the libraries and how a kernel reaches its native form:
 * - `#include <brook/blas.br>` in a `brook run` program (both backends) and in a `%%brook` cell;
 * - a missing library is BRK1120 with a hint naming the libraries (not skipped as a system header),
 *   BrookGPU's own runtime headers (<brook/brook.hpp>) are still skipped;
 * - `#pragma brook native(NAME)` attaches to the kernel after it (KernelIR.native), a stray pragma is
 *   BRK5200, and a kernel whose native form nobody registered runs its Brook body (and says why).
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { compile } from '../../runtime/compiler/index.js';
import { SourceSet } from '../../runtime/compiler/source.js';
import { libraryInclude, withLibraries } from '../../runtime/library/index.js';
import { createRuntime } from '../../runtime/backends/index.js';
import { BrookSession } from '../../magics/session.js';
import { ensureBuilt, runBrook } from '../conformance/cli.js';

function compileText(text: string, readInclude = withLibraries()) {
  const sources = new SourceSet();
  sources.add('prog.br', text);
  return compile(sources, { readInclude });
}

describe('library includes', () => {
  it('finds brook/blas.br in the package and names it in diagnostics', () => {
    const lib = libraryInclude('brook/blas.br')!;
    expect(lib.name).toBe('brook/blas.br');
    expect(lib.text).toContain('kernel void blas_gemm_k');
    expect(libraryInclude('brook/nope.br')).toBeUndefined();
    const r = compileText('#include <brook/blas.br>\nint main() { blas_nothing(); return 0; }\n');
    expect(r.ok).toBe(false);
    const ok = compileText('#include <brook/blas.br>\nint main() { return 0; }\n');
    expect(ok.ok).toBe(true);
    expect([...ok.kernels.keys()]).toContain('blas_gemm_k');
    expect(ok.kernels.get('blas_gemm_k')!.ir.native).toBe('blas.gemm');
    expect(ok.kernels.get('blas_axpy_k')!.ir.native).toBeUndefined();
  });

  it('a missing library is BRK1120 with a hint; the original runtime headers stay ignored', () => {
    const r = compileText('#include <brook/blass.br>\n#include <brook/brook.hpp>\nint main() { return 0; }\n');
    const errs = r.diagnostics.filter((d) => d.severity === 'error');
    expect(errs.map((d) => d.code)).toEqual(['BRK1120']);
    expect(errs[0]!.message).toContain("'brook/blass.br'");
    expect(errs[0]!.hint).toContain('brook/blas.br');
    const quoted = compileText('#include "brook/blass.br"\nint main() { return 0; }\n');
    expect(quoted.diagnostics.map((d) => d.code)).toContain('BRK1120');
  });

  it('#pragma brook native must be followed by a kernel definition (BRK5200)', () => {
    const r = compileText('#pragma brook native(x.y)\nint f(int a) { return a; }\nint main() { return 0; }\n');
    expect(r.diagnostics.map((d) => d.code)).toEqual(['BRK5200']);
    const ok = compileText('#pragma once\n#pragma brook native(my.copy)\nkernel void k(float a<>, out float b<>) { b = a; }\nint main() { return 0; }\n');
    expect(ok.ok).toBe(true);
    expect(ok.kernels.get('k')!.ir.native).toBe('my.copy');
  });
});

describe('a kernel marked native with no registered form', () => {
  it.each(['cpu', 'webgpu'] as const)('runs its Brook body on %s, and the WebGPU backend says why', async (backend) => {
    const r = compileText('#pragma brook native(nobody.double)\nkernel void twice(float a<>, out float b<>) { b = 2.0f * a; }\nint main() { return 0; }\n');
    const rt = await createRuntime({ backend, requireGpu: backend === 'webgpu', stdout: () => {} });
    try {
      const k = r.kernels.get('twice')!;
      const FLOAT = k.ir.params[0]!.type;
      const a = rt.createStream('a', FLOAT, [5]);
      const b = rt.createStream('b', FLOAT, [5]);
      await rt.streamRead(a, Float32Array.from([1, 2, 3, 4, 5]));
      rt.call(k, [a, b]);
      const out = new Float32Array(5);
      await rt.streamWrite(b, out);
      expect(Array.from(out)).toEqual([2, 4, 6, 8, 10]);
      const use = (rt.backend as { nativeUse?: () => Record<string, { body: number; why?: string }> }).nativeUse?.();
      if (backend === 'webgpu') expect(use!['nobody.double']).toMatchObject({ body: 1, why: "no WGSL form named 'nobody.double' is registered" });
    } finally {
      rt.dispose();
    }
  });
});

describe('brook run and %%brook cells with #include <brook/blas.br>', () => {
  const program = `#include <stdio.h>
#include <brook/blas.br>
int main() {
  float X[8] = {1.0f, -2.0f, 3.0f, 4.0f, -5.0f, 6.0f, 7.0f, -8.0f};
  float A[32];
  float4 x<2>, y<2>, z<1>, a<4, 2>;
  int i;
  for (i = 0; i < 32; i++) A[i] = (float)(i % 5) - 1.0f;
  streamRead(x, X);
  streamRead(y, X);
  streamRead(a, A);
  blas_saxpy(0.5f, x, y);
  printf("%g %g %d\\n", blas_sdot(x, y), blas_sasum(y), blas_isamax(y));
  blas_sgemv(BLAS_NO_TRANS, 1.0f, a, x, 0.0f, z);
  streamPrint(z);
  return 0;
}
`;
  // float64, by hand: y = 1.5 x; x.y = 1.5 |x|^2 = 1.5 * 204; sum |y| = 1.5 * 36; largest |y_i| at 7;
  // z = A x with A[i][j] = ((8 i + j) % 5) - 1.
  const X = [1, -2, 3, 4, -5, 6, 7, -8];
  const z = [0, 1, 2, 3].map((i) => X.reduce((s, v, j) => s + ((((8 * i + j) % 5) - 1) * v), 0));
  const want = `306 54 7\n{${z.map((v) => v.toFixed(2)).join(', ')}}\n`;
  let file = '';

  beforeAll(async () => {
    const built = await ensureBuilt();
    expect(built.ok, built.log).toBe(true);
    file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'brook-blas-inc-')), 'uses_blas.br');
    fs.writeFileSync(file, program);
  }, 600_000);

  it.each(['cpu', 'webgpu'] as const)('brook run on %s', async (backend) => {
    const r = await runBrook(file, backend);
    expect(r.stdout, `stderr was:\n${r.stderr}`).toBe(want);
    expect(r.stderr).not.toMatch(/error|fall(s|ing)? ?back/i);
    expect(r.code).toBe(0);
  });

  it('a %%brook cell includes the library and later cells call its functions', async () => {
    const out: string[] = [];
    const sink = { stdout: (t: string) => out.push(t), stderr: (t: string) => out.push(t) };
    const s = new BrookSession(() => ({}), { backend: 'cpu' });
    try {
      const body = program.slice(program.indexOf('{') + 1, program.lastIndexOf('return 0;'));
      await s.runCell('#include <brook/blas.br>\n', 1, 'cell[1]', sink);
      await s.runCell(body, 1, 'cell[2]', sink);
      expect(out.join('')).toBe(want);
    } finally {
      s.dispose();
    }
  });
});
