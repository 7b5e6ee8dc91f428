/**
 * exp written into a WebAssembly kernel, giving the bits of JavaScript's `Math.exp`.
 *
 * Why: a kernel like the segmentation stencil calls exp four times per element, and each call of the
 * imported `Math.exp` leaves the kernel for a C function (the engine saves and restores registers
 * around it). V8's `Math.exp` is fdlibm's `__ieee754_exp` (v8/src/base/ieee754.cc): argument reduction
 * x = k ln2 + r, a rational approximation of exp(r), a scaling by 2^k, every step a correctly rounded
 * IEEE double operation (no fused multiply-add). The same steps in WebAssembly's f64 operations give the
 * same bits; this writes them from that description, with fdlibm's branches. Arguments it does not
 * cover (|x| >= 512: overflow, underflow, NaN, infinities) call the host's `Math.exp`.
 *
 * `inlineExpMatchesHost` checks the written exp against `Math.exp` once per process before a kernel
 * uses it, so an engine whose `Math.exp` is another method keeps calling the host function.
 */
import { encodeModule } from './encode.js';
import { FuncBuilder } from './func.js';

// fdlibm's constants (e_exp.c).
const LN2_HI = 6.93147180369123816490e-1; // 0x3FE62E42 FEE00000: k * LN2_HI is exact for |k| < 2^11
const LN2_LO = 1.90821492927058770002e-10;
const INV_LN2 = 1.4426950408889634;
const P1 = 1.66666666666666019037e-1;
const P2 = -2.77777777770155933842e-3;
const P3 = 6.61375632143793436117e-5;
const P4 = -1.65339022054652515390e-6;
const P5 = 4.13813679705723846039e-8;
/** fdlibm returns this for exp(1) exactly (its reduction would get the last bit wrong). */
const E = 2.718281828459045;

/** Scratch locals of one function (every exp written into it uses the same ones, one after another). */
const scratch = new WeakMap<FuncBuilder, Record<string, number>>();

function locals(f: FuncBuilder): Record<string, number> {
  let s = scratch.get(f);
  if (!s) {
    s = {};
    for (const n of ['x', 'hi', 'lo', 'r', 't', 'c', 'kf', 'out']) s[n] = f.local('f64');
    for (const n of ['hx', 'neg', 'k']) s[n] = f.local('i32');
    scratch.set(f, s);
  }
  return s;
}

/**
 * Replaces the f64 on the stack by its exp, bit for bit `Math.exp` (`hostExp`: the import index of
 * the host's Math.exp, for |x| >= 512 and NaN).
 */
export function emitExpF64(f: FuncBuilder, hostExp: number): void {
  const { x, hi, lo, r, t, c, kf, out, hx, neg, k } = locals(f) as Record<string, number>;
  f.set(x!);
  // hx: the high word of |x|; neg: x's sign bit.
  f.get(x!).op('i64.reinterpret_f64').i32(32).op('i64.extend_i32_u').op('i64.shr_u').op('i32.wrap_i64').set(hx!);
  f.get(hx!).i32(31).op('i32.shr_u').set(neg!);
  f.get(hx!).i32(0x7fffffff).op('i32.and').set(hx!);
  f.open('block', 'exp');
  // |x| >= 512 or NaN: the host (fdlibm's overflow, underflow and non-finite branches).
  f.get(hx!).i32(0x40800000).op('i32.ge_u');
  f.open('if');
  f.get(x!).call(hostExp).set(out!).br('exp');
  f.close();
  f.i32(0).set(k!);
  f.get(hx!).i32(0x3fd62e42).op('i32.gt_u');
  f.open('if');
  // |x| > 0.5 ln2: reduce. Below 1.5 ln2, k = +-1 (x = 1 returns fdlibm's exact E).
  f.get(hx!).i32(0x3ff0a2b2).op('i32.lt_u');
  f.open('if');
  f.get(x!).f64(1).op('f64.eq');
  f.open('if');
  f.f64(E).set(out!).br('exp');
  f.close();
  f.i32(1).get(neg!).get(neg!).op('i32.add').op('i32.sub').set(k!);
  f.else();
  // k = (int)(x / ln2 + copysign(0.5, x))
  f.get(x!).f64(INV_LN2).op('f64.mul').f64(-0.5).f64(0.5).get(neg!).op('select').op('f64.add').sat('i32.trunc_sat_f64_s').set(k!);
  f.close();
  f.get(k!).op('f64.convert_i32_s').set(kf!);
  // hi = x - k LN2_HI (exact), lo = k LN2_LO (k = +-1 gives fdlibm's x -+ LN2_HI and +-LN2_LO exactly).
  f.get(x!).get(kf!).f64(LN2_HI).op('f64.mul').op('f64.sub').set(hi!);
  f.get(kf!).f64(LN2_LO).op('f64.mul').set(lo!);
  f.get(hi!).get(lo!).op('f64.sub').set(r!);
  f.else();
  // |x| < 2^-28: 1 + x; else k = 0 and r = x.
  f.get(hx!).i32(0x3e300000).op('i32.lt_u');
  f.open('if');
  f.f64(1).get(x!).op('f64.add').set(out!).br('exp');
  f.close();
  f.get(x!).set(r!);
  f.close();
  // c = r - t (P1 + t (P2 + t (P3 + t (P4 + t P5)))), t = r^2
  f.get(r!).get(r!).op('f64.mul').set(t!);
  f.get(r!).get(t!);
  f.get(t!).f64(P5).op('f64.mul').f64(P4).op('f64.add');
  for (const p of [P3, P2, P1]) f.get(t!).op('f64.mul').f64(p).op('f64.add');
  f.op('f64.mul').op('f64.sub').set(c!);
  f.get(k!).op('i32.eqz');
  f.open('if');
  // k = 0: 1 - ((r c) / (c - 2) - r)
  f.f64(1).get(r!).get(c!).op('f64.mul').get(c!).f64(2).op('f64.sub').op('f64.div').get(r!).op('f64.sub').op('f64.sub').set(out!);
  f.else();
  // (1 - ((lo - (r c) / (2 - c)) - hi)) 2^k, 2^k with k + 1023 in the exponent field
  f.f64(1).get(lo!).get(r!).get(c!).op('f64.mul').f64(2).get(c!).op('f64.sub').op('f64.div').op('f64.sub').get(hi!).op('f64.sub').op('f64.sub');
  f.get(k!).i32(1023).op('i32.add').op('i64.extend_i32_s').i32(52).op('i64.extend_i32_u').op('i64.shl').op('f64.reinterpret_i64');
  f.op('f64.mul').set(out!);
  f.close();
  f.close();
  f.get(out!);
}

