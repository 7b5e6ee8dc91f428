/* C++'s named casts (docs/CXX.md): const_cast removes const from a pointer (rapid_collide's
   const_cast<csCdBBox*>(collide.GetBbox())), static_cast converts numbers and moves a pointer or a
   reference between a class and its base, reinterpret_cast reads a float's bits. Must print what
   g++ prints. */
#include <stdio.h>
#include <string.h>

struct Box {
  int id;
  float size;
};

struct Holder {
  Box box;
  const Box* Get() const { return &box; }
};

struct Base {
  int kind;
};

struct Derived : public Base {
  float extra;
};

int main(void) {
  Holder h;
  h.box.id = 7;
  h.box.size = 1.5f;
  Box* b = const_cast<Box*>(h.Get());
  b->size = static_cast<float>(b->id) / 2;
  printf("%d %.2f\n", h.box.id, h.box.size);
  double d = 7.9;
  int i = static_cast<int>(d) + static_cast<int>(-d);
  unsigned char c = static_cast<unsigned char>(300);
  printf("%d %d %.3f\n", i, c, static_cast<double>(1) / 3);
  Derived der;
  der.kind = 3;
  der.extra = 2.5f;
  Base* bp = static_cast<Base*>(&der);
  Derived* dp = static_cast<Derived*>(bp);
  Base& br = static_cast<Base&>(der);
  br.kind = 4;
  printf("%d %.1f %d\n", bp->kind, dp->extra, der.kind);
  float f = 1.0f;
  unsigned int bits;
  memcpy(&bits, reinterpret_cast<const char*>(&f), sizeof bits);
  printf("%x\n", bits);
  const int limit = 5;
  const int* lp = &limit;
  printf("%d\n", *const_cast<int*>(lp) + 1);
  return 0;
}
