/**
 * The iterator value rule (BROOK.md 3), written once. Every writer prints it from here:
 *
 *   component c of an iterator at absolute index idx along the dimension it follows, over n elements
 *   of that dimension, is   fl(lo + fl(fl(d * idx) / n)),   d = fl(hi - lo),
 *
 * where fl is rounding to the nearest float32 (ties to even): three correctly rounded float32
 * operations. The CPU writers compute each in float64 and round (exact: d * idx fits a double for
 * idx < 2^29, and a quotient rounded first to 53 bits then to 24 rounds as once, since 53 >= 2 * 24 + 2).
 * WGSL's + and * are correctly rounded, but its x / y is only within 2.5 ulp (an NVIDIA H200 gave
 * 238 * 3 / 119 = 6.0000005, so `iter(0, 238)` over 119 elements read 5.00000048 where the CPU read 5:
 * fuzz/findings/h200-2026-12-02/difference-1.br), so the WGSL writer divides by n exactly in integer
 * arithmetic (`brk_iter_div` below) and never uses the GPU's float division here.
 * Exact for n < 2^24 and idx < 2^24 (WGSL converts idx to float32 first) and a normal quotient; a
 * subnormal quotient may be flushed to zero on a GPU (WGSL allows it).
 */

/** The rule on numbers: the value of one iterator component (lo, d = fl(hi - lo) as float32). */
export function iteratorValue(lo: number, d: number, n: number, idx: number): number {
  const f = Math.fround;
  return f(lo + f(f(d * idx) / n));
}

/**
 * The WGSL twin of fl(p / n) for a float32 p and a whole n >= 1: a power-of-two n scales exactly; a
 * whole p that n divides takes one u32 division (the common iter(0, n) over n elements); otherwise
 * the quotient of p's significand by n in u32 long division, as many bits a step as fit (8 or more;
 * one or two steps for n < 2^16) until 25 or more bits are known, then rounded to 24 bits to nearest,
 * ties to even (the remainder is the sticky bit). Zero, infinities and NaN divide to
 * themselves; n >= 2^24 (the remainder would not fit 8 more bits) falls back to the GPU's division.
 */
export const WGSL_ITER_FUNCTIONS = `// Iterator value (compiler/facts/iterator.ts): fl(p / n) correctly rounded; WGSL's x / y is within 2.5 ulp only.
fn brk_iter_div(p: f32, n: u32) -> f32 {
  let bits = bitcast<u32>(p);
  let a = bits & 0x7fffffffu;
  if (a == 0u || a >= 0x7f800000u || n <= 1u) { return p; }
  if (n >= 0x1000000u) { return p / f32(n); }
  // n a power of two: an exact scaling (iter(lo, hi) over 1024 elements).
  if ((n & (n - 1u)) == 0u) { return ldexp(p, -i32(firstTrailingBit(n))); }
  // A whole |p| < 2^32 that n divides (iter(0, n) over n elements: p = n * idx): one division; the
  // quotient's odd part divides p's, so it has 24 bits at most and converts exactly.
  if (a < 0x4f800000u) {
    let w = u32(bitcast<f32>(a));
    if (f32(w) == bitcast<f32>(a) && w % n == 0u) { return select(f32(w / n), -f32(w / n), bits != a); }
  }
  let ex = a >> 23u;
  let m = select(a, (a & 0x7fffffu) | 0x800000u, ex != 0u);
  var e = i32(max(ex, 1u)) - 150;
  var q = m / n;
  var r = m % n;
  // As many quotient bits a step as fit: r < n < 2^(32 - clz(n)), q < 2^(32 - clz(q)); at least 8.
  let sn = countLeadingZeros(n);
  for (var k = 0u; k < 6u && q < 0x1000000u; k++) {
    let t = min(sn, countLeadingZeros(q));
    q = (q << t) | ((r << t) / n);
    r = (r << t) % n;
    e -= i32(t);
  }
  let sh = 8u - countLeadingZeros(q);
  var q24 = q >> sh;
  let rest = q & ((1u << sh) - 1u);
  let half = 1u << (sh - 1u);
  if (rest > half || (rest == half && (r != 0u || (q24 & 1u) == 1u))) { q24 += 1u; }
  let v = ldexp(f32(q24), e + i32(sh));
  return select(v, -v, bits != a);
}

fn brk_iter(lo: vec4<f32>, hi: vec4<f32>, idx: vec4<u32>, n: vec4<u32>) -> vec4<f32> {
  let p = (hi - lo) * vec4<f32>(idx);
  return lo + vec4<f32>(brk_iter_div(p.x, n.x), brk_iter_div(p.y, n.y), brk_iter_div(p.z, n.z), brk_iter_div(p.w, n.w));
}`;
