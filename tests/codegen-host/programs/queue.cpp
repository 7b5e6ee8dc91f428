/* std::queue<T> (docs/CXX.md): a breadth-first walk of a small implicit tree (rapid_collide's
   CollideRecursive walks box pairs so), with a class element, push/pop/front/back/size/empty and
   growth past the first allocation. Must print what g++ prints. */
#include <stdio.h>
#include <queue>

struct Node {
  int depth;
  int index;
  Node(int d, int i) : depth(d), index(i) {}
};

int main(void) {
  std::queue<Node> pending;
  pending.push(Node(0, 1));
  int visited = 0;
  int sum = 0;
  unsigned int widest = 0;
  while (!pending.empty()) {
    if (pending.size() > widest) widest = pending.size();
    Node n = pending.front();
    pending.pop();
    visited++;
    sum += n.index * (n.depth + 1);
    if (n.depth < 5) {
      pending.push(Node(n.depth + 1, 2 * n.index));
      pending.push(Node(n.depth + 1, 2 * n.index + 1));
    }
    if (visited % 13 == 0) printf("at %d back %d\n", n.index, pending.back().index);
  }
  printf("%d %d %u %d\n", visited, sum, widest, (int)pending.size());
  std::queue<float> q;
  for (int i = 0; i < 20; i++) { q.push(i * 0.5f); if (i % 3 == 0) q.pop(); }
  q.front() = 42.0f;
  printf("%.1f %.1f %u\n", q.front(), q.back(), q.size());
  return 0;
}
