/**
 * Running generated host code (codegen/host): instantiate the module text with its environment and
 * run a program's main. This is the runtime side of the compiler's output; the compiler itself stays
 * pure.
 *
 * `runProgram` returns main's exit status the way a shell sees it: main's return value or exit(n),
 * modulo 256. Runtime errors (BrookRuntimeError) propagate to the caller, which renders them.
 */
import type { BrookRuntime, CompiledKernel } from '../brt/api.js';
import { ExitRequest, HostLib } from './libc.js';
import * as H from './support.js';

export interface HostSession {
  v: Record<string, unknown>;
  f: Record<string, (...args: unknown[]) => unknown>;
  k: Record<string, CompiledKernel>;
  get(name: string): unknown;
  /** Called every 65536 loop iterations of cell code; throw to interrupt the cell. */
  checkInterrupt?(): void;
}

export interface HostEnv {
  rt: BrookRuntime;
  lib: HostLib;
  K: Record<string, CompiledKernel> | ReadonlyMap<string, CompiledKernel>;
  S?: HostSession;
}

export interface ProgramModule {
  init(): Promise<void>;
  main?: (argc: number, argv: number) => unknown;
  functions: Record<string, (...args: unknown[]) => unknown>;
}

export interface CellModule {
  run(): Promise<{ value: unknown; type: unknown }>;
}

function kernelTable(K: HostEnv['K']): Record<string, CompiledKernel> {
  return K instanceof Map ? Object.fromEntries(K) : (K as Record<string, CompiledKernel>);
}

function instantiate<T>(hostJs: string, env: HostEnv): T {
  // The module text is a function body of `$env` (see codegen/host/index.ts).
  const factory = new Function('$env', hostJs) as (env: unknown) => T;
  return factory({ rt: env.rt, lib: env.lib, H, K: kernelTable(env.K), S: env.S });
}

export function instantiateProgram(hostJs: string, env: HostEnv): ProgramModule {
  return instantiate<ProgramModule>(hostJs, env);
}

export function instantiateCell(hostJs: string, env: HostEnv & { S: HostSession }): CellModule {
  return instantiate<CellModule>(hostJs, env);
}

export interface RunOptions extends HostEnv {
  /** argv[0] is the program path, then the arguments after `--`. */
  argv: string[];
}

export async function runProgram(hostJs: string, opts: RunOptions): Promise<number> {
  const lib = opts.lib;
  lib.programName = opts.argv[0] ?? 'brook';
  try {
    const mod = instantiateProgram(hostJs, opts);
    await mod.init();
    if (!mod.main) throw new Error('internal: program has no main');
    const argv = H.buildArgv(lib.mem, opts.argv);
    const status = await mod.main(opts.argv.length, argv);
    await opts.rt.finish();
    return (Number(status ?? 0) | 0) & 255;
  } catch (e) {
    if (e instanceof ExitRequest) {
      await opts.rt.finish().catch(() => undefined);
      return e.status & 255;
    }
    throw e;
  } finally {
    // C flushes and closes open streams when the program ends, however it ends.
    lib.closeAllFiles();
  }
}

export { HostLib, ExitRequest };
