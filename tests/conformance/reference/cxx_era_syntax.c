#include "ref.h"
int main(void) {
  float *data = (float *)malloc(10 * sizeof(float));
  float a[10], b[10];
  int i;
  for (i = 0; i < 10; i++) data[i] = i * 0.5f;
  for (i = 0; i < 10; i++) a[i] = data[i];
  for (i = 0; i < 10; i++) b[i] = a[i] * 0.5f; /* keep = true */
  for (i = 0; i < 10; i++) printf("%3.2f ", b[i]);
  printf("\n");
  for (i = 0; i < 10; i++) b[i] = (a[i] > 2.0f) ? -a[i] : a[i] * 0.5f; /* keep = false */
  ref_print(b, 10, 1, 10);
  free(data);
  printf("done\n");
  return 0;
}
