/**
 * The `brook` command in-process (main(argv, io)): exit statuses, the error format, argv, and that stdout
 * carries exactly what the program prints. Programs run on the CPU backend (BROOK_BACKEND=cpu).
 */
import { mkdtempSync, writeFileSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../cli/main.js';

const dir = mkdtempSync(join(tmpdir(), 'brook-cli-'));
function file(name: string, text: string): string {
  const p = join(dir, name);
  writeFileSync(p, text);
  return p;
}

async function brook(argv: string[], env: Record<string, string> = { BROOK_BACKEND: 'cpu' }) {
  const out: Buffer[] = [];
  const err: Buffer[] = [];
  const status = await main(argv, { stdout: (b) => out.push(Buffer.from(b)), stderr: (b) => err.push(Buffer.from(b)), env });
  return { status, stdout: Buffer.concat(out).toString('utf8'), stderr: Buffer.concat(err).toString('utf8') };
}

const hello = file('hello.br', `#include <stdio.h>
int main(int argc, char **argv) {
  int i;
  printf("argc=%d\\n", argc);
  for (i = 0; i < argc; i++) printf("argv[%d]=%s\\n", i, argv[i]);
  fprintf(stderr, "to stderr\\n");
  printf("héllo %5.2f\\n", 3.14159);
  return argc + 40;
}
`);

describe('brook run', () => {
  it('passes argv (argv[0] = the program path), prints exactly, returns main\'s value as the status', async () => {
    const r = await brook(['run', hello, '--', 'one', 'two words', '--backend']);
    expect(r.stdout).toBe(`argc=4\nargv[0]=${hello}\nargv[1]=one\nargv[2]=two words\nargv[3]=--backend\nhéllo  3.14\n`);
    expect(r.stderr).toBe('to stderr\n');
    expect(r.status).toBe(44);
  });

  it('exit(n) and negative returns give the status modulo 256', async () => {
    const p = file('exit.br', '#include <stdlib.h>\nint f(int x) { if (x > 2) exit(x * 100); return f(x + 1); }\nint main(void) { f(0); return 1; }\n');
    expect((await brook(['run', p])).status).toBe(300 % 256);
    const q = file('neg.br', 'int main(void) { return -1; }\n');
    expect((await brook(['run', q])).status).toBe(255);
  });

  it('a compile error prints FILE:LINE:COL, the line and a caret on stderr, status 1, nothing on stdout', async () => {
    const p = file('bad.br', 'int main(void) {\n  int x = 1;\n  return x + yy;\n}\n');
    const r = await brook(['run', p]);
    expect(r.status).toBe(1);
    expect(r.stdout).toBe('');
    const lines = r.stderr.split('\n');
    expect(lines[0]).toMatch(new RegExp(`^${p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:3:14: error: BRK\\d{4}: .*'yy'`));
    expect(lines[1]).toBe(' 3 |   return x + yy;');
    expect(lines[2]).toBe('   |              ^~');
  });

  it('a runtime error points at the user\'s statement, status 1, output before it is kept', async () => {
    const p = file('rt.br', `#include <stdio.h>
kernel void k(float a<>, out float b<>, out float c<>) { b = a; c = a; }
int main(void) {
  float a<4>, b<4>, c<5>;
  printf("before\\n");
  k(a, b, c);
  printf("after\\n");
  return 0;
}
`);
    const r = await brook(['run', p]);
    expect(r.status).toBe(1);
    expect(r.stdout).toBe('before\n');
    expect(r.stderr).toMatch(new RegExp(`rt\\.br:6:3: error: BRK5005: `));
    expect(r.stderr).toContain('  k(a, b, c);');
  });

  it('integer division by zero is a runtime error at its line (not a crash)', async () => {
    const p = file('div.br', 'int main(int argc, char **argv) {\n  int z = argc - 1;\n  return 10 / z;\n}\n');
    const r = await brook(['run', p]);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/div\.br:3:10: error: BRK5101: integer division by zero/);
  });

  it('#include "file" resolves next to the including file; errors in it name that file', async () => {
    file('common.h', '#define SCALE 3\nint scaled(int x) { return SCALE * x; }\n');
    const p = file('inc.br', '#include <stdio.h>\n#include "common.h"\nint main(void) { printf("%d\\n", scaled(14)); return 0; }\n');
    const r = await brook(['run', p]);
    expect(r).toEqual({ status: 0, stdout: '42\n', stderr: '' });
    file('broken.h', 'int broken(int x) { return x + ; }\n');
    const q = file('inc2.br', '#include "broken.h"\nint main(void) { return broken(1); }\n');
    const e = await brook(['run', q]);
    expect(e.status).toBe(1);
    expect(e.stderr).toMatch(/broken\.h:1:\d+: error: /);
  });

  it('-I DIR: "..." includes not next to the including file are looked up there, in order', async () => {
    const { mkdirSync } = await import('node:fs');
    mkdirSync(join(dir, 'inc1'), { recursive: true });
    mkdirSync(join(dir, 'inc2'), { recursive: true });
    file('inc1/deep.h', '#include "shared.h"\nint deep(void) { return SHARED + 1; }\n');
    file('inc2/shared.h', '#define SHARED 41\n');
    const p = file('useinc.br', '#include "deep.h"\nint main(void) { return deep(); }\n');
    expect((await brook(['run', p, '-I', join(dir, 'inc1'), `-I${join(dir, 'inc2')}`])).status).toBe(42);
    const missing = await brook(['check', p]);
    expect(missing.status).toBe(1);
    expect(missing.stderr).toContain("cannot find include file 'deep.h'");
    expect(missing.stderr).toContain('-I');
    expect((await brook(['run', p, '-I'])).status).toBe(2);
  });

  it('several files form one program', async () => {
    const a = file('a.br', 'int twice(int x);\nint main(void) { return twice(21); }\n');
    const b = file('b.br', 'int twice(int x) { return 2 * x; }\n');
    expect((await brook(['run', a, b])).status).toBe(42);
  });
});

