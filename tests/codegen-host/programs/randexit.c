#include <stdio.h>
#include <stdlib.h>
/* glibc rand sequences and exit() with a status. */
int main(int argc, char **argv) {
  int i;
  for (i = 0; i < 5; i++) printf("%d\n", rand());
  srand(2004);
  for (i = 0; i < 5; i++) printf("%d ", rand() % 1000);
  printf("\n");
  srand(argc > 1 ? atoi(argv[1]) : 7);
  float r = (float)rand() / RAND_MAX;
  printf("%.6f\n", r);
  fprintf(stderr, "leaving with 42\n");
  exit(42);
  printf("not reached\n");
  return 0;
}
