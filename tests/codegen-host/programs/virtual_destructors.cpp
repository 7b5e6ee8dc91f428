/* Virtual destructors: `delete p` through a base pointer runs the destructor of the object's own class
 * (then its bases'), also when the base's virtual destructor is empty (Plain / Owner). */
#include <stdio.h>
#include <stdlib.h>
class Shape {
public:
  int id;
  Shape(int i) : id(i) {}
  virtual ~Shape() { printf("~Shape %d\n", id); }
  virtual int area() const { return 0; }
};
class Square : public Shape {
public:
  int *side;
  Square(int i, int s) : Shape(i) { side = (int *)malloc(sizeof(int)); *side = s; }
  ~Square() { printf("~Square %d\n", *side); free(side); }
  int area() const { return *side * *side; }
};
class Tagged : public Square {
public:
  Tagged(int i) : Square(i, 3) {}
  ~Tagged() { printf("~Tagged\n"); }
};
class Plain {
public:
  virtual ~Plain() {}
  virtual int f() { return 1; }
};
class Owner : public Plain {
public:
  int n;
  Owner() : n(5) {}
  ~Owner() { printf("~Owner %d\n", n); }
};
int main() {
  Shape *a = new Shape(1);
  Shape *b = new Square(2, 4);
  Shape *c = new Tagged(3);
  Plain *d = new Owner();
  printf("%d %d %d\n", a->area(), b->area(), c->area());
  delete a;
  delete b;
  delete c;
  delete d;
  { Square local(9, 2); }
  return 0;
}
