#include "ref.h"
/* generated_header.br: w = (x + y) * weight. */
int main(void) {
  float d[3][3] = {{1.0f, 2.0f, 0.5f}, {3.0f, 4.0f, 2.0f}, {-1.0f, 0.5f, 4.0f}}, w[3];
  for (int i = 0; i < 3; i++) w[i] = (d[i][0] + d[i][1]) * d[i][2];
  ref_print(w, 3, 1, 3);
  return 0;
}
