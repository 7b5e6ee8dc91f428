// C++ forms of raytracer's host code: a class's static method through a typedef name of the class
// (Types.h: `typedef Tuple3f Vector3;` then `Vector3::Cross(a, b)`), a destructor that only frees
// memory (ppmImage, BitVector: not run here, the memory stays allocated), offsetof (ply.c's tables).
#include <stdio.h>
#include <stddef.h>

class Triple {
public:
  float x, y, z;
  Triple(float a, float b, float c) : x(a), y(b), z(c) {}
  static Triple Cross(const Triple &a, const Triple &b) {
    return Triple(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x);
  }
  static float Dot(const Triple &a, const Triple &b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
};
typedef Triple Vec;
typedef class Triple Colour;

class Image {
public:
  int w, h;
  float *data;
  Image(int width, int height) : w(width), h(height) { data = new float[width * height]; }
  ~Image() { delete[] data; }
  void Set(int i, float v) { data[i] = v; }
  float Sum() {
    float s = 0;
    for (int i = 0; i < w * h; i++) s += data[i];
    return s;
  }
};

typedef struct {
  float px, py;
  unsigned char red;
  double weight;
  int *next;
} Vertex;

typedef struct {
  const char *name;
  int offset;
} Prop;

static Prop props[] = {
  {"px", offsetof(Vertex, px)}, {"py", offsetof(Vertex, py)}, {"red", offsetof(Vertex, red)},
  {"weight", offsetof(Vertex, weight)}, {"next", offsetof(Vertex, next)},
};

int main() {
  Triple a(1, 2, 3), b(4, 5, 6);
  Vec c = Vec::Cross(a, b);
  printf("cross %g %g %g dot %g\n", c.x, c.y, c.z, Colour::Dot(a, c));
  Image *img = new Image(3, 2);
  for (int i = 0; i < 6; i++) img->Set(i, 0.5f * i);
  printf("sum %g\n", img->Sum());
  delete img;
  for (int i = 0; i < 5; i++) {
    Vertex v;
    char *base = (char *) &v;
    printf("%s at %d", props[i].name, props[i].offset);
    printf(i == 0 ? " (first)\n" : (base + props[i].offset > base ? " (after)\n" : " (?)\n"));
  }
  return 0;
}
