#include "ref.h"
void check(float v) {
  if (v < 0) { printf("negative value %g, giving up\n", v); exit(5); }
  printf("ok %g\n", v);
}
int main(void) {
  int i;
  for (i = 0; i < 4; i++) check(2.0f - (float)i);
  printf("not reached\n");
  return 0;
}
