#include "ref.h"
int main(int argc, char **argv) {
  int n, i;
  float k;
  printf("argc %d\n", argc);
  for (i = 1; i < argc; i++) printf("argv[%d] = \"%s\"\n", i, argv[i]);
  if (argc < 4) { printf("usage: host_argv N K WORD\n"); return 1; }
  n = atoi(argv[1]);
  k = atof(argv[2]);
  printf("n=%d k=%g word=%s\n", n, k, argv[3]);
  for (i = 0; i < n; i++) printf("%g ", (float)i * k + 1.0f);
  printf("\n");
  return 0;
}
