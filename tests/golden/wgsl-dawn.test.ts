/**
 * Every golden WGSL module (tests/golden/NAME/KERNEL.wgsl, written by golden.test.ts's accept run)
 * compiles under Dawn: createShaderModule, then getCompilationInfo must report no error. A module the
 * writer refused (a one-line comment saying why) has nothing to compile; the count of compiled modules
 * is checked so an empty folder cannot pass.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWebGPUBackend, type WebGPUBackend } from '../../runtime/backends/webgpu/index.js';
import { GOLDEN_DIR } from './forms.js';

let gpu: WebGPUBackend;
beforeAll(async () => {
  gpu = await createWebGPUBackend();
});
afterAll(() => gpu?.dispose());

async function compileErrors(code: string): Promise<string[]> {
  gpu.device.pushErrorScope('validation');
  const m = gpu.device.createShaderModule({ code });
  const scope = await gpu.device.popErrorScope();
  const info = await m.getCompilationInfo();
  const errors = info.messages.filter((x) => x.type === 'error').map((x) => `${x.lineNum}:${x.linePos} ${x.message}\n  ${code.split('\n')[x.lineNum - 1] ?? ''}`);
  if (scope && errors.length === 0) errors.push(scope.message);
  return errors;
}

const cases = readdirSync(GOLDEN_DIR).filter((f) => statSync(join(GOLDEN_DIR, f)).isDirectory()).sort();
const refusedModule = (code: string) => /^\/\/ not printed: [^\n]*\n$/.test(code);

describe('Dawn compiles every golden WGSL module', () => {
  it('has golden WGSL to compile', () => {
    const modules = cases.flatMap((c) => readdirSync(join(GOLDEN_DIR, c)).filter((f) => f.endsWith('.wgsl')).map((f) => readFileSync(join(GOLDEN_DIR, c, f), 'utf8')));
    expect(modules.filter((code) => !refusedModule(code)).length).toBeGreaterThan(100);
  });

  for (const name of cases) {
    it(name, async () => {
      const failures: string[] = [];
      for (const file of readdirSync(join(GOLDEN_DIR, name)).filter((f) => f.endsWith('.wgsl')).sort()) {
        const code = readFileSync(join(GOLDEN_DIR, name, file), 'utf8');
        if (refusedModule(code)) continue;
        for (const e of await compileErrors(code)) failures.push(`tests/golden/${name}/${file}:${e}`);
      }
      expect(failures).toEqual([]);
    });
  }
});
