/**
 * The interrupt gate in-process: a worker thread plays the kernel's control thread (records the request,
 * raises SIGINT only when the gate says cell code is running) and stops synchronous spins in a TypeScript
 * cell and in a cell magic's handler; an interrupt that finds no running code is left for the main thread.
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

const slots = new Int32Array(new SharedArrayBuffer(8));
let session: Session;

/** After `ms`, does what control-worker.ts does on interrupt_request; resolves true if it raised SIGINT. */
function interruptAfter(ms: number): Promise<boolean> {
  const w = new Worker(`
    const { workerData, parentPort } = require('node:worker_threads');
    setTimeout(() => {
      const s = workerData;
      Atomics.store(s, 1, 1);
      const signal = Atomics.compareExchange(s, 0, 1, 2) === 1;
      if (signal) process.kill(process.pid, 'SIGINT');
      parentPort.postMessage(signal);
    }, ${ms});`, { eval: true, workerData: slots });
  return new Promise((resolve) => w.once('message', (m: boolean) => { void w.terminate(); resolve(m); }));
}

beforeAll(() => {
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
    expect(await raised).toBe(true);
    expect(r).toMatchObject({ status: 'error', ename: 'Interrupted', interrupted: true });
    expect(performance.now() - t0).toBeLessThan(5000);
    expect(session.interruptPending).toBe(false);
    const c = new Collector();
    await session.execute({ code: 'laps > 0' }, c);
    expect(c.result()).toEqual({ 'text/plain': 'true' });
  });

  it('stops a synchronous spin inside a cell magic handler', async () => {
    const raised = interruptAfter(300);
    const c = new Collector();
    const r = await session.execute({ code: '%%spin\n' }, c);
    expect(await raised).toBe(true);
    expect(r).toMatchObject({ status: 'error', ename: 'Interrupted' });
    expect(c.text()).toBe('');
  });

  it('leaves an interrupt that finds no running code to the main thread, which clears it', async () => {
    expect(await interruptAfter(0)).toBe(false);
    expect(session.interruptPending).toBe(true);
    // The next piece of cell code finds it pending and stops at once; nothing is left pending after.
    const r = await session.execute({ code: '"should not run"' }, new Collector());
    expect(r).toMatchObject({ status: 'error', ename: 'Interrupted' });
    expect(session.interruptPending).toBe(false);
    const c = new Collector();
    await session.execute({ code: '"runs"' }, c);
    expect(c.result()).toEqual({ 'text/plain': "'runs'" });
  });
});
