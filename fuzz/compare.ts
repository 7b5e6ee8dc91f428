/**
 * The differential fuzzer's comparison rule (fuzz/README.md, docs/DECISIONS.md "Differential
 * fuzzing"). Outputs are lines `NAME INDEX V...` (generate.ts); the reference is the first backend run
 * (js when it runs).
 * - Exit status, runtime error code and the set of lines (names, indices, count) must be identical.
 * - js against wasm: every value identical as printed (bit for bit: `%.9g` round-trips float32 and
 *   keeps -0), a NaN equal to any NaN (the sign of a NaN a host math function returns is the one
 *   documented difference, DECISIONS.md "Kernels as WebAssembly").
 * - CPU against WebGPU: ints identical; floats of an `exact` output equal as numbers (-0 equals +0:
 *   WGSL lets an implementation ignore the sign of a zero), inf equal to inf of the same sign, NaN equal
 *   to NaN; floats of an `approx` output within `abs + ulp * ulp(max(|a|, |b|))`, the bound WGSL's
 *   accuracy table gives the built-in over the argument's range (generate.ts mathExpr); where the
 *   result's sign is a zero's (1 / +-0, atan2(+-0, x < 0), pow(+-0, y < 0)) only the magnitude, since
 *   WGSL may drop the sign of a zero (lavapipe computes -2 * 0 as +0, so 1 / (-2 * 0) is +inf there).
 *   A subnormal reference equals a zero of either sign (WGSL allows flushing subnormals; `flushed`).
 */
import { onGpu, type BackendName, type RunOutcome } from './execute.js';
import type { OutputClass } from './generate.js';

export interface Difference {
  /** The two backends compared. */
  pair: [BackendName, BackendName];
  /** One line: what differs first. */
  what: string;
  /** A key that stays the same while a minimizer shrinks the program (the pair and the kind). */
  signature: string;
  /** A value's difference: the output and element (`s19[0]`). A shrink trial must differ there too:
   *  the signature alone let a trial that differed elsewhere, for another reason, replace the program. */
  at?: string;
}

const f32 = new Float32Array(1);
const u32 = new Uint32Array(f32.buffer);
/** The spacing of float32 values at |x| (the smallest normal's spacing below it). */
export function ulpOf(x: number): number {
  f32[0] = Math.abs(x);
  if (!Number.isFinite(f32[0]!)) return Infinity;
  const bits = u32[0]!;
  const exp = Math.max(1, bits >>> 23);
  return 2 ** (exp - 127 - 23);
}

function parseValue(s: string): number {
  if (/^-?nan$/i.test(s)) return NaN;
  if (/^(inf|Infinity)$/i.test(s)) return Infinity;
  if (/^-inf$/i.test(s)) return -Infinity;
  return Number(s);
}

/** The smallest normal float32, 2^-126: below it (and above 0) a value is subnormal. */
const MIN_NORMAL = 2 ** -126;

/**
 * Whether `y` is the reference `x` flushed: x subnormal, y a zero of either sign. WGSL lets an
 * implementation flush subnormal results to zero (an H200 gave -0 for pow's -2.3e-41:
 * fuzz/findings/h200-2026-12-02b, difference-3), and a zero's sign may be dropped too (-0 = 0 above);
 * the CPU writers keep subnormals, so only the reference's side may be subnormal.
 */
export function flushed(x: number, y: number): boolean {
  // (x as printed, %.9g, is a decimal near the float32: fround gives the float32 back.)
  return y === 0 && x !== 0 && Math.abs(Math.fround(x)) < MIN_NORMAL;
}

/** Whether `v` (as printed) is what atan2 gives for two zeros: a zero or pi of either sign. */
function atan2OfZeros(v: number): boolean {
  return v === 0 || Math.abs(Math.fround(v)) === Math.fround(Math.PI);
}

export function valuesAgree(a: string, b: string, cls: OutputClass, bitwise: boolean): boolean {
  if (a === b) return true;
  const x = parseValue(a);
  const y = parseValue(b);
  if (Number.isNaN(x) || Number.isNaN(y)) return Number.isNaN(x) && Number.isNaN(y);
  if (bitwise) return false;
  if (x === y) return true; // -0 and +0
  if (flushed(x, y)) return true;
  if (cls.kind === 'exact') return false;
  // A result whose sign is a zero's (1 / -0 = -inf, atan2(-0, -1) = -pi): WGSL may drop a zero's sign
  // (lavapipe computes -2 * 0 as +0), so only the magnitude is compared.
  if (cls.zeroSign && Math.sign(x) === -Math.sign(y)) return valuesAgree(String(Math.abs(x)), String(Math.abs(y)), { ...cls, zeroSign: false }, false);
  // atan2(+-0, +-0) is +-0 or +-pi by the sign of the zero divisor, which WGSL may drop: an H200
  // folded (-0.5 + -0) + 0.5 to -0 where the CPU writers give +0, and printed pi for atan2(0, that)
  // (fuzz/findings/h200-2026-12-02c, difference-55229). Only these two outcomes, nothing near them.
  if (cls.zeroSign && cls.fn.split('|').includes('atan2') && atan2OfZeros(x) && atan2OfZeros(y)) return true;
  if (!Number.isFinite(x) || !Number.isFinite(y)) return false;
  return Math.abs(x - y) <= cls.abs + cls.ulp * ulpOf(Math.max(Math.abs(x), Math.abs(y)));
}

export function compareRuns(ref: [BackendName, RunOutcome], other: [BackendName, RunOutcome], classes: Record<string, OutputClass>): Difference | undefined {
  const [ra, a] = ref;
  const [rb, b] = other;
  const pair: [BackendName, BackendName] = [ra, rb];
  const cpuPair = !onGpu(ra) && !onGpu(rb);
  const errCode = (o: RunOutcome) => (o.error ? o.error.split(':')[0] : '');
  if (errCode(a) !== errCode(b) || a.status !== b.status) {
    return { pair, what: `${ra}: status ${a.status}${a.error ? ` (${a.error})` : ''}; ${rb}: status ${b.status}${b.error ? ` (${b.error})` : ''}`, signature: `${ra}/${rb} outcome ${errCode(a)}/${errCode(b)}` };
  }
  const la = a.stdout.split('\n');
  const lb = b.stdout.split('\n');
  for (let i = 0; i < Math.max(la.length, lb.length); i++) {
    const wa = (la[i] ?? '').split(' ');
    const wb = (lb[i] ?? '').split(' ');
    const name = wa[0] ?? '';
    if (wa[0] !== wb[0] || wa[1] !== wb[1] || wa.length !== wb.length) {
      return { pair, what: `line ${i + 1}: ${ra} '${la[i] ?? '(none)'}', ${rb} '${lb[i] ?? '(none)'}'`, signature: `${ra}/${rb} lines` };
    }
    const cls = classes[name] ?? { kind: 'exact' };
    for (let k = 2; k < wa.length; k++) {
      if (!valuesAgree(wa[k]!, wb[k]!, cls, cpuPair)) {
        return { pair, what: `${name}[${wa[1]}]${wa.length > 3 ? ` component ${k - 2}` : ''}: ${ra} ${wa[k]}, ${rb} ${wb[k]}${cls.kind === 'approx' ? ` (${cls.fn}: allowed ${cls.ulp} ulp + ${cls.abs})` : ''}`, signature: `${ra}/${rb} ${cls.kind === 'approx' ? cls.fn : 'exact'}`, at: `${name}[${wa[1]}]` };
      }
    }
  }
  return undefined;
}
