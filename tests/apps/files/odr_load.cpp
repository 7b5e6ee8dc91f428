#include <stdio.h>
#include "odr_vector.h"
/* Fills `out` with n triangles; its std::vector<Tri> methods are the same instance as main's. */
void load(std::vector<Tri> &out, int n) {
  for (int i = 0; i < n; i++) {
    Tri t;
    t.a = (float) i; t.b = (float) (i + 1); t.c = 0.5f * (float) i;
    out.push_back(t);
  }
  out.resize(out.size() + 1);
}
