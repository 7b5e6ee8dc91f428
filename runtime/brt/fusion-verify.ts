/**
 * Verify mode of fusion (BROOK_FUSE=verify): every fused launch is checked against the calls it
 * replaced. Before the fused launch runs, the streams its calls write are copied; after it, the
 * calls run one by one on the copies, and every stream the fused launch left written (and a
 * reduction's value) must be identical bit for bit. Float words that are NaN on both sides count as
 * equal (a NaN's payload is not kept by every path, docs/DECISIONS.md). A difference is a BRK5300
 * error at the next wait of the runtime. Costs a copy and a second run of each group: for tests.
 */
import { flattenElement } from '../compiler/types.js';
import type { Backend, Launch, LaunchArg, Stream } from './api.js';
import { brtError } from './errors.js';
import { count } from './streams.js';
import type { Member } from './fusion.js';

type StreamArg = LaunchArg & { kind: 'stream' };

export class FusionVerifier {
  private checks: Promise<number>[] = [];

  /**
   * Copies what the group writes; returns the check to call once the fused launch is recorded
   * (with the fused reduction's value, if any). The check runs the calls unfused at once and
   * compares when the results can be read.
   */
  prepare(b: Backend, members: Member[], fused: Launch, compareOnly?: Set<Stream>, kind: 'fused' | 'tiled' = 'fused'): (value: number[] | undefined) => Promise<void> {
    const written = new Set<Stream>();
    for (const m of members) {
      m.launch.kernel.ir.params.forEach((p, k) => {
        const a = m.launch.args[k];
        if (p.role === 'out' && a && a.kind === 'stream') written.add(a.stream);
      });
      if (m.target) written.add(m.target.stream);
    }
    // By buffer: after a streamSwap a chain's calls name one buffer through different stream objects.
    const shadows = new Map<unknown, unknown>();
    for (const s of written) {
      if (shadows.has(s.buffer)) continue;
      const words = count(s.shape) * s.words;
      const buffer = b.allocate(Math.max(1, words));
      b.copy(s.buffer, 0, buffer, 0, words);
      shadows.set(s.buffer, buffer);
    }
    // What the fused launch leaves written: its outputs and the reduction target.
    const compared = new Set<Stream>(compareOnly ?? []);
    if (!compareOnly) fused.kernel.ir.params.forEach((p, k) => {
      const a = fused.args[k];
      if (p.role === 'out' && a && a.kind === 'stream') compared.add(a.stream);
    });
    const last = members[members.length - 1]!;
    if (last.target) compared.add(last.target.stream);
    const shadowArg = (a: LaunchArg): LaunchArg => (a.kind === 'stream' && shadows.has(a.stream.buffer) ? { ...a, stream: { ...a.stream, buffer: shadows.get(a.stream.buffer) } } : a);
    return async (value) => {
      let unfusedValue: Promise<number[]> | undefined;
      for (const m of members) {
        const l: Launch = { ...m.launch, args: m.launch.args.map(shadowArg) };
        if (m.mode === 'map') b.run(l);
        else if (m.mode === 'reduceBlocks') b.reduceBlocks(l, shadowArg(m.target!) as StreamArg);
        else unfusedValue = b.reduceAll(l);
      }
      // Every read is issued now, before later calls are recorded over these buffers.
      const reads = [...compared].map((s) => {
        const words = count(s.shape) * s.words;
        return { s, both: Promise.all([b.read(s.buffer, 0, words), b.read(shadows.get(s.buffer), 0, words)]) };
      });
      for (const r of reads) r.both.catch(() => {});
      const check = (async () => {
        try {
          const what = `${kind} calls ${members.map((m) => m.launch.kernel.ir.name).join(' + ')}`;
          if (value && unfusedValue) {
            const u = await unfusedValue;
            const i = value.findIndex((x, k) => !sameNumber(x, u[k]!));
            if (i >= 0 || u.length !== value.length) {
              throw brtError('BRK5300', { what, where: `the reduction's value (component ${i}: ${value[i]} fused, ${u[i]} unfused)` }, fused.span);
            }
          }
          for (const { s, both } of reads) {
            const [x, y] = await both;
            const i = firstDifference(x, y, s);
            if (i >= 0) {
              const e = Math.floor(i / s.words);
              throw brtError(kind === 'tiled' ? 'BRK5301' : 'BRK5300', { what, where: `stream '${s.name}' element ${e} (word ${i}: ${x[i]} ${kind}, ${y[i]} one by one)` }, fused.span);
            }
          }
          return 1;
        } finally {
          for (const sh of shadows.values()) b.release(sh);
        }
      })();
      this.checks.push(check);
      await check.catch(() => {});
    };
  }

  /** Waits for every check so far; the number that passed, or the first difference as an error. */
  async settle(): Promise<number> {
    const checks = this.checks.splice(0);
    const results = await Promise.allSettled(checks);
    const failed = results.find((r) => r.status === 'rejected');
    if (failed) throw (failed as PromiseRejectedResult).reason;
    return results.length;
  }
}

function sameNumber(a: number, b: number): boolean {
  if (Number.isNaN(a) && Number.isNaN(b)) return true;
  return Object.is(Math.fround(a), Math.fround(b)) || Object.is(a, b);
}

/** Index of the first differing word, or -1 (float NaN words compare equal). */
function firstDifference(x: Uint32Array, y: Uint32Array, s: Stream): number {
  const kinds = flattenElement(s.elem).map((c) => c.scalar === 'float' || c.scalar === 'double');
  const fx = new Float32Array(x.buffer, x.byteOffset, x.length);
  const fy = new Float32Array(y.buffer, y.byteOffset, y.length);
  for (let i = 0; i < x.length; i++) {
    if (x[i] === y[i]) continue;
    if (kinds[i % s.words] && Number.isNaN(fx[i]!) && Number.isNaN(fy[i]!)) continue;
    return i;
  }
  return x.length === y.length ? -1 : Math.min(x.length, y.length);
}
