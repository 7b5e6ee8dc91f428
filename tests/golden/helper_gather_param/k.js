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
  const GA1 = L.args[1];
  const G1F = GA1.F;
  const G1e0 = GA1.e[0], G1l0 = GA1.l[0], G1s0 = GA1.s[0];
  const G1e1 = GA1.e[1], G1l1 = GA1.l[1], G1s1 = GA1.s[1];
  const G1e2 = GA1.e[2], G1l2 = GA1.l[2], G1s2 = GA1.s[2];
  const G1e3 = GA1.e[3], G1l3 = GA1.l[3], G1s3 = GA1.s[3];
  const GA2 = L.args[2];
  const G2F = GA2.F;
  const G2e0 = GA2.e[0], G2l0 = GA2.l[0], G2s0 = GA2.s[0];
  const G2e1 = GA2.e[1], G2l1 = GA2.l[1], G2s1 = GA2.s[1];
  const G2e2 = GA2.e[2], G2l2 = GA2.l[2], G2s2 = GA2.s[2];
  const G2e3 = GA2.e[3], G2l3 = GA2.l[3], G2s3 = GA2.s[3];
  const GA3 = L.args[3];
  const G3F = GA3.F;
  const G3e0 = GA3.e[0], G3l0 = GA3.l[0], G3s0 = GA3.s[0];
  const G3e1 = GA3.e[1], G3l1 = GA3.l[1], G3s1 = GA3.s[1];
  const G3e2 = GA3.e[2], G3l2 = GA3.l[2], G3s2 = GA3.s[2];
  const G3e3 = GA3.e[3], G3l3 = GA3.l[3], G3s3 = GA3.s[3];
  const F4 = L.args[4].F;
  const A4 = L.args[4], B4 = A4.base;
  const F5 = L.args[5].F;
  const A5 = L.args[5], B5 = A5.base;
  const F6 = L.args[6].F;
  const A6 = L.args[6], B6 = A6.base;
  let i = start;
  while (i < end) {
    let stop = end;
    let o0 = (B0 + i) * 2;
    let o4 = B4 + i;
    let o5 = B5 + i;
    let o6 = B6 + i;
    for (; i < stop; i++, o0 += 2, o4 += 1, o5 += 1, o6 += 1) {
      el: {
        const p0_0 = F0[o0], p0_1 = F0[o0 + 1];
        let p4_0 = 0;
        let p5_0 = 0;
        let p6_0 = 0;
        kbody: {
          let r1 = 0;
          {
            let h0_p_p_0 = p0_0, h0_p_p_1 = p0_1;
            h0: {
              const t2 = (gidx(h0_p_p_0, G1e3) + G1l3) * G1s3;
              const t3 = (gidx(h0_p_p_1, G1e2) + G1l2) * G1s2;
              const t4 = (t2 + t3) | 0;
              const t5 = G1F[t4];
              r1 = t5;
              break h0;
            }
          }
          let r7 = 0;
          {
            let h6_p_p_0 = p0_0, h6_p_p_1 = p0_1;
            h6: {
              const t8 = (gidx(h6_p_p_0, G2e3) + G2l3) * G2s3;
              const t9 = (gidx(h6_p_p_1, G2e2) + G2l2) * G2s2;
              const t10 = (t8 + t9) | 0;
              const t11 = G2F[t10];
              r7 = t11;
              break h6;
            }
          }
          const t12 = fround(r1 - r7);
          p4_0 = t12;
          let r14 = 0;
          {
            let h13_p_p_0 = p0_0, h13_p_p_1 = p0_1;
            h13: {
              let r16 = 0;
              {
                let h15_p_p_0 = h13_p_p_0, h15_p_p_1 = h13_p_p_1;
                h15: {
                  const t17 = (gidx(h15_p_p_0, G2e3) + G2l3) * G2s3;
                  const t18 = (gidx(h15_p_p_1, G2e2) + G2l2) * G2s2;
                  const t19 = (t17 + t18) | 0;
                  const t20 = G2F[t19];
                  r16 = t20;
                  break h15;
                }
              }
              const t22 = fround(h13_p_p_0 + 1);
              const t23 = fround(h13_p_p_1 + 0);
              let r24 = 0;
              {
                let h21_p_p_0 = t22, h21_p_p_1 = t23;
                h21: {
                  const t25 = (gidx(h21_p_p_0, G2e3) + G2l3) * G2s3;
                  const t26 = (gidx(h21_p_p_1, G2e2) + G2l2) * G2s2;
                  const t27 = (t25 + t26) | 0;
                  const t28 = G2F[t27];
                  r24 = t28;
                  break h21;
                }
              }
              const t29 = fround(r16 + r24);
              r14 = t29;
              break h13;
            }
          }
          let r31 = 0;
          {
            let h30_p_p_0 = p0_1, h30_p_p_1 = p0_0;
            h30: {
              let r33 = 0;
              {
                let h32_p_p_0 = h30_p_p_0, h32_p_p_1 = h30_p_p_1;
                h32: {
                  const t34 = (gidx(h32_p_p_0, G1e3) + G1l3) * G1s3;
                  const t35 = (gidx(h32_p_p_1, G1e2) + G1l2) * G1s2;
                  const t36 = (t34 + t35) | 0;
                  const t37 = G1F[t36];
                  r33 = t37;
                  break h32;
                }
              }
              const t39 = fround(h30_p_p_0 + 1);
              const t40 = fround(h30_p_p_1 + 0);
              let r41 = 0;
              {
                let h38_p_p_0 = t39, h38_p_p_1 = t40;
                h38: {
                  const t42 = (gidx(h38_p_p_0, G1e3) + G1l3) * G1s3;
                  const t43 = (gidx(h38_p_p_1, G1e2) + G1l2) * G1s2;
                  const t44 = (t42 + t43) | 0;
                  const t45 = G1F[t44];
                  r41 = t45;
                  break h38;
                }
              }
              const t46 = fround(r33 + r41);
              r31 = t46;
              break h30;
            }
          }
          const t47 = fround(r14 + r31);
          p5_0 = t47;
          let r49 = 0;
          {
            let h48_p_i = p0_0;
            h48: {
              const t50 = (gidx(h48_p_i, G3e3) + G3l3) * G3s3;
              const t51 = (t50) | 0;
              const t52 = G3F[t51];
              const t53 = fround(t52 * 10);
              r49 = t53;
              break h48;
            }
          }
          const t55 = fround(p0_1 + 0.800000011920929);
          let r56 = 0;
          {
            let h54_p_i = t55;
            h54: {
              const t57 = (gidx(h54_p_i, G3e3) + G3l3) * G3s3;
              const t58 = (t57) | 0;
              const t59 = G3F[t58];
              const t60 = fround(t59 * 10);
              r56 = t60;
              break h54;
            }
          }
          const t61 = fround(r49 + r56);
          p6_0 = t61;
        }
        F4[o4] = p4_0;
        F5[o5] = p5_0;
        F6[o6] = p6_0;
      }
    }
  }
}
const combine = null, combineAt = null;
return { run, combine, combineAt };