/* C++ function overloading by arity and by argument types, prototypes included. Must print what
   g++ prints. */
#include <stdio.h>

struct Particle { float x, v; };

float area(float side);
float area(float w, float h) { return w * h; }
float area(float side) { return side * side; }
int twice(int v) { return v * 2; }
double twice(double v) { return v * 2.5; }
void step(Particle* p, int n, float dt) { for (int i = 0; i < n; i++) p[i].x += p[i].v * dt; }
void step(Particle* begin, Particle* end) { for (Particle* p = begin; p < end; p++) p->v += 1.0f; }
void describe(const char* s) { printf("string %s\n", s); }
void describe(int v) { printf("int %d\n", v); }
void describe(double v) { printf("double %.3f\n", v); }
void fill(int& out) { out = 7; }
void fill(float& out, float v) { out = v; }

int main(void) {
  Particle ps[3] = { { 0.0f, 1.0f }, { 1.0f, 2.0f }, { 2.0f, -1.0f } };
  step(ps, ps + 3);
  step(ps, 3, 0.5f);
  for (int i = 0; i < 3; i++) printf("%.2f %.2f\n", ps[i].x, ps[i].v);
  printf("%.2f %.2f %d %.2f\n", area(3.0f), area(2.0f, 4.5f), twice(21), twice(2.0));
  describe("x");
  describe(42);
  describe(1.25);
  int a = 0;
  float b = 0.0f;
  fill(a);
  fill(b, 2.5f);
  printf("%d %.1f\n", a, b);
  return 0;
}
