// C++ calls the host generator inlines once lowered to C (codegen/host/inline.ts): reference
// parameters, methods on a local object, std::vector's push_back / size / []; and calls it keeps
// (recursion through a reference, an address kept in a global). g++ -O2 prints the same.
#include <stdio.h>
#include <vector>

static void accumulate(double &s, int &count, const float &v) {
  s += v;
  if (v > 500.0f) count++;
}

class Counter {
public:
  int hits;
  long total;
  Counter() : hits(0), total(0) {}
  void add(int v) { total += v; hits++; }
  int mean() const { return hits ? (int)(total / hits) : 0; }
  bool empty() const { return hits == 0; }
};

static int depth(int &calls, int n) { calls++; return n <= 0 ? 0 : 1 + depth(calls, n - 1); }

static int *seen;
static void remember(int &x) { seen = &x; }

int main() {
  double s = 0.0;
  int count = 0, i, calls = 0, watched = 3;
  Counter c;
  std::vector<int> v;
  for (i = 0; i < 3000; i++) {
    float f = (float)((i * 13) % 1000);
    accumulate(s, count, f);
    c.add(i % 7);
    v.push_back((i * 7 + 3) % 1000);
  }
  long sum = 0;
  for (i = 0; i < (int)v.size(); i++) sum += v[i];
  printf("%.17g %d %d %d %ld %u %d\n", s, count, c.mean(), (int)c.empty(), sum, (unsigned)v.size(), v[2999]);
  int d = depth(calls, 10);
  printf("%d %d\n", d, calls);
  remember(watched);
  *seen += 4;
  printf("%d\n", watched);
  return 0;
}
