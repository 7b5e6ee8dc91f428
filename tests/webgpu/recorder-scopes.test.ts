/**
 * Error scopes of submitted batches (recorder.ts, issue 28): a batch of one call has its own pair, so
 * an unlabelled error names that call; batches of several calls (or none) share one pair per sync
 * window. Either way a validation error is the failure of the very next sync, none leaks into the
 * sync after it, and the scope stack stays balanced (a window closed twice would pop an empty stack).
 * The error: a copy past the end of a 16-byte buffer, which Dawn refuses at submit.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevice } from '../../runtime/backends/webgpu/device.js';
import { Recorder } from '../../runtime/backends/webgpu/recorder.js';

let device: GPUDevice;
let src: GPUBuffer;
let small: GPUBuffer;
beforeAll(async () => {
  device = (await startDevice({})).device;
  src = device.createBuffer({ size: 256, usage: 0x04 | 0x08 }); // COPY_SRC | COPY_DST
  small = device.createBuffer({ size: 16, usage: 0x04 | 0x08 });
});
afterAll(() => device?.destroy());

/** A batch of `calls` calls; `bad`: it also copies past the end of `small`. */
function batch(rec: Recorder, calls: string[], bad: boolean): void {
  for (const what of calls) rec.nextSeq(what);
  rec.commands().copyBufferToBuffer(src, 0, small, bad ? 64 : 0, 16);
  rec.flush();
}

describe('error scopes of submitted batches', () => {
  it('an error in one of many batches of several calls is the next sync failure, and only that one', async () => {
    const rec = new Recorder(device);
    for (let b = 0; b < 10; b++) batch(rec, ['a', 'b'], b === 6);
    const f = await rec.sync();
    expect(f?.kind).toBe('validation');
    expect(f?.call).toBeUndefined(); // unlabelled, in a batch of two calls: not attributed (as before)
    for (let b = 0; b < 3; b++) batch(rec, ['c', 'd', 'e'], false);
    expect(await rec.sync()).toBeNull();
  });

  it('a batch of one call keeps its own scopes: an unlabelled error names that call', async () => {
    const rec = new Recorder(device);
    batch(rec, ['x', 'y'], false);
    batch(rec, ['only'], true);
    batch(rec, [], false);
    batch(rec, ['u', 'v'], true); // later, in the window opened before 'only': 'only' is still the first
    const f = await rec.sync();
    expect(f?.kind).toBe('validation');
    expect(f?.call?.what).toBe('only');
    expect(await rec.sync()).toBeNull();
  });

  it('more submits than a window holds, without a sync: every window is closed and checked', async () => {
    const rec = new Recorder(device);
    for (let b = 0; b < 200; b++) batch(rec, ['p', 'q'], b === 150);
    const f = await rec.sync();
    expect(f?.kind).toBe('validation');
    expect(await rec.sync()).toBeNull();
  });
});

it('a failed write between batches of a window is reported before a later batch failure', async () => {
  const rec = new Recorder(device);
  batch(rec, ['a', 'b'], false);
  device.pushErrorScope('validation');
  device.queue.writeBuffer(small, 64, new Uint8Array(16)); // past the end
  const scope = device.popErrorScope();
  rec.addCheck(scope.then((e) => (e ? { kind: 'validation', message: `the write: ${e.message}` } : null)));
  batch(rec, ['c', 'd'], true);
  const f = await rec.sync();
  expect(f?.message.startsWith('the write: ')).toBe(true);
  expect(await rec.sync()).toBeNull();
});
