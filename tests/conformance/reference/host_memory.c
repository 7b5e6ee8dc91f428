#include "ref.h"
typedef struct { float x, y; } float2;
typedef struct { float w; float2 p; } Item;
int main(void) {
  int n = 6, i;
  float out[6], res[6], flat[12];
  Item items[6], copy;
  int count = 0;
  float total = 0;
  for (i = 0; i < n; i++) out[i] = (-2.0f + (float)i) * 2;
  for (i = 0; i < n; i++) printf("%g ", out[i]);
  printf("\n");
  for (i = 0; i < n; i++) { if (out[i] > 0) count++; total += out[i]; }
  printf("positive %d total %g\n", count, total);
  for (i = 0; i < n; i++) { items[i].w = i + 1; items[i].p.x = i; items[i].p.y = 0.5f; }
  copy = items[2];
  copy.w = 100.0f;
  items[5] = copy;
  for (i = 0; i < n; i++) res[i] = items[i].w * (items[i].p.x + items[i].p.y);
  for (i = 0; i < n; i++) printf("%g ", res[i]);
  printf("\n");
  for (i = 0; i < 12; i++) flat[i] = 2.0f * i;
  for (i = 0; i < 6; i++) printf("%g ", flat[6 + i]);
  printf("\n");
  printf("sizeof(Item) %d\n", (int)sizeof(Item));
  return 0;
}
