/**
 * GPU timing that treats the baseline and Brook the same way.
 *
 * While a session is open, every compute pass begun on any device of this process (the bench's own
 * device and whatever device the Brook WebGPU backend made) gets timestamp writes at its beginning
 * and end, injected by wrapping `GPUCommandEncoder.prototype.beginComputePass`. The session's GPU time
 * is the span from the earliest pass beginning to the latest pass end: one number for a job of many
 * passes and submits, with the gaps between passes (barriers, idle GPU) counted, as a user sees them.
 * Work outside compute passes (buffer copies) before the first or after the last pass is not in the
 * span; the transfer cases use wall time for that reason.
 *
 * When a session cannot be timed (no `timestamp-query` on that device, a pass that brings its own
 * timestamps, more passes than the query set holds, a zero or backwards stamp, passes on two devices)
 * `gpuMs` is undefined and the caller falls back to the wall time, labelled as such.
 */

interface DeviceStamps {
  device: GPUDevice;
  querySet: GPUQuerySet;
  resolve: GPUBuffer;
  read: GPUBuffer;
  used: number;
}

const CAPACITY = 4096; // WebGPU's largest query set
const encoderDevice = new WeakMap<GPUCommandEncoder, GPUDevice>();
const perDevice = new Map<GPUDevice, DeviceStamps>();
let session: { spoiled: boolean; devices: Set<DeviceStamps> } | undefined;
let installed = false;

/** Wraps createCommandEncoder (to know an encoder's device) and beginComputePass (to add stamps). */
export function installPassTimer(): void {
  if (installed) return;
  installed = true;
  const g = globalThis as unknown as { GPUDevice: { prototype: GPUDevice }; GPUCommandEncoder: { prototype: GPUCommandEncoder } };
  const devProto = g.GPUDevice.prototype;
  const encProto = g.GPUCommandEncoder.prototype;
  const createCommandEncoder = devProto.createCommandEncoder;
  devProto.createCommandEncoder = function (this: GPUDevice, desc?: GPUCommandEncoderDescriptor) {
    const enc = createCommandEncoder.call(this, desc);
    encoderDevice.set(enc, this);
    return enc;
  };
  const beginComputePass = encProto.beginComputePass;
  encProto.beginComputePass = function (this: GPUCommandEncoder, desc?: GPUComputePassDescriptor) {
    const s = session;
    if (!s) return beginComputePass.call(this, desc);
    if (desc?.timestampWrites) {
      // Someone else's stamps: this pass is not in our span, so the session cannot be timed.
      s.spoiled = true;
      return beginComputePass.call(this, desc);
    }
    const dev = encoderDevice.get(this);
    const st = dev ? stampsFor(dev) : undefined;
    if (!st || st.used + 2 > CAPACITY) {
      s.spoiled = true;
      return beginComputePass.call(this, desc);
    }
    s.devices.add(st);
    const i = st.used;
    st.used += 2;
    return beginComputePass.call(this, {
      ...desc,
      timestampWrites: { querySet: st.querySet, beginningOfPassWriteIndex: i, endOfPassWriteIndex: i + 1 },
    });
  };
}

function stampsFor(device: GPUDevice): DeviceStamps | undefined {
  let st = perDevice.get(device);
  if (st) return st;
  if (!device.features.has('timestamp-query')) return undefined;
  st = {
    device,
    querySet: device.createQuerySet({ type: 'timestamp', count: CAPACITY }),
    resolve: device.createBuffer({ size: CAPACITY * 8, usage: GPUBufferUsage.QUERY_RESOLVE | GPUBufferUsage.COPY_SRC }),
    read: device.createBuffer({ size: CAPACITY * 8, usage: GPUBufferUsage.MAP_READ | GPUBufferUsage.COPY_DST }),
    used: 0,
  };
  perDevice.set(device, st);
  return st;
}

export interface Timed {
  wallMs: number;
  /** From timestamps; undefined when this run could not be timed on the GPU. */
  gpuMs?: number;
  /** Compute passes stamped. */
  passes: number;
}

/**
 * Time one execution of `work`, which must resolve only when its GPU work has completed
 * (the baselines await onSubmittedWorkDone, Brook awaits `finish()`).
 */
export async function timeGpu(work: () => Promise<void>, useStamps: boolean): Promise<Timed> {
  if (session) throw new Error('bench timer: sessions do not nest');
  session = { spoiled: !useStamps, devices: new Set() };
  for (const st of perDevice.values()) st.used = 0;
  const t0 = performance.now();
  try {
    await work();
  } catch (e) {
    session = undefined;
    throw e;
  }
  const wallMs = performance.now() - t0;
  // Close the session before resolving, so the resolve encoder's passes are not stamped.
  const s = session;
  session = undefined;
  let passes = 0;
  let lo = Infinity;
  let hi = -Infinity;
  let ok = !s.spoiled && s.devices.size > 0;
  for (const st of s.devices) {
    const n = st.used;
    passes += n / 2;
    const enc = st.device.createCommandEncoder();
    enc.resolveQuerySet(st.querySet, 0, n, st.resolve, 0);
    enc.copyBufferToBuffer(st.resolve, 0, st.read, 0, n * 8);
    st.device.queue.submit([enc.finish()]);
    await st.read.mapAsync(GPUMapMode.READ, 0, n * 8);
    const t = new BigUint64Array(st.read.getMappedRange(0, n * 8).slice(0));
    st.read.unmap();
    for (let i = 0; i < n; i += 2) {
      const b = Number(t[i]);
      const e = Number(t[i + 1]);
      if (!(b > 0) || e < b) ok = false;
      lo = Math.min(lo, b);
      hi = Math.max(hi, e);
    }
  }
  // Spans across two devices would compare unrelated clocks.
  if (s.devices.size > 1) ok = false;
  const gpuMs = ok && hi > lo ? (hi - lo) / 1e6 : undefined;
  return { wallMs, gpuMs, passes };
}

/** Time CPU-side work (JS loops, the CPU backend, host transfers). */
export async function timeWall(work: () => Promise<void> | void): Promise<number> {
  const t0 = performance.now();
  await work();
  return performance.now() - t0;
}
