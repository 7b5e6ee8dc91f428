/* std::vector as host code uses it (docs/CXX.md): construction, push_back, size, operator[],
   resize, insert, erase, clear, iterator loops, a vector as a struct field and as a reference
   parameter, a vector of structs. Must print what g++ prints. */
#include <stdio.h>
#include <vector>

struct Vec3 { float x, y, z; };

struct Mesh {
  int id;
  std::vector<Vec3> vertices;
};

float sumX(const std::vector<Vec3>& v) {
  float s = 0;
  for (std::vector<Vec3>::const_iterator i = v.begin(); i != v.end(); ++i) s += i->x;
  return s;
}

void fill(std::vector<int>& out, int n) {
  for (int i = 0; i < n; i++) out.push_back(i * 3);
}

int main(void) {
  std::vector<int> a;
  printf("%u %d\n", a.size(), (int)a.empty());
  fill(a, 10);
  printf("%u %d %d %d\n", a.size(), a[0], a[9], a.back());
  a[2] = 100;
  a.resize(12);
  printf("%u %d %d\n", a.size(), a[2], a[11]);
  a.insert(a.begin() + 1, 3, -7);
  a.erase(a.begin());
  int total = 0;
  for (std::vector<int>::iterator it = a.begin(); it != a.end(); it++) total += *it;
  printf("%u %d %d %d\n", a.size(), a[0], a[3], total);
  a.clear();
  printf("%u\n", a.size());
  std::vector<float> f(4, 1.5f);
  f.push_back(2.0f);
  float fs = 0;
  for (unsigned int i = 0; i < f.size(); i++) fs += f[i];
  printf("%.2f\n", fs);
  Mesh m;
  m.id = 3;
  for (int i = 0; i < 5; i++) {
    Vec3 v = { i * 1.0f, i * 2.0f, 0.5f };
    m.vertices.push_back(v);
  }
  unsigned int siz = m.vertices.size();
  Vec3 zero = { 0, 0, 0 };
  m.vertices.insert(m.vertices.end(), 4, zero);
  Vec3* tail = &m.vertices[siz];
  tail->x = 9.0f;
  printf("%d %u %.2f %.2f %.2f\n", m.id, m.vertices.size(), sumX(m.vertices), m.vertices[2].y, m.vertices[5].x);
  return 0;
}
