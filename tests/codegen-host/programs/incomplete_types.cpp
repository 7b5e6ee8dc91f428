/* Incomplete class types (docs/CXX.md): `class C;` / `struct S;` declare a type that pointers can
 * name before its definition (two classes pointing to each other), or with no definition at all
 * (an opaque handle that is only stored, passed and compared). */
#include <stdio.h>

class Node;
struct Opaque;
class Edge;

struct Graph {
  Node *first;
  Opaque *handle;
  int count;
};

class Edge {
public:
  Node *to;
  Edge *next;
  int weight;
};

class Node {
public:
  int id;
  Edge *edges;
  Node *link;
  int total() const {
    int s = 0;
    for (Edge *e = edges; e; e = e->next) s += e->weight;
    return s;
  }
};

static int visit(Graph *g, Opaque *h) {
  int n = 0;
  for (Node *p = g->first; p; p = p->link) n += p->id * 10 + p->total();
  return h == g->handle ? n : -n;
}

int main() {
  Node a, b;
  Edge e1, e2;
  e1.to = &b; e1.weight = 3; e1.next = &e2;
  e2.to = &a; e2.weight = 4; e2.next = 0;
  a.id = 1; a.edges = &e1; a.link = &b;
  b.id = 2; b.edges = 0; b.link = 0;
  Graph g;
  g.first = &a;
  g.handle = (Opaque *)0;
  g.count = 2;
  printf("%d %d %d\n", visit(&g, 0), a.total(), e1.to->id);
  return 0;
}
