/**
 * `brook run`'s compile cache (cli/program-cache.ts): a program run again unchanged takes the kept
 * compile (host JavaScript, kernel IR, warnings) and the kernel builds the backend kept; anything that
 * could change the compile misses: a file's text, an include edited, added in front of the one found or
 * removed, a BROOK_* variable, another build; errors are never kept; a damaged entry is a miss. The
 * kept result runs the same as a fresh compile (checked against values computed by hand), and the CPU
 * backend's kept WebAssembly builds are taken instead of built again.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileCached, programCacheDir } from '../../cli/program-cache.js';
import type { CompileRequest } from '../../cli/compile-files.js';
import { createRuntime } from '../../runtime/backends/index.js';
import { FLOAT } from '../../runtime/compiler/types.js';

const dir = mkdtempSync(join(tmpdir(), 'brook-pcache-'));
const env = { BROOK_CACHE_DIR: join(dir, 'cache') };
const incA = join(dir, 'a');
const incB = join(dir, 'b');
mkdirSync(incA);
mkdirSync(incB);

function request(text: string, includeDirs: string[] = [incA, incB]): CompileRequest {
  return { files: [{ name: relative(process.cwd(), join(dir, 'main.br')), text }], includeDirs };
}

const PROGRAM = `#include "scale.h"
kernel void k(float a<>, out float b<>) { b = SCALE * a + 1.0f; }
kernel void w(float a<>, out float b<>) { double d = a; b = (float)d; }
int main(void) { return 0; }
`;

describe('brook run: compile cache', () => {
  it('keeps a compile and gives it back; misses when a file, an include, the environment or the build changes', async () => {
    writeFileSync(join(incB, 'scale.h'), '#define SCALE 3.0f\n');
    const first = await compileCached(request(PROGRAM), 'build-1', env);
    expect(first.cache).toBe('miss');
    first.keep();
    const again = await compileCached(request(PROGRAM), 'build-1', env);
    expect(again.cache).toBe('hit');
    expect(again.ok).toBe(true);
    expect(again.hostJs).toBe(first.hostJs);
    expect(again.rendered).toEqual(first.rendered);
    expect(again.rendered.join('\n')).toMatch(/'double' is computed as 'float'/); // the warning is printed again
    expect([...again.kernels.keys()]).toEqual(['k', 'w']);
    expect(again.kernels.get('k')!.ir).toEqual(first.kernels.get('k')!.ir);
    expect(again.sources.files.map((f) => f.text)).toEqual(first.sources.files.map((f) => f.text));
    // The text of the program.
    expect((await compileCached(request(PROGRAM + '\n'), 'build-1', env)).cache).toBe('miss');
    // Another build, another BROOK_* variable, no build id (run from the modules), switched off.
    expect((await compileCached(request(PROGRAM), 'build-2', env)).cache).toBe('miss');
    expect((await compileCached(request(PROGRAM), 'build-1', { ...env, BROOK_HOST_WASM: '0' })).cache).toBe('miss');
    expect((await compileCached(request(PROGRAM), undefined, env)).cache).toBeUndefined();
    expect((await compileCached(request(PROGRAM), 'build-1', { ...env, BROOK_COMPILE_CACHE: '0' })).cache).toBeUndefined();
    expect((await compileCached(request(PROGRAM), 'build-1', env)).cache).toBe('hit');
    // The include edited: a miss, and the new compile has the new value.
    writeFileSync(join(incB, 'scale.h'), '#define SCALE 5.0f\n');
    const edited = await compileCached(request(PROGRAM), 'build-1', env);
    expect(edited.cache).toBe('miss');
    edited.keep();
    expect(edited.kernels.get('k')!.ir).not.toEqual(first.kernels.get('k')!.ir);
    expect((await compileCached(request(PROGRAM), 'build-1', env)).cache).toBe('hit');
    // A header of the same name earlier in the search (-I a before -I b): a miss.
    writeFileSync(join(incA, 'scale.h'), '#define SCALE 7.0f\n');
    const shadowed = await compileCached(request(PROGRAM), 'build-1', env);
    expect(shadowed.cache).toBe('miss');
    shadowed.keep();
    // Removed again: the lookup finds b's again, which the kept entry did not: a miss.
    rmSync(join(incA, 'scale.h'));
    expect((await compileCached(request(PROGRAM), 'build-1', env)).cache).toBe('miss');
  });

  it('never keeps a compile with errors; a damaged entry is a miss', async () => {
    const bad = 'int main(void) { return x; }\n';
    const r = await compileCached(request(bad), 'build-1', env);
    expect(r.ok).toBe(false);
    r.keep();
    const r2 = await compileCached(request(bad), 'build-1', env);
    expect(r2.cache).toBe('miss');
    expect(r2.rendered).toEqual(r.rendered);
    // Damage every kept entry: each is a miss, compiled again.
    const text = 'int main(void) { return 0; }\n';
    (await compileCached(request(text, []), 'build-3', env)).keep();
    const cacheDir = programCacheDir(env);
    for (const name of readdirSync(cacheDir)) {
      const p = join(cacheDir, name);
      const bytes = readFileSync(p);
      bytes[bytes.length - 3] ^= 0xff;
      writeFileSync(p, bytes);
    }
    const d = await compileCached(request(text, []), 'build-3', env);
    expect(d.cache).toBe('miss');
    expect(d.ok).toBe(true);
  });

  it("keeps the CPU backend's WebAssembly builds with the program; a kept build runs the same", async () => {
    writeFileSync(join(incB, 'scale.h'), '#define SCALE 3.0f\n');
    const text = PROGRAM;
    const run = async (k: import('../../runtime/brt/api.js').CompiledKernel) => {
      const rt = await createRuntime({ backend: 'cpu', cpu: { workers: 0 } });
      const n = 1 << 12;
      const a = rt.createStream('a', FLOAT, [n]);
      const b = rt.createStream('b', FLOAT, [n]);
      await rt.streamRead(a, Float32Array.from({ length: n }, (_, i) => i * 0.5));
      rt.call(k, [a, b]);
      const out = new Float32Array(n);
      await rt.streamWrite(b, out);
      rt.dispose();
      return out;
    };
    const n = 1 << 12;
    const want = Float32Array.from({ length: n }, (_, i) => 3 * (i * 0.5) + 1); // 3 a + 1, exact in float
    const env4 = { ...env, BROOK_CACHE_DIR: join(dir, 'cache4') };
    const first = await compileCached(request(text), 'build-4', env4);
    const k1 = first.kernels.get('k')!;
    expect(await run(k1)).toEqual(want);
    const kept = [...k1.stored!];
    expect(kept.length).toBe(1);
    expect(kept[0]![0]).toMatch(/^wasm:/);
    expect((kept[0]![1] as { bytes: Uint8Array }).bytes).toBeInstanceOf(Uint8Array);
    first.keep();
    const second = await compileCached(request(text), 'build-4', env4);
    expect(second.cache).toBe('hit');
    const k2 = second.kernels.get('k')!;
    expect([...k2.stored!].map(([key]) => key)).toEqual(kept.map(([key]) => key));
    // The kept build is the one that runs: its wrapper marked, the mark is in the instance's source.
    const rec = k2.stored!.get(kept[0]![0]) as { wrapper: string };
    k2.stored!.set(kept[0]![0], { ...rec, wrapper: `/* kept */\n${rec.wrapper}` });
    expect(await run(k2)).toEqual(want);
    const used = [...k2.cache.values()].some((v) => (v as { wrapper?: string } | null)?.wrapper?.startsWith('/* kept */'));
    expect(used).toBe(true);
  });
});
