/**
 * The watchdog in the kernel process (BROOK_KERNEL_TIMEOUT=1): a TypeScript cell spinning where only
 * SIGINT reaches it, and one awaiting forever, stop after about a second with a Timeout error; the
 * session keeps its state; an empty key warns once that signing is off.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureBuilt } from './build.js';
import { KernelClient } from './client.js';

let k: KernelClient;

beforeAll(async () => {
  await ensureBuilt();
  k = await KernelClient.start(mkdtempSync(join(tmpdir(), 'brook-kernel-')), '', { BROOK_KERNEL_TIMEOUT: '1' });
  await k.untilIopubReady();
});

afterAll(() => k?.close());

describe('kernel watchdog (BROOK_KERNEL_TIMEOUT)', () => {
  it('stops a spinning cell after the limit with a Timeout error, and the session keeps its state', async () => {
    // Under load the first cells (loading TypeScript and the magics) may themselves pass the 1 s limit.
    for (let tries = 0; tries < 10; tries++) {
      if ((await k.execute('var laps = 0; laps', {}, 10_000)).reply.content.status === 'ok') break;
    }
    const t0 = performance.now();
    const r = await k.execute('while (true) { laps++ }', {}, 10_000);
    const ms = performance.now() - t0;
    expect(r.reply.content).toMatchObject({ status: 'error', ename: 'Timeout', evalue: 'BRK5051: stopped by the watchdog after 1 second' });
    console.log(`1 s watchdog: the spinning cell stopped after ${ms.toFixed(0)} ms`);
    // Not before the limit (load only makes it later), and within seconds after it: 1 s of watchdog
    // plus the reply, with 5 s for a loaded 2-core CI machine (as tests/kernel/cpu-endless.test.ts).
    expect(ms).toBeGreaterThan(900);
    expect(ms).toBeLessThan(6000);
    const next = await k.execute('laps >= 0');
    expect(next.iopub.find((m) => m.header.msg_type === 'execute_result')!.content, JSON.stringify(next.iopub.map((m) => m.content))).toMatchObject({ data: { 'text/plain': 'true' } });
  });

  it('stops a cell awaiting forever', async () => {
    const r = await k.execute('await new Promise(() => {})', {}, 10_000);
    expect(r.reply.content).toMatchObject({ status: 'error', ename: 'Timeout' });
    expect((await k.execute('"alive"')).reply.content.status).toBe('ok');
  });

  it('warns once on stderr that messages are not signed (empty key)', () => {
    expect(k.stderr.match(/empty key, so messages are not signed/g)?.length).toBe(1);
  });
});
