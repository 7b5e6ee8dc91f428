/* std::map as host code uses it (docs/CXX.md): operator[] inserting and updating, find against
   end(), count, erase, ordered iteration with it->first / it->second, a class key with its own
   operator<, std::string keys. Must print what g++ prints. */
#include <stdio.h>
#include <map>
#include <string>

class DualInt {
 public:
  int a, b;
  DualInt(int x, int y) : a(x), b(y) {}
  bool operator<(const DualInt& o) const { return a < o.a || (a == o.a && b < o.b); }
};

int main(void) {
  std::map<int, float> m;
  m[5] = 0.5f;
  m[1] = 1.0f;
  m[3] = 3.0f;
  m[5] += 2.0f;
  printf("%u %d %d\n", m.size(), (int)m.count(3), (int)m.count(4));
  for (std::map<int, float>::iterator it = m.begin(); it != m.end(); ++it) printf("%d=%.2f ", it->first, it->second);
  printf("\n");
  std::map<int, float>::iterator f = m.find(4);
  printf("%d\n", (int)(f == m.end()));
  m.erase(1);
  f = m.find(3);
  printf("%u %d %.2f\n", m.size(), f->first, f->second);
  float seven = m[7];
  printf("%.2f %u\n", seven, m.size());
  std::map<DualInt, int> ws;
  ws[DualInt(2, 1)] = 21;
  ws[DualInt(1, 9)] = 19;
  ws[DualInt(2, 0)] = 20;
  for (std::map<DualInt, int>::iterator i = ws.begin(); i != ws.end(); ++i) printf("(%d,%d)=%d ", i->first.a, i->first.b, i->second);
  printf("%d\n", ws.find(DualInt(1, 9))->second);
  std::map<std::string, int> counts;
  counts[std::string("gather")] += 2;
  counts[std::string("scatter")] += 1;
  counts[std::string("gather")] += 5;
  for (std::map<std::string, int>::iterator i = counts.begin(); i != counts.end(); ++i) printf("%s:%d ", i->first.c_str(), i->second);
  printf("\n");
  return 0;
}
