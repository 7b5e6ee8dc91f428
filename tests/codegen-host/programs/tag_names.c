/* C that names variables like struct tags: the C++ rule that a tag is a type name (docs/CXX.md)
   must not change it. */
#include <stdio.h>

int point = 5;
struct point { int x, y; };
struct node { int value; struct node *next; };

int main(void) {
  struct point p = { 1, 2 };
  point = point + p.x + p.y;
  struct node node = { 7, 0 };
  struct node *head = &node;
  node.value += 1;
  printf("%d %d %d\n", point, node.value, head->value);
  return 0;
}
