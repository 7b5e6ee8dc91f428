/**
 * The clocks one program reads (HostLib holds one set): time.h's processor time, and the cycle counter
 * that `asm("rdtsc")` becomes (compiler/parse/asm.ts): a nominal 1 GHz counter, nanoseconds of a
 * monotonic clock since the program's library was made, sampled once and read in parts.
 */
export class ProgramClocks {
  private readonly cpuStart = cpuMicros();
  private readonly cyclesStart = process.hrtime.bigint();
  private cycles = 0n;

  /** Processor time used, in CLOCKS_PER_SEC units (microseconds), like glibc's clock(). */
  clock(): number {
    return Math.max(0, Math.round(cpuMicros() - this.cpuStart));
  }

  sampleCycles(): void {
    this.cycles = process.hrtime.bigint() - this.cyclesStart;
  }

  /** The last sample: 0 its low 32 bits (eax), 1 its high 32 bits (edx), 2 all of it ("=A"). */
  cycleWord(part: number): number {
    const c = this.cycles;
    return Number(part === 0 ? c & 0xffffffffn : part === 1 ? c >> 32n : c);
  }
}

function cpuMicros(): number {
  const proc = (globalThis as { process?: { cpuUsage?: () => { user: number; system: number } } }).process;
  if (proc?.cpuUsage) {
    const u = proc.cpuUsage();
    return u.user + u.system;
  }
  return performance.now() * 1000;
}

/** unistd.h's usleep: blocks the host thread for `us` microseconds (BrookGPU-era timers calibrate
 *  their cycle counter against a 100 ms sleep). At most 10 s per call, so a stray value cannot hang
 *  the session beyond what an interrupt waits for. */
const sleeper = new Int32Array(new SharedArrayBuffer(4));
export function usleep(us: number): number {
  const ms = Math.min(Math.max(0, us) / 1000, 10_000);
  if (ms > 0) Atomics.wait(sleeper, 0, 0, ms);
  return 0;
}
