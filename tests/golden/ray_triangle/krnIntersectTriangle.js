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
  const F2 = L.args[2].F;
  const A2 = L.args[2], B2 = A2.base;
  const F3 = L.args[3].F;
  const A3 = L.args[3], B3 = A3.base;
  let i = start;
  while (i < end) {
    let stop = end;
    let o0 = (B0 + i) * 7;
    let o2 = (B2 + i) * 4;
    let o3 = (B3 + i) * 4;
    for (; i < stop; i++, o0 += 7, o2 += 4, o3 += 4) {
      el: {
        const p0_0 = F0[o0], p0_1 = F0[o0 + 1], p0_2 = F0[o0 + 2], p0_3 = F0[o0 + 3], p0_4 = F0[o0 + 4], p0_5 = F0[o0 + 5], p0_6 = F0[o0 + 6];
        const p2_0 = F2[o2], p2_1 = F2[o2 + 1], p2_2 = F2[o2 + 2], p2_3 = F2[o2 + 3];
        let p3_0 = 0, p3_1 = 0, p3_2 = 0, p3_3 = 0;
        kbody: {
          let v_l_idx = 0;
          let v_l_det = 0;
          let v_l_inv_det = 0;
          let v_l_edge1_0 = 0, v_l_edge1_1 = 0, v_l_edge1_2 = 0;
          let v_l_edge2_0 = 0, v_l_edge2_1 = 0, v_l_edge2_2 = 0;
          let v_l_pvec_0 = 0, v_l_pvec_1 = 0, v_l_pvec_2 = 0;
          let v_l_tvec_0 = 0, v_l_tvec_1 = 0, v_l_tvec_2 = 0;
          let v_l_qvec_0 = 0, v_l_qvec_1 = 0, v_l_qvec_2 = 0;
          const t0 = (p2_1 > 0);
          if (t0) {
            v_l_idx = p2_3;
            const t1 = (gidx(v_l_idx, G1e3) + G1l3) * G1s3;
            const t2 = ((t1) * 9) | 0;
            const t3 = G1F[t2];
            const t4 = G1F[t2 + 1];
            const t5 = G1F[t2 + 2];
            const t6 = G1F[t2 + 3];
            const t7 = G1F[t2 + 4];
            const t8 = G1F[t2 + 5];
            const t9 = G1F[t2 + 6];
            const t10 = G1F[t2 + 7];
            const t11 = G1F[t2 + 8];
            const t12 = (gidx(v_l_idx, G1e3) + G1l3) * G1s3;
            const t13 = ((t12) * 9) | 0;
            const t14 = G1F[t13];
            const t15 = G1F[t13 + 1];
            const t16 = G1F[t13 + 2];
            const t17 = G1F[t13 + 3];
            const t18 = G1F[t13 + 4];
            const t19 = G1F[t13 + 5];
            const t20 = G1F[t13 + 6];
            const t21 = G1F[t13 + 7];
            const t22 = G1F[t13 + 8];
            const t23 = fround(t6 - t14);
            const t24 = fround(t7 - t15);
            const t25 = fround(t8 - t16);
            v_l_edge1_0 = t23;
            v_l_edge1_1 = t24;
            v_l_edge1_2 = t25;
            const t26 = (gidx(v_l_idx, G1e3) + G1l3) * G1s3;
            const t27 = ((t26) * 9) | 0;
            const t28 = G1F[t27];
            const t29 = G1F[t27 + 1];
            const t30 = G1F[t27 + 2];
            const t31 = G1F[t27 + 3];
            const t32 = G1F[t27 + 4];
            const t33 = G1F[t27 + 5];
            const t34 = G1F[t27 + 6];
            const t35 = G1F[t27 + 7];
            const t36 = G1F[t27 + 8];
            const t37 = (gidx(v_l_idx, G1e3) + G1l3) * G1s3;
            const t38 = ((t37) * 9) | 0;
            const t39 = G1F[t38];
            const t40 = G1F[t38 + 1];
            const t41 = G1F[t38 + 2];
            const t42 = G1F[t38 + 3];
            const t43 = G1F[t38 + 4];
            const t44 = G1F[t38 + 5];
            const t45 = G1F[t38 + 6];
            const t46 = G1F[t38 + 7];
            const t47 = G1F[t38 + 8];
            const t48 = fround(t34 - t39);
            const t49 = fround(t35 - t40);
            const t50 = fround(t36 - t41);
            v_l_edge2_0 = t48;
            v_l_edge2_1 = t49;
            v_l_edge2_2 = t50;
            const t51 = fround(fround(p0_4 * v_l_edge2_2) - fround(p0_5 * v_l_edge2_1));
            const t52 = fround(fround(p0_5 * v_l_edge2_0) - fround(p0_3 * v_l_edge2_2));
            const t53 = fround(fround(p0_3 * v_l_edge2_1) - fround(p0_4 * v_l_edge2_0));
            v_l_pvec_0 = t51;
            v_l_pvec_1 = t52;
            v_l_pvec_2 = t53;
            const t54 = fround(fround(fround(v_l_edge1_0 * v_l_pvec_0) + fround(v_l_edge1_1 * v_l_pvec_1)) + fround(v_l_edge1_2 * v_l_pvec_2));
            v_l_det = t54;
            const t55 = fround(1 / v_l_det);
            v_l_inv_det = t55;
            const t56 = (gidx(v_l_idx, G1e3) + G1l3) * G1s3;
            const t57 = ((t56) * 9) | 0;
            const t58 = G1F[t57];
            const t59 = G1F[t57 + 1];
            const t60 = G1F[t57 + 2];
            const t61 = G1F[t57 + 3];
            const t62 = G1F[t57 + 4];
            const t63 = G1F[t57 + 5];
            const t64 = G1F[t57 + 6];
            const t65 = G1F[t57 + 7];
            const t66 = G1F[t57 + 8];
            const t67 = fround(p0_0 - t58);
            const t68 = fround(p0_1 - t59);
            const t69 = fround(p0_2 - t60);
            v_l_tvec_0 = t67;
            v_l_tvec_1 = t68;
            v_l_tvec_2 = t69;
            const t70 = fround(fround(fround(v_l_tvec_0 * v_l_pvec_0) + fround(v_l_tvec_1 * v_l_pvec_1)) + fround(v_l_tvec_2 * v_l_pvec_2));
            const t71 = fround(t70 * v_l_inv_det);
            p3_1 = t71;
            const t72 = fround(fround(v_l_tvec_1 * v_l_edge1_2) - fround(v_l_tvec_2 * v_l_edge1_1));
            const t73 = fround(fround(v_l_tvec_2 * v_l_edge1_0) - fround(v_l_tvec_0 * v_l_edge1_2));
            const t74 = fround(fround(v_l_tvec_0 * v_l_edge1_1) - fround(v_l_tvec_1 * v_l_edge1_0));
            v_l_qvec_0 = t72;
            v_l_qvec_1 = t73;
            v_l_qvec_2 = t74;
            const t75 = fround(fround(fround(p0_3 * v_l_qvec_0) + fround(p0_4 * v_l_qvec_1)) + fround(p0_5 * v_l_qvec_2));
            const t76 = fround(t75 * v_l_inv_det);
            p3_2 = t76;
            const t77 = fround(fround(fround(v_l_edge2_0 * v_l_qvec_0) + fround(v_l_edge2_1 * v_l_qvec_1)) + fround(v_l_edge2_2 * v_l_qvec_2));
            const t78 = fround(t77 * v_l_inv_det);
            p3_0 = t78;
            p3_3 = v_l_idx;
          } else {
            p3_0 = 0;
            p3_1 = 0;
            p3_2 = 0;
            p3_3 = (-1);
          }
        }
        F3[o3] = p3_0;
        F3[o3 + 1] = p3_1;
        F3[o3 + 2] = p3_2;
        F3[o3 + 3] = p3_3;
      }
    }
  }
}
const combine = null, combineAt = null;
return { run, combine, combineAt };