#include "ref.h"
int main(void) {
  int k = 0, i;
  for (i = 0; i < 6; i++) {
    switch (i) {
      case 1: k += 1; k += 2;
      case 2: k += 4; break;
      default:
        switch (i & 1) case 1: k += 100;
    }
    k += 7;
  }
  printf("host: %d\n", k);
  return 0;
}
