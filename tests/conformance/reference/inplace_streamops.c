/* Reference for inplace_streamops.br: the index and data of each operation are copied before it
   runs; then the seeds' textbook forms (BROOK.md 6) apply in element order. */
#include <stdio.h>
#include <string.h>

int main(void) {
  float x[4] = {10, 20, 30, 40};
  float ix[4] = {3, 2, 1, 0};
  float s[4], before[4], idx[4];
  int i;
  memcpy(idx, ix, sizeof idx);
  memcpy(s, x, sizeof s);
  memcpy(before, s, sizeof s);
  for (i = 0; i < 4; i++) s[i] = before[(int)idx[i]]; /* dst[i] = src[index[i]], FETCH leaves src */
  printf("fetch from itself:");
  for (i = 0; i < 4; i++) printf(" %g", s[i]);
  printf("\n");
  memcpy(s, x, sizeof s);
  memcpy(before, s, sizeof s);
  for (i = 0; i < 4; i++) s[(int)idx[i]] = before[i]; /* dst[index[i]] = data[i] */
  printf("scatter into itself:");
  for (i = 0; i < 4; i++) printf(" %g", s[i]);
  printf("\n");
  memcpy(s, ix, sizeof s);
  memcpy(before, s, sizeof s); /* the index, read before the call */
  for (i = 0; i < 4; i++) s[(int)before[i]] += idx[i];
  printf("index is the target:");
  for (i = 0; i < 4; i++) printf(" %g", s[i]);
  printf("\n");
  return 0;
}
