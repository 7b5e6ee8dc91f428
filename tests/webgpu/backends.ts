/**
 * One WebGPU backend (lavapipe here, a real GPU elsewhere) and one CPU backend per test file, and
 * `runBoth`: the same launch on both, from the same host data, returning both outputs.
 * These tests must not skip: CI installs lavapipe (scripts/setup-system.sh).
 */
import { afterAll, beforeAll } from 'vitest';
import type { Backend, LaunchArg, Stream } from '../../runtime/brt/api.js';
import { createCpuBackend } from '../../runtime/backends/cpu/index.js';
import { createWebGPUBackend, type WebGPUBackend } from '../../runtime/backends/webgpu/index.js';
import type { KernelIR } from '../../runtime/compiler/ir.js';
import type { Type } from '../../runtime/compiler/types.js';
import { compiled } from './ir.js';
import { arg, iterArg, makeIter, makeStream, readF32 } from './harness.js';

export const B: { gpu: WebGPUBackend; cpu: Backend } = {} as never;

export function useBackends(): void {
  beforeAll(async () => {
    B.gpu = await createWebGPUBackend();
    B.cpu = createCpuBackend();
  });
  afterAll(() => {
    B.gpu?.dispose();
    B.cpu?.dispose();
  });
}

/** An argument description independent of the backend. */
export type ArgSpec =
  | { stream: Type; shape: number[]; data?: Float32Array | Int32Array | Uint32Array; lo?: number[]; hi?: number[]; out?: boolean; name?: string }
  | { iter: Type; shape: number[]; lo: number[]; hi: number[] }
  | { value: number[] };

export interface BothResult {
  gpu: Float32Array[];
  cpu: Float32Array[];
  gpuWords: Uint32Array[];
  cpuWords: Uint32Array[];
}

/** Run `ir` on both backends; outputs are the arguments marked `out` (whole streams read back). */
export async function runBoth(ir: KernelIR, specs: ArgSpec[], outShape: number[]): Promise<BothResult> {
  const k = compiled(ir);
  const res: BothResult = { gpu: [], cpu: [], gpuWords: [], cpuWords: [] };
  for (const which of ['gpu', 'cpu'] as const) {
    const be = B[which];
    const outs: Stream[] = [];
    const args: LaunchArg[] = specs.map((s) => {
      if ('value' in s) return { kind: 'value', value: s.value };
      if ('iter' in s) return iterArg(makeIter(s.iter, s.shape, s.lo, s.hi));
      const st = makeStream(be, s.stream, s.shape, s.name);
      if (s.data) be.write(st.buffer, 0, s.data);
      if (s.out) outs.push(st);
      return arg(st, s.lo, s.hi);
    });
    be.run({ kernel: k, args, outShape });
    for (const o of outs) {
      const f = await readF32(be, o);
      res[which].push(f);
      (which === 'gpu' ? res.gpuWords : res.cpuWords).push(new Uint32Array(f.buffer, f.byteOffset, f.length));
    }
  }
  return res;
}
