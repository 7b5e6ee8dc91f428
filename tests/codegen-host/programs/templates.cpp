/* Simple C++ templates (docs/CXX.md): class templates with methods in and outside the class, an
   integer parameter, nested instances, function templates with explicit and deduced arguments.
   Must print what g++ prints. */
#include <stdio.h>

template <typename T> T larger(T a, T b) { return a > b ? a : b; }

template <class T, int N> T total(const T* v) {
  T sum = 0;
  for (int i = 0; i < N; i++) sum += v[i];
  return sum;
}

template <class T> void swapValues(T* a, T* b) { T t = *a; *a = *b; *b = t; }

template <class T> class Stack {
 public:
  Stack() : count(0) {}
  void push(T v) { items[count++] = v; }
  T pop();
  int size() const { return count; }
  bool empty() const { return count == 0; }
 private:
  T items[16];
  int count;
};

template <class T> T Stack<T>::pop() { return items[--count]; }

template <class A, class B> struct Pair {
  A first;
  B second;
  Pair(A a, B b) : first(a), second(b) {}
  Pair<A, B> withSecond(B b) const { return Pair<A, B>(first, b); }
};

struct Point { int x, y; };

template <class T> struct Box {
  T value;
  Box(T v) : value(v) {}
  T get() const { return value; }
};

/* First used inside another template's arguments: Box<Cell> is placed (after Cell) before
   Box<Box<Cell> >. */
struct Cell { int n; };
int unwrap(Box<Box<Cell> > b) { return b.value.value.n; }

int main(void) {
  Stack<int> s;
  for (int i = 0; i < 5; i++) s.push(i * i);
  printf("size %d\n", s.size());
  while (!s.empty()) printf("%d ", s.pop());
  printf("\n");
  Stack<float> f;
  f.push(1.5f);
  f.push(2.25f);
  float top = f.pop();
  printf("%.2f %.2f\n", top, f.pop());
  Pair<int, double> p(3, 0.5);
  Pair<int, double> q = p.withSecond(2.5);
  printf("%d %.2f / %d %.2f\n", p.first, p.second, q.first, q.second);
  int a = 4, b = 9;
  float x = 2.5f;
  double d = -1.0;
  printf("%d %.2f %.2f %d\n", larger(a, 7), larger(x, 1.0f), larger(d, -2.0), larger<int>(3, 8));
  swapValues(&a, &b);
  printf("%d %d\n", a, b);
  float v[4] = { 1.0f, 2.0f, 3.5f, 4.0f };
  int w[3] = { 7, 8, 9 };
  printf("%.2f %d\n", total<float, 4>(v), total<int, 3>(w));
  Point pt = { 2, 3 };
  Box<Point> bp(pt);
  Box<int> inner(42);
  Box<Box<int> > bb(inner);
  printf("%d %d %d\n", bp.get().x, bp.value.y, bb.get().get());
  Cell cell = { 6 };
  Box<Cell> boxed(cell);
  Box<Box<Cell> > wrapped(boxed);
  printf("%d\n", unwrap(wrapped));
  return 0;
}
