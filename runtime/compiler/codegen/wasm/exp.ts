/**
 * exp in WebAssembly SIMD, on two doubles at once, giving the same bits as JavaScript's `Math.exp`.
 *
 * Why: the JavaScript kernels call `Math.exp`, and a kernel like the segmentation stencil (four exps per
 * element) spends most of its time in those calls; the WebAssembly kernels must give the same bits.
 * V8's `Math.exp` is fdlibm's `__ieee754_exp` (v8/src/base/ieee754.cc): argument reduction
 * x = k ln2 + r, a degree-5 rational approximation of exp(r), then a scaling by 2^k. Every step is a
 * correctly rounded IEEE double operation (no fused multiply-add), so the same steps on f64x2 lanes give
 * the same results. This writes the method from its description (no branches for the common range):
 * k is chosen per lane as fdlibm does, both final forms (k = 0 and k != 0) are computed and the right
 * one selected. Lanes outside |x| < 512 (overflow, underflow, NaN, infinities) call the host's
 * `Math.exp` instead, so the rare branches never need writing.
 *
 * The CPU backend checks the result against `Math.exp` on a sample before it uses WebAssembly kernels
 * that call this (`expMatchesHost`), so an engine whose `Math.exp` is another method (or whose C++ was
 * built with fused multiply-add) keeps calling the host function, never giving other bits.
 */
import { encodeModule } from './encode.js';
import { FuncBuilder } from './func.js';

// fdlibm's constants (e_exp.c), as bit patterns where the method relies on their exact values.
const LN2_HI = 6.93147180369123816490e-1; // 0x3FE62E42 FEE00000: k * LN2_HI is exact for |k| < 2^11
const LN2_LO = 1.90821492927058770002e-10; // 0x3DEA39EF 35793C76
const INV_LN2 = 1.4426950408889634; // 0x3FF71547 652B82FE
const P1 = 1.66666666666666019037e-1;
const P2 = -2.77777777770155933842e-3;
const P3 = 6.61375632143793436117e-5;
const P4 = -1.65339022054652515390e-6;
const P5 = 4.13813679705723846039e-8;
/** fdlibm returns this for exp(1) exactly (its reduction would get the last bit wrong). */
const E = 2.718281828459045;

/** High words of |x| where the method changes: 0.5 ln2, 1.5 ln2, 2^-28, and this writer's 512. */
const HALF_LN2_HI = 0x3fd62e42n;
const THREE_HALVES_LN2_HI = 0x3ff0a2b2n;
const TINY_HI = 0x3e300000n;
const FAST_LIMIT_HI = 0x40800000n; // |x| < 512: k in [-739, 739], never the subnormal or 2^1024 scaling

const SIGN = -0x8000000000000000n;
const ABS = 0x7fffffffffffffffn;

/** Scratch locals of one function (every exp written into it uses the same ones, one after another). */
const scratch = new WeakMap<FuncBuilder, Record<string, number>>();

function locals(f: FuncBuilder): Record<string, number> {
  let s = scratch.get(f);
  if (!s) {
    s = {};
    for (const n of ['x', 'hx', 'sign', 'kt', 'hi', 'lo', 'r', 't', 'c', 'q', 'small', 'mid', 'out']) s[n] = f.local('v128');
    scratch.set(f, s);
  }
  return s;
}

/**
 * Replaces the f64x2 on the stack by exp of each lane, bit for bit `Math.exp` (the host function
 * `hostExp`, an import index, for lanes the fast range does not cover).
 */
