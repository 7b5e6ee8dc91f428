/* std::vector::swap as subdivision's model.cpp uses it: each round splits the triangles of
 * `trivec` into a new vector and swaps it in (`trivec.swap(split)`), until none is left. The sizes
 * and elements after each swap must be what g++ prints. */
#include <stdio.h>
#include <vector>
using std::vector;

int main(int argc, char **argv) {
  vector<int> trivec;
  trivec.reserve(4);
  for (int i = 0; i < 3 + argc; i++) trivec.push_back(10 + i);
  int rounds = 0, kept = 0;
  do {
    vector<int> split;
    split.reserve(4);
    for (unsigned int j = 0; j < trivec.size(); j++) {
      int t = trivec[j];
      if (t % 3 == 0) kept++;
      else { split.push_back(t / 3); split.push_back(t / 2); }
    }
    trivec.swap(split);
    rounds++;
    printf("round %d: %u (old %u)", rounds, (unsigned) trivec.size(), (unsigned) split.size());
    for (unsigned int j = 0; j < trivec.size() && j < 6; j++) printf(" %d", trivec[j]);
    printf("\n");
  } while (trivec.size() && rounds < 12);
  vector<float> a(3, 1.5f), b;
  b.swap(a);
  printf("kept %d, a %u, b %u %g, swap back ", kept, (unsigned) a.size(), (unsigned) b.size(), b[2]);
  a.swap(b);
  printf("a %u %g b %u\n", (unsigned) a.size(), a[0], (unsigned) b.size());
  return 0;
}
