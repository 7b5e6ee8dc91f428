/**
 * The compiled forms of a launch's plan on the CPU backend: the JavaScript kernel (codegen/js, cached
 * on the CompiledKernel per plan key), and the WebAssembly module (codegen/wasm) bound to this
 * backend's arena where the writer covers the plan and every stream the launch touches lives in the
 * arena. Same results either way (tests/cpu/wasm.test.ts). Both writers print from the kernel facts
 * the compiler decided (CompiledKernel.facts).
 */
import type { Launch } from '../../brt/api.js';
import { compileKernelJs, planKey, type CompiledJsKernel, type JsPlan } from '../../compiler/kernels.js';
import { generateKernelWasm, HOST_IMPORTS_SOURCE, WasmUnsupported } from '../../compiler/kernels.js';
import { KERNEL_STOPPED, MAIN_STOP_WORD } from '../../brt/abort-watch.js';
import type { CpuStorage } from './buffers.js';

/** A compiled kernel as the backend runs it: JavaScript, or a WebAssembly module bound to the arena. */
export interface CpuKernel extends CompiledJsKernel {
  wasm?: { key: string; module: WebAssembly.Module; memory: WebAssembly.Memory };
}

/** A kernel plan's WebAssembly module (memory-independent), or null when the writer does not cover it. */
interface WasmModuleRecord {
  key: string;
  module: WebAssembly.Module;
  wrapper: string;
  /** Whether the kernel body also has a vector version, its lane-by-lane operations, and whether it
   *  keeps elements as stored (tests). */
  vector: boolean;
  laneOps: number;
  asStored: boolean;
}

/** A WebAssembly kernel's build as plain data (CompiledKernel.stored): what the module record is made of. */
interface StoredWasm {
  bytes: Uint8Array;
  wrapper: string;
  vector: boolean;
  laneOps: number;
  asStored: boolean;
}

/** Host functions of WebAssembly kernels (Math.* for transcendental built-ins), made once. */
let hostImports: Record<string, (...a: number[]) => number> | null = null;
function wasmHostImports(): Record<string, (...a: number[]) => number> {
  hostImports ??= new Function(`return ${HOST_IMPORTS_SOURCE};`)() as Record<string, (...a: number[]) => number>;
  return hostImports;
}

let wasmKeys = 0;

/** The kernels one backend compiled, and what compiling them took (Backend.buildTimes). */
export class CpuKernels {
  /** Kernels this backend compiled (JavaScript, WebAssembly) and the time it took. */
  readonly built = { built: 0, ms: 0 };
  /** Instances of WebAssembly kernels bound to this backend's arena, by module record. */
  private readonly wasmInstances = new WeakMap<WasmModuleRecord, CpuKernel>();

  constructor(
    private readonly storage: CpuStorage,
    private readonly wasmEnabled: boolean,
  ) {}

  compiledJs(launch: Launch, plan: JsPlan, pk = planKey(plan)): CompiledJsKernel {
    return this.jsOf(launch.kernel, plan, pk);
  }

  private jsOf(kernel: Launch['kernel'], plan: JsPlan, pk: string): CompiledJsKernel {
    const key = `cpu:${pk}`;
    let c = kernel.cache.get(key) as CompiledJsKernel | undefined;
    if (!c) {
      const t0 = performance.now();
      c = compileKernelJs(kernel.ir, plan, kernel.facts, { word: MAIN_STOP_WORD, thrown: KERNEL_STOPPED });
      kernel.cache.set(key, c);
      this.built.built++;
      this.built.ms += performance.now() - t0;
    }
    return c;
  }

  /**
   * The kernel for a launch: WebAssembly when enabled, the writer covers the plan and every stream the
   * launch touches lives in the arena; JavaScript otherwise. Same results either way (tests/cpu/wasm).
   */
  compiled(launch: Launch, plan: JsPlan, arenaOnly: boolean): CpuKernel {
    const pk = planKey(plan); // once per launch: it walks the whole plan
    const arena = this.storage.arena;
    if (!this.wasmEnabled || !arena || !arenaOnly) return this.compiledJs(launch, plan, pk);
    const key = `wasm:${pk}`;
    let rec = launch.kernel.cache.get(key) as WasmModuleRecord | null | undefined;
    if (rec === undefined) {
      const t0 = performance.now();
      // A build kept from another process (cli/program-cache.ts: the same program, build and
      // environment) is taken as it is; otherwise this one is kept for the next.
      const stored = launch.kernel.stored;
      let code = stored?.get(key) as StoredWasm | null | undefined;
      if (code === undefined) {
        try {
          code = generateKernelWasm(launch.kernel.ir, plan, launch.kernel.facts);
          code = { bytes: code.bytes.slice(), wrapper: code.wrapper, vector: code.vector, laneOps: code.laneOps, asStored: code.asStored };
        } catch (e) {
          if (!(e instanceof WasmUnsupported)) throw e;
          code = null;
        }
        stored?.set(key, code);
      }
      rec = code ? { key: `${++wasmKeys}`, module: new WebAssembly.Module(code.bytes), wrapper: code.wrapper, vector: code.vector, laneOps: code.laneOps, asStored: code.asStored } : null;
      if (rec) this.built.built++;
      launch.kernel.cache.set(key, rec);
      this.built.ms += performance.now() - t0;
    }
    if (!rec) return this.compiledJs(launch, plan, pk);
    let k = this.wasmInstances.get(rec);
    if (!k) {
      const instance = new WebAssembly.Instance(rec.module, { m: { mem: arena.memory, ...wasmHostImports() } });
      const run = new Function('ex', rec.wrapper)(instance.exports) as CompiledJsKernel['run'];
      // The JavaScript form only for its combine functions (reductions, gather ops), built when first
      // asked: a map launch never builds it (issue 27: a kernel build is serial time of every run).
      const kernel = launch.kernel;
      // Kept once built: a reduction reads `combine` for every partial it joins (4,096 for 2^20
      // elements), and a lookup each time (a key string and a Map get) cost cpu.sum 1.8x its time.
      let jsForm: CompiledJsKernel | undefined;
      const js = () => (jsForm ??= this.jsOf(kernel, plan, pk));
      k = {
        run,
        get combine() {
          return js().combine;
        },
        get combineAt() {
          return js().combineAt;
        },
        source: rec.wrapper,
        wasm: { key: `${rec.key}:${arena.id}`, module: rec.module, memory: arena.memory },
      };
      this.wasmInstances.set(rec, k);
    }
    return k;
  }
}
