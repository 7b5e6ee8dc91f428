/**
 * Every `brook` subcommand answers `--help` (and `-h`) with its usage on stdout and exit status 0, as
 * the installed command runs it (node bin/brook.js, so the run/check bundles' path is covered too).
 * The subcommands are read from `brook --help`'s "commands:" list, so a new one is covered the day it
 * is listed there.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');
const bin = join(root, 'bin', 'brook.js');

function brook(argv: string[]) {
  const r = spawnSync(process.execPath, [bin, ...argv], { cwd: root, encoding: 'utf8', timeout: 30_000, env: { ...process.env, BROOK_BACKEND: 'cpu' } });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** The names in the "commands:" section of `brook --help` (lines "  NAME   what it does"). */
function listedCommands(help: string): string[] {
  const section = help.split('\ncommands:\n')[1]?.split('\n\n')[0] ?? '';
  return [...section.matchAll(/^ {2}([a-z]+) {2,}/gm)].map((m) => m[1]!);
}

describe('brook SUBCOMMAND --help', () => {
  const top = brook(['--help']);
  const commands = listedCommands(top.stdout);

  it('brook --help lists the subcommands', () => {
    expect(top.status).toBe(0);
    expect(commands).toEqual(expect.arrayContaining(['run', 'check', 'kernel', 'install', 'execute']));
  });

  for (const flag of ['--help', '-h']) {
    it(`every listed subcommand accepts ${flag}: its usage on stdout, nothing on stderr, status 0`, () => {
      for (const name of commands) {
        const r = brook([name, flag]);
        expect({ name, status: r.status, stderr: r.stderr }).toEqual({ name, status: 0, stderr: '' });
        // run and check share one usage text (brook run's), which shows both.
        expect(r.stdout, name).toMatch(/^usage: /);
        expect(r.stdout, name).toMatch(new RegExp(`^(usage:)? +brook ${name}\\b`, 'm'));
      }
    });
  }

  it('--help wins over other arguments, even ones that would be usage errors', () => {
    for (const argv of [['execute', 'nb.ipynb', '--help'], ['install', '--bogus', '--help'], ['kernel', '-h', '--connection-file']]) {
      const r = brook(argv);
      expect({ argv, status: r.status, stderr: r.stderr }).toEqual({ argv, status: 0, stderr: '' });
      expect(r.stdout).toMatch(new RegExp(`^usage: brook ${argv[0]}`));
    }
  });

  it('a real usage error still says so on stderr with status 2', () => {
    const r = brook(['install', '--bogus']);
    expect(r.status).toBe(2);
    expect(r.stderr).toBe("brook: install: unknown option '--bogus'\n");
  });
});
