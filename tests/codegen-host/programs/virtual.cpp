/* C++ virtual functions with single inheritance (docs/CXX.md): calls through a base pointer, a base
   reference and from a base's own method reach the override of the object's class (two levels
   deep, one class inheriting its base's override, one defined outside its class), a pure virtual
   interface, a class without constructors in the hierarchy (over an empty base), and constructors that call a virtual
   (the class being constructed answers, as C++). Must print what g++ prints. */
#include <stdio.h>

struct Shape {
  float scale;
  Shape() : scale(1.0f) {}
  virtual ~Shape() {}
  virtual float Area() const = 0;
  virtual const char* Name() const { return "shape"; }
  float Scaled() const { return Area() * scale; }
  void Describe() const { printf("%s %.2f %.2f\n", Name(), Area(), Scaled()); }
};

struct Square : public Shape {
  float side;
  Square(float s) : side(s) {}
  float Area() const { return side * side; }
  const char* Name() const { return "square"; }
};

struct Cube : public Square {
  Cube(float s) : Square(s) { scale = 6.0f; }
  virtual float Area() const;
};

float Cube::Area() const { return 6.0f * side * side; }

struct Disc : public Shape {
  float r;
  Disc(float r_) : r(r_) { printf("made %s\n", Name()); }
  float Area() const { return 3.0f * r * r; }
};

struct Empty {};

struct Counter : public Empty {
  int n;
  virtual int Step(int by) { n += by; return n; }
};

struct Double : public Counter {
  virtual int Step(int by) override { n += 2 * by; return n; }
};

struct Base {
  Base() { printf("base sees %s\n", Who()); }
  virtual const char* Who() const { return "base"; }
};

struct Derived : public Base {
  Derived() { printf("derived sees %s\n", Who()); }
  const char* Who() const { return "derived"; }
};

float total(Shape** shapes, int n) {
  float sum = 0;
  for (int i = 0; i < n; i++) sum += shapes[i]->Area();
  return sum;
}

int stepTwice(Counter& c, int by) { c.Step(by); return c.Step(by); }

int main(void) {
  Square sq(2.0f);
  Cube cu(1.5f);
  Disc d(1.0f);
  Shape* shapes[3] = { &sq, &cu, &d };
  for (int i = 0; i < 3; i++) shapes[i]->Describe();
  printf("total %.2f\n", total(shapes, 3));
  Square* s = &cu;
  printf("%s %.2f\n", s->Name(), s->Area());
  const Shape& ref = cu;
  printf("ref %s %.2f\n", ref.Name(), ref.Area());
  Shape* heap = new Cube(2.0f);
  printf("heap %.2f %s\n", heap->Scaled(), heap->Name());
  delete heap;
  Counter c;
  c.n = 0;
  Double dd;
  dd.n = 100;
  printf("%d %d\n", stepTwice(c, 3), stepTwice(dd, 3));
  Counter* cp = &dd;
  printf("%d\n", cp->Step(1));
  Derived der;
  Base* b = &der;
  printf("%s\n", b->Who());
  return 0;
}
