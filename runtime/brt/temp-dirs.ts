/**
 * Temporary folders that do not outlive their process.
 *
 * `makeTempDir('brook-xdg-')` creates `<tmp>/brook-xdg-<pid>-XXXXXX` (mode 0700) and removes it when the
 * process exits: normally, by an uncaught exception (Node still emits 'exit'), or by SIGTERM / SIGHUP /
 * SIGINT when nothing else handles that signal (the kernel handles SIGINT itself: it interrupts the cell,
 * and the folder stays until the kernel exits). What no handler sees (SIGKILL, an abort, running out of
 * memory, a crashed worker taking the process down) is caught up with later: the first `makeTempDir`
 * of any later process removes folders of its prefix whose pid is no longer running (owned by this user;
 * folders of the old naming without a pid, once an hour old).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const owned = new Set<string>();
const swept = new Set<string>();
let hooked = false;

/** Creates a private temporary folder removed when this process ends. */
export function makeTempDir(prefix: string): string {
  if (!swept.has(prefix)) {
    swept.add(prefix);
    removeStaleTempDirs(prefix);
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `${prefix}${process.pid}-`));
  fs.chmodSync(dir, 0o700);
  owned.add(dir);
  hookExit();
  return dir;
}

/** Removes the folders this process made (idempotent; also what the exit hooks call). */
export function removeOwnTempDirs(): void {
  for (const dir of owned) {
    try {
      fs.rmSync(dir, { recursive: true, force: true });
    } catch {
      // Best effort at exit: a folder we cannot remove now is swept by a later process.
    }
    owned.delete(dir);
  }
}

/**
 * Removes `<tmp>/<prefix><pid>-*` folders whose process is gone, and `<tmp>/<prefix>XXXXXX` folders of the
 * old naming not touched for an hour. Only folders owned by this user. Returns the paths removed.
 */
export function removeStaleTempDirs(prefix: string, tmp = os.tmpdir()): string[] {
  const removed: string[] = [];
  let names: string[];
  try {
    names = fs.readdirSync(tmp);
  } catch {
    return removed;
  }
  const uid = process.getuid?.();
  for (const name of names) {
    if (!name.startsWith(prefix)) continue;
    const full = path.join(tmp, name);
    const m = /^(\d+)-[A-Za-z0-9]{6}$/.exec(name.slice(prefix.length));
    try {
      const st = fs.lstatSync(full);
      if (!st.isDirectory() || (uid !== undefined && st.uid !== uid)) continue;
      const stale = m ? !isRunning(Number(m[1])) : /^[A-Za-z0-9]{6}$/.test(name.slice(prefix.length)) && Date.now() - st.mtimeMs > 3600_000;
      if (!stale) continue;
      fs.rmSync(full, { recursive: true, force: true });
      removed.push(full);
    } catch {
      // Raced with its owner or another sweeper: leave it.
    }
  }
  return removed;
}

function isRunning(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it runs, as another user.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function hookExit(): void {
  if (hooked) return;
  hooked = true;
  process.on('exit', removeOwnTempDirs);
  for (const signal of ['SIGTERM', 'SIGHUP', 'SIGINT'] as const) {
    const onSignal = () => {
      // Someone else handles this signal (the kernel's interrupt, a CLI's own cleanup): the process goes
      // on or exits through 'exit'. Alone, end as the default action would, after removing the folders.
      if (process.listenerCount(signal) > 1) return;
      removeOwnTempDirs();
      process.off(signal, onSignal);
      process.kill(process.pid, signal);
    };
    process.on(signal, onSignal);
  }
}