describe('brook check, usage and versions', () => {
  it('check compiles only', async () => {
    expect(await brook(['check', hello])).toEqual({ status: 0, stdout: '', stderr: '' });
    const p = file('bad2.br', 'int main(void) { return undefined_thing; }\n');
    const r = await brook(['check', p]);
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('bad2.br:1:25: error:');
  });

  it('--help and --version', async () => {
    const h = await brook(['--help']);
    expect(h.status).toBe(0);
    expect(h.stdout).toContain('usage: brook run FILE.br');
    expect(h.stdout).toMatch(/^ {2}install /m); // the notebook commands are listed too
    const v = await brook(['--version']);
    const pkg = JSON.parse(readFileSync(join(import.meta.dirname, '../../package.json'), 'utf8')) as { version: string };
    expect(v.stdout).toBe(`brook ${pkg.version}\n`);
  });

  it('usage errors exit 2 with one explanation', async () => {
    for (const argv of [[], ['frobnicate'], ['run'], ['run', hello, '--backend', 'cuda'], ['run', hello, '--fast']]) {
      const r = await brook(argv);
      expect(r.status, argv.join(' ')).toBe(2);
      expect(r.stderr.split('\n')[0]).toMatch(/^brook: /);
    }
  });

  it('backend from the environment: BRT_RUNTIME=cpu runs quietly; an unknown BROOK_BACKEND falls back with one line', async () => {
    const quiet = await brook(['run', hello], { BRT_RUNTIME: 'cpu' });
    expect(quiet.status).toBe(41);
    expect(quiet.stderr).toBe('to stderr\n');
    const odd = await brook(['run', hello], { BROOK_BACKEND: 'quantum' });
    expect(odd.status).toBe(41);
    const lines = odd.stderr.trim().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^brook: .*quantum.*cpu/i);
  });

  it('a missing file is status 1 with its name', async () => {
    const r = await brook(['run', join(dir, 'nope.br')]);
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('nope.br');
  });
});
