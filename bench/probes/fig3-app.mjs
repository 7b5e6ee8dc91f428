// One Figure 3 application measured as its notebook does (bench/apps/*.ts runFigure3: GPU timestamps,
// the clock warmed, medians), with its kernels compiled from bench/probes/fig3/APP.br: for comparing
// builds or submit rules on the lent GPU without the notebooks (issue 28). Not a gate.
//   node bench/probes/fig3-app.mjs sgemv|sort|fft|ray [DIST (default dist)]
// Only the WebGPU sides (BROOK_FIGURE3_GPU_ONLY=1, set here): the CPU sides do not change between GPU builds.
// IDLE_WORK=N, EARLY_CALLS=N, EARLY_WORK=N set the recorder's submit rules (webgpu/recorder.ts) for this run.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const [app = 'sgemv', distArg] = process.argv.slice(2);
process.env.BROOK_FIGURE3_GPU_ONLY ??= '1';
const dist = pathToFileURL(resolve(distArg ?? 'dist')).href;
const { compile } = await import(`${dist}/runtime/compiler/index.js`);
if (process.env.EARLY_CALLS || process.env.EARLY_WORK || process.env.IDLE_WORK) {
  const { Recorder } = await import(`${dist}/runtime/backends/webgpu/recorder.js`);
  if (process.env.IDLE_WORK) Recorder.idleWork = Number(process.env.IDLE_WORK);
  if (process.env.EARLY_CALLS) Recorder.callsPerEarlySubmit = Number(process.env.EARLY_CALLS);
  if (process.env.EARLY_WORK) Recorder.earlyWork = Number(process.env.EARLY_WORK);
}
const apps = {
  sgemv: { names: ['mul', 'sum', 'axpby'], run: async (m, k) => m.sgemvFigure3(k, m.sgemvParams('full')) },
  sort: { names: ['bitonic'], run: async (m, k) => m.sortFigure3(k, m.sortParams('full')) },
  fft: { names: ['bitrev', 'butterfly'], run: async (m, k) => m.fftFigure3(k, m.fftParams('full')) },
  ray: { names: ['eyeRays', 'intersect', 'shade'], run: async (m, k) => m.rayFigure3(k, m.rayParams('full')) },
};
const a = apps[app];
if (!a) throw new Error(`fig3-app: no application '${app}' (${Object.keys(apps).join(', ')})`);
const src = readFileSync(new URL(`./fig3/${app}.br`, import.meta.url), 'utf8');
const r = compile(src);
if (!r.ok) throw new Error(JSON.stringify(r.diagnostics));
const given = Object.fromEntries(a.names.map((n) => [n, r.kernels.get(n)]));
const mod = await import(`${dist}/bench/apps/${app}.js`);
const fig = await a.run(mod, given);
const [hand, brook] = fig.rows;
const env = ['IDLE_WORK', 'EARLY_CALLS', 'EARLY_WORK', 'BROOK_TILE', 'BROOK_FUSE'].filter((v) => process.env[v]).map((v) => `${v}=${process.env[v]}`).join(' ');
console.log(`${app} ${env}: hand ${hand.medianMs?.toFixed(4)} ms, Brook ${brook.medianMs?.toFixed(4)} ms, Brook/hand ${(hand.medianMs / brook.medianMs).toFixed(3)}x [${brook.device}; ${fig.failures().join('; ') || 'verified'}]`);
process.exit(0);
