"use strict";

const fround = Math.fround, floor = Math.floor;
function f2i(x) { return x >= 2147483647 ? 2147483647 : x <= -2147483648 ? -2147483648 : (x | 0); }
function f2u(x) { return x >= 4294967295 ? 4294967295 : x > 0 ? (x >>> 0) : 0; }
// The 8-bit code of v: saturate to [0, 1] (NaN: 0), scale by 255 in float32, round half to even
// (types.ts fixedCode); UN8[code] is code / 255 in float32 (fixedValue). fixq: a fixed component
// stored (the WGSL writer's brk_fixq); pack4ub / unpack4ub: Cg's pack_4ubyte / unpack_4ubyte (x in
// the lowest byte of the float's bits; brk_pack4ub / brk_unpack4ub).
function ub8(v) {
  if (!(v > 0)) return 0;
  if (v >= 1) return 255;
  const x = fround(v * 255), f = floor(x), d = x - f;
  return d > 0.5 || (d === 0.5 && f % 2 === 1) ? f + 1 : f;
}
const UN8 = new Float32Array(256).map((_, c) => c / 255);
function fixq(v) { return UN8[ub8(v)]; }
const PKF = new Float32Array(1), PKU = new Uint32Array(PKF.buffer);
function pack4ub(x, y, z, w) { PKU[0] = (ub8(x) | (ub8(y) << 8) | (ub8(z) << 16) | (ub8(w) << 24)) >>> 0; return PKF[0]; }
function unpack4ub(f, shift) { PKF[0] = f; return UN8[(PKU[0] >>> shift) & 255]; }
function roundAway(x) { return x < 0 ? -floor(-x + 0.5) : x === 0 ? x : floor(x + 0.5); }
function smooth32(a, b, x) {
  let t = fround(fround(x - a) / fround(b - a));
  t = t < 0 ? 0 : t > 1 ? 1 : t;
  return fround(fround(t * t) * fround(3 - fround(2 * t)));
}
function smooth64(a, b, x) {
  let t = (x - a) / (b - a);
  t = t < 0 ? 0 : t > 1 ? 1 : t;
  return t * t * (3 - 2 * t);
}
function frexpE(x) {
  if (x === 0 || !Number.isFinite(x)) return 0;
  let e = Math.ceil(Math.log2(Math.abs(x)));
  const m = Math.abs(x) * Math.pow(2, -e);
  if (m >= 1) e++;
  else if (m < 0.5) e--;
  return e + 0; // Math.ceil(-0.4) is -0; C's exponent is 0
}
function frexpM(x) { return x === 0 || !Number.isFinite(x) ? x : x * Math.pow(2, -frexpE(x)); }
// Gather index along an extent n (compiler/facts/gather.ts): floor(x + 0.25) in float32, clamped into [0, n) (NaN: 0).
function gidx(x, n) { x = fround(x + 0.25); return x >= 0 ? (x < n ? x | 0 : n - 1) : 0; }
// The same for an x known to be a whole number (or an infinity, or NaN): no rounding step.
function gidxz(x, n) { return x >= 0 ? (x < n ? x | 0 : n - 1) : 0; }
function gidxi(x, n) { return x >= 0 ? (x < n ? x : n - 1) : 0; }
// C's fmod (JavaScript's %, exact). V8 computes % of doubles with a call into C; whole numbers in
// int32 range take the integer remainder instead (sign of x kept, -0 included).
function fmodf(x, y) {
  if ((x | 0) === x && (y | 0) === y && y !== 0) { const r = (x | 0) % (y | 0); return r === 0 ? x * 0 : r; }
  return x % y;
}

