/*
 * C baselines for the CPU cases (bench/cpuc.ts builds this with gcc -O2 when gcc is present).
 * The same loops as the plain JavaScript baselines (bench/jsloops.ts), in float32, one thread.
 *
 *   cpu_kernels KERNEL IN_FILE N [W]      KERNEL: saxpy | sum | stencil | gather | chain
 * IN_FILE holds the inputs as little-endian float32 (saxpy: x then y, 4N floats each; sum: 4N;
 * stencil: W*W; gather: table 4*W floats, then N indices as float32; chain: 4N). Then commands on stdin, one
 * per line: "r" runs the kernel once and answers "d"; "w PATH" writes the output (float32) to PATH
 * and answers "d"; "q" quits. Timing is done by the caller around "r" (a pipe round trip, ~20 us).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static float *read_floats(const char *path, size_t count) {
  FILE *f = fopen(path, "rb");
  if (!f) { perror(path); exit(2); }
  float *p = malloc(count * sizeof(float));
  if (fread(p, sizeof(float), count, f) != count) { fprintf(stderr, "%s: short read\n", path); exit(2); }
  fclose(f);
  return p;
}

static void saxpy(float a, const float *x, const float *y, float *r, size_t n4) {
  for (size_t i = 0; i < n4; i++) r[i] = a * x[i] + y[i];
}

static void sum4(const float *x, size_t n, float *out) {
  double s0 = 0, s1 = 0, s2 = 0, s3 = 0;
  for (size_t i = 0; i < n; i++) {
    s0 += x[4 * i]; s1 += x[4 * i + 1]; s2 += x[4 * i + 2]; s3 += x[4 * i + 3];
  }
  out[0] = (float)s0; out[1] = (float)s1; out[2] = (float)s2; out[3] = (float)s3;
}

/* 5-point stencil with clamped edges: r = 0.5 c + 0.125 (w + e + s + n). */
static void stencil(const float *g, float *r, int w) {
  for (int y = 0; y < w; y++) {
    const int ym = y > 0 ? y - 1 : 0, yp = y < w - 1 ? y + 1 : w - 1;
    for (int x = 0; x < w; x++) {
      const int xm = x > 0 ? x - 1 : 0, xp = x < w - 1 ? x + 1 : w - 1;
      r[y * w + x] = 0.5f * g[y * w + x] + 0.125f * (g[y * w + xm] + g[y * w + xp] + g[ym * w + x] + g[yp * w + x]);
    }
  }
}

/* Gather: r[i] = table[clamp(floor(idx[i] + 0.25))] (float4 elements), Brook's gather rule. */
static void gather(const float *table, int m, const float *idx, float *r, size_t n) {
  for (size_t i = 0; i < n; i++) {
    float f = idx[i] + 0.25f;
    int k = f >= 0 ? (f < m ? (int)f : m - 1) : 0;
    memcpy(r + 4 * i, table + 4 * (size_t)k, 16);
  }
}

/* The chain of four maps (bench/cases/chain4.br) in one loop: t1 = a x + b, t2 = t1^2, t3 = t2/2 - 1,
 * out = t3 + x, each rounded to float as the kernels store it (x86-64 -O2: no contraction into FMA). */
static void chain(float a, float b, const float *x, float *r, size_t n4) {
  for (size_t i = 0; i < n4; i++) {
    const float t1 = a * x[i] + b;
    const float t2 = t1 * t1;
    const float t3 = t2 * 0.5f - 1.0f;
    r[i] = t3 + x[i];
  }
}

int main(int argc, char **argv) {
  if (argc < 4) { fprintf(stderr, "usage: %s KERNEL IN_FILE N [W]\n", argv[0]); return 2; }
  const char *k = argv[1];
  size_t n = strtoull(argv[3], 0, 10);
  int w = argc > 4 ? atoi(argv[4]) : 0;
  float *in = 0, *out = 0;
  size_t outCount = 0;
  if (!strcmp(k, "saxpy")) { in = read_floats(argv[2], 8 * n); outCount = 4 * n; }
  else if (!strcmp(k, "sum")) { in = read_floats(argv[2], 4 * n); outCount = 4; }
  else if (!strcmp(k, "stencil")) { in = read_floats(argv[2], (size_t)w * w); outCount = (size_t)w * w; }
  else if (!strcmp(k, "gather")) { in = read_floats(argv[2], 4 * (size_t)w + n); outCount = 4 * n; }
  else if (!strcmp(k, "chain")) { in = read_floats(argv[2], 4 * n); outCount = 4 * n; }
  else { fprintf(stderr, "unknown kernel %s\n", k); return 2; }
  out = calloc(outCount, sizeof(float));
  char line[4096];
  while (fgets(line, sizeof line, stdin)) {
    if (line[0] == 'r') {
      if (!strcmp(k, "saxpy")) saxpy(2.5f, in, in + 4 * n, out, 4 * n);
      else if (!strcmp(k, "sum")) sum4(in, n, out);
      else if (!strcmp(k, "stencil")) stencil(in, out, w);
      else if (!strcmp(k, "chain")) chain(0.5f, 1.0f, in, out, 4 * n);
      else gather(in, w, in + 4 * (size_t)w, out, n);
    } else if (line[0] == 'w') {
      line[strcspn(line, "\n")] = 0;
      FILE *f = fopen(line + 2, "wb");
      if (!f || fwrite(out, sizeof(float), outCount, f) != outCount) { perror(line + 2); return 2; }
      fclose(f);
    } else if (line[0] == 'q') {
      return 0;
    }
    fputs("d\n", stdout);
    fflush(stdout);
  }
  return 0;
}
