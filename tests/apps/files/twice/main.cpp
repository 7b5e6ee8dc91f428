// Host code of the .bri / .brhi test: the kernel is defined in scale.bri and declared by the
// prototypes of scale.brhi (BrookGPU's build made built/scale.hpp from it).
#include <stdio.h>
#include "pair_types.h"
#include "built/scale.hpp"

int main(void) {
  Pair in[5];
  float out[5];
  for (int i = 0; i < 5; i++) {
    in[i].a = (float) i;
    in[i].b = 0.5f * i;
  }
  Pair s<5>;
  float o<5>;
  streamRead(s, in);
  scaleSum(s, 2.0f, o);
  streamWrite(o, out);
  for (int i = 0; i < 5; i++) printf("%g ", out[i]);
  printf("\n");
  return 0;
}
