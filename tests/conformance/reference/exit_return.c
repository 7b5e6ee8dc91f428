#include "ref.h"
int main(void) {
  float total = 1.0f + 2.0f + 3.0f + 4.0f;
  printf("total %g\n", total);
  if (total > 5) return 3;
  printf("not reached\n");
  return 0;
}
