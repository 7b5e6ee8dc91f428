/**
 * Plots from the notebook bridge: `BrookStream.plot()` reads the stream back once and plots it, so a
 * kernel's result shows where the kernel put it. Runs on the CPU backend (no device needed).
 */
import { describe, expect, it } from 'vitest';
import { BrookSession } from '../../magics/session.js';
import { BrookStream } from '../../magics/handles.js';
import { pixels, specErrors } from './plot-helpers.js';

const quiet = { stdout: () => {}, stderr: () => {} };

describe('BrookStream.plot', () => {
  it('plots a kernel-computed 2-D stream as a heatmap whose bright pixels are where the kernel wrote', async () => {
    const s = new BrookSession(() => ({}), { backend: 'cpu' });
    await s.runCell(
      [
        'kernel void disc(float2 p<>, out float v<>) { v = (p.x - 30.0f) * (p.x - 30.0f) + (p.y - 10.0f) * (p.y - 10.0f) < 25.0f ? 1.0f : 0.0f; }',
        'iter float2 grid<40, 60> = iter(float2(0.0f, 0.0f), float2(60.0f, 40.0f));',
        'float spot<40, 60>;',
        'disc(grid, spot);',
      ].join('\n'),
      0,
      'cell[1]',
      quiet,
    );
    const p = await new BrookStream(s, 'spot').plot();
    expect(p.kind).toBe('heatmap');
    expect(p.title).toBe('spot');
    expect(p.caption).toContain('float<40, 60>');
    expect(p.bundle().data['text/plain']).toContain('cpu');
    const a = p.area!;
    const px = pixels(p.png!);
    // The centre of element (row, col) in the PNG's data area.
    const at = (row: number, col: number) => px.at(Math.round(a.x + ((col + 0.5) / 60) * a.w), Math.round(a.y + ((row + 0.5) / 40) * a.h)).slice(0, 3);
    expect(at(10, 30)).toEqual([0xfd, 0xe7, 0x25]); // centre of the disc: high
    expect(at(10, 36)).toEqual([0x44, 0x01, 0x54]); // 6 columns right: outside (36 > 25)
    expect(at(30, 30)).toEqual([0x44, 0x01, 0x54]); // 20 rows down: outside
    expect(specErrors(p.spec)).toEqual([]);
    const line = await new BrookStream(s, 'spot').plot({ kind: 'histogram', bins: 2 });
    const rows = (line.spec!.data as { values: { count: number; bin_start: number }[] }).values;
    // 2400 elements; the disc holds the lattice points strictly inside radius 5: 69 of them.
    let inside = 0;
    for (let y = 0; y < 40; y++) for (let x = 0; x < 60; x++) if ((x - 30) ** 2 + (y - 10) ** 2 < 25) inside++;
    expect(rows.filter((r) => r.bin_start >= 0.5).reduce((a, r) => a + r.count, 0)).toBe(inside);
    s.dispose();
  }, 120_000);
});
