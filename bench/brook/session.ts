/**
 * The Brook side's way in: the same compiler and runtime a user gets. A case's .br file (its kernels
 * and a small `main` for `brook run`, in bench/cases/) is compiled with `compile()`, and its kernels
 * are called through a `BrookRuntime`
 * made by `createRuntime({ backend })`, the calls a notebook's TypeScript cell makes on live kernels.
 * One runtime per backend serves every case of a run, as one notebook session would. The WebGPU
 * runtime makes its own Dawn device (with the same BROOK_DAWN_FLAGS as the bench's device).
 * A .br that does not compile fails its case with the rendered diagnostics.
 */
import { readFileSync, existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CompiledKernel } from '../../runtime/brt/api.js';
import { createCpuRuntime, createRuntime, type BrookRuntimeHandle } from '../../runtime/backends/index.js';
import { compile, renderDiagnostic } from '../../runtime/compiler/index.js';

/** 'cpu1': the CPU backend on the calling thread only (the one-thread figures); 'webgpu-paged':
 *  the WebGPU backend with streams split into pages of PAGED_SESSION_BYTES (quick split-stream runs). */
export type SessionKind = 'cpu' | 'cpu1' | 'webgpu' | 'webgpu-paged';

/** The page size of a 'webgpu-paged' session: a 2^16 float4 stream is 16 pages. */
export const PAGED_SESSION_BYTES = 64 << 10;

export interface BrookSession {
  rt: BrookRuntimeHandle;
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

export function brookSession(backend: SessionKind): Promise<BrookSession> {
  let s = sessions.get(backend);
  if (!s) {
    s = openSession(backend);
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

async function openSession(kind: SessionKind): Promise<BrookSession> {
  // What a user gets: no silent CPU fallback when the GPU was asked for.
  const backend = kind === 'cpu1' ? 'cpu' : kind === 'webgpu-paged' ? 'webgpu' : kind;
  const webgpu = kind === 'webgpu-paged' ? { pageBytes: PAGED_SESSION_BYTES } : undefined;
  const rt =
    kind === 'cpu1'
      ? createCpuRuntime({ cpu: { workers: 0 }, stdout: () => {} })
      : await createRuntime({ backend, requireGpu: backend === 'webgpu', stdout: () => {}, webgpu });
  return {
    rt,
    backend,
    async load(file) {
      const text = readFileSync(join(casesDir(), file), 'utf8');
      const out = compile(text, { fileName: `bench/cases/${file}` });
      if (!out.ok) {
        const errors = out.diagnostics.filter((d) => d.severity === 'error');
        throw new Error(`${file} does not compile:\n${errors.map((d) => renderDiagnostic(out.sources, d)).join('\n')}`);
      }
      return out.kernels;
    },
    dispose() {
      rt.dispose();
    },
  };
}

export function kernel(ks: Map<string, CompiledKernel>, name: string): CompiledKernel {
  const k = ks.get(name);
  if (!k) throw new Error(`kernel ${name} not found (have ${[...ks.keys()].join(', ')})`);
  return k;
}
