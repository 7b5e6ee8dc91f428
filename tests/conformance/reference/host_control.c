#include "ref.h"
#define OFFSET 0.5f
#define N 8
#define SQUARE(x) ((x) * (x))
#define CLAMP01(v) ((v) < 0 ? 0 : ((v) > 1 ? 1 : (v)))
#define TWICE(x) (2 * (x))
#define BIG 1
typedef struct { int id; float score; } Entry;
int calls = 0;
int fact(int n) { calls++; return n <= 1 ? 1 : n * fact(n - 1); }
const char *kind(int v) {
  switch (v % 4) {
    case 0: return "zero";
    case 1:
    case 2: return "small";
    default: break;
  }
  return "other";
}
int main(void) {
  float out[N];
  Entry e;
  int i, j, k, total, vowels = 0;
  const char *word = "stream";
  for (i = 0; i < N; i++) { float a = (float)(i - 2); out[i] = SQUARE(a) + OFFSET; }
  for (i = 0; i < N; i++) printf("%g ", out[i]);
  printf("\n");
  printf("BIG=%d TWICE(3+1)=%d SQUARE(1+2)=%d CLAMP01(1.5)=%g\n", BIG, TWICE(3 + 1), SQUARE(1 + 2), CLAMP01(1.5));
  printf("OFFSET defined\n");
  for (i = 0; i < 7; i++) printf("%d:%s ", i, kind(i));
  printf("\n");
  total = 0; i = 10;
  do { total += i; i -= 3; } while (i > 0);
  printf("do-while total %d, i %d\n", total, i);
  k = 0;
  while (1) { k++; if (k % 2 == 0) continue; if (k > 9) break; total -= k; }
  printf("while total %d, k %d\n", total, k);
  for (i = 0, j = 10; i < j; i++, j--) total += i * j;
  printf("for total %d\n", total);
  {
    int f6 = fact(6);
    printf("fact(6)=%d after %d calls\n", f6, calls);
  }
  e.id = 7; e.score = 2.5f; e.score *= e.id > 5 ? 2 : 3;
  printf("entry %d %.1f\n", e.id, e.score);
  for (i = 0; word[i] != '\0'; i++) if (word[i] == 'a' || word[i] == 'e') vowels++;
  printf("vowels in %s: %d\n", word, vowels);
  i = 5; j = i++; j += ++i; --i;
  printf("i=%d j=%d\n", i, j);
  return 0;
}
