/**
 * Where the `brook` command reads and writes: the process's streams, or a test's buffers
 * (main(argv, io) in tests/cli/). Kept apart from cli/main.ts so that `brook check`'s bundle
 * (cli/check-entry.ts) can use it without loading the rest of the CLI.
 */
import { readSync } from 'node:fs';

export interface CliIO {
  stdout(bytes: Uint8Array): void;
  stderr(bytes: Uint8Array): void;
  /** The next chunk of the program's stdin (scanf, fgets(stdin)), blocking; empty at its end. */
  stdin?(): Uint8Array;
  env: Record<string, string | undefined>;
}

export const defaultIO: CliIO = {
  stdout: (b) => void process.stdout.write(b),
  stderr: (b) => void process.stderr.write(b),
  stdin: readStdinChunk,
  env: process.env,
};

/** A chunk of fd 0, waiting while a non-blocking pipe has nothing yet; empty at end of input. */
function readStdinChunk(): Uint8Array {
  const buf = Buffer.alloc(65536);
  for (;;) {
    try {
      return buf.subarray(0, readSync(0, buf, 0, buf.length, null));
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === 'EAGAIN') {
        Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 10);
        continue;
      }
      if (code === 'EOF') return buf.subarray(0, 0);
      throw e;
    }
  }
}

