/**
 * The first TypeScript cell of a kernel, sent the moment the kernel is ready (first kernel_info answered,
 * iopub connected): the checker's worker is still warming up then (kernel/checker.ts), and typescript.js
 * may come from the V8 code cache or not (kernel/typescript.ts). Either way a misspelt property must stop
 * the cell before it runs: the check is never skipped to make the first cell faster.
 */
import { mkdtempSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt } from './build.js';
import { KernelClient } from './client.js';

const CELL = 'globalThis.firstCellRan = true;\nconst plot = { caption: "x" };\nplot.captoin';
const cacheDir = mkdtempSync(join(tmpdir(), 'brook-ts-cache-'));
const cacheFiles = () => readdirSync(cacheDir).filter((f) => f.startsWith('typescript-') && f.endsWith('.v8cache'));

async function readyKernel(): Promise<KernelClient> {
  const k = await KernelClient.start(undefined, undefined, { BROOK_CACHE_DIR: cacheDir });
  for (;;) {
    try {
      await k.reply('shell', k.send('shell', 'kernel_info_request', {}), 250);
      break;
    } catch {
      if (performance.now() - k.startedAt > 20_000) throw new Error(`kernel did not answer kernel_info:\n${k.stderr}`);
    }
  }
  await k.untilIopubReady(80);
  return k;
}

async function expectCaughtBeforeRun(k: KernelClient): Promise<void> {
  const { reply } = await k.execute(CELL);
  expect(reply.content.status).toBe('error');
  expect(String(reply.content.evalue)).toMatch(/Property 'captoin' does not exist on type '\{ caption: string; \}'\. Did you mean 'caption'\? \(TS2551\) \(line 3:6\)/);
  // The cell did not run: its first line set nothing.
  const after = await k.execute('typeof globalThis.firstCellRan');
  expect(after.iopub.find((m) => m.header.msg_type === 'execute_result')?.content).toMatchObject({ data: { 'text/plain': "'undefined'" } });
}

beforeAll(async () => {
  await ensureBuilt();
});

describe('the first TypeScript cell after ready', () => {
  it('is type checked before it runs with no code cache yet (a misspelt property stops it), and the kernel writes the cache', async () => {
    const k = await readyKernel();
    try {
      await expectCaughtBeforeRun(k);
    } finally {
      k.close();
    }
    expect(cacheFiles()).toHaveLength(1);
  });

  it('is type checked before it runs with typescript.js from the code cache', async () => {
    const [file] = cacheFiles();
    const written = statSync(join(cacheDir, file!)).mtimeMs;
    const k = await readyKernel();
    try {
      await expectCaughtBeforeRun(k);
    } finally {
      k.close();
    }
    // The cache was taken, not rejected and rewritten (a rejected or missing cache is written again).
    expect(cacheFiles()).toEqual([file]);
    expect(statSync(join(cacheDir, file!)).mtimeMs).toBe(written);
  });
});
