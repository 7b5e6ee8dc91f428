#include <stdio.h>
/* Structured gotos: forward out of nested loops, backward retry, forward skip in a switch. */
int find(int *a, int n, int key) {
  int i, j;
  for (i = 0; i < n; i++)
    for (j = 0; j < 2; j++)
      if (a[i] + j == key) goto found;
  return -1;
found:
  return i * 10 + j;
}
int main(void) {
  int data[5] = {4, 8, 15, 16, 23};
  int tries = 0, i, acc = 0;
  printf("%d %d %d\n", find(data, 5, 16), find(data, 5, 17), find(data, 5, 42));
retry:
  tries++;
  for (i = 0; i < 10; i++) {
    if (i == 3) continue;
    if (i == 6) break;
    acc += i;
  }
  if (tries < 4) goto retry;
  printf("tries=%d acc=%d\n", tries, acc);
  for (i = 0; i < 3; i++) {
    switch (i) {
      case 0: goto skip;
      case 1: acc += 1000; break;
      default: acc += 1;
    }
    acc += 5;
  skip:
    acc += 100;
  }
  printf("acc=%d\n", acc);
  return 0;
}
