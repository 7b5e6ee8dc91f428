#include "ref.h"
int main(void) {
  int i;
  float data[100];
  float total;
  printf("RAND_MAX %d\n", RAND_MAX);
  for (i = 0; i < 5; i++) printf("%d ", rand());
  printf("\n");
  srand(42);
  for (i = 0; i < 5; i++) printf("%d ", rand());
  printf("\n");
  srand(0);
  for (i = 0; i < 3; i++) printf("%d ", rand());
  printf("\n");
  srand(1);
  for (i = 0; i < 3; i++) printf("%d ", rand());
  printf("\n");
  srand(2004);
  for (i = 0; i < 10; i++) printf("%d ", rand() % 100);
  printf("\n");
  for (i = 0; i < 100; i++) data[i] = (float)(rand() % 1000);
  total = data[0];
  for (i = 1; i < 100; i++) total += data[i];
  printf("sum of 100 draws: %g\n", total);
  printf("unit: %.6f\n", rand() / (float)RAND_MAX);
  return 0;
}
