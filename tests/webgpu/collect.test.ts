/**
 * webgpu/collect.ts: the major collection at quiet points (between cells) that frees dawn.node's
 * wrappers in a process with a large heap (issue 24, "Memory stays flat"; the effect on a kernel's
 * resident memory is measured by tests/kernel/rerun-memory.test.ts). Here the rule: a collection after
 * every 16th quiet point that follows new GPU submits, none after points with no new work, and
 * never sooner than 10x the last collection's duration after it.
 */
import { describe, expect, it } from 'vitest';
import { WrapperCollector } from '../../runtime/backends/webgpu/collect.js';

describe('WrapperCollector', () => {
  it('collects after the 16th cell that submitted GPU work, not before', () => {
    const c = new WrapperCollector();
    for (let i = 1; i <= 15; i++) c.quietPoint(i);
    expect(c.collections).toBe(0);
    c.quietPoint(16);
    expect(c.collections).toBe(1);
  });

  it('does not count quiet points with no new submits', () => {
    const c = new WrapperCollector();
    for (let i = 0; i < 100; i++) c.quietPoint(7);
    // The first point saw new work (0 -> 7); the other 99 saw none.
    expect(c.collections).toBe(0);
  });

  it('waits at least 10x the last collection before the next one', () => {
    const c = new WrapperCollector();
    for (let i = 1; i <= 16; i++) c.quietPoint(i);
    expect(c.collections).toBe(1);
    // Sixteen more cells at once: due by count, but a collection just ran (it took > 0 ms).
    const t0 = performance.now();
    for (let i = 17; i <= 32; i++) c.quietPoint(i);
    const quick = performance.now() - t0 < 0.5;
    // Only meaningful when the loop ran faster than the pause the rule imposes.
    if (quick) expect(c.collections).toBe(1);
    let n = 33;
    const deadline = performance.now() + 5_000;
    while (c.collections < 2 && performance.now() < deadline) c.quietPoint(n++);
    expect(c.collections, 'a later cell collects again once the pause has passed').toBe(2);
  });
});
