/**
 * `brook run`: compile the files, start the backend, run main() (cli/main.ts parses the command line;
 * the run bundle's entry, cli/run-entry.ts, calls this too). Kept apart from cli/main.ts so that the
 * run bundle holds the compiler, the host runtime and the backends but nothing of the notebook side.
 */
import { existsSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { BrookRuntimeError, renderRuntimeError } from '../runtime/compiler/diagnostics.js';
import type { Args } from './args.js';
import { readProgramFiles } from './check.js';
import { compileOnWorker, type CompiledFiles, type CompileRequest } from './compile-files.js';
import type { CliIO } from './io.js';
import { PhaseClock } from './phases.js';
import { compileCached } from './program-cache.js';

const utf8 = (s: string) => Buffer.from(s, 'utf8');

/** Whether `brook run` will try to start a GPU device: --backend, else BROOK_BACKEND / BRT_RUNTIME as
 *  brt's createRuntime reads them (anything but cpu tries the GPU). */
function triesGpu(args: Args, env: Record<string, string | undefined>): boolean {
  if (args.backend) return args.backend === 'webgpu';
  const b = env.BROOK_BACKEND?.trim().toLowerCase();
  if (b) return b === 'webgpu';
  const brt = env.BRT_RUNTIME?.trim().toLowerCase();
  return brt ? brt !== 'cpu' : true;
}

/** Compiling on a worker while Dawn starts is opt-in (BROOK_COMPILE_WORKER=1): on an H100 it made the
 *  device start ~150 ms slower for ~90 ms of compile hidden (docs/DECISIONS.md "Whole programs: fixed
 *  costs"). The worker is there when running from the build (dist/cli/compile-worker.js); cli/main.ts
 *  run from source (tests) compiles on the calling thread. */
function compileWorkerAvailable(env: Record<string, string | undefined>): boolean {
  return env.BROOK_COMPILE_WORKER === '1' && existsSync(fileURLToPath(new URL('./compile-worker.js', import.meta.url)));
}

/** `brook run` of a parsed command line. `buildId` (the run bundle's content hash, from
 *  cli/bundle-loader.cts) turns on the compile cache (cli/program-cache.ts). */
export async function runCommand(args: Args, io: CliIO, phases: PhaseClock, buildId?: string): Promise<number> {
  const err = (s: string) => io.stderr(utf8(s));
  // Read the files; includes are read as the compiler meets them (cli/compile-files.ts).
  const files = readProgramFiles(args.files, err);
  if (!files) return 1;
  const request: CompileRequest = { files, includeDirs: args.includeDirs ?? [] };
  // With BROOK_COMPILE_WORKER=1 on WebGPU, a worker thread compiles while the device starts (starting
  // Dawn blocks this thread); the backend starts the worker when it is about to request the adapter
  // (backends/webgpu/device.ts, whileStarting). Otherwise (the default): compile, then start.
  const useWorker = triesGpu(args, io.env) && compileWorkerAvailable(io.env);
  let compiling: Promise<CompiledFiles> | undefined;
  let compiled: CompiledFiles | undefined;
  /** Stores the kernel builds of this run with the program (cli/program-cache.ts), after it. */
  let keepBuilds = (): void => undefined;
  const compileInLine = async (): Promise<boolean> => {
    const c = await compileCached(request, buildId, io.env);
    compiled = c;
    keepBuilds = c.keep;
    phases.compileMs = compiled.compileMs;
    phases.addLoad(compiled.loadMs);
    for (const r of compiled.rendered) err(r + '\n');
    return compiled.ok;
  };
  // On the CPU backend, its worker threads boot while the program compiles (backends/cpu/workers.ts
  // prestartWorkers: booted at the first large stream, they missed a program's first launches).
  if (!triesGpu(args, io.env)) {
    const t = performance.now();
    (await import('../runtime/backends/index.js')).prestartCpuWorkers();
    phases.addLoad(performance.now() - t);
  }
  if (!useWorker && !(await compileInLine())) return 1;
  // stdout: buffered bytes, flushed at exit (and on fflush or when large); stderr: immediate.
  let pending: string[] = [];
  let pendingBytes = 0;
  const flushOut = () => {
    if (pending.length === 0) return;
    io.stdout(Buffer.from(pending.join(''), 'latin1'));
    pending = [];
    pendingBytes = 0;
  };
  // The host library and the runtime are loaded only to run: `brook check` compiles and stops.
  let t0 = performance.now();
  const { HostLib, runProgram } = await import('../runtime/hostlib/loader.js');
  const brt = await import('../runtime/backends/index.js');
  const { AbortState, sessionAbort, setSessionAbort } = await import('../runtime/brt/abort.js');
  const { installSigintGuard } = await import('./sigint.js');
  phases.addLoad(performance.now() - t0);
  const lib = new HostLib({
    io: {
      write: (fd, bytes) => {
        if (fd === 2) {
          io.stderr(Buffer.from(bytes, 'latin1'));
          return;
        }
        pending.push(bytes);
        pendingBytes += bytes.length;
        if (pendingBytes > 1 << 20) flushOut();
      },
      flush: (fd) => {
        if (fd === 1) flushOut();
      },
      readStdin: io.stdin,
    },
  });

  let rt: Awaited<ReturnType<typeof import('../runtime/backends/index.js').createRuntime>> | undefined;
  let startError: string | undefined;
  t0 = performance.now();
  try {
    rt = await brt.createRuntime({
      backend: args.backend ?? 'auto',
      requireGpu: args.backend === 'webgpu' ? true : undefined,
      // A profile (and --phases-out) times each kernel with GPU timestamps where the adapter has them,
      // unrounded (Dawn rounds them to 100 us on real GPUs unless told not to).
      webgpu: {
        ...(args.profile || args.phasesOut ? { timing: true, flags: ['disable-dawn-features=timestamp_quantization'] } : {}),
        ...(useWorker ? { whileStarting: () => (compiling = compileOnWorker(request)) } : {}),
      },
      stdout: (s) => lib.writeText(1, s),
      stderr: (s) => err(s),
      env: io.env,
    });
  } catch (e) {
    startError = (e as Error).message.replace(/^brook: /, '').split('\n')[0];
  }
  phases.deviceMs = performance.now() - t0;
  if (useWorker) {
    // Compile errors come first, as without the worker; the device was started for nothing then.
    let ok: boolean;
    if (compiling) {
      t0 = performance.now();
      const c: CompiledFiles = await compiling;
      compiled = c;
      phases.compileMs = performance.now() - t0;
      phases.compileOverlappedMs = c.compileMs;
      for (const r of c.rendered) err(r + '\n');
      ok = c.ok;
    } else ok = await compileInLine(); // the backend failed before it started the worker
    if (!ok) {
      rt?.dispose();
      return 1;
    }
  }
  if (!rt || !compiled?.hostJs) {
    err(`brook: ${startError}\n`);
    return 2;
  }
  const { hostJs, kernels, sources } = compiled;
  t0 = performance.now();
  const recorder = args.profile || args.phasesOut ? new (await import('../runtime/profile/recorder.js')).ProfileRecorder(rt) : undefined;
  phases.addLoad(performance.now() - t0);
  let recorded: import('../runtime/profile/recorder.js').RecordedProfile | undefined;
  // The watchdog (BROOK_KERNEL_TIMEOUT) is armed for the whole program; SIGINT stops a spinning kernel
  // with a located message (cli/sigint.ts says how).
  const abort = new AbortState(undefined, io.env);
  const previousAbort = sessionAbort();
  setSessionAbort(abort);
  abort.begin();
  const removeGuard = installSigintGuard();
  try {
    recorder?.start();
    const status = await runProgram(hostJs, { rt: recorder?.runtime ?? rt, lib, K: kernels, argv: [args.files[0]!, ...args.programArgs] });
    if (recorder) {
      recorded = await recorder.stop();
      flushOut();
      if (args.profile) await (await import('./profile-report.js')).reportProfile(recorded, rt, args, err);
    }
    if (rt.fusion.mode === 'verify') {
      // BROOK_FUSE=verify (tests): how many fused launches were compared with their calls run one by one.
      const f = rt.fusion.stats;
      err(`brook: fusion verify: ${f.verified} fused launch${f.verified === 1 ? '' : 'es'} of ${f.calls} calls, ${f.elided} intermediate${f.elided === 1 ? '' : 's'} not written, identical to the calls run one by one\n`);
    }
    if (rt.fusion.tileMode === 'verify') {
      // BROOK_TILE=verify (tests): how many tiled launches were compared with their calls run one by one.
      const t = rt.fusion.tileStats;
      err(`brook: tile verify: ${t.verified} tiled launch${t.verified === 1 ? '' : 'es'} of ${t.calls} calls, identical to the calls run one by one\n`);
    }
    return status;
  } catch (e) {
    flushOut();
    if (e instanceof BrookRuntimeError) {
      err(renderRuntimeError(sources, e) + '\n');
      // Interrupted (SIGINT): 130 as a shell reports a process ended by SIGINT, so scripts can tell it apart.
      return e.code === 'BRK5050' ? 130 : 1;
    }
    if (e instanceof RangeError || e instanceof TypeError) {
      // Host memory exhausted, or a C-level fault the generated code could not prevent.
      err(`${args.files[0]}: error: ${e.message}\n`);
      return 1;
    }
    throw e;
  } finally {
    removeGuard();
    abort.end();
    setSessionAbort(previousAbort);
    if (recorder?.isRunning) await recorder.stop().catch(() => undefined);
    flushOut();
    const times = recorded && args.phasesOut ? await phases.times(recorded, rt) : undefined;
    t0 = performance.now();
    rt.dispose();
    keepBuilds();
    if (times && args.phasesOut) writePhases(args.phasesOut, { ...times, disposeMs: performance.now() - t0, endMs: performance.now() }, err);
  }
}

function writePhases(path: string, times: import('./phases.js').PhaseTimes, err: (s: string) => void): void {
  try {
    writeFileSync(path, JSON.stringify(times, null, 1) + '\n');
  } catch (e) {
    err(`brook: --phases-out: could not write ${path}: ${(e as Error).message}\n`);
  }
}

