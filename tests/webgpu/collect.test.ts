/**
 * webgpu/collect.ts: the major collection at quiet points (between cells) that frees dawn.node's
 * wrappers in a process with a large heap (issue 24, "Memory stays flat"; the effect on a kernel's
 * resident memory is measured by tests/kernel/rerun-memory.test.ts). Here the rule: a collection,
 * on the next turn of the event loop, after every 16th quiet point that follows new GPU submits;
 * none after points with no new work; never sooner than 2x the last collection's duration after it.
 */
import { describe, expect, it } from 'vitest';
import { WrapperCollector } from '../../runtime/backends/webgpu/collect.js';

const nextTurn = () => new Promise<void>((r) => setImmediate(r));

describe('WrapperCollector', () => {
  it('collects after the 16th cell that submitted GPU work, not before, outside the call', async () => {
    const c = new WrapperCollector();
    for (let i = 1; i <= 15; i++) c.quietPoint(i);
    await nextTurn();
    expect(c.collections).toBe(0);
    c.quietPoint(16);
    expect(c.collections, 'not inside the quiet point itself').toBe(0);
    await nextTurn();
    expect(c.collections).toBe(1);
  });

  it('does not count quiet points with no new submits', async () => {
    const c = new WrapperCollector();
    for (let i = 0; i < 100; i++) c.quietPoint(7);
    await nextTurn();
    // The first point saw new work (0 -> 7); the other 99 saw none.
    expect(c.collections).toBe(0);
  });

  it('collects again after the next 16 cells once the pause has passed', async () => {
    const c = new WrapperCollector();
    for (let i = 1; i <= 16; i++) c.quietPoint(i);
    await nextTurn();
    expect(c.collections).toBe(1);
    let n = 17;
    const deadline = performance.now() + 5_000;
    while (c.collections < 2 && performance.now() < deadline) {
      c.quietPoint(n++);
      await nextTurn();
    }
    expect(c.collections).toBe(2);
    // At least 16 more cells passed before it.
    expect(n - 17).toBeGreaterThanOrEqual(16);
  });
});
