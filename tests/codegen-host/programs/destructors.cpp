/* Destructors (docs/CXX.md): run at the end of a scope in reverse order of construction, on return
 * (after the value; a returned local goes to the caller), break and continue; `delete p` runs it
 * first; a member object's destructor runs after its class's, a base's after the derived one's. */
#include <stdio.h>
#include <stdlib.h>
int order = 0;
struct Tracer {
  int id;
  Tracer(int i) : id(i) { printf("ctor %d\n", id); }
  ~Tracer() { printf("dtor %d (%d)\n", id, order++); }
  int get() const { return id; }
};
struct Pair {
  Tracer a;
  Tracer b;
  Pair(int x) : a(x), b(x + 1) { printf("pair %d\n", x); }
  ~Pair() { printf("~pair\n"); }
};
struct Derived : public Tracer {
  int *buf;
  Derived(int i) : Tracer(i) { buf = (int *)malloc(4 * sizeof(int)); buf[0] = i; printf("derived %d\n", i); }
  ~Derived() { printf("~derived %d\n", buf[0]); free(buf); }
};
struct Holder { Tracer t; int n; Holder() : t(50), n(1) {} };
int early(int k) {
  Tracer a(10);
  if (k > 0) {
    Tracer b(11);
    return b.get() + k;
  }
  Tracer c(12);
  return c.get();
}
Tracer make(int i) {
  Tracer t(i);
  printf("making %d\n", i);
  return t;
}
int loop() {
  int sum = 0;
  for (int i = 0; i < 4; i++) {
    Tracer t(20 + i);
    if (i == 1) continue;
    if (i == 3) break;
    sum += t.get();
  }
  while (sum > 0) {
    Tracer w(30);
    sum = 0;
  }
  return sum;
}
int main() {
  {
    Tracer x(1);
    Tracer y(2);
    printf("inner\n");
  }
  printf("early %d\n", early(1));
  printf("early %d\n", early(0));
  {
    Tracer m = make(7);
    printf("made %d\n", m.get());
  }
  loop();
  Pair *p = new Pair(40);
  delete p;
  Derived *d = new Derived(60);
  delete d;
  Tracer *none = 0;
  delete none;
  { Holder h; printf("holder %d\n", h.n); }
  { Derived local(70); printf("local %d\n", local.get()); }
  for (int i = 0; i < 2; i++) { Pair q(80 + i); }
  Tracer last(99);
  printf("end\n");
  return 0;
}
