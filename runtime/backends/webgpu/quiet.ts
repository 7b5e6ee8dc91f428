/**
 * Keeping Dawn's and Mesa's native warnings off the user's stderr.
 *
 * Dawn prints some warnings with its default logger straight to file descriptor 2 while an adapter is
 * requested (under lavapipe: "maxDynamicUniformBuffersPerPipelineLayout artificially reduced ..."),
 * and Mesa prints "XDG_RUNTIME_DIR is invalid" when that variable is unset or bad. Neither passes
 * through process.stderr, so neither can be filtered in JavaScript. What we do:
 * - point XDG_RUNTIME_DIR at a private temporary folder (mode 0700, removed at exit) before Dawn starts;
 * - during the adapter request only, make fd 2 refer to /dev/null and put the original back after
 *   (Node has no dup2: closing fd 2 and opening makes the kernel hand out the lowest free number, 2).
 * When fd 2 cannot be reopened by path (a socket, for example) the swap is skipped and the warnings
 * may show. It is skipped for a regular file too: reopening a file makes a new open-file description
 * with an offset of its own, no longer shared with stdout (`> log 2>&1`) or the shell, and output
 * would be written over. `brook run` and `brook execute` therefore put a FIFO in front of a file
 * (cli/stdio-relay.cts), so the swap only ever touches a pipe or a terminal and the noise stays out.
 * BROOK_DAWN_VERBOSE=1 turns the swap off, for debugging Dawn itself.
 */
import fs from 'node:fs';
import { makeTempDir } from '../../brt/temp-dirs.js';

export function ensureRuntimeDir(): void {
  const cur = process.env.XDG_RUNTIME_DIR;
  if (cur) {
    try {
      const st = fs.statSync(cur);
      if (st.isDirectory() && (st.mode & 0o077) === 0 && st.uid === process.getuid?.()) return;
    } catch {
      // fall through: replace it
    }
  }
  // Removed when the process ends; ones left by a killed process are swept by the next (temp-dirs.ts).
  process.env.XDG_RUNTIME_DIR = makeTempDir('brook-xdg-');
}

/** Run `f` with native writes to fd 2 discarded; Node's own stderr writes in that window are lost too. */
export async function withNativeStderrSilenced<T>(f: () => Promise<T>): Promise<T> {
  if (process.env.BROOK_DAWN_VERBOSE === '1' || process.platform !== 'linux') return f();
  let saved = -1;
  try {
    if (fs.fstatSync(2).isFile()) return f();
    saved = fs.openSync('/proc/self/fd/2', 'a');
  } catch {
    return f();
  }
  let swapped = false;
  try {
    fs.closeSync(2);
    const n = fs.openSync('/dev/null', 'a');
    if (n !== 2) {
      // Some lower descriptor was free: undo at once rather than guess.
      fs.closeSync(n);
      restore(saved);
      saved = -1;
    } else swapped = true;
  } catch {
    if (saved >= 0) restore(saved);
    saved = -1;
  }
  try {
    return await f();
  } finally {
    if (swapped && saved >= 0) {
      fs.closeSync(2);
      restore(saved);
    }
  }
}

function restore(saved: number): void {
  const n = fs.openSync(`/proc/self/fd/${saved}`, 'a');
  if (n !== 2) fs.closeSync(n);
  fs.closeSync(saved);
}
