/* std::sort (docs/CXX.md) with the element's < (numbers, a class's operator<), a comparison
   function, a functor class temporary (rapid_collide's std::sort(traverser, traverser + n,
   PassSorter())), a functor object with state, over arrays, pointers and a std::vector's
   begin()/end(). Keys are distinct: std::sort is not stable. Must print what g++ prints. */
#include <stdio.h>
#include <vector>
#include <algorithm>

struct Item {
  int key;
  float weight;
  bool operator<(const Item& o) const { return key < o.key; }
};

struct ByWeight {
  bool operator()(const Item& a, const Item& b) const { return a.weight < b.weight; }
};

struct Around {
  int centre;
  Around(int c) : centre(c) {}
  bool operator()(int a, int b) const {
    int da = a > centre ? a - centre : centre - a;
    int db = b > centre ? b - centre : centre - b;
    return da < db || (da == db && a < b);
  }
};

bool descending(int a, int b) { return a > b; }

void show(const char* what, int* v, int n) {
  printf("%s:", what);
  for (int i = 0; i < n; i++) printf(" %d", v[i]);
  printf("\n");
}

int main(void) {
  int v[12];
  for (int i = 0; i < 12; i++) v[i] = (i * 7 + 5) % 13;
  std::sort(v, v + 12);
  show("up", v, 12);
  std::sort(v, v + 12, descending);
  show("down", v, 12);
  Around near(6);
  std::sort(v + 2, v + 10, near);
  show("near", v, 12);
  float f[5] = { 2.5f, -1.0f, 9.0f, 0.25f, 3.0f };
  std::sort(f, f + 5);
  printf("%.2f %.2f %.2f %.2f %.2f\n", f[0], f[1], f[2], f[3], f[4]);
  std::vector<Item> items;
  for (int i = 0; i < 9; i++) {
    Item it;
    it.key = (i * 5 + 3) % 11;
    it.weight = (float)((i * 4 + 1) % 9) + 0.5f;
    items.push_back(it);
  }
  std::sort(items.begin(), items.end());
  for (unsigned int i = 0; i < items.size(); i++) printf("%d ", items[i].key);
  printf("\n");
  std::vector<Item>* p = &items;
  std::sort(p->begin(), p->end(), ByWeight());
  for (unsigned int i = 0; i < p->size(); i++) printf("%.1f/%d ", (*p)[i].weight, (*p)[i].key);
  printf("\n");
  return 0;
}
