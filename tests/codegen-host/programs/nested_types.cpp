/* Types declared in a class body (docs/CXX.md): a nested struct, a nested enum and typedefs
   (rapid_collide's csBox3: struct bEdge {...}; typedef uint8 bFace[4];) used by the class's fields,
   statics and methods, and unqualified after it. Must print what g++ prints. */
#include <stdio.h>

typedef unsigned char uint8;

class Box {
 protected:
  struct Edge {
    uint8 v1, v2;
    uint8 fl, fr;
  };
  typedef uint8 Face[4];
  enum Side { LEFT, RIGHT = 4, TOP };
  Edge edges[3];
  Face faces[2];
  static int made;

 public:
  Box() {
    for (int i = 0; i < 3; i++) { edges[i].v1 = i; edges[i].v2 = i + 1; edges[i].fl = 2 * i; edges[i].fr = 9; }
    for (int i = 0; i < 2; i++) for (int j = 0; j < 4; j++) faces[i][j] = 10 * i + j;
    made++;
  }
  int Sum() const {
    int s = 0;
    for (int i = 0; i < 3; i++) s += edges[i].v1 * 1000 + edges[i].v2 * 100 + edges[i].fl * 10 + edges[i].fr;
    return s + faces[1][3] + TOP;
  }
  static int Made() { return made; }
};

int Box::made = 0;

int main(void) {
  Box a, b;
  printf("%d %d %d\n", a.Sum(), b.Sum(), Box::Made());
  printf("%d\n", (int)sizeof(Box));
  return 0;
}
