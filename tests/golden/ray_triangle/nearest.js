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
  const V2 = L.args[2].value;
  const p2_0 = fround(V2[0]);
  const F3 = L.args[3].F;
  const A3 = L.args[3], B3 = A3.base;
  let i = start;
  while (i < end) {
    let stop = end;
    let o0 = (B0 + i) * 7;
    let o3 = (B3 + i) * 4;
    for (; i < stop; i++, o0 += 7, o3 += 4) {
      el: {
        const p0_0 = F0[o0], p0_1 = F0[o0 + 1], p0_2 = F0[o0 + 2], p0_3 = F0[o0 + 3], p0_4 = F0[o0 + 4], p0_5 = F0[o0 + 5], p0_6 = F0[o0 + 6];
        let p3_0 = 0, p3_1 = 0, p3_2 = 0, p3_3 = 0;
        kbody: {
          let v_l_i = 0;
          p3_0 = p0_6;
          p3_1 = 0;
          p3_2 = 0;
          p3_3 = (-1);
          {
            v_l_i = 0;
            L0: for (;;) {
              const t2 = (v_l_i < p2_0);
              if (!t2) break L0;
              C1: {
                const t3 = (gidx(v_l_i, G1e3) + G1l3) * G1s3;
                const t4 = ((t3) * 9) | 0;
                const t5 = G1F[t4];
                const t6 = G1F[t4 + 1];
                const t7 = G1F[t4 + 2];
                const t8 = G1F[t4 + 3];
                const t9 = G1F[t4 + 4];
                const t10 = G1F[t4 + 5];
                const t11 = G1F[t4 + 6];
                const t12 = G1F[t4 + 7];
                const t13 = G1F[t4 + 8];
                const t14 = (gidx(v_l_i, G1e3) + G1l3) * G1s3;
                const t15 = ((t14) * 9) | 0;
                const t16 = G1F[t15];
                const t17 = G1F[t15 + 1];
                const t18 = G1F[t15 + 2];
                const t19 = G1F[t15 + 3];
                const t20 = G1F[t15 + 4];
                const t21 = G1F[t15 + 5];
                const t22 = G1F[t15 + 6];
                const t23 = G1F[t15 + 7];
                const t24 = G1F[t15 + 8];
                const t25 = fround(t8 - t16);
                const t26 = fround(t9 - t17);
                const t27 = fround(t10 - t18);
                const t28 = (gidx(v_l_i, G1e3) + G1l3) * G1s3;
                const t29 = ((t28) * 9) | 0;
                const t30 = G1F[t29];
                const t31 = G1F[t29 + 1];
                const t32 = G1F[t29 + 2];
                const t33 = G1F[t29 + 3];
                const t34 = G1F[t29 + 4];
                const t35 = G1F[t29 + 5];
                const t36 = G1F[t29 + 6];
                const t37 = G1F[t29 + 7];
                const t38 = G1F[t29 + 8];
                const t39 = (gidx(v_l_i, G1e3) + G1l3) * G1s3;
                const t40 = ((t39) * 9) | 0;
                const t41 = G1F[t40];
                const t42 = G1F[t40 + 1];
                const t43 = G1F[t40 + 2];
                const t44 = G1F[t40 + 3];
                const t45 = G1F[t40 + 4];
                const t46 = G1F[t40 + 5];
                const t47 = G1F[t40 + 6];
                const t48 = G1F[t40 + 7];
                const t49 = G1F[t40 + 8];
                const t50 = fround(t36 - t41);
                const t51 = fround(t37 - t42);
                const t52 = fround(t38 - t43);
                const t53 = fround(fround(p0_4 * t52) - fround(p0_5 * t51));
                const t54 = fround(fround(p0_5 * t50) - fround(p0_3 * t52));
                const t55 = fround(fround(p0_3 * t51) - fround(p0_4 * t50));
                const t56 = fround(fround(fround(t25 * t53) + fround(t26 * t54)) + fround(t27 * t55));
                let v_l_tv_0 = 0, v_l_tv_1 = 0, v_l_tv_2 = 0;
                let v_l_qv_0 = 0, v_l_qv_1 = 0, v_l_qv_2 = 0;
                let v_l_u = 0;
                let v_l_v = 0;
                let v_l_t = 0;
                const t57 = (t56 === 0);
                if (t57) {
                  break C1;
                }
                const t58 = (gidx(v_l_i, G1e3) + G1l3) * G1s3;
                const t59 = ((t58) * 9) | 0;
                const t60 = G1F[t59];
                const t61 = G1F[t59 + 1];
                const t62 = G1F[t59 + 2];
                const t63 = G1F[t59 + 3];
                const t64 = G1F[t59 + 4];
                const t65 = G1F[t59 + 5];
                const t66 = G1F[t59 + 6];
                const t67 = G1F[t59 + 7];
                const t68 = G1F[t59 + 8];
                const t69 = fround(p0_0 - t60);
                const t70 = fround(p0_1 - t61);
                const t71 = fround(p0_2 - t62);
                v_l_tv_0 = t69;
                v_l_tv_1 = t70;
                v_l_tv_2 = t71;
                const t72 = fround(fround(fround(v_l_tv_0 * t53) + fround(v_l_tv_1 * t54)) + fround(v_l_tv_2 * t55));
                const t73 = fround(t72 / t56);
                v_l_u = t73;
                const t74 = fround(fround(v_l_tv_1 * t27) - fround(v_l_tv_2 * t26));
                const t75 = fround(fround(v_l_tv_2 * t25) - fround(v_l_tv_0 * t27));
                const t76 = fround(fround(v_l_tv_0 * t26) - fround(v_l_tv_1 * t25));
                v_l_qv_0 = t74;
                v_l_qv_1 = t75;
                v_l_qv_2 = t76;
                const t77 = fround(fround(fround(p0_3 * v_l_qv_0) + fround(p0_4 * v_l_qv_1)) + fround(p0_5 * v_l_qv_2));
                const t78 = fround(t77 / t56);
                v_l_v = t78;
                const t79 = fround(fround(fround(t50 * v_l_qv_0) + fround(t51 * v_l_qv_1)) + fround(t52 * v_l_qv_2));
                const t80 = fround(t79 / t56);
                v_l_t = t80;
                const t81 = (v_l_u >= 0);
                let t83 = t81;
                if (t83) {
                  const t82 = (v_l_v >= 0);
                  t83 = t82;
                }
                let t86 = t83;
                if (t86) {
                  const t84 = fround(v_l_u + v_l_v);
                  const t85 = (t84 <= 1);
                  t86 = t85;
                }
                let t88 = t86;
                if (t88) {
                  const t87 = (v_l_t > 0);
                  t88 = t87;
                }
                let t90 = t88;
                if (t90) {
                  const t89 = (v_l_t < p3_0);
                  t90 = t89;
                }
                if (t90) {
                  p3_0 = v_l_t;
                  p3_1 = v_l_u;
                  p3_2 = v_l_v;
                  p3_3 = v_l_i;
                }
              }
              const t91 = fround(v_l_i + 1);
              v_l_i = t91;
              if (--brk_n === 0) { brk_n = 4096; if (Atomics.load(brk_w, 0) !== 0) throw brk_stop; }
            }
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