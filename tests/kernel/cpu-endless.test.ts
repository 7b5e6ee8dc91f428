/**
 * An endless CPU kernel in the kernel process (a loop that never ends for some elements): the kernel's
 * interrupt_request and the watchdog (`%brook timeout 1`) each stop it inside the element (generated
 * loops poll the shared abort slot, compiler/codegen/loop-poll.ts), on the main thread
 * (BROOK_CPU_THREADS=1) and with a worker (2). The error names the stream left with partial results;
 * afterwards the next cell runs and the other streams keep their values. Stop times are printed.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { ensureBuilt } from './build.js';
import { KernelClient } from './client.js';

const base = { silent: false, store_history: true, user_expressions: {}, allow_stdin: false, stop_on_error: false };
let k: KernelClient | undefined;
afterEach(() => {
  k?.close();
  k = undefined;
});

const SETUP = `%%brook
kernel void endless(float a<>, out float result<>) {
  float x = a;
  while (x > 0.0f) { x = x + 1.0f; }
  result = x;
}
kernel void twice(float a<>, out float b<>) { b = 2.0f * a; }
float a<65536>, result<65536>;
float kept<4>;
float hk[4] = {1.0f, 2.0f, 3.0f, 4.0f};
streamRead(kept, hk);
float ha[65536];
int i;
for (i = 0; i < 65536; i++) ha[i] = (i > 32768 && i % 97 == 7) ? 1.0f : -1.0f;
streamRead(a, ha);`;

function errorText(m: { content: Record<string, unknown> }): string {
  return `${m.content.evalue}\n${((m.content.traceback as string[] | undefined) ?? []).join('\n')}`;
}

describe('an endless CPU kernel in the kernel process', () => {
  for (const threads of ['1', '2']) {
    it(`is stopped by interrupt_request and by the watchdog (BROOK_CPU_THREADS=${threads}); the session carries on`, async () => {
      await ensureBuilt();
      k = await KernelClient.start(undefined, undefined, { BROOK_BACKEND: 'cpu', BROOK_CPU_THREADS: threads });
      await k.untilIopubReady();
      const setup = await k.execute(SETUP, base, 60_000);
      expect(setup.reply.content.status, JSON.stringify(setup.reply.content)).toBe('ok');

      // Interrupt, 300 ms after the cell started.
      const id = k.send('shell', 'execute_request', { ...base, code: '%%brook\nendless(a, result);' });
      await k.waitFor(() => k!.received.iopub.find((m) => (m.parent_header as { msg_id?: string }).msg_id === id && m.header.msg_type === 'execute_input'));
      await new Promise((r) => setTimeout(r, 300));
      const t0 = performance.now();
      k.send('control', 'interrupt_request', {});
      const reply = await k.reply('shell', id, 30_000);
      const stopMs = performance.now() - t0;
      process.stderr.write(`kernel, ${threads} thread(s): endless kernel stopped ${stopMs.toFixed(0)} ms after interrupt_request\n`);
      expect(reply.content).toMatchObject({ status: 'error', ename: 'Interrupted' });
      const iopub = await k.iopubOf(id);
      const shown = iopub.find((m) => m.header.msg_type === 'error');
      expect(shown && errorText(shown)).toContain("stream 'result' holds partial results");
      expect(stopMs).toBeLessThan(5000); // within 1 s on a quiet machine; generous for a loaded one

      // The watchdog.
      expect((await k.execute('%brook timeout 1', base, 20_000)).reply.content.status).toBe('ok');
      const t1 = performance.now();
      const timed = await k.execute('%%brook\nendless(a, result);', base, 30_000);
      const timedMs = performance.now() - t1;
      process.stderr.write(`kernel, ${threads} thread(s): endless kernel stopped by the 1 s watchdog after ${timedMs.toFixed(0)} ms\n`);
      expect(timed.reply.content).toMatchObject({ status: 'error', ename: 'Timeout' });
      const timedError = timed.iopub.find((m) => m.header.msg_type === 'error');
      expect(timedError && errorText(timedError)).toContain("stream 'result' holds partial results");
      // 1 s of watchdog, a poll and the reply: ~1.1 s on a quiet machine; 5 s more for a loaded 2-core one.
      expect(timedMs).toBeLessThan(6000);
      expect((await k.execute('%brook timeout off', base, 20_000)).reply.content.status).toBe('ok');

      // The next cell runs; the other streams keep their values.
      const next = await k.execute('%%brook\nfloat d<4>;\ntwice(kept, d);\nfloat o[4];\nstreamWrite(d, o);\no[0] + 10.0f * o[1] + 100.0f * o[2] + 1000.0f * o[3]', base, 30_000);
      expect(next.reply.content.status, JSON.stringify(next.reply.content)).toBe('ok');
      expect(next.iopub.find((m) => m.header.msg_type === 'execute_result')!.content).toMatchObject({ data: { 'text/plain': '8642' } });
    }, 180_000);
  }
});
