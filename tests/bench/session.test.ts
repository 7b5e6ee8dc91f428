/**
 * The notebook-session benchmark (bench/session.ts) end to end, once: real kernel processes over zeromq,
 * the first %%brook cell verified against its float64 reference, every number finite and in its table.
 * The numbers themselves are not checked against their targets: benchmarks never gate a merge.
 */
import { describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cpuSeconds, measureSession, renderSessionTable, runSessionBench, saxpyReference, splitSessionArgs, type SessionReport } from '../../bench/session.js';
import { ensureBuilt } from '../kernel/build.js';

describe('--only session selects the session group', () => {
  it('splits the session group from the harness cases', () => {
    expect(splitSessionArgs(['--only', 'session'])).toEqual({ session: true, rest: undefined });
    expect(splitSessionArgs(['--only=session.start', '--quick'])).toEqual({ session: true, rest: undefined });
    expect(splitSessionArgs(['--only', 'session,saxpy', '--quick'])).toEqual({ session: true, rest: ['--only', 'saxpy', '--quick'] });
    // Without the group named, the harness gets its options untouched.
    expect(splitSessionArgs(['--only', 'saxpy', '--json', 'x.json'])).toEqual({ session: false, rest: ['--only', 'saxpy', '--json', 'x.json'] });
    expect(splitSessionArgs([])).toEqual({ session: false, rest: [] });
    // `sessions` is not the group.
    expect(splitSessionArgs(['--only', 'sessions'])).toEqual({ session: false, rest: ['--only', 'sessions'] });
  });

  it('the reference is SAXPY with a = 2.5 on the cell\'s inputs', () => {
    const r = saxpyReference();
    expect(r.length).toBe(1024);
    expect(r[0]).toBe(1); // 2.5 * 0 + (1 - 0)
    expect(r[9]).toBe(2.5 * 2.25 + (1 - 2)); // i = 9: x = 2.25, y = 1 - (9 % 7)
  });

  it('reads CPU seconds of a process from /proc: a busy loop shows, in the unit process.cpuUsage() gives', () => {
    const u0 = process.cpuUsage();
    const t0 = cpuSeconds(process.pid, 100);
    // Spin until the process has used 0.3 s of CPU (not 0.3 s of wall time: on a loaded machine a
    // 300 ms spin got 0.04 s of CPU), so what there is to see does not depend on the load.
    const spent = () => { const u = process.cpuUsage(u0); return (u.user + u.system) / 1e6; };
    while (spent() < 0.3) {
      // spin
    }
    const used = cpuSeconds(process.pid, 100) - t0;
    const reference = spent();
    // /proc counts in ticks of 10 ms, read at both ends: both clocks see the same time within a few ticks.
    expect(Math.abs(used - reference)).toBeLessThan(0.05);
  });
});

describe('session benchmark, one real run', () => {
  it('starts kernels, runs the %%brook cell, re-runs a TypeScript cell, interrupts three spinning cells, idles, restarts and shuts down; every number is measured', async () => {
    await ensureBuilt();
    const logs: string[] = [];
    const report: SessionReport = await measureSession({ runs: 1, reruns: 2, idleSeconds: 1, settleMs: 1500, quick: true, log: (l) => logs.push(l) });
    expect(report.error, logs.join('\n')).toBeUndefined();
    expect(report.backend).toMatch(/^(webgpu: .+|cpu.*)$/);
    expect(report.metrics.map((m) => m.id)).toEqual(['start', 'firstCell.immediate', 'firstCell.settled', 'rerun', 'idleCpu', 'restart', 'shutdown', 'firstTsCell', 'firstPlot', 'rerunTs', 'interrupt.ts', 'interrupt.host', 'interrupt.cpuKernel']);
    for (const m of report.metrics) {
      expect(m.samples.length, m.id).toBe(m.id === 'rerun' ? 2 : 1);
      expect(Number.isFinite(m.value), m.id).toBe(true);
      expect(m.value!, m.id).toBeGreaterThanOrEqual(0);
      if (m.unit === 'ms') expect(m.value!, m.id).toBeGreaterThan(0);
      expect(m.met).toBe(m.value! < m.target!);
    }
    const table = renderSessionTable(report);
    expect(table).toContain(report.backend!);
    for (const id of ['session.start', 'session.firstCell.immediate', 'session.idleCpu', 'session.restart', 'session.shutdown', 'session.firstTsCell', 'session.firstPlot', 'session.rerunTs', 'session.interrupt.ts', 'session.interrupt.host', 'session.interrupt.cpuKernel']) expect(table).toContain(id);
    expect(table).toMatch(/< 200 ms/);
  }, 120_000);

  it('writes the JSON where --json says and marks numbers not measured', async () => {
    // 0 runs: only the writing path, cheaply.
    const json = join(mkdtempSync(join(tmpdir(), 'brook-session-json-')), 's.json');
    const printed: string[] = [];
    const { report } = await runSessionBench(['--quick'], json, (t) => printed.push(t), () => {}, { runs: 0 });
    const written = JSON.parse(readFileSync(json, 'utf8')) as SessionReport;
    expect(written.schema).toBe('brook-bench-session/1');
    expect(written.metrics.length).toBe(report.metrics.length);
    expect(written.metrics.every((m) => m.value === undefined && m.met === undefined)).toBe(true);
    expect(printed.join('')).toContain('not measured');
  });
});
