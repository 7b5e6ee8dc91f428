/* Static data members, as rapid_collide's csRapidCollider keeps mR, mT and numHits: declared in the
   class, defined outside (with and without an initializer), used unqualified in members and as C::name
   outside. Must print what g++ prints. */
#include <stdio.h>

class Collider {
public:
  static int numHits;
  static float scale;
  static const int LIMIT = 3;
  static float history[4];
  void Hit(float v) { if (numHits < LIMIT) history[numHits] = v * scale; numHits++; }
  static void Reset() { numHits = 0; }
};

int Collider::numHits = 0;
float Collider::scale = 2.0f;
float Collider::history[4];

int main(void) {
  Collider c;
  c.Hit(1.0f);
  c.Hit(2.5f);
  Collider::scale = 10.0f;
  c.Hit(3.0f);
  c.Hit(4.0f);
  printf("%d %.1f %.1f %.1f %.1f %d\n", Collider::numHits, Collider::history[0], Collider::history[1], Collider::history[2], Collider::history[3], Collider::LIMIT);
  Collider::Reset();
  printf("%d\n", Collider::numHits);
  return 0;
}
