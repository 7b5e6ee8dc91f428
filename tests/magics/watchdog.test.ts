/**
 * The watchdog and interrupts of Brook cells through the kernel's Session with the Brook magics (CPU
 * backend): `%brook timeout N` stops a cell running longer, with a clear error that names the limit and
 * how to change it; the session works after it; `%brook timeout off` lifts it; BROOK_KERNEL_TIMEOUT is
 * read as the starting value. How soon the watchdog stops a cell is checked with bounds in the jupyter
 * project (tests/kernel/watchdog-process.test.ts, cpu-endless.test.ts); the times here are printed only.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Session } from '../../kernel/session.js';
import { AbortState, sessionAbort } from '../../runtime/brt/abort.js';
import '../../magics/index.js';
import { session as brook } from '../../magics/index.js';
import { Collector } from '../kernel/collect.js';

let session: Session;

async function run(code: string) {
  const c = new Collector();
  const t0 = performance.now();
  const outcome = await session.execute({ code }, c);
  return { outcome, c, ms: performance.now() - t0 };
}

beforeAll(async () => {
  session = new Session({ directory: mkdtempSync(join(tmpdir(), 'brook-watchdog-')) });
  await brook.switchBackend('cpu');
});

afterAll(() => session.dispose());

describe('watchdog (%brook timeout)', () => {
  it('stops a Brook cell whose host loop runs past the limit, names the limit and the fix, and the session goes on', async () => {
    expect((await run('%brook timeout 0.5')).outcome.status).toBe('ok');
    const r = await run('%%brook\nint i = 0;\nwhile (1) { i = i + 1; }');
    expect(r.outcome).toMatchObject({ status: 'error', ename: 'Timeout' });
    if (r.outcome.status !== 'error') return;
    expect(r.outcome.evalue).toBe('BRK5051: stopped by the watchdog after 0.5 seconds');
    expect(r.outcome.traceback.join('\n')).toMatch(/%brook timeout N/);
    console.log(`0.5 s watchdog: the Brook cell stopped after ${r.ms.toFixed(0)} ms`);
    // Usable after: a Brook cell and a TypeScript cell run.
    const ok = await run('%%brook\nkernel void twice(float a<>, out float b<>) { b = 2.0f * a; }\nfloat a<4>, b<4>;\nfloat h[4] = {1.0f, 2.0f, 3.0f, 4.0f};\nstreamRead(a, h);\ntwice(a, b);\nfloat o[4];\nstreamWrite(b, o);\no[0] + o[1] + o[2] + o[3]');
    expect(ok.outcome.status).toBe('ok');
    expect(ok.c.result()).toEqual({ 'text/plain': '20' });
  });

  it('stops a TypeScript cell awaiting past the limit', async () => {
    const r = await run('await new Promise(() => {})');
    expect(r.outcome).toMatchObject({ status: 'error', ename: 'Timeout', evalue: 'BRK5051: stopped by the watchdog after 0.5 seconds' });
    console.log(`0.5 s watchdog: the awaiting TypeScript cell stopped after ${r.ms.toFixed(0)} ms`);
    expect((await run('1 + 1')).outcome.status).toBe('ok');
  });

  it('%brook timeout shows the limit, off lifts it, a bad value is a usage error', async () => {
    const shown = await run('%brook timeout');
    expect(shown.c.result()?.['text/plain']).toMatch(/0\.5 s/);
    const bad = await run('%brook timeout soon');
    expect(bad.outcome).toMatchObject({ status: 'error', ename: 'UsageError' });
    if (bad.outcome.status === 'error') expect(bad.outcome.evalue).toMatch(/'soon' is not a number of seconds/);
    expect((await run('%brook timeout off')).c.result()?.['text/plain']).toMatch(/off/);
    expect(sessionAbort().timeoutSeconds).toBeUndefined();
    // Without a limit, a cell longer than the old one runs to its end.
    const r = await run('%%brook\nint i = 0; int n = 0;\nfor (i = 0; i < 30000000; i++) { n = n + 1; }\nn');
    expect(r.outcome.status).toBe('ok');
    expect(r.c.result()).toEqual({ 'text/plain': '30000000' });
  });

  it('reads BROOK_KERNEL_TIMEOUT as the starting limit', () => {
    expect(new AbortState(undefined, { BROOK_KERNEL_TIMEOUT: '12' }).timeoutSeconds).toBe(12);
    expect(new AbortState(undefined, { BROOK_KERNEL_TIMEOUT: 'off' }).timeoutSeconds).toBeUndefined();
    expect(new AbortState(undefined, {}).timeoutSeconds).toBeUndefined();
  });
});
