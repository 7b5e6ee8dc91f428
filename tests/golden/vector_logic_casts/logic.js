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
  const F0 = L.args[0].F;
  const A0 = L.args[0], B0 = A0.base;
  const V1 = L.args[1].value;
  const p1_0 = fround(V1[0]);
  const p1_1 = fround(V1[1]);
  const V2 = L.args[2].value;
  const p2_0 = fround(V2[0]);
  const p2_1 = fround(V2[1]);
  const V3 = L.args[3].value;
  const p3_0 = fround(V3[0]);
  const F4 = L.args[4].F;
  const A4 = L.args[4], B4 = A4.base;
  const F5 = L.args[5].F;
  const A5 = L.args[5], B5 = A5.base;
  let i = start;
  while (i < end) {
    let stop = end;
    const t12 = (p3_0 > 0.5);
    let o0 = (B0 + i) * 2;
    let o4 = (B4 + i) * 4;
    let o5 = (B5 + i) * 4;
    for (; i < stop; i++, o0 += 2, o4 += 4, o5 += 4) {
      el: {
        const p0_0 = F0[o0], p0_1 = F0[o0 + 1];
        let p4_0 = 0, p4_1 = 0, p4_2 = 0, p4_3 = 0;
        let p5_0 = 0, p5_1 = 0, p5_2 = 0, p5_3 = 0;
        kbody: {
          const t0 = (p0_0 >= p1_0);
          const t1 = (p0_1 >= p1_1);
          const t2 = (p0_0 < p2_0);
          const t3 = (p0_1 < p2_1);
          const t4 = (t0 ? t2 : false);
          const t5 = (t1 ? t3 : false);
          const t6 = (p0_0 < p1_0);
          const t7 = (p0_1 < p1_1);
          const t8 = (p0_0 >= p2_0);
          const t9 = (p0_1 >= p2_1);
          const t10 = (t6 ? true : t8);
          const t11 = (t7 ? true : t9);
          const t13 = (t4 ? t12 : false);
          const t14 = (t5 ? t12 : false);
          const t15 = (t10 ? true : t12);
          const t16 = (t11 ? true : t12);
          const t17 = (t4 ? 1 : 0);
          const t18 = (t5 ? 1 : 0);
          const t19 = (t13 ? 1 : 0);
          const t20 = (t14 ? 1 : 0);
          const t21 = (t10 ? 1 : 0);
          const t22 = (t11 ? 1 : 0);
          const t23 = (t15 ? 1 : 0);
          const t24 = (t16 ? 1 : 0);
          p4_0 = t17;
          p4_1 = t18;
          p4_2 = t19;
          p4_3 = t20;
          p5_0 = t21;
          p5_1 = t22;
          p5_2 = t23;
          p5_3 = t24;
          const t25 = (t4 && t5);
          if (t25) {
            const t26 = fround(p4_0 + 10);
            p4_0 = t26;
          }
        }
        F4[o4] = p4_0;
        F4[o4 + 1] = p4_1;
        F4[o4 + 2] = p4_2;
        F4[o4 + 3] = p4_3;
        F5[o5] = p5_0;
        F5[o5 + 1] = p5_1;
        F5[o5 + 2] = p5_2;
        F5[o5 + 3] = p5_3;
      }
    }
  }
}
const combine = null, combineAt = null;
return { run, combine, combineAt };