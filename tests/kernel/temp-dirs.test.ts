/**
 * Temporary folders (runtime/brt/temp-dirs.ts, used for Mesa's XDG_RUNTIME_DIR as brook-xdg-*): removed
 * when the process exits normally, by an uncaught exception or by SIGTERM; ones a killed or aborted process
 * left are swept by the next process, and a live process's folder is never touched.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt, ROOT } from './build.js';
import { removeStaleTempDirs } from '../../runtime/brt/temp-dirs.js';

const MODULE = pathToFileURL(join(ROOT, 'dist', 'runtime', 'brt', 'temp-dirs.js')).href;
const PREFIX = `brook-tdtest${process.pid}-`;

/** Runs a child that makes a folder, prints its path, then does `then`; resolves with the path and exit. */
function child(then: string): Promise<{ dir: string; code: number | null; signal: string | null }> {
  const code = `import { makeTempDir } from ${JSON.stringify(MODULE)};
    const dir = makeTempDir(${JSON.stringify(PREFIX)});
    process.stdout.write(dir + '\\n');
    ${then}`;
  return new Promise((resolve) => {
    const p = spawn(process.execPath, ['--input-type=module', '-e', code], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    p.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      if (then.includes('SELF_KILL') && out.endsWith('\n')) p.kill(then.includes('SIGKILL') ? 'SIGKILL' : 'SIGTERM');
    });
    p.on('exit', (c, s) => resolve({ dir: out.trim(), code: c, signal: s }));
  });
}

beforeAll(async () => {
  await ensureBuilt();
});

describe('temporary folders', () => {
  it('are removed on a normal exit and on an uncaught exception', async () => {
    const normal = await child('');
    expect(normal.dir).toMatch(new RegExp(`${PREFIX}\\d+-`));
    expect(existsSync(normal.dir)).toBe(false);
    const thrown = await child("setTimeout(() => { throw new Error('boom'); }, 10);");
    expect(thrown.code).not.toBe(0);
    expect(existsSync(thrown.dir)).toBe(false);
  });

  it('are removed when SIGTERM ends the process (and the process still ends by that signal)', async () => {
    const r = await child('/* SELF_KILL SIGTERM */ setInterval(() => {}, 1000);');
    expect(r.signal).toBe('SIGTERM');
    expect(existsSync(r.dir)).toBe(false);
  });

  it('left by a killed or aborted process are swept by the next one; live ones are kept', async () => {
    const killed = await child('/* SELF_KILL SIGKILL */ setInterval(() => {}, 1000);');
    expect(killed.signal).toBe('SIGKILL');
    expect(existsSync(killed.dir)).toBe(true);
    const aborted = await child('process.abort();');
    expect(existsSync(aborted.dir)).toBe(true);
    // The aborted process's own makeTempDir swept the killed one's folder.
    expect(existsSync(killed.dir)).toBe(false);
    // A folder of a running process (this one) must survive the sweep.
    const live = join(tmpdir(), `${PREFIX}${process.pid}-abcdef`);
    mkdirSync(live, { recursive: true });
    const removed = removeStaleTempDirs(PREFIX);
    expect(removed).toEqual([aborted.dir]);
    expect(existsSync(live)).toBe(true);
    // The next process that makes one sweeps too (the live one stays, its own goes at exit).
    const again = await child('/* SELF_KILL SIGKILL */ setInterval(() => {}, 1000);');
    await child('');
    expect(existsSync(again.dir)).toBe(false);
    expect(existsSync(live)).toBe(true);
    removeStaleTempDirs(PREFIX); // nothing left but the live one
    expect(readdirSync(tmpdir()).filter((n) => n.startsWith(PREFIX))).toEqual([`${PREFIX}${process.pid}-abcdef`]);
    // Ours: removed by hand (this test process made it without the module).
    (await import('node:fs')).rmSync(live, { recursive: true });
  });
});
