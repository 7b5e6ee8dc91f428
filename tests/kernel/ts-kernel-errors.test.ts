/**
 * A kernel called from a TypeScript cell with bad arguments (issue 24), in a real kernel process on
 * each backend: the error names the BRKnnnn code, points at the cell's line with a caret, ends with a
 * hint, and shows no frame of the package (dist/). The checks run before the call returns, so a call
 * the cell does not await fails the cell too (it used to pass silently, its rejection unobserved).
 * After each error the session, its streams and kernels still work.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { webgpuAdapterAvailable } from '../conformance/cli.js';
import { ensureBuilt } from './build.js';
import { KernelClient } from './client.js';

const backends = ['cpu', ...(process.env.BROOK_TEST_WEBGPU !== '0' && webgpuAdapterAvailable() ? ['webgpu'] : [])];
const base = { silent: false, store_history: true, user_expressions: {}, allow_stdin: false, stop_on_error: false };

interface ErrorReply {
  status: string;
  ename?: string;
  evalue?: string;
  traceback?: string[];
}

const SETUP = `%%brook
kernel void addOne(float a<>, out float b<>) { b = a + 1.0f; }
reduce void total(float x<>, reduce float r<>) { r = r + x; }
float a<4>;
float b<4>;
int ia<4>;
float m<2, 2>;
float gone<4>;
float h[4] = {1.0f, 2.0f, 3.0f, 4.0f};
streamRead(a, h);`;

/** Each case: the cell, the line (1-based) and column of the call, the code, words of message and hint. */
const CASES = [
  { what: 'a wrong count of arguments', cell: 'const unused = 1;\naddOne(a);', line: 2, col: 1, code: 'BRK5905', says: /takes 2 arguments, 1 given/, hint: /one argument per kernel parameter/ },
  { what: 'too many arguments to a reduction', cell: 'await total(a, b, b);', line: 1, col: 7, code: 'BRK5905', says: /takes 1 arguments, 3 given/, hint: /reduce argument is left out/ },
  { what: 'a number where a stream goes', cell: 'let n = 3;\n  addOne(n, b);', line: 2, col: 3, code: 'BRK5013', says: /addOne/, hint: /stream/ },
  { what: 'a stream of the wrong element type', cell: 'addOne(ia, b);', line: 1, col: 1, code: 'BRK5015', says: /float.*'ia' holds int/, hint: /./ },
  { what: 'a string argument', cell: 'addOne("a", b);', line: 1, col: 1, code: 'BRK5903', says: /argument 1 of kernel 'addOne' is string/, hint: /Brook stream/ },
  { what: 'a stream of another shape', cell: 'addOne(m, b);', line: 1, col: 1, code: 'BRK5006', says: /'a'.*addOne/, hint: /./ },
  { what: 'a freed stream', cell: 'addOne(kept, b);', line: 1, col: 1, code: 'BRK5902', says: /'gone' no longer exists/, hint: /run the %%brook cell/ },
];

let k: KernelClient | undefined;
afterAll(() => k?.close());

describe('kernels called from TypeScript cells with bad arguments (kernel process)', () => {
  for (const backend of backends) {
    it(`gives located errors with a hint and no dist/ frames on ${backend}`, async () => {
      await ensureBuilt();
      k = await KernelClient.start(undefined, undefined, { BROOK_BACKEND: backend });
      await k.untilIopubReady();
      const run = async (code: string) => (await k!.execute(code, base, 60_000)).reply.content as ErrorReply;
      expect((await run(SETUP)).status).toBe('ok');
      // A handle kept before its stream is freed.
      expect((await run('const kept = gone;')).status).toBe('ok');
      expect((await run('%brook free gone')).status).toBe('ok');
      for (const c of CASES) {
        const r = await run(c.cell);
        const text = (r.traceback ?? []).join('\n');
        const context = `${c.what}:\n${text}`;
        expect(r.status, context).toBe('error');
        expect(r.ename, context).toBe('BrookRuntimeError');
        expect(r.evalue, context).toMatch(new RegExp(`^${c.code}: `));
        expect(r.evalue, context).toMatch(c.says);
        expect(text, context).toContain(`line ${c.line}:${c.col}`);
        const src = c.cell.split('\n')[c.line - 1]!;
        expect(text, context).toContain(`  ${c.line} | ${src}\n    | ${' '.repeat(c.col - 1)}^`);
        expect(r.traceback!.at(-1), context).toMatch(/^hint: /);
        expect(r.traceback!.at(-1), context).toMatch(c.hint);
        expect(text, context).not.toContain('dist/');
        expect(text, context).not.toContain('handles.js');
      }
      // The session is intact: the kernel runs, its result is right (a + 1 over 1..4).
      const ok = await k.execute('addOne(a, b);\nArray.from(await b.toArray())', base, 60_000);
      expect(ok.reply.content.status).toBe('ok');
      const shown = ok.iopub.find((m) => m.header.msg_type === 'execute_result')!.content as { data: Record<string, string> };
      expect(shown.data['text/plain']).toMatch(/\[\s*2,\s*3,\s*4,\s*5\s*\]/);
      expect(await total(k)).toBe(10);
      k.close();
      k = undefined;
    }, 240_000);
  }
});

async function total(kc: KernelClient): Promise<number> {
  const r = await kc.execute('await total(a)', base, 60_000);
  const shown = r.iopub.find((m) => m.header.msg_type === 'execute_result')!.content as { data: Record<string, string> };
  return Number(shown.data['text/plain']);
}
