/**
 * Interrupting a long CPU kernel in the kernel process: the CPU backend runs launches in chunks with
 * checkAbort between them (runtime/brt/abort.ts), and the control thread's request reaches that check
 * through shared memory, so the cell stops within ~100 ms although the main thread never yields
 * (measured by the bench: session.interrupt.cpuKernel in bench/session.ts; here a bound any machine meets).
 * Afterwards the session works and the interrupted kernel's streams are still usable.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt } from './build.js';
import { KernelClient } from './client.js';

let k: KernelClient;
const base = { silent: false, store_history: true, user_expressions: {}, allow_stdin: false, stop_on_error: false };

beforeAll(async () => {
  await ensureBuilt();
  k = await KernelClient.start(undefined, undefined, { BROOK_BACKEND: 'cpu' });
  await k.untilIopubReady();
});

afterAll(() => k?.close());

describe('CPU kernel interrupt (kernel process)', () => {
  it('stops a long CPU kernel (median of 5 within a few seconds; the bench holds the 100 ms target), and the next cell runs', async () => {
    const setup = await k.execute(`%%brook
kernel void spin(float a<>, out float b<>) { float x = a; int i; for (i = 0; i < 20000; i++) { x = x * 0.999f + 0.001f; } b = x; }
float a<1048576>, b<1048576>;
float c<4>;
float hc[4] = {1.0f, 2.0f, 3.0f, 4.0f};
streamRead(c, hc);`, base, 60_000);
    expect(setup.reply.content.status, JSON.stringify(setup.reply.content)).toBe('ok');
    const latencies: number[] = [];
    for (let round = 0; round < 5; round++) {
      const id = k.send('shell', 'execute_request', { ...base, code: '%%brook\nspin(a, b);\nfloat o[4];\nstreamWrite(c, o);\no[0]' });
      await k.waitFor(() => k.received.iopub.find((m) => (m.parent_header as { msg_id?: string }).msg_id === id && m.header.msg_type === 'execute_input'));
      await new Promise((r) => setTimeout(r, 400));
      const t0 = performance.now();
      k.send('control', 'interrupt_request', {});
      const reply = await k.reply('shell', id, 20_000);
      latencies.push(performance.now() - t0);
      expect(reply.content).toMatchObject({ status: 'error', ename: 'Interrupted' });
    }
    latencies.sort((x, y) => x - y);
    const median = latencies[2]!;
    process.stderr.write(`cpu interrupt latencies (ms): ${latencies.map((l) => l.toFixed(1)).join(', ')}; median ${median.toFixed(1)}\n`);
    expect(median).toBeLessThan(3000);
    const next = await k.execute('%%brook\nkernel void twice(float a<>, out float b<>) { b = 2.0f * a; }\nfloat d<4>;\ntwice(c, d);\nfloat o2[4];\nstreamWrite(d, o2);\no2[0] + o2[1] + o2[2] + o2[3]', base, 20_000);
    expect(next.reply.content.status).toBe('ok');
    expect(next.iopub.find((m) => m.header.msg_type === 'execute_result')!.content).toMatchObject({ data: { 'text/plain': '20' } });
  }, 120_000);
});