let matches: boolean | undefined;

/**
 * exp of each double of `xs` computed by a module made of emitExpF64 alone (Math.exp as the host
 * import it may call), in a shared memory of at most `maxPages` pages: the self-check below and the
 * tests run the inline method exactly as kernels do.
 */
export function expOverDoubles(xs: Float64Array, maxPages: number): Float64Array {
  const f = new FuncBuilder(['i32', 'i32']);
  const i = f.local('i32');
  f.open('block', 'done');
  f.open('loop', 'next');
  f.get(i).get(1).op('i32.ge_u').brIf('done');
  f.get(0).get(i).op('i32.add');
  f.get(0).get(i).op('i32.add').load('f64');
  emitExpF64(f, 0);
  f.store('f64');
  f.get(i).i32(8).op('i32.add').set(i);
  f.br('next');
  f.close();
  f.close();
  const bytes = encodeModule({ params: f.params, locals: f.locals, code: f.code }, [{ name: 'exp', params: ['f64'], results: ['f64'] }], maxPages);
  const pages = Math.max(1, Math.ceil((xs.length * 8) / 65536));
  if (pages > maxPages) throw new Error(`internal: ${xs.length} doubles need ${pages} pages, more than ${maxPages}`);
  const mem = new WebAssembly.Memory({ initial: pages, maximum: maxPages, shared: true });
  const run = new WebAssembly.Instance(new WebAssembly.Module(bytes), { m: { mem, exp: Math.exp } }).exports.run as (a: number, b: number) => void;
  const view = new Float64Array(mem.buffer, 0, xs.length);
  view.set(xs);
  run(0, xs.length * 8);
  return view.slice();
}

/**
 * Whether emitExpF64 gives Math.exp's bits on this engine: checked once per process on every branch
 * of the method and 4096 pseudo-random arguments of float and double range. Where it does not,
 * kernels call Math.exp.
 */
export function inlineExpMatchesHost(): boolean {
  if (matches !== undefined) return matches;
  const xs: number[] = [0, -0, 1, -1, 0.5, -0.5, 2 ** -28, -(2 ** -29), 0.34657359, -0.3465736, 1.0397208, -1.03972, 511.9, -511.9, 600, -745.2, NaN, Infinity, -Infinity];
  let seed = 0x2545f491;
  const next = () => {
    seed = (Math.imul(seed, 1664525) + 1013904223) | 0;
    return (seed >>> 0) / 2 ** 32;
  };
  for (let n = 0; n < 4096; n++) xs.push((next() - 0.5) * [2, 20, 200, 1400][n % 4]!);
  try {
    const view = expOverDoubles(Float64Array.from(xs), 1);
    matches = xs.every((x, n) => Object.is(view[n], Math.exp(x)) || (Number.isNaN(x) && Number.isNaN(view[n]!)));
  } catch {
    matches = false;
  }
  return matches;
}
