/**
 * How long a plot of a 2048x2048 stream takes, readback included (not a benchmark gate; bench/ has
 * those). Fills a float stream with a Mandelbrot escape-time field on the chosen backend, then times
 * streamWrite (the readback) plus plotStream, and prints the median of a few runs.
 *
 *   node dist/runtime/results/plot-timing.js [cpu|webgpu|auto] [repeats]
 */
import { createRuntime } from '../brt/index.js';
import { FLOAT } from '../compiler/types.js';
import { plotStream } from './plot.js';

const N = 2048;

async function main(): Promise<void> {
  const backend = (process.argv[2] ?? 'auto') as 'cpu' | 'webgpu' | 'auto';
  const repeats = Number(process.argv[3] ?? 5);
  const rt = await createRuntime({ backend });
  const field = new Float32Array(N * N);
  for (let r = 0; r < N; r++) {
    for (let c = 0; c < N; c++) {
      const cr = -2.3 + (3.2 * c) / N;
      const ci = -1.6 + (3.2 * r) / N;
      let zr = 0;
      let zi = 0;
      let k = 0;
      for (; k < 100 && zr * zr + zi * zi < 4; k++) {
        const t = zr * zr - zi * zi + cr;
        zi = 2 * zr * zi + ci;
        zr = t;
      }
      field[r * N + c] = k;
    }
  }
  const s = rt.createStream('escape', FLOAT, [N, N]);
  await rt.streamRead(s, field);
  const times: { readback: number; plot: number; bytes: number }[] = [];
  for (let i = 0; i < repeats; i++) {
    const t0 = performance.now();
    const out = new Float32Array(N * N);
    await rt.streamWrite(s, out);
    const t1 = performance.now();
    const p = await plotStream({ name: 'escape', elem: FLOAT, shape: [N, N], words: new Uint32Array(out.buffer), backend: rt.backend.name });
    const bytes = JSON.stringify(p.bundle()).length;
    times.push({ readback: t1 - t0, plot: performance.now() - t1, bytes });
  }
  const med = (xs: number[]) => xs.sort((a, b) => a - b)[xs.length >> 1]!;
  const first = times[0]!;
  console.log(`backend: ${rt.backend.name} (${rt.backend.description})`);
  console.log(`2048x2048 heatmap: first run ${(first.readback + first.plot).toFixed(0)} ms (readback ${first.readback.toFixed(0)} ms + plot ${first.plot.toFixed(0)} ms)`);
  console.log(`median of ${repeats}: readback ${med(times.map((t) => t.readback)).toFixed(1)} ms, plot ${med(times.map((t) => t.plot)).toFixed(0)} ms, total ${med(times.map((t) => t.readback + t.plot)).toFixed(0)} ms; bundle ${first.bytes} bytes`);
  rt.dispose();
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
