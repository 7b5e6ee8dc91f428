/* C++ value-initialization of plain structs, as subdivision's splyload.cpp writes it:
 * `ret.push_back(STri())` (a zeroed temporary of a struct without constructors, through a typedef or
 * the tag), then filled through back(). Must print what g++ prints. */
#include <stdio.h>
#include <vector>

typedef struct Tri_t { float a[3]; float w; int id; } Tri;
struct Box { Tri lo; Tri hi; int n; };

float sum(const Tri &t) { return t.a[0] + t.a[1] + t.a[2] + t.w + (float) t.id; }

int main(int argc, char **argv) {
  std::vector<Tri> ret;
  for (int i = 0; i < argc + 2; i++) {
    ret.push_back(Tri());
    if (i % 2 == 0) {
      ret.back().a[1] = 1.5f * (float) i;
      ret.back().id = i;
    }
  }
  for (unsigned int i = 0; i < ret.size(); i++) printf("%u: %g %g %d sum %g\n", i, ret[i].a[0], ret[i].a[1], ret[i].id, sum(ret[i]));
  Box b = Box();
  b.lo.w = 2.0f;
  Box c = b;
  c = Box();
  Tri_t t = Tri_t();
  printf("box %g %g %d, reset %g %d, tag %g %d\n", b.lo.w, b.hi.a[2], b.n, c.lo.w, c.n, t.w, t.id);
  printf("direct %g\n", sum(Tri()));
  return 0;
}
