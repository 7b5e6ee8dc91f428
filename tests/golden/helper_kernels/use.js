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
  const X0_0 = L.args[0].s[0], X0_1 = L.args[0].s[1], X0_2 = L.args[0].s[2], X0_3 = L.args[0].s[3];
  const F0 = L.args[0].F;
  const A0 = L.args[0], B0 = A0.base;
  const X1_0 = L.args[1].s[0], X1_1 = L.args[1].s[1], X1_2 = L.args[1].s[2], X1_3 = L.args[1].s[3];
  const F1 = L.args[1].F;
  const A1 = L.args[1], B1 = A1.base;
  const F2 = L.args[2].F;
  const A2 = L.args[2], B2 = A2.base;
  const F3 = L.args[3].F;
  const A3 = L.args[3], B3 = A3.base;
  const F4 = L.args[4].F;
  const A4 = L.args[4], B4 = A4.base;
  const F5 = L.args[5].F;
  const A5 = L.args[5], B5 = A5.base;
  let i = start;
  let c3 = start % E3, q = (start - c3) / E3, c2 = q % E2; q = (q - c2) / E2;
  let c1 = q % E1, c0 = (q - c1) / E1;
  while (i < end) {
    let stop = i + (E3 - c3);
    if (stop > end) stop = end;
    const x0_0 = c0;
    const x0_1 = c1;
    const x0_2 = c2;
    const x1_0 = c0;
    const x1_1 = c1;
    const x1_2 = c2;
    let o0 = (B0 + i) * 3;
    let o1 = (B1 + i) * 3;
    let o2 = (B2 + i) * 3;
    let o3 = B3 + i;
    let o4 = (B4 + i) * 4;
    let o5 = (B5 + i) * 2;
    for (; i < stop; i++, c3++, o0 += 3, o1 += 3, o2 += 3, o3 += 1, o4 += 4, o5 += 2) {
      el: {
        const x0_3 = c3;
        const p0_0 = F0[o0], p0_1 = F0[o0 + 1], p0_2 = F0[o0 + 2];
        const x1_3 = c3;
        const p1_0 = F1[o1], p1_1 = F1[o1 + 1], p1_2 = F1[o1 + 2];
        let p2_0 = 0, p2_1 = 0, p2_2 = 0;
        let p3_0 = 0;
        let p4_0 = 0, p4_1 = 0, p4_2 = 0, p4_3 = 0;
        let p5_0 = 0, p5_1 = 0;
        kbody: {
          let r1 = 0;
          {
            let h0_p_x = p0_0;
            h0: {
              let h0_l_x = h0_p_x;
              const t2 = fround(h0_l_x + 1000);
              h0_l_x = t2;
              r1 = h0_l_x;
              break h0;
            }
          }
          let r4 = 0, r5 = 0, r6 = 0;
          {
            let h3_p_a_0 = p0_0, h3_p_a_1 = p0_1, h3_p_a_2 = p0_2;
            let h3_p_b_0 = p1_0, h3_p_b_1 = p1_1, h3_p_b_2 = p1_2;
            h3: {
              const t7 = fround(h3_p_a_0 + h3_p_b_0);
              const t8 = fround(h3_p_a_1 + h3_p_b_1);
              const t9 = fround(h3_p_a_2 + h3_p_b_2);
              const t10 = fround(t7 * 0.5);
              const t11 = fround(t8 * 0.5);
              const t12 = fround(t9 * 0.5);
              r4 = t10;
              r5 = t11;
              r6 = t12;
              break h3;
            }
          }
          p2_0 = r4;
          p2_1 = r5;
          p2_2 = r6;
          const t14 = fround(p0_0 - p1_0);
          const t15 = fround(p0_1 - p1_1);
          const t16 = fround(p0_2 - p1_2);
          let r17 = 0;
          {
            let h13_p_v_0 = t14, h13_p_v_1 = t15, h13_p_v_2 = t16;
            h13: {
              let r19 = 0;
              {
                let h18_p_x = h13_p_v_0;
                h18: {
                  const t20 = fround(h18_p_x * h18_p_x);
                  r19 = t20;
                  break h18;
                }
              }
              let r22 = 0;
              {
                let h21_p_x = h13_p_v_1;
                h21: {
                  const t23 = fround(h21_p_x * h21_p_x);
                  r22 = t23;
                  break h21;
                }
              }
              const t24 = fround(r19 + r22);
              let r26 = 0;
              {
                let h25_p_x = h13_p_v_2;
                h25: {
                  const t27 = fround(h25_p_x * h25_p_x);
                  r26 = t27;
                  break h25;
                }
              }
              const t28 = fround(t24 + r26);
              r17 = t28;
              break h13;
            }
          }
          p3_0 = r17;
          let r30 = 0;
          {
            let h29_p_s = p0_0;
            h29: {
              r30 = x0_3;
              break h29;
            }
          }
          let r32 = 0;
          {
            let h31_p_s = p1_0;
            h31: {
              r32 = x1_3;
              break h31;
            }
          }
          p4_0 = p0_0;
          p4_1 = r1;
          p4_2 = r30;
          p4_3 = r32;
          let r34 = 0, r35 = 0;
          {
            let h33_p_a = p0_1;
            let h33_p_b = p1_1;
            h33: {
              let h33_l_s_0 = 0, h33_l_s_1 = 0;
              const t36 = Math.min(h33_p_a, h33_p_b);
              h33_l_s_0 = t36;
              const t37 = Math.max(h33_p_a, h33_p_b);
              h33_l_s_1 = t37;
              r34 = h33_l_s_0;
              r35 = h33_l_s_1;
              break h33;
            }
          }
          p5_0 = r34;
          p5_1 = r35;
        }
        F2[o2] = p2_0;
        F2[o2 + 1] = p2_1;
        F2[o2 + 2] = p2_2;
        F3[o3] = p3_0;
        F4[o4] = p4_0;
        F4[o4 + 1] = p4_1;
        F4[o4 + 2] = p4_2;
        F4[o4 + 3] = p4_3;
        F5[o5] = p5_0;
        F5[o5 + 1] = p5_1;
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