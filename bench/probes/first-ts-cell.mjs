// The first TypeScript cell of a fresh kernel, sent the moment iopub works after the first kernel_info,
// for two builds alternated (A B, B A, ...), so a shared machine's load falls on both alike.
//   node bench/probes/first-ts-cell.mjs A_BIN B_BIN [ROUNDS=6] [DELAY_MS=0]
// A_BIN, B_BIN: a checkout's bin/brook.js (copy bin/ and dist/ of the "before" build aside first).
// Prints each kernel's first kernel_info (from spawn) and first cell (execute_request to reply) and the
// medians. Caches go to a fresh BROOK_CACHE_DIR per run of this script, shared by both builds.
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const [aBin, bBin, roundsArg, delayArg] = process.argv.slice(2);
if (!aBin || !bBin) throw new Error('usage: node bench/probes/first-ts-cell.mjs A_BIN B_BIN [ROUNDS] [DELAY_MS]');
const { BenchKernel, writeConnectionFile } = await import(resolve(import.meta.dirname, '../../dist/bench/session-client.js'));
const CELL = 'const squares = [1, 2, 3].map((v) => v * v);\nsquares.reduce((a, b) => a + b, 0)';
const bins = { A: resolve(aBin), B: resolve(bBin) };
const rounds = Number(roundsArg ?? 6);
const delay = Number(delayArg ?? 0);
const cacheDir = mkdtempSync(join(tmpdir(), 'brook-probe-cache-'));
const cell = { A: [], B: [] };
const info = { A: [], B: [] };
for (let i = 0; i < rounds; i++) {
  for (const v of i % 2 ? ['B', 'A'] : ['A', 'B']) {
    const dir = mkdtempSync(join(tmpdir(), 'brook-probe-'));
    const conn = await writeConnectionFile(dir);
    const t0 = performance.now();
    const child = spawn(process.execPath, [bins[v], 'kernel', '--connection-file', conn.file], { cwd: dir, env: { ...process.env, BROOK_CACHE_DIR: cacheDir }, stdio: ['ignore', 'ignore', 'pipe'] });
    const k = new BenchKernel(child, conn, t0); // the constructor is private in TypeScript only
    try {
      const ki = await k.firstKernelInfo();
      await k.iopubReady();
      if (delay) await new Promise((r) => setTimeout(r, delay));
      const r = await k.execute(CELL);
      const value = r.iopub.find((m) => m.header.msg_type === 'execute_result')?.content?.data?.['text/plain'];
      if (value !== '14') throw new Error(`${v}: the cell gave ${value}, expected 14`);
      cell[v].push(r.ms);
      info[v].push(ki);
      console.log(`${v} kernel_info ${ki.toFixed(0)} ms, first TypeScript cell ${r.ms.toFixed(0)} ms, load average ${loadavg()[0].toFixed(1)}`);
      await k.shutdown(false).catch(() => {});
    } finally {
      k.close();
    }
  }
}
const median = (a) => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)];
for (const v of ['A', 'B']) {
  console.log(`${v}: first TypeScript cell median ${median(cell[v]).toFixed(0)} ms [${cell[v].map((x) => x.toFixed(0)).join(', ')}], first kernel_info median ${median(info[v]).toFixed(0)} ms`);
}
