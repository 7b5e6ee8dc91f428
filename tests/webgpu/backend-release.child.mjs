// Child process of backend-release.test.ts (its own process, with --expose-gc, so the threads and
// devices counted are these runs' alone). argv: runs. Runs `brook run` of one program on webgpu
// `runs` times in this process through cli/main.ts's main(), every 5th with --phases-out (GPU timing:
// other Dawn flags). Every GPUDevice made is watched through a WeakRef (GPUAdapter.requestDevice is
// wrapped). Prints one JSON line: each run's status and stdout, the thread count after the 5th run (both
// Dawn instances made) and after the last, the Dawn instances held, devices made and devices still alive after collection.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { main } from '../../dist/cli/main.js';
import { dawnInstanceCount } from '../../dist/runtime/backends/webgpu/device.js';

const runs = Number(process.argv[2]);
const dir = mkdtempSync(join(tmpdir(), 'brook-release-'));
const prog = join(dir, 'scale.br');
writeFileSync(
  prog,
  `#include <stdio.h>
#include <stdlib.h>
kernel void scale(float a<>, float r, out float b<>) { b = r * a + 1.0f; }
int main(int argc, char **argv) {
  float x[64];
  float a<64>, b<64>;
  int i;
  float r = (float)atoi(argv[1]);
  for (i = 0; i < 64; i++) x[i] = (float)i;
  streamRead(a, x);
  scale(a, r, b);
  streamWrite(b, x);
  printf("%g %g %g\\n", x[0], x[31], x[63]);
  return 0;
}
`,
);

const devices = [];
const { GPUAdapter } = createRequire(import.meta.url)('webgpu').globals;
const requestDevice = GPUAdapter.prototype.requestDevice;
GPUAdapter.prototype.requestDevice = async function (...args) {
  const d = await requestDevice.apply(this, args);
  devices.push(new WeakRef(d));
  return d;
};

const threads = () => Number(/^Threads:\s+(\d+)/m.exec(readFileSync('/proc/self/status', 'utf8'))?.[1] ?? NaN);
const results = [];
let afterFifth = 0;
for (let i = 1; i <= runs; i++) {
  const out = [];
  const err = [];
  const io = { stdout: (b) => out.push(Buffer.from(b)), stderr: (b) => err.push(Buffer.from(b)), stdin: () => new Uint8Array(0), env: {} };
  const phases = i % 5 === 0 ? ['--phases-out', join(dir, `phases-${i}.json`)] : [];
  const status = await main(['run', prog, '--backend', 'webgpu', ...phases, '--', String(i)], io);
  results.push({ r: i, status, stdout: Buffer.concat(out).toString(), stderr: Buffer.concat(err).toString() });
  if (i === 5) afterFifth = threads();
}
const afterLast = threads();
for (let k = 0; k < 4; k++) {
  global.gc();
  await new Promise((r) => setTimeout(r, 50));
}
const alive = devices.filter((w) => w.deref() !== undefined).length;
console.log(JSON.stringify({ results, afterFifth, afterLast, instances: dawnInstanceCount(), devicesMade: devices.length, devicesAlive: alive }));
