/**
 * Host stdio on real files and stdin (runtime/hostlib/files.ts, scanf.ts): each C program here runs
 * twice, built by gcc (glibc, the reference) and through `brook run` on the CPU backend, and both
 * must print the same bytes and leave the same files.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { main } from '../../cli/main.js';
import { runC } from './gcc.js';

const dir = mkdtempSync(join(tmpdir(), 'brook-files-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Run `source` through the CLI in-process; stdin is handed out in chunks of `chunk` bytes. */
async function brook(source: string, input = '', chunk = 3): Promise<{ status: number; stdout: string; stderr: string }> {
  const file = join(dir, `prog${Math.random().toString(36).slice(2)}.br`);
  writeFileSync(file, source);
  const out: Buffer[] = [];
  const err: Buffer[] = [];
  const bytes = Buffer.from(input, 'latin1');
  let at = 0;
  const status = await main(['run', file], {
    stdout: (b) => out.push(Buffer.from(b)),
    stderr: (b) => err.push(Buffer.from(b)),
    stdin: () => {
      const part = bytes.subarray(at, at + chunk);
      at += part.length;
      return part;
    },
    env: { BROOK_BACKEND: 'cpu' },
  });
  return { status, stdout: Buffer.concat(out).toString('latin1'), stderr: Buffer.concat(err).toString('utf8') };
}

describe('sscanf / fscanf conversions match glibc', () => {
  // [input, format, argument kinds]: i int, u unsigned, h short, b signed char (%hhd), l long,
  // f float, d double, s char[64], c char[8] (for %c / %Nc), n int (for %n).
  const cases: [string, string, string][] = [
    ['42 -7 +13', '%d %d %d', 'iii'],
    ['0x1f 017 19', '%i %i %i', 'iii'],
    ['ff 777 1010', '%x %o %u', 'uuu'],
    ['-1 70000 300', '%u %hd %hhd', 'uhb'],
    ['123456789012 -5', '%ld %lld', 'll'],
    ['3.25 -0.1 1e-3', '%f %f %f', 'fff'],
    ['3.25 -0.1 1e-3', '%lf %le %lg', 'ddd'],
    ['inf -INFINITY nan', '%f %lf %f', 'fdf'],
    ['0x1.8p1 .5 5.', '%lf %lf %lf', 'ddd'],
    ['1e 7', '%f %d', 'fi'],
    ['12345678', '%3d%2d%d', 'iii'],
    ['abc def', '%s %s', 'ss'],
    ['hello, world!', '%[a-z], %[^!]', 'ss'],
    ['  xy', '%c%c%c', 'ccc'],
    ['  xy', ' %2c', 'c'],
    ['10 20 30', '%*d %d%n', 'in'],
    ['key=val;', 'key=%[^;];', 's'],
    ['7 apples', '%d pears', 'i'],
    ['100%', '%d%%', 'i'],
    ['', '%d', 'i'],
    ['   ', '%d', 'i'],
    ['x', '%d', 'i'],
    ['-', '%d', 'i'],
    ['5', '%d %d', 'ii'],
  ];
  const cType: Record<string, string> = { i: 'int', u: 'unsigned', h: 'short', b: 'signed char', l: 'long', f: 'float', d: 'double', s: 'char', c: 'char', n: 'int' };
  const cDecl = (k: string, name: string) => (k === 's' ? `char ${name}[64] = {0}` : k === 'c' ? `char ${name}[8] = {0}` : `${cType[k]} ${name} = 0`);
  // Values printed as bit patterns (floats) or integers, so the comparison is exact.
  const cPrint = (k: string, name: string) => {
    switch (k) {
      case 'f': return `{ unsigned u; memcpy(&u, &${name}, 4); printf(" %08x", u); }`;
      // Two 32-bit halves: a 64-bit integer is exact only below 2^53 in the host memory model.
      case 'd': return `{ unsigned u[2]; memcpy(u, &${name}, 8); printf(" %08x%08x", u[1], u[0]); }`;
      case 's': return `printf(" [%s]", ${name});`;
      case 'c': return `printf(" [%c%c]", ${name}[0] ? ${name}[0] : '.', ${name}[1] ? ${name}[1] : '.');`;
      case 'l': return `printf(" %ld", ${name});`;
      case 'u': return `printf(" %u", ${name});`;
      default: return `printf(" %d", (int)${name});`;
    }
  };
  const program = (useFile: boolean) => {
    const body = cases.map(([input, fmt, kinds], n) => {
      const names = [...kinds].map((_, j) => `v${n}_${j}`);
      const ptrs = [...kinds].map((k, j) => (k === 's' || k === 'c' ? names[j] : `&${names[j]}`));
      const call = useFile
        ? `{ FILE *f = fopen("${join(dir, `in${n}.txt`)}", "w"); fputs(${JSON.stringify(input)}, f); fclose(f);
    f = fopen("${join(dir, `in${n}.txt`)}", "r"); r = fscanf(f, ${JSON.stringify(fmt)}, ${ptrs.join(', ')}); printf("case ${n}: %d feof %d", r, feof(f)); fclose(f); }`
        : `r = sscanf(${JSON.stringify(input)}, ${JSON.stringify(fmt)}, ${ptrs.join(', ')}); printf("case ${n}: %d", r);`;
      return `  {
    ${names.map((nm, j) => cDecl(kinds[j]!, nm)).join('; ')};
    ${call}
    ${names.map((nm, j) => cPrint(kinds[j]!, nm)).join(' ')}
    printf("\\n");
  }`;
    });
    return `#include <stdio.h>
#include <string.h>
int main(void) {
  int r;
${body.join('\n')}
  return 0;
}
`;
  };

  it('sscanf: integers, floats, strings, sets, %c, %n, suppression, widths, failures', async () => {
    const src = program(false);
    const want = runC(src).stdout;
    expect(want.split('\n').length).toBe(cases.length + 1);
    const got = await brook(src);
    expect(got.stderr).toBe('');
    expect(got.stdout).toBe(want);
  });

  it('fscanf on files: the same conversions, and feof after each', async () => {
    const src = program(true);
    const want = runC(src).stdout;
    const got = await brook(src);
    expect(got.stderr).toBe('');
    expect(got.stdout).toBe(want);
  });
});

