/* Destructors in harder places: a reference-returning method with an object in scope (the value is
 * taken before the destructor runs), continue in a for loop, a do-while body, a block in a switch
 * case, a destructor with its own local object (destroyed before the members), an early void return. */
#include <stdio.h>
struct Guard {
  int id;
  Guard(int i) : id(i) { printf("+%d\n", id); }
  ~Guard() { printf("-%d\n", id); }
};
struct Store {
  int data[4];
  Guard g;
  Store() : g(100) { for (int i = 0; i < 4; i++) data[i] = i * i; }
  ~Store() { Guard inner(200); printf("~Store %d\n", data[3]); }
  int &at(int i) { Guard l(i); if (i > 2) return data[3]; return data[i]; }
  int sum() const { int s = 0; for (int i = 0; i < 4; i++) { Guard t(10 + i); if (i == 2) continue; s += data[i]; } return s; }
};
void noop(int k) {
  Guard a(k);
  if (k == 1) return;
  Guard b(k + 1);
}
int main() {
  {
    Store s;
    s.at(1) = 7;
    s.at(5) += 1;
    printf("%d %d %d\n", s.data[1], s.data[3], s.sum());
  }
  noop(1);
  noop(2);
  int n = 0;
  do { Guard d(50 + n); n++; } while (n < 2);
  switch (n) { case 2: { Guard sw(60); printf("two\n"); break; } default: break; }
  return 0;
}
