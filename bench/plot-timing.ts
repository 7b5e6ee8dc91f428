/**
 * How long a heatmap of an N x N stream takes, readback included (not a benchmark gate; bench/ has
 * those). Fills a float stream with a Mandelbrot escape-time field on the chosen backend, then times
 * streamWrite (the readback), the server-side aggregation into the heatmap's cells (heatmapChart), and
 * the whole plotStream (aggregation, Vega, SVG, resvg PNG); prints medians after one warm-up run.
 *
 *   node dist/bench/plot-timing.js [cpu|webgpu|auto] [repeats] [N (default 1024)]
 */
import { createRuntime } from '../runtime/backends/index.js';
import { FLOAT } from '../runtime/compiler/types.js';
import { plotStream } from '../runtime/results/plot.js';
import { heatmapChart } from '../runtime/results/plot-field.js';

const N = Number(process.argv[4] ?? 1024);

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
  const times: { readback: number; aggregate: number; plot: number; plotCpu: number; bytes: number }[] = [];
  for (let i = 0; i <= repeats; i++) {
    const t0 = performance.now();
    const out = new Float32Array(N * N);
    await rt.streamWrite(s, out);
    const t1 = performance.now();
    heatmapChart({ values: out, width: N, height: N }, { title: 'escape', about: '', valueTitle: 'escape' });
    const t2 = performance.now();
    const cpu0 = process.cpuUsage();
    const p = await plotStream({ name: 'escape', elem: FLOAT, shape: [N, N], words: new Uint32Array(out.buffer), backend: rt.backend.name });
    const cpu = process.cpuUsage(cpu0);
    const bytes = JSON.stringify(p.bundle()).length;
    times.push({ readback: t1 - t0, aggregate: t2 - t1, plot: performance.now() - t2, plotCpu: (cpu.user + cpu.system) / 1000, bytes });
  }
  const first = times.shift()!;
  const med = (xs: number[]) => xs.sort((a, b) => a - b)[xs.length >> 1]!;
  console.log(`backend: ${rt.backend.name} (${rt.backend.description})`);
  console.log(`${N}x${N} heatmap, first run: readback ${first.readback.toFixed(0)} ms, aggregation ${first.aggregate.toFixed(0)} ms, whole plot ${first.plot.toFixed(0)} ms`);
  console.log(`median of ${repeats} after it: readback ${med(times.map((t) => t.readback)).toFixed(1)} ms, aggregation into cells ${med(times.map((t) => t.aggregate)).toFixed(1)} ms, whole plot (spec + Vega SVG + resvg PNG) ${med(times.map((t) => t.plot)).toFixed(0)} ms wall, ${med(times.map((t) => t.plotCpu)).toFixed(0)} ms CPU; bundle ${first.bytes} bytes`);
  rt.dispose();
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
