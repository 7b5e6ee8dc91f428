/// <reference types="@webgpu/types" />
/**
 * Recording GPU work: kernel calls go into one command encoder (one compute pass while only
 * dispatches follow each other) and are submitted when the host needs data or at `finish`
 * (DESIGN.md: 73 us per call submitted alone, 5.6 us batched). A batch is also submitted after a
 * bounded amount of work, so one long program does not become one enormous submit.
 *
 * Uniforms: every dispatch takes a 256-byte-aligned slot of a CPU-side arena; the arena is written to
 * its GPU buffer with one queue.writeBuffer just before the submit (queue order puts it before the
 * batch's commands; the next batch's write is ordered after this batch runs).
 *
 * Errors: a submit runs inside validation and out-of-memory error scopes; what they catch is
 * reported by `sync` (the next read or finish) with the labels of the calls in that batch, which
 * name kernel calls as `brook#<seq>` so the message can point at the call (see `describeError`).
 * Device loss is watched through device.lost and reported with Dawn's reason.
 */

export interface RecordedCall {
  seq: number;
  what: string;
  span?: unknown;
}

export interface GpuFailure {
  kind: 'validation' | 'out-of-memory' | 'lost' | 'compile';
  message: string;
  call?: RecordedCall;
}

const ARENA_BYTES = 1 << 18;
export const UNIFORM_ALIGN = 256;
/** Elements of work after which a batch is submitted even if the host needs nothing yet. */
const WORK_PER_SUBMIT = 1 << 28;

export class Recorder {
  private encoder: GPUCommandEncoder | null = null;
  private pass: GPUComputePassEncoder | null = null;
  private readonly arenaCpu = new Uint32Array(ARENA_BYTES / 4);
  private arena: GPUBuffer;
  private arenaUsed = 0;
  private work = 0;
  private calls: RecordedCall[] = [];
  private seq = 0;
  private readonly checks: Promise<GpuFailure | null>[] = [];
  private afterSubmit: (() => void)[] = [];
  lost: GpuFailure | null = null;

  constructor(readonly device: GPUDevice) {
    this.arena = this.newArena();
    device.lost.then((info) => {
      if (info.reason !== 'destroyed') this.lost = { kind: 'lost', message: info.message || String(info.reason) };
    });
  }

  private newArena(): GPUBuffer {
    return this.device.createBuffer({ size: ARENA_BYTES, usage: 0x40 | 0x08, label: 'brook uniforms' }); // UNIFORM | COPY_DST
  }

  get uniformBuffer(): GPUBuffer {
    return this.arena;
  }

  get hasWork(): boolean {
    return this.encoder !== null;
  }

  nextSeq(what: string, span?: unknown): RecordedCall {
    const c = { seq: ++this.seq, what, span };
    this.calls.push(c);
    return c;
  }

  /** A uniform slot of `bytes` (<= 64 KiB); returns its byte offset and a view to fill. Flushes when full. */
  uniformSlot(bytes: number): { offset: number; data: Uint32Array } {
    const size = Math.ceil(bytes / UNIFORM_ALIGN) * UNIFORM_ALIGN;
    if (this.arenaUsed + size > ARENA_BYTES) this.flush();
    const offset = this.arenaUsed;
    this.arenaUsed += size;
    const data = this.arenaCpu.subarray(offset / 4, (offset + bytes) / 4);
    data.fill(0);
    return { offset, data };
  }

  private ensureEncoder(): GPUCommandEncoder {
    if (!this.encoder) this.encoder = this.device.createCommandEncoder({ label: 'brook batch' });
    return this.encoder;
  }

  computePass(): GPUComputePassEncoder {
    if (!this.pass) this.pass = this.ensureEncoder().beginComputePass({ label: 'brook kernels' });
    return this.pass;
  }

  /** The encoder outside a compute pass (copies, clears). */
  commands(): GPUCommandEncoder {
    if (this.pass) {
      this.pass.end();
      this.pass = null;
    }
    return this.ensureEncoder();
  }

  /** Count work; submit when a batch has become long. */
  addWork(elements: number): void {
    this.work += elements;
    if (this.work >= WORK_PER_SUBMIT) this.flush();
  }

  /** Run after the current batch is submitted (release temporaries the batch still uses). */
  onSubmitted(f: () => void): void {
    this.afterSubmit.push(f);
  }

  /** Submit what is recorded (does not wait). */
  flush(): void {
    if (!this.encoder) {
      this.runAfterSubmit();
      return;
    }
    if (this.pass) {
      this.pass.end();
      this.pass = null;
    }
    const calls = this.calls;
    this.calls = [];
    this.device.pushErrorScope('out-of-memory');
    this.device.pushErrorScope('validation');
    if (this.arenaUsed > 0) {
      this.device.queue.writeBuffer(this.arena, 0, this.arenaCpu.buffer, 0, this.arenaUsed);
    }
    const cmd = this.encoder.finish();
    this.device.queue.submit([cmd]);
    const validation = this.device.popErrorScope();
    const oom = this.device.popErrorScope();
    this.checks.push(
      Promise.all([validation, oom]).then(([v, o]) => {
        const e = v ?? o;
        if (!e) return null;
        return { kind: v ? 'validation' : 'out-of-memory', message: e.message, call: findCall(e.message, calls) };
      }),
    );
    this.encoder = null;
    this.arenaUsed = 0;
    this.work = 0;
    this.runAfterSubmit();
  }

  private runAfterSubmit(): void {
    const fns = this.afterSubmit;
    this.afterSubmit = [];
    for (const f of fns) f();
  }

  /** Track an asynchronous check (pipeline creation) to report at the next sync. */
  addCheck(p: Promise<GpuFailure | null>): void {
    this.checks.push(p);
  }

  /** Submit and wait until the GPU has finished; the first failure since the last sync is returned. */
  async sync(): Promise<GpuFailure | null> {
    this.flush();
    await this.device.queue.onSubmittedWorkDone();
    return this.takeFailure();
  }

  async takeFailure(): Promise<GpuFailure | null> {
    const checks = this.checks.splice(0);
    const results = await Promise.all(checks);
    if (this.lost) return this.lost;
    return results.find((r) => r !== null) ?? null;
  }
}

/** The call whose label (`brook#<seq>`) the message names. */
function findCall(message: string, calls: RecordedCall[]): RecordedCall | undefined {
  const m = /brook#(\d+)/.exec(message);
  if (!m) return calls.length === 1 ? calls[0] : undefined;
  const seq = Number(m[1]);
  return calls.find((c) => c.seq === seq);
}
