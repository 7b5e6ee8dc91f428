/* C++ as subdivision's host code writes it: direct initialization of built-in types (`int n(5);`,
 * float4 zero4(0,0,0,0) in model.cpp), a container's iterator through a typedef (`kstype::iterator`
 * in timing.cpp), and a converting constructor (a `const char *` key into a std::map keyed by
 * std::string). Must print what g++ prints. */
#include <stdio.h>
#include <string>
#include <map>
#include <vector>

typedef long long int64;
typedef std::map<std::string, int64> kstype;
typedef std::vector<float> floats;
kstype kernelsummary;

void tally(const char *name, int w, int h) { kernelsummary[name] += w * h; }

int length(std::string s) { return (int) s.size(); }

int twice(int a) { return 2 * a; }

int main(int argc, char **argv) {
  int n(twice(argc) + 3), m(sizeof(int));
  double d(n / 2.0);
  unsigned int u(7u), w = 4;
  char c('A' + 2);
  printf("%d %d %g %u %u %c\n", n, m, d, u, w, c);
  tally("smooth", 4, 8);
  tally("split", 2, 2);
  tally("smooth", 1, 3);
  kernelsummary["edge"] = 11;
  for (kstype::iterator i = kernelsummary.begin(); i != kernelsummary.end(); ++i) {
    printf("%s %lld\n", (*i).first.c_str(), i->second);
  }
  printf("%d %d\n", length("subdivision"), length(argv[0]) > 0);
  floats v;
  for (int i = 0; i < 5; i++) v.push_back(i * 0.5f);
  float sum(0);
  for (floats::const_iterator j = v.begin(); j != v.end(); ++j) sum += *j;
  printf("%g\n", sum);
  return 0;
}
