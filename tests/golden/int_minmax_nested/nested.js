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
  const I1 = L.args[1].I;
  const A1 = L.args[1], B1 = A1.base;
  const I2 = L.args[2].I;
  const A2 = L.args[2], B2 = A2.base;
  const I3 = L.args[3].I;
  const A3 = L.args[3], B3 = A3.base;
  let i = start;
  while (i < end) {
    let stop = end;
    let o0 = B0 + i;
    let o1 = B1 + i;
    let o2 = B2 + i;
    let o3 = B3 + i;
    for (; i < stop; i++, o0 += 1, o1 += 1, o2 += 1, o3 += 1) {
      el: {
        const p0_0 = I0[o0];
        let p1_0 = 0;
        let p2_0 = 0;
        let p3_0 = 0;
        kbody: {
          const t0 = ((1 % p0_0) | 0);
          const t1 = ((-p0_0) | 0);
          const t2 = Math.min(t0, t1);
          const t3 = Math.min(t2, p0_0);
          p1_0 = t3;
          const t4 = ((5 / p0_0) | 0);
          const t5 = ((-p0_0) | 0);
          const t6 = Math.max(t4, t5);
          const t7 = Math.max(t6, p0_0);
          p2_0 = t7;
          const t8 = ((7 % p0_0) | 0);
          const t9 = ((-p0_0) | 0);
          const t10 = Math.min(Math.max(t8, t9), p0_0);
          p3_0 = t10;
        }
        I1[o1] = p1_0;
        I2[o2] = p2_0;
        I3[o3] = p3_0;
      }
    }
  }
}
const combine = null, combineAt = null;
return { run, combine, combineAt };