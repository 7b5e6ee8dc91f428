/*
 * Host C loops for the bench's `host` group (bench/host.ts): valid C (gcc -O2 builds it with
 * host_driver.c) and valid Brook host code (our compiler builds it; the harness calls the functions).
 * Each job returns a sum the harness checks against a float64 reference.
 */
#include <stdlib.h>

#define N_ARRAY 1048576

float arr[N_ARRAY];
float *heap;
int *perm;

/* Fill and sum a malloc'ed block through a pointer (checks: one range check per loop). */
double fill_sum_heap(int n) {
  double s = 0.0;
  int i;
  for (i = 0; i < n; i++) heap[i] = (float)(i & 1023) * 0.5f;
  for (i = 0; i < n; i++) s += heap[i];
  return s;
}

/* Fill and sum a fixed-size global array (checks: none, the indices are proven in range). */
double fill_sum_array(int n) {
  double s = 0.0;
  int i;
  for (i = 0; i < N_ARRAY; i++) arr[i] = (float)(i & 1023) * 0.5f;
  for (i = 0; i < N_ARRAY; i++) s += arr[i];
  return s + 0.0 * n;
}

/* Sum the block in a scattered order (checks: one per heap[perm[i]] access, nothing to prove). */
double gather_sum(int n) {
  double s = 0.0;
  int i;
  for (i = 0; i < n; i++) s += heap[perm[i]];
  return s;
}

/* Allocate and fill the block and the permutation: within each run of 1024 elements, i * 7 mod 1024
   (7 is odd, so that is a permutation); local enough that the loop is not bound by cache misses. */
void setup(int n) {
  int i;
  heap = (float *)malloc(n * sizeof(float));
  perm = (int *)malloc(n * sizeof(int));
  for (i = 0; i < n; i++) perm[i] = (i & ~1023) | ((i * 7) & 1023);
  fill_sum_heap(n);
}

int main(void) {
  setup(N_ARRAY);
  return 0;
}