export function emitExpF64x2(f: FuncBuilder, hostExp: number): void {
  const { x, hx, sign, kt, hi, lo, r, t, c, q, small, mid, out } = locals(f) as Record<string, number>;
  // Constants inline: the engine's optimizing compiler moves them out of the element loop.
  const fc = (v: number) => f.f64x2(v);
  const ic = (v: bigint) => f.i64x2(v);
  const op = (name: Parameters<FuncBuilder['simd']>[0]) => f.simd(name);
  const get = (...ls: number[]) => {
    for (const l of ls) f.get(l);
  };
  f.set(x!);
  // hx: the high word of |x| per lane (as a 64-bit lane); sign: x's sign bit alone.
  get(x!), ic(ABS), op('v128.and'), f.i32(32), op('i64x2.shr_u'), f.set(hx!);
  get(x!), ic(SIGN), op('v128.and'), f.set(sign!);
  // small: |x| <= 0.5 ln2 (k = 0, no reduction); mid: 0.5 ln2 < |x| < 1.5 ln2 (k = +-1).
  get(hx!), ic(HALF_LN2_HI), op('i64x2.le_s'), f.set(small!);
  get(hx!), ic(HALF_LN2_HI), op('i64x2.gt_s'), get(hx!), ic(THREE_HALVES_LN2_HI), op('i64x2.lt_s'), op('v128.and'), f.set(mid!);
  // k = (int)(x / ln2 + copysign(0.5, x)) as a double; mid lanes copysign(1, x); small lanes +0.
  get(x!), fc(INV_LN2), op('f64x2.mul'), get(sign!), fc(0.5), op('v128.or'), op('f64x2.add');
  op('i32x4.trunc_sat_f64x2_s_zero'), op('f64x2.convert_low_i32x4_s'), f.set(kt!);
  get(sign!), fc(1), op('v128.or'), get(kt!, mid!), op('v128.bitselect');
  get(small!), op('v128.andnot'), f.set(kt!);
  // hi = x - k LN2_HI (exact), lo = k LN2_LO, r = hi - lo (x itself where k = 0).
  get(x!, kt!), fc(LN2_HI), op('f64x2.mul'), op('f64x2.sub'), f.set(hi!);
  get(kt!), fc(LN2_LO), op('f64x2.mul'), f.set(lo!);
  get(hi!, lo!), op('f64x2.sub'), f.set(r!);
  // c = r - t (P1 + t (P2 + t (P3 + t (P4 + t P5)))), t = r^2
  get(r!, r!), op('f64x2.mul'), f.set(t!);
  get(t!), fc(P5), op('f64x2.mul'), fc(P4), op('f64x2.add');
  for (const p of [P3, P2, P1]) get(t!), op('f64x2.mul'), fc(p), op('f64x2.add');
  get(t!), op('f64x2.mul'), f.set(c!);
  get(r!, c!), op('f64x2.sub'), f.set(c!);
  // q = r c / (c - 2). k != 0: fdlibm's (1 - ((lo - r c / (2 - c)) - hi)) 2^k, where r c / (2 - c) is
  // exactly -q (rounding is symmetric under negation), so (1 - ((lo + q) - hi)) 2^k; 2^k has k + 1023
  // in the exponent field.
  get(r!, c!), op('f64x2.mul'), get(c!), fc(2), op('f64x2.sub'), op('f64x2.div'), f.set(q!);
  fc(1), get(lo!, q!), op('f64x2.add'), get(hi!), op('f64x2.sub'), op('f64x2.sub');
  get(kt!), op('i32x4.trunc_sat_f64x2_s_zero'), op('i64x2.extend_low_i32x4_s'), ic(1023n), op('i64x2.add'), f.i32(52), op('i64x2.shl');
  op('f64x2.mul'), f.set(out!);
  // k = 0: 1 - (q - r).
  fc(1), get(q!, r!), op('f64x2.sub'), op('f64x2.sub'), get(out!, small!), op('v128.bitselect'), f.set(out!);
  // |x| < 2^-28: 1 + x. x = 1: fdlibm's exact E.
  fc(1), get(x!), op('f64x2.add'), get(out!, hx!), ic(TINY_HI), op('i64x2.lt_s'), op('v128.bitselect'), f.set(out!);
  fc(E), get(out!, x!), fc(1), op('f64x2.eq'), op('v128.bitselect'), f.set(out!);
  // Lanes past the fast range (rare): the host's Math.exp, lane by lane.
  get(hx!), ic(FAST_LIMIT_HI), op('i64x2.ge_s'), op('v128.any_true');
  f.open('if');
  for (const lane of [0, 1]) get(out!, x!), f.simd('f64x2.extract_lane', lane), f.call(hostExp), f.simd('f64x2.replace_lane', lane), f.set(out!);
  f.close();
  get(out!);
}

let matches: boolean | undefined;

/**
 * Whether emitExpF64x2 gives Math.exp's bits on this engine: checked once per process on a sample
 * (every branch of the method, and 4096 pseudo-random arguments of float and double range). Where it
 * does not, kernels call Math.exp.
 */
export function inlineExpMatchesHost(): boolean {
  if (matches !== undefined) return matches;
  const xs: number[] = [0, -0, 1, -1, 0.5, -0.5, 2 ** -28, -(2 ** -29), 0.34657359, 0.3465736, 1.0397208, 1.03972, 511.9, -511.9, 600, -745.2, NaN, Infinity, -Infinity];
  let seed = 0x2545f491;
  const next = () => {
    seed = (Math.imul(seed, 1664525) + 1013904223) | 0;
    return (seed >>> 0) / 2 ** 32;
  };
  for (let k = 0; k < 4096; k++) xs.push((next() - 0.5) * [2, 20, 200, 1400][k % 4]!);
  if (xs.length % 2) xs.push(0.25);
  try {
    const f = new FuncBuilder(['i32', 'i32']);
    const i = 2;
    f.local('i32');
    f.open('block', 'done');
    f.open('loop', 'next');
    f.get(i).get(1).op('i32.ge_u').brIf('done');
    f.get(0).get(i).op('i32.add');
    f.get(0).get(i).op('i32.add').simd('v128.load');
    emitExpF64x2(f, 0);
    f.simd('v128.store');
    f.get(i).i32(16).op('i32.add').set(i);
    f.br('next');
    f.close();
    f.close();
    const bytes = encodeModule({ params: f.params, locals: f.locals, code: f.code }, [{ name: 'exp', params: ['f64'], results: ['f64'] }], 1);
    const mem = new WebAssembly.Memory({ initial: 1, maximum: 1, shared: true });
    const run = new WebAssembly.Instance(new WebAssembly.Module(bytes), { m: { mem, exp: Math.exp } }).exports.run as (a: number, b: number) => void;
    const view = new Float64Array(mem.buffer, 0, xs.length);
    view.set(xs);
    run(0, xs.length * 8);
    matches = xs.every((x, k) => Object.is(view[k], Math.exp(x)) || (Number.isNaN(x) && Number.isNaN(view[k]!)));
  } catch {
    matches = false;
  }
  return matches;
}
