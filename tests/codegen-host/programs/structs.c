#include <stdio.h>
#include <stdlib.h>
/* Structs: C layout, arrays of structs, nested, assignment, by-value parameters and results. */
typedef struct { float x, y, z; } Vec3;
typedef struct { Vec3 o; Vec3 d; float tmax; int id; } Ray;
struct Node { int value; struct Node *next; };
Vec3 add(Vec3 a, Vec3 b) { Vec3 r; r.x = a.x + b.x; r.y = a.y + b.y; r.z = a.z + b.z; return r; }
void scale(Vec3 *v, float s) { v->x *= s; v->y *= s; v->z *= s; }
float dot(Vec3 a, Vec3 b) { a.x = a.x * b.x; return a.x + a.y * b.y + a.z * b.z; }
int main(void) {
  Vec3 a = {1, 2, 3}, b = {0.5f, -1, 2};
  Vec3 c = add(a, b);
  printf("%g %g %g\n", c.x, c.y, c.z);
  scale(&c, 2);
  printf("%g %g %g %g\n", c.x, c.y, c.z, dot(a, b));
  printf("%g\n", a.x);
  Ray rays[3];
  int i;
  for (i = 0; i < 3; i++) { rays[i].o = a; rays[i].d = b; rays[i].tmax = i * 1.5f; rays[i].id = i; }
  rays[1].o.y = 42;
  Ray r = rays[1];
  r.id = 7;
  printf("%g %g %g %d %d\n", r.o.y, rays[2].tmax, r.d.z, r.id, rays[1].id);
  printf("%d %d %d\n", (int)sizeof(Vec3), (int)sizeof(Ray), (int)sizeof(struct Node));
  struct Node *head = NULL;
  for (i = 0; i < 5; i++) { struct Node *n = (struct Node *)malloc(sizeof(struct Node)); n->value = i * i; n->next = head; head = n; }
  int total = 0; struct Node *it;
  for (it = head; it != NULL; it = it->next) { total += it->value; printf("%d ", it->value); }
  printf("total=%d\n", total);
  Ray *pr = &rays[2];
  pr->d.x = 9;
  printf("%g %g\n", rays[2].d.x, (*pr).tmax);
  Vec3 arr[2] = {{1, 1, 1}, {2, 2, 2}};
  arr[0] = add(arr[0], arr[1]);
  printf("%g %g\n", arr[0].z, add(arr[1], arr[1]).y);
  return 0;
}
