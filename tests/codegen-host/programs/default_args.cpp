/* C++ default arguments (docs/CXX.md): on a definition, on a prototype, several trailing ones, with
   an overload of another arity, on constructors and on methods. Must print what g++ prints. */
#include <stdio.h>

float scale(float x, float by = 2.0f) { return x * by; }
int pack(int a, int b = 10, int c = 100);
int pack(int a, int b, int c) { return a + b * 2 + c * 3; }
void show(const char* label, int n = -1) { printf("%s:%d\n", label, n); }
double mix(double a) { return a; }
double mix(double a, double b, double t = 0.25) { return a + (b - a) * t; }

class Counter {
 public:
  int value, step;
  Counter(int start = 0, int by = 1) : value(start), step(by) {}
  int advance(int times = 1) { value += step * times; return value; }
};

int main(void) {
  printf("%.2f %.2f\n", scale(1.5f), scale(1.5f, 3.0f));
  printf("%d %d %d\n", pack(1), pack(1, 2), pack(1, 2, 3));
  show("none");
  show("seven", 7);
  printf("%.3f %.3f %.3f\n", mix(1.0), mix(0.0, 8.0), mix(0.0, 8.0, 0.5));
  Counter a;
  Counter b(5);
  Counter c(5, 3);
  a.advance();
  b.advance(4);
  c.advance();
  printf("%d %d %d\n", a.value, b.value, c.value);
  printf("%d\n", c.advance(2));
  return 0;
}
