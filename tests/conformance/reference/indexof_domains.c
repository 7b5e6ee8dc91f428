#include "ref.h"
int main(void) {
  float p1[12], p2[12], z[20], sub[3], gr[5];
  float L[10] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9};
  float I[5] = {-1, 0, 1, 2, 9};
  int i, j;
  for (i = 0; i < 3; i++) { p1[4 * i] = i; p1[4 * i + 1] = 0; p1[4 * i + 2] = 0; p1[4 * i + 3] = 0; }
  ref_print(p1, 3, 4, 3);
  for (i = 0; i < 2; i++)
    for (j = 0; j < 3; j++) { p2[2 * (i * 3 + j)] = j + 0; p2[2 * (i * 3 + j) + 1] = i + 0; }
  ref_print(p2, 6, 2, 3);
  for (i = 0; i < 20; i++) z[i] = 0;
  /* domain int2(1,1)..int2(4,3): columns 1..3, rows 1..2; indexof relative to the domain */
  for (i = 0; i < 2; i++)
    for (j = 0; j < 3; j++) z[(1 + i) * 5 + 1 + j] = 100.0f + j + 10.0f * i;
  ref_print(z, 20, 1, 5);
  /* input domain l[4..7) has 3 elements, output 3: no resizing */
  for (i = 0; i < 3; i++) sub[i] = L[4 + i];
  ref_print(sub, 3, 1, 3);
  /* gather over l[2..6): extent 4, index clamped to [0, 3] relative to the domain */
  for (i = 0; i < 5; i++) gr[i] = L[2 + ref_gi(I[i], 4)];
  ref_print(gr, 5, 1, 5);
  return 0;
}
