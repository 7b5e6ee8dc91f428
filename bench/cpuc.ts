/**
 * C baselines for the CPU cases: bench/c/cpu_kernels.c built once per run with `gcc -O2` (skipped,
 * not failed, without gcc) and kept running as a child process; a side's run() asks it to run the
 * loop once over a pipe (the round trip, ~20 us, is inside the timing: small beside ms-long loops).
 */
import { execFileSync, spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { casesDir } from './brook/session.js';
import { compare, type Check } from './reference.js';
import { Unavailable, type Side } from './side.js';

let built: string | null | undefined;
let scratch: string | undefined;

function scratchDir(): string {
  scratch ??= mkdtempSync(join(tmpdir(), 'brook-bench-c-'));
  return scratch;
}

/** Path of the built baseline program, or null when gcc is missing or fails. */
function program(): string | null {
  if (built !== undefined) return built;
  const src = join(casesDir(), '..', 'c', 'cpu_kernels.c');
  const exe = join(scratchDir(), 'cpu_kernels');
  try {
    execFileSync('gcc', ['-O2', '-o', exe, src], { stdio: 'pipe' });
    built = existsSync(exe) ? exe : null;
  } catch {
    built = null;
  }
  return built;
}

export function gccVersion(): string | null {
  try {
    return execFileSync('gcc', ['-dumpfullversion'], { encoding: 'utf8' }).trim();
  } catch {
    return null;
  }
}

/** A line-oriented conversation with the child: send a command, wait for "d". */
class Conversation {
  private waiting: (() => void)[] = [];
  constructor(private readonly child: ChildProcessWithoutNullStreams) {
    let buf = '';
    child.stdout.on('data', (d: Buffer) => {
      buf += d.toString();
      let nl: number;
      while ((nl = buf.indexOf('\n')) >= 0) {
        buf = buf.slice(nl + 1);
        this.waiting.shift()?.();
      }
    });
  }
  send(line: string): Promise<void> {
    return new Promise((resolve, reject) => {
      if (this.child.exitCode !== null) reject(new Error(`C baseline exited (${this.child.exitCode})`));
      this.waiting.push(resolve);
      this.child.stdin.write(line + '\n');
    });
  }
}

/**
 * The C side of a CPU case: `kernel` over `input` (written to a file the program reads), output of
 * `outFloats` checked against `want` with the case's tolerance.
 */
export function cSide(kernel: 'saxpy' | 'sum' | 'stencil' | 'gather' | 'chain', input: Float32Array, n: number, w: number, outFloats: number,
  ref: { want: ArrayLike<number>; scale: ArrayLike<number> }, relTol: number): Side[] {
  const exe = program();
  if (!exe) throw new Unavailable('gcc not found (or bench/c/cpu_kernels.c does not build)');
  const dir = scratchDir();
  const inFile = join(dir, `${kernel}.in`);
  const outFile = join(dir, `${kernel}.out`);
  writeFileSync(inFile, new Uint8Array(input.buffer, input.byteOffset, input.byteLength));
  const child = spawn(exe, [kernel, inFile, String(n), String(w)], { stdio: 'pipe' });
  const talk = new Conversation(child);
  return [
    {
      impl: 'c',
      plan: `gcc ${gccVersion() ?? '?'} -O2, one thread`,
      async run() {
        await talk.send('r');
      },
      async check(): Promise<Check> {
        await talk.send(`w ${outFile}`);
        const b = readFileSync(outFile);
        const got = new Float32Array(b.buffer, b.byteOffset, outFloats);
        return compare(got, ref.want, ref.scale, relTol, 1e-30);
      },
      dispose() {
        child.stdin.end('q\n');
      },
    },
  ];
}

/** Removes the scratch folder (the built program and its input files). */
export function cleanupC(): void {
  if (scratch) rmSync(scratch, { recursive: true, force: true });
  scratch = undefined;
  built = undefined;
}
