/**
 * The interrupt gate in-process: a worker thread plays the kernel's control thread with the built gate
 * (dist/kernel/interrupt-gate.js): it records the request, raises SIGINT only when the gate says cell code
 * is running, and stops synchronous spins in a TypeScript cell and in a cell magic's handler; an interrupt
 * while idle is dropped, so the next cell runs.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InterruptGate } from '../../kernel/interrupt-gate.js';
import { registerCellMagic } from '../../kernel/magics-api.js';
import { Session } from '../../kernel/session.js';
import { Collector } from './collect.js';
import { ensureBuilt, ROOT } from './build.js';
import { pathToFileURL } from 'node:url';

const slots = new Int32Array(new SharedArrayBuffer(16));
let session: Session;
const GATE_JS = pathToFileURL(join(ROOT, 'dist', 'kernel', 'interrupt-gate.js')).href;

/** After `ms`, does what control-worker.ts does on interrupt_request; resolves with the gate's outcome. */
function interruptAfter(ms: number): Promise<'idle' | 'signal' | 'message'> {
  const w = new Worker(`
    import { workerData, parentPort } from 'node:worker_threads';
    import { InterruptGate } from ${JSON.stringify(GATE_JS)};
    setTimeout(() => {
      const outcome = InterruptGate.request(workerData);
      if (outcome === 'signal') process.kill(process.pid, 'SIGINT');
      parentPort.postMessage(outcome);
    }, ${ms});`, { eval: true, workerData: slots, type: 'module' } as never);
  return new Promise((resolve) => w.once('message', (m: 'idle' | 'signal' | 'message') => { void w.terminate(); resolve(m); }));
}

beforeAll(async () => {
  await ensureBuilt();
  // A SIGINT listener as the kernel has one (signal mode); the gate keeps SIGINT inside cell code anyway.
  process.on('SIGINT', onSigint);
  session = new Session({ directory: mkdtempSync(join(tmpdir(), 'brook-interrupt-')), gate: new InterruptGate(slots) });
  registerCellMagic('spin', {
    execute(_input, ctx) {
      const until = Date.now() + 10_000;
      while (Date.now() < until) { /* spins until SIGINT */ }
      ctx.stdout('not interrupted\n');
    },
  });
});

function onSigint() {
  session.interrupt();
}

afterAll(() => {
  session.dispose();
  process.off('SIGINT', onSigint);
});

describe('interrupt gate', () => {
  it('stops a synchronous spin in a TypeScript cell with SIGINT, and state survives', async () => {
    await session.execute({ code: 'let laps = 0;' }, new Collector());
    const raised = interruptAfter(300);
    const t0 = performance.now();
    const r = await session.execute({ code: 'while (true) { laps++ }' }, new Collector());
    expect(await raised).toBe('signal');
    expect(r).toMatchObject({ status: 'error', ename: 'Interrupted', interrupted: true });
    const stopMs = performance.now() - t0;
    console.log(`SIGINT 300 ms into the spin: the cell ended ${stopMs.toFixed(0)} ms after it started`);
    expect(stopMs).toBeLessThan(5000); // speed: the bench's session.interrupt.ts
    expect(session.interruptPending).toBe(false);
    const c = new Collector();
    await session.execute({ code: 'laps > 0' }, c);
    expect(c.result()).toEqual({ 'text/plain': 'true' });
  });

  it('stops a synchronous spin inside a cell magic handler', async () => {
    const raised = interruptAfter(300);
    const c = new Collector();
    const r = await session.execute({ code: '%%spin\n' }, c);
    expect(await raised).toBe('signal');
    expect(r).toMatchObject({ status: 'error', ename: 'Interrupted' });
    expect(c.text()).toBe('');
  });

  it('drops an interrupt that comes while idle: the next cell runs', async () => {
    expect(await interruptAfter(0)).toBe('idle');
    expect(session.interruptPending).toBe(false);
    const c = new Collector();
    const r = await session.execute({ code: '"runs"' }, c);
    expect(r.status).toBe('ok');
    expect(c.result()).toEqual({ 'text/plain': "'runs'" });
  });

  it('an interrupt meant for a cell that has ended does not stop the next one', async () => {
    // The control thread records a request for cell k as it ends; cell k+1 must not see it.
    let seqOfCell = 0;
    registerCellMagic('seq', { execute() { seqOfCell = Atomics.load(slots, 0) >>> 2; } });
    expect((await session.execute({ code: '%%seq\n' }, new Collector())).status).toBe('ok');
    expect(seqOfCell).toBeGreaterThan(0);
    expect(Atomics.load(slots, 0)).toBe(0); // idle now
    Atomics.store(slots, 1, seqOfCell); // the request for the cell that has just ended, recorded late
    const c = new Collector();
    expect((await session.execute({ code: '"next"' }, c)).status).toBe('ok');
    expect(c.result()).toEqual({ 'text/plain': "'next'" });
  });

  it('interrupts a cell that is awaiting (the main thread is told by message)', async () => {
    const raised = interruptAfter(200);
    const started = performance.now();
    const run = session.execute({ code: 'await new Promise((r) => setTimeout(r, 10_000)); "late"' }, new Collector());
    expect(await raised).toBe('message');
    // kernel.ts does this on the worker's message; the request is already in shared memory.
    expect(session.interruptPending).toBe(true);
    session.interrupt(Atomics.load(slots, 1));
    expect(await run).toMatchObject({ status: 'error', ename: 'Interrupted' });
    const endedMs = performance.now() - started;
    console.log(`interrupt 200 ms into a 10 s await: the cell ended after ${endedMs.toFixed(0)} ms`);
    expect(endedMs).toBeLessThan(8000); // well before the await's 10 s
    expect((await session.execute({ code: '2' }, new Collector())).status).toBe('ok');
  });
});
