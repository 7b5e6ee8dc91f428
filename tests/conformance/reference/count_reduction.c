#include "ref.h"
int main(void) {
  char text[] = "a cat can catch cicadas; the cook cooks cocoa in a cool cafe";
  int n = (int)strlen(text), count = 0, perblock[8] = {0}, i;
  for (i = 0; i < 64; i++) {
    int v = (i < n && text[i] == 'c') ? 1 : 0;
    count += v;
    perblock[i / 8] += v;
  }
  printf("%d c's in %d characters\n", count, n);
  for (i = 0; i < 8; i++) printf("%d ", perblock[i]);
  printf("\n");
  return 0;
}