describe('files and stdin match glibc', () => {
  it('modes r, w, a, r+, w+; fseek past the end; fwrite/fread; fgets with a short buffer; ungetc; fflush', async () => {
    const p = join(dir, 'modes.txt');
    const src = `#include <stdio.h>
int main(void) {
  char buf[16];
  int xs[3] = {1, -2, 300000}, ys[4] = {0, 0, 0, 0};
  FILE *f = fopen("${p}", "r+");
  printf("r+ on a missing file: %s\\n", f ? "opened" : "NULL");
  f = fopen("${p}", "w+");
  fprintf(f, "abcdef\\n12345\\n");
  fseek(f, 2, SEEK_SET);
  printf("getc after fseek: %c\\n", fgetc(f));
  fseek(f, 0, SEEK_END);
  printf("size: %ld\\n", ftell(f));
  fseek(f, 3, SEEK_END);
  fputc('Z', f);
  fclose(f);
  f = fopen("${p}", "rb");
  printf("fread: %d\\n", (int)fread(buf, 1, 16, f));
  printf("bytes:");
  { int i; for (i = 0; i < 18 && i < 16; i++) printf(" %d", buf[i]); }
  printf("\\nfeof %d ferror %d\\n", feof(f), ferror(f));
  clearerr(f);
  printf("after clearerr: feof %d\\n", feof(f));
  rewind(f);
  printf("fgets(5): [%s]\\n", fgets(buf, 5, f));
  printf("fgets(16): [%s]\\n", fgets(buf, 16, f));
  printf("ungetc: %c ", ungetc('Q', f));
  printf("then %c\\n", fgetc(f));
  fclose(f);
  f = fopen("${p}", "a");
  fprintf(f, "tail");
  fflush(f);
  fclose(f);
  f = fopen("${p}", "r+");
  fseek(f, 0, SEEK_END);
  printf("after append: %ld\\n", ftell(f));
  fseek(f, 0, SEEK_SET);
  fwrite(xs, sizeof(int), 3, f);
  fseek(f, 0, SEEK_SET);
  printf("fread ints: %d", (int)fread(ys, sizeof(int), 4, f));
  printf(" %d %d %d %d\\n", ys[0], ys[1], ys[2], ys[3]);
  printf("writing to a read-only stream: %d\\n", fputs("x", stdin));
  printf("fclose(stdout)-free run ends here\\n");
  return 0;
}
`;
    const want = runC(src).stdout;
    const wantFile = readFileSync(p);
    rmSync(p);
    const got = await brook(src);
    expect(got.stderr).toBe('');
    expect(got.stdout).toBe(want);
    expect(readFileSync(p)).toEqual(wantFile);
  });

  it('a file left open is written when the program ends, by return or by exit()', async () => {
    const p = join(dir, 'unclosed.txt');
    for (const end of ['return 0;', 'exit(3);']) {
      const src = `#include <stdio.h>
#include <stdlib.h>
int main(void) {
  FILE *f = fopen("${p}", "w");
  fprintf(f, "left open %d\\n", 7);
  ${end}
}
`;
      rmSync(p, { force: true });
      const want = runC(src);
      const wantFile = readFileSync(p, 'latin1');
      rmSync(p);
      const got = await brook(src);
      expect(got.status).toBe(want.status);
      expect(existsSync(p)).toBe(true);
      expect(readFileSync(p, 'latin1')).toBe(wantFile);
    }
  });

  it('stdin: scanf, getchar, fgets(stdin), feof(stdin), read in small chunks', async () => {
    const src = `#include <stdio.h>
int main(void) {
  int a = 0, b = 0, c, n;
  char line[32];
  double d = 0;
  n = scanf("%d,%d", &a, &b);
  printf("scanf: %d %d %d\\n", n, a, b);
  c = getchar();
  printf("getchar: %d\\n", c);
  printf("fgets: [%s]\\n", fgets(line, sizeof(line), stdin));
  n = fscanf(stdin, "%lf", &d);
  printf("fscanf: %d %.3f feof %d\\n", n, d, feof(stdin));
  while ((c = getchar()) != EOF) printf("<%c>", c);
  printf("\\nend: feof %d", feof(stdin));
  printf(", fgets %s\\n", fgets(line, sizeof(line), stdin) ? "line" : "NULL");
  return 0;
}
`;
    const input = '12,-3\nthe second line is long enough\n 2.75xyz';
    const want = runC(src, [], [], input).stdout;
    for (const chunk of [1, 3, 1000]) {
      const got = await brook(src, input, chunk);
      expect(got.stdout, `chunks of ${chunk}`).toBe(want);
    }
  });

  it('stdin without input: reads see end of file at once', async () => {
    const src = `#include <stdio.h>
int main(void) {
  int a = 5;
  int n = scanf("%d", &a);
  printf("%d %d %d\\n", n, a, feof(stdin));
  return 0;
}
`;
    const got = await brook(src, '');
    expect(got.stdout).toBe(runC(src, [], [], '').stdout);
  });
});