function run(L, start, end) {
  const fround = Math.fround, floor = Math.floor;
  const E0 = L.E[0], E1 = L.E[1], E2 = L.E[2], E3 = L.E[3];
  let brk_n = 4096;
  const I0 = L.args[0].I;
  const A0 = L.args[0], B0 = A0.base;
  const F1 = L.args[1].F;
  const A1 = L.args[1], B1 = A1.base;
  const F2 = L.args[2].F;
  const A2 = L.args[2], B2 = A2.base;
  const V3 = L.args[3].value;
  const p3_0 = fround(V3[0]);
  const X4_0 = L.args[4].s[0], X4_1 = L.args[4].s[1], X4_2 = L.args[4].s[2], X4_3 = L.args[4].s[3];
  const F4 = L.args[4].F;
  const A4 = L.args[4], B4 = A4.base;
  const I5 = L.args[5].I;
  const A5 = L.args[5], B5 = A5.base;
  let i = start;
  let c3 = start % E3, q = (start - c3) / E3, c2 = q % E2; q = (q - c2) / E2;
  let c1 = q % E1, c0 = (q - c1) / E1;
  while (i < end) {
    let stop = i + (E3 - c3);
    if (stop > end) stop = end;
    const x4_0 = c0;
    const x4_1 = c1;
    const x4_2 = c2;
    const t3 = Math.abs((-0.5));
    const t4 = fround(t3 - 1);
    const t5 = f2i(x4_2);
    const t6 = (t5 < 10);
    const t9 = f2i(x4_2);
    const t10 = ((-t9) | 0);
    const t11 = fround(t10);
    const t13 = f2i(x4_2);
    const t14 = (t13 | 2);
    const t15 = (t14 >>> 0);
    const t16 = ((65536 + (-65535)) | 0);
    const t17 = (t16 >>> 0);
    const t18 = ((t15 - t17) >>> 0);
    const t19 = (t18 | 0);
    const t21 = f2i(x4_2);
    let o0 = B0 + i;
    let o1 = (B1 + i) * 2;
    let o2 = (B2 + i) * 3;
    let o4 = (B4 + i) * 3;
    let o5 = B5 + i;
    for (; i < stop; i++, c3++, o0 += 1, o1 += 2, o2 += 3, o4 += 3, o5 += 1) {
      el: {
        const p0_0 = I0[o0];
        const p1_0 = F1[o1], p1_1 = F1[o1 + 1];
        const p2_0 = F2[o2], p2_1 = F2[o2 + 1], p2_2 = F2[o2 + 2];
        const x4_3 = c3;
        let p4_0 = 0, p4_1 = 0, p4_2 = 0;
        let p5_0 = 0;
        kbody: {
          let v_l_t = (-3);
          const t0 = ((p0_0 % p0_0) | 0);
          const t1 = ((-65535) <= t0);
          if (t1) {
            const t2 = fround(0 - p2_2);
            v_l_t = t2;
          } else {
            v_l_t = t4;
          }
          let t8 = t6;
          if (t8) {
            const t7 = (p1_1 <= (-0.75));
            t8 = t7;
          }
          if (t8) {
            p4_0 = v_l_t;
            p4_1 = t11;
            p4_2 = p1_0;
            const t12 = (p0_0 < p0_0);
            let t23;
            if (t12) {
              t23 = t19;
            } else {
              const t20 = (Math.abs(p0_0) | 0);
              const t22 = Math.max(t20, t21);
              t23 = t22;
            }
            p5_0 = t23;
            break kbody;
          }
          p4_0 = 9;
          const t24 = fround(p3_0 - p1_1);
          const t25 = fround(1 + t24);
          p4_1 = t25;
          p4_2 = x4_3;
          p5_0 = p0_0;
        }
        F4[o4] = p4_0;
        F4[o4 + 1] = p4_1;
        F4[o4 + 2] = p4_2;
        I5[o5] = p5_0;
      }
    }
    if (c3 === E3) {
      c3 = 0;
      if (++c2 === E2) { c2 = 0; if (++c1 === E1) { c1 = 0; ++c0; } }
    }
  }
}
const combine = null, combineAt = null;
return { run, combine, combineAt };