/* C++ references (parameters, locals, returns), lowered to pointers: must print what g++ prints. */
#include <stdio.h>

struct Pair { int a; float b; };

static int table[8];
static int counter = 0;

void setTo(int& out, int value) { out = value; }
void swapInts(int& x, int& y) { int t = x; x = y; y = t; }
void bump(int& n) { n++; ++n; n += 10; }
void scale(Pair& p, float k) { p.a *= 2; p.b = p.b * k; }
float sumPair(const Pair& p) { return p.a + p.b; }
int& slot(int i) { return table[i & 7]; }
int& count() { return counter; }
void forward(int& n) { bump(n); setTo(table[1], n); }
void timeIt(int, int, int&);

int main(int argc, char** argv) {
  int a = 1, b = 2;
  setTo(a, 40);
  swapInts(a, b);
  printf("a=%d b=%d\n", a, b);
  bump(b);
  printf("b=%d\n", b);
  Pair p = { 3, 1.5f };
  scale(p, 3.0f);
  printf("p=%d %.3f sum=%.3f\n", p.a, p.b, sumPair(p));
  for (int i = 0; i < 8; i++) slot(i) = i * i;
  slot(9) += 100;
  int& r = slot(3);
  r = r * 2 + 1;
  int& r2 = r;
  r2--;
  for (int i = 0; i < 8; i++) printf("%d ", table[i]);
  printf("\n");
  count()++;
  count() += 5;
  int& c = count();
  c *= 3;
  printf("counter=%d\n", counter);
  int local = 7;
  forward(local);
  printf("local=%d table1=%d\n", local, table[1]);
  int arr[4] = { 1, 2, 3, 4 };
  int& e = arr[2];
  e = 30;
  {
    int e = 5; /* shadows the reference */
    e++;
    printf("inner e=%d\n", e);
  }
  printf("arr=%d %d %d %d e=%d\n", arr[0], arr[1], arr[2], arr[3], e);
  const int& copy = a + b;
  printf("copy=%d size=%d\n", copy, (int)sizeof(e));
  int t = 0;
  timeIt(3, argc, t);
  printf("t=%d\n", t);
  return 0;
}

void timeIt(int x, int y, int& outMicroseconds) { outMicroseconds = x * 1000 + y; }
