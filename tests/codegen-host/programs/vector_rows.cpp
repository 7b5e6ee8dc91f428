/* A vector of vectors built row by row: `rows.push_back(row); row.clear();` (rapid_collide's guide).
 * Our vector copies share their elements; clear() lets go of them, so the stored row keeps its own. */
#include <stdio.h>
#include <vector>
#include <algorithm>
struct P { int a, b; };
struct Less { bool operator()(const P &x, const P &y) const { return x.a < y.a; } };
std::vector<std::vector<P> > rows;
int main() {
  std::vector<P> row;
  for (int r = 0; r < 4; r++) {
    for (int i = 0; i < 3 + r * 5; i++) { P p; p.a = (i * 7 + r) % 11; p.b = r; row.push_back(p); }
    rows.push_back(row);
    row.clear();
  }
  for (int r = 0; r < (int)rows.size(); r++) {
    std::vector<P> *b = &rows[r];
    std::sort(b->begin(), b->end(), Less());
    int sum = 0;
    for (int i = 0; i < (int)b->size(); i++) sum = sum * 3 + (*b)[i].a + (*b)[i].b;
    printf("%d %d %d\n", r, (int)b->size(), sum);
  }
  printf("%d\n", (int)row.size());
  return 0;
}
