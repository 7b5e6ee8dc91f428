/* A class defined in a variable declaration, `static class C {...} c;` (garray.h's growing array
 * macro, rapid_collide): its methods, constructor and destructor (run at exit by C++, not here:
 * it only frees memory). */
#include <stdio.h>
#include <stdlib.h>
static class Arr {
  int *root;
  int n;
public:
  Arr() { n = 0; root = NULL; }
  ~Arr() { SetLimit(0); }
  void SetLimit(int k) { if (k == 0) { if (root) { free(root); root = NULL; } } else root = (int *)realloc(root, k * sizeof(int)); }
  int get() const { return n; }
  void push(int v) { SetLimit(n + 1); root[n++] = v; }
  int &operator[](int i) { return root[i]; }
} arr;
int main() { arr.push(4); arr.push(5); arr[0] += 10; printf("%d %d %d\n", arr.get(), arr[0], arr[1]); return 0; }
