#include "ref.h"
typedef struct { float x, y; } f2;
typedef struct { float x, y, z; } f3;
typedef struct { float mass; f2 vel; f3 pos; } Particle;
int main(void) {
  Particle P[3], Q[3];
  float R[6];
  int i;
  for (i = 0; i < 3; i++) {
    P[i].mass = i + 1; P[i].vel.x = 2 * i; P[i].vel.y = -i;
    P[i].pos.x = 10 * i; P[i].pos.y = 1; P[i].pos.z = 5;
  }
  for (i = 0; i < 3; i++) {
    Particle q = P[i];
    float dt = 0.5f;
    q.pos.x = P[i].pos.x + P[i].vel.x * dt;
    q.pos.y = P[i].pos.y + P[i].vel.y * dt;
    q.pos.z = P[i].pos.z - P[i].mass;
    q.vel.x = P[i].vel.x * 0.5f; q.vel.y = P[i].vel.y * 0.5f;
    Q[i] = q;
    R[2 * i] = fminf(q.pos.x, q.pos.y);
    R[2 * i + 1] = fmaxf(q.pos.x, q.pos.y);
  }
  for (i = 0; i < 3; i++)
    printf("m=%.1f vel=(%.2f, %.2f) pos=(%.2f, %.2f, %.2f)\n", Q[i].mass, Q[i].vel.x, Q[i].vel.y, Q[i].pos.x, Q[i].pos.y, Q[i].pos.z);
  ref_print(R, 3, 2, 3);
  return 0;
}
