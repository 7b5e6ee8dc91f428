/**
 * Long WebGPU launches run in pieces (runtime/backends/webgpu/pieces.ts): results are exact however a
 * launch is cut, and an interrupt lands between pieces: the cell returns at once, the rest of the launch
 * never runs, and the next cell gets the GPU within a piece's time. Through the kernel's Session with
 * the Brook magics, on WebGPU (lavapipe here); skipped where no adapter exists.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Session } from '../../kernel/session.js';
import '../../magics/index.js';
import { session as brook } from '../../magics/index.js';
import { createRuntime } from '../../runtime/backends/index.js';
import { Collector } from '../kernel/collect.js';

async function webgpuAvailable(): Promise<boolean> {
  try {
    const rt = await createRuntime({ backend: 'webgpu', env: {} });
    const ok = rt.backend.name === 'webgpu';
    rt.dispose();
    return ok;
  } catch {
    return false;
  }
}
const GPU = await webgpuAvailable();

let session: Session;
async function run(code: string) {
  const c = new Collector();
  const t0 = performance.now();
  const outcome = await session.execute({ code }, c);
  return { outcome, c, ms: performance.now() - t0 };
}

beforeAll(async () => {
  if (!GPU) return;
  session = new Session({ directory: mkdtempSync(join(tmpdir(), 'brook-gpu-int-')) });
  expect(await brook.switchBackend('webgpu')).toMatch(/webgpu/);
});
afterAll(() => session?.dispose());

describe.skipIf(!GPU)('WebGPU launches in pieces', () => {
  it('a launch past one piece gives every element, 1-D and on a 2-D grid (against a float64 reference)', async () => {
    // 1-D: 2^20 + 17 positions (pieces of 2^16, then sized by time); 2-D: 1100 x 1000. The kernels
    // loop (once): loop-free kernels of bounded work are recorded whole (backends/webgpu/bounded.ts).
    const r = await run(`%%brook
kernel void lin(float a<>, out float b<>) { float x = a; int k; for (k = 0; k < 1; k++) { x = 2.0f * x + 1.0f; } b = x; }
kernel void pos(iter float2 it<>, out float b<>) { float y = it.y; int k; for (k = 0; k < 1; k++) { y = y * 1000.0f; } b = y + it.x; }
float a<1048593>, b<1048593>;
float h[1048593];
int i;
for (i = 0; i < 1048593; i++) h[i] = (float)(i % 4096);
streamRead(a, h);
lin(a, b);
float o[1048593];
streamWrite(b, o);
int bad = 0;
for (i = 0; i < 1048593; i++) if (o[i] != 2.0f * (float)(i % 4096) + 1.0f) bad = bad + 1;
iter float2 it<1100, 1000> = iter(float2(0.0f, 0.0f), float2(1000.0f, 1100.0f));
float g<1100, 1000>;
pos(it, g);
float og[1100000];
streamWrite(g, og);
for (i = 0; i < 1100000; i++) if (og[i] != (float)i) bad = bad + 1;
bad`);
    expect(r.outcome.status, JSON.stringify(r.c.items)).toBe('ok');
    expect(r.c.result()).toEqual({ 'text/plain': '0' });
  });

  it('an interrupt lands between pieces: the cell returns at once and the next cell has the GPU', async () => {
    // About 10 s of lavapipe work in pieces of ~0.1 s; interrupted after 0.7 s.
    await run(`%%brook
kernel void spin(float a<>, out float b<>) { float x = a; int i; for (i = 0; i < 2000; i++) { x = x * 0.999f + 0.001f; } b = x; }
float sa<1048576>, sb<1048576>;
float c<4>;
float hc[4] = {1.0f, 2.0f, 3.0f, 4.0f};
streamRead(c, hc);`);
    let interruptedAt = 0;
    const timer = setTimeout(() => { interruptedAt = performance.now(); session.interrupt(); }, 700);
    const long = await run('%%brook\nspin(sa, sb);\nfloat o[1048576];\nstreamWrite(sb, o);\no[0]');
    clearTimeout(timer);
    const returnedAt = performance.now();
    expect(long.outcome).toMatchObject({ status: 'error', ename: 'Interrupted' });
    expect(interruptedAt).toBeGreaterThan(0);
    // Pieces are ~0.1 s of GPU time, so the cell returns within one piece and the reply; 3 s is still
    // well under the ~9 s of work left, and what lavapipe on a loaded 2-core machine meets.
    expect(returnedAt - interruptedAt).toBeLessThan(3000);
    const next = await run('%%brook\nkernel void twice(float a<>, out float b<>) { b = 2.0f * a; }\nfloat d<4>;\ntwice(c, d);\nfloat o2[4];\nstreamWrite(d, o2);\no2[0] + o2[1] + o2[2] + o2[3]');
    expect(next.outcome.status).toBe('ok');
    expect(next.c.result()).toEqual({ 'text/plain': '20' });
    // The rest of the interrupted launch did not run first (it is ~9 s of work left, more under load):
    // 6 s for compiling and running a small cell on a loaded 2-core machine still tells the two apart.
    expect(next.ms).toBeLessThan(6000);
    console.log(`gpu interrupt: cell returned ${(returnedAt - interruptedAt).toFixed(0)} ms after the interrupt; next cell took ${next.ms.toFixed(0)} ms`);
  });
});
