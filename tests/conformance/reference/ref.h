/*
 * Helpers for the plain-C reference translations of the conformance programs. Each helper follows
 * /work/shared/BROOK.md literally; nothing here comes from the Brook implementation.
 * Compiled with gcc -O0 -ffloat-store -fno-fast-math so every float operation rounds to float32.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>

/* streamPrint of one float component: |v| < 1e-6 prints 0.00; inf and NaN by name; else %3.2f. */
static void ref_pf(float v) {
  if (isnan(v)) printf("NaN");
  else if (isinf(v)) printf(v > 0 ? "inf" : "-inf");
  else if (fabsf(v) < 1e-6f) printf("0.00");
  else printf("%3.2f", v);
}

/*
 * streamPrint of n elements with ncomp float components each (structs flattened in field order):
 * scalars as "%3.2f " (trailing space), vectors/structs as "{a, b}" (no space between elements: BROOK.md
 * writes the scalar form with its space and the vector form without), and a newline after every `last`
 * elements (last = the last, fastest extent).
 */
static void ref_print(const float *d, int n, int ncomp, int last) {
  for (int i = 0; i < n; i++) {
    if (ncomp == 1) {
      ref_pf(d[i]);
      printf(" ");
    } else {
      printf("{");
      for (int c = 0; c < ncomp; c++) {
        ref_pf(d[i * ncomp + c]);
        if (c < ncomp - 1) printf(", ");
      }
      printf("}");
    }
    if ((i + 1) % last == 0) printf("\n");
  }
}

/* Gather index: floor(i + 0.25), clamped to [0, extent - 1]. */
static int ref_gi(float i, int extent) {
  float f = floorf(i + 0.25f);
  if (f < 0) return 0;
  if (f > extent - 1) return extent - 1;
  return (int)f;
}

/* Shape resizing (BROOK.md 4): input index = floor(out_index * in_extent / out_extent) in integers,
 * no texel-centre offset (1..10 onto 5 -> 13579, 123456789 onto 5 -> 12468). */
static int ref_rs(int o, int in_extent, int out_extent) { return (int)(((long)o * in_extent) / out_extent); }

/* Cg built-ins as BROOK.md section 7 defines them. */
static float ref_frac(float x) { return x - floorf(x); }
static float ref_step(float a, float x) { return x >= a ? 1.0f : 0.0f; }
static float ref_lerp(float a, float b, float s) { return a + s * (b - a); }
static float ref_saturate(float x) { return x < 0 ? 0.0f : (x > 1 ? 1.0f : x); }
static float ref_clamp(float x, float lo, float hi) { return x < lo ? lo : (x > hi ? hi : x); }
static float ref_sign(float x) { return x > 0 ? 1.0f : (x < 0 ? -1.0f : 0.0f); }
static float ref_smoothstep(float a, float b, float x) {
  float t = ref_saturate((x - a) / (b - a));
  return t * t * (3.0f - 2.0f * t);
}
