/// <reference types="@webgpu/types" />
/**
 * GPU time of recorded work from timestamp queries (feature `timestamp-query`), for `%brook timing`,
 * benchmarks and USERS.md item 15 (compile / upload / GPU / readback split).
 *
 * Each compute pass of a batch writes a timestamp at its beginning and end; at submit the pairs are
 * resolved and copied to a mappable buffer, read back once the batch has run, and their differences
 * summed. Off unless asked for (options.timing or BROOK_GPU_TIMING=1): timestamps cost a little.
 * On a real GPU pass `disable-dawn-features=timestamp_quantization` (BROOK_DAWN_FLAGS) or Dawn rounds
 * them to 100 us. Passes past PAIRS in one batch are counted as untimed rather than guessed.
 */

const PAIRS = 128;

/** GPU time of the passes of one profile tag (profile-tags.ts). */
export interface TagTime {
  ns: number;
  passes: number;
  untimedPasses: number;
}

export interface GpuTimes {
  /** Nanoseconds between the timestamps of all timed passes. */
  gpuNs: number;
  passes: number;
  untimedPasses: number;
  submits: number;
}

export class GpuTimer {
  private querySet: GPUQuerySet | null = null;
  private used = 0;
  private readonly pending: Promise<void>[] = [];
  private readonly toMap: { n: number; resolved: GPUBuffer; readback: GPUBuffer; qs: GPUQuerySet; tags: (number | null)[] }[] = [];
  readonly times: GpuTimes = { gpuNs: 0, passes: 0, untimedPasses: 0, submits: 0 };
  /** The profile tag passes begun from now on belong to (profile-tags.ts); null outside profiles. */
  tag: number | null = null;
  /** Tags of this batch's pairs, and GPU time per tag once read back. */
  private tags: (number | null)[] = [];
  readonly byTag = new Map<number, TagTime>();

  constructor(private readonly device: GPUDevice) {}

  /** timestampWrites for the next compute pass, or undefined when this batch has no pair left. */
  passWrites(): GPUComputePassTimestampWrites | undefined {
    this.times.passes++;
    if (!this.querySet) this.querySet = this.device.createQuerySet({ type: 'timestamp', count: 2 * PAIRS, label: 'brook timestamps' });
    const tagged = this.tag === null ? undefined : this.tagTime(this.tag);
    if (tagged) tagged.passes++;
    if (this.used >= PAIRS) {
      this.times.untimedPasses++;
      if (tagged) tagged.untimedPasses++;
      return undefined;
    }
    const k = this.used++;
    this.tags[k] = this.tag;
    return { querySet: this.querySet, beginningOfPassWriteIndex: 2 * k, endOfPassWriteIndex: 2 * k + 1 };
  }

  /** Before the batch's encoder finishes: resolve this batch's timestamps into a readable buffer. */
  resolve(encoder: GPUCommandEncoder): void {
    this.times.submits++;
    if (!this.querySet || this.used === 0) return;
    const n = 2 * this.used;
    const resolved = this.device.createBuffer({ size: n * 8, usage: 0x0200 | 0x04, label: 'brook timestamps' }); // QUERY_RESOLVE | COPY_SRC
    const readback = this.device.createBuffer({ size: n * 8, usage: 0x01 | 0x08, label: 'brook timestamps' }); // MAP_READ | COPY_DST
    encoder.resolveQuerySet(this.querySet, 0, n, resolved, 0);
    encoder.copyBufferToBuffer(resolved, 0, readback, 0, n * 8);
    const qs = this.querySet;
    const tags = this.tags.slice(0, this.used);
    this.querySet = null;
    this.used = 0;
    this.toMap.push({ n, resolved, readback, qs, tags });
  }

  /** After the submit: map the readbacks (mapping waits until the batch has run). */
  submitted(): void {
    for (const { n, resolved, readback, qs, tags } of this.toMap.splice(0)) {
      const done = () => {
        readback.destroy();
        resolved.destroy();
        qs.destroy();
      };
      this.pending.push(
        readback.mapAsync(1).then(
          () => {
            const t = new BigInt64Array(readback.getMappedRange());
            for (let i = 0; i < n; i += 2) {
              const d = t[i + 1]! - t[i]!;
              if (d > 0n) this.times.gpuNs += Number(d);
              const tag = tags[i >> 1];
              if (tag !== null && tag !== undefined && d > 0n) this.tagTime(tag).ns += Number(d);
            }
            readback.unmap();
            done();
          },
          done,
        ),
      );
    }
  }

  /** Times so far, after every submitted batch's timestamps have been read. */
  async settle(): Promise<GpuTimes> {
    await Promise.all(this.pending.splice(0));
    return { ...this.times };
  }

  /** Timestamp pairs this batch has left (a profile submits before they run out). */
  get pairsLeft(): number {
    return PAIRS - this.used;
  }

  private tagTime(tag: number): TagTime {
    let t = this.byTag.get(tag);
    if (!t) this.byTag.set(tag, (t = { ns: 0, passes: 0, untimedPasses: 0 }));
    return t;
  }

  reset(): void {
    Object.assign(this.times, { gpuNs: 0, passes: 0, untimedPasses: 0, submits: 0 });
  }
}
