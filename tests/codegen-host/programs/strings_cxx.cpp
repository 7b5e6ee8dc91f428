/* std::string as host code uses it (docs/CXX.md): from a literal, copies, +, +=, ==, !=, [],
   size/length, c_str, empty, as a struct field and a parameter. Must print what g++ prints. */
#include <stdio.h>
#include <string.h>
#include <string>

struct Entry {
  std::string name;
  int hits;
};

std::string greet(std::string who) { return std::string("hello, ") + who + "!"; }

int main(void) {
  std::string a = "brook";
  std::string b = a, empty;
  b += "gpu";
  b += '2';
  std::string c = a + " on " + b;
  printf("%s|%s|%s|%u %u %d\n", a.c_str(), b.c_str(), c.c_str(), a.size(), c.length(), (int)empty.empty());
  printf("%d %d %d %d\n", (int)(a == "brook"), (int)(a == b), (int)(a != b), (int)(b == "brookgpu2"));
  c[0] = 'B';
  printf("%s %c %d\n", greet(c).c_str(), c[1], (int)strlen(c.c_str()));
  Entry e;
  e.name = std::string("kernel");
  e.hits = 3;
  e.name += "s";
  printf("%s=%d\n", e.name.c_str(), e.hits);
  return 0;
}
