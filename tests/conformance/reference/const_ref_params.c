#include "ref.h"
/* const_ref_params.br: const references are values. */
int main(void) {
  float g[3] = {0.0f, -9.75f, 0.0f};
  float step[3];
  for (int c = 0; c < 3; c++) step[c] = g[c] * 0.5f;
  float pos[6] = {0.0f, 10.0f, 0.0f, 1.0f, 20.0f, 2.0f}, q[6];
  for (int i = 0; i < 2; i++) for (int c = 0; c < 3; c++) q[i * 3 + c] = pos[i * 3 + c] + step[c];
  ref_print(q, 2, 3, 2);
  float force = 4.0f * (2.25f - 1.5f);
  printf("gravity %3.2f step %3.2f force %3.2f\n", g[1], step[1], force);
  return 0;
}
