/**
 * The Brook side's way in: the same compiler and runtime a user gets. A case's .br file (kernels only,
 * in bench/cases/) is compiled with `compile()`, and its kernels are called through a `BrookRuntime`
 * made by `createRuntime({ backend })`, the calls a notebook's TypeScript cell makes on live kernels.
 * One runtime per backend serves every case of a run, as one notebook session would.
 *
 * The compiler and runtime are loaded on first use; when they are not built yet the Brook side of
 * every case is reported as skipped (`Unavailable`), not failed.
 */
import { readFileSync, existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BrookRuntime, CompiledKernel } from '../../runtime/brt/api.js';
import { Unavailable } from '../side.js';
import type { BenchGpu } from '../gpu.js';

export interface BrookSession {
  rt: BrookRuntime;
  backend: 'cpu' | 'webgpu';
  /** Compile bench/cases/NAME and return its kernels by name. */
  load(file: string): Promise<Map<string, CompiledKernel>>;
  dispose(): void;
}

/** bench/cases/, found from the built file's location (dist/bench/brook/) or the source's. */
export function casesDir(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    const c = join(dir, 'bench', 'cases');
    if (existsSync(join(c, 'saxpy.br'))) return c;
    dir = dirname(dir);
  }
  throw new Error('bench/cases/ not found above ' + fileURLToPath(import.meta.url));
}

const sessions = new Map<string, Promise<BrookSession>>();

export function brookSession(backend: 'cpu' | 'webgpu', gpu?: BenchGpu): Promise<BrookSession> {
  let s = sessions.get(backend);
  if (!s) {
    s = openSession(backend, gpu);
    sessions.set(backend, s);
  }
  return s;
}

export async function closeSessions(): Promise<void> {
  for (const s of sessions.values()) {
    try {
      (await s).dispose();
    } catch {
      // A session that never opened has nothing to close.
    }
  }
  sessions.clear();
}

/** Import a module of the project by path relative to this file; Unavailable if it is not built. */
async function importProject(rel: string): Promise<Record<string, unknown>> {
  const url = new URL(rel, import.meta.url);
  if (!existsSync(fileURLToPath(url))) throw new Unavailable(`${rel.replace(/^(\.\.\/)+/, '')} is not built yet`);
  return (await import(url.href)) as Record<string, unknown>;
}

async function openSession(backend: 'cpu' | 'webgpu', gpu?: BenchGpu): Promise<BrookSession> {
  const compilerMod = await importProject('../../runtime/compiler/index.js');
  const brtMod = await importProject('../../runtime/brt/index.js');
  const compile = compilerMod.compile as ((src: string, opts?: object) => unknown) | undefined;
  const createRuntime = brtMod.createRuntime as ((opts: object) => BrookRuntime) | undefined;
  if (typeof compile !== 'function') throw new Unavailable('runtime/compiler has no compile() yet');
  if (typeof createRuntime !== 'function') throw new Unavailable('runtime/brt has no createRuntime() yet');
  const be = await createBackend(backend, gpu);
  const rt = createRuntime({ backend: be });
  return {
    rt,
    backend,
    async load(file) {
      const text = readFileSync(join(casesDir(), file), 'utf8');
      return kernelsOf(compile(text, { file }), file);
    },
    dispose() {
      rt.backend.dispose();
    },
  };
}

async function createBackend(backend: 'cpu' | 'webgpu', gpu?: BenchGpu): Promise<unknown> {
  if (backend === 'cpu') {
    const m = await importProject('../../runtime/backends/cpu/index.js');
    const f = m.createCpuBackend as ((o?: object) => unknown) | undefined;
    if (typeof f !== 'function') throw new Unavailable('runtime/backends/cpu has no createCpuBackend() yet');
    return f();
  }
  const m = await importProject('../../runtime/backends/webgpu/index.js');
  const f = m.createWebGPUBackend as ((o?: object) => unknown) | undefined;
  if (typeof f !== 'function') throw new Unavailable('runtime/backends/webgpu has no createWebGPUBackend() yet');
  // Share the bench's device when the backend accepts one: one device, one clock for both sides.
  return await f(gpu ? { device: gpu.device, adapter: gpu.adapter } : {});
}

/** The kernels of a compile() result, or the rendered diagnostics as an error. */
function kernelsOf(out: unknown, file: string): Map<string, CompiledKernel> {
  const o = out as { diagnostics?: { severity?: string; message?: string }[]; kernels?: unknown };
  const errors = (o.diagnostics ?? []).filter((d) => d.severity === 'error');
  if (errors.length) throw new Error(`${file} does not compile: ${errors.map((d) => d.message).join('; ')}`);
  const ks = o.kernels;
  const map = new Map<string, CompiledKernel>();
  if (ks instanceof Map) for (const [k, v] of ks) map.set(k, v as CompiledKernel);
  else if (Array.isArray(ks)) for (const k of ks as CompiledKernel[]) map.set(k.ir.name, k);
  else if (ks && typeof ks === 'object') for (const [k, v] of Object.entries(ks)) map.set(k, v as CompiledKernel);
  if (!map.size) throw new Error(`${file}: compile() returned no kernels`);
  return map;
}

export function kernel(ks: Map<string, CompiledKernel>, name: string): CompiledKernel {
  const k = ks.get(name);
  if (!k) throw new Error(`kernel ${name} not found (have ${[...ks.keys()].join(', ')})`);
  return k;
}
