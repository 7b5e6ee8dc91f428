// BrookGPU's C++ stream API as raytracer's main.cpp writes it: `using namespace brook;` in a function,
// `stream::create<T>(...)` in a declaration and in an array of streams, `iter` with the element type
// constant, s.read / s.write, and kernels over ping-ponged array elements. Our own program.
#include <stdio.h>

typedef struct cell_t {
  float value;
  float weight;
} Cell;

kernel void fill(float2 pos<>, out Cell c<>) {
  c.value = pos.x + 10.0f * pos.y;
  c.weight = 1.0f;
}

kernel void step(Cell old<>, float k, out Cell c<>) {
  c.value = old.value * k + old.weight;
  c.weight = old.weight + 1.0f;
}

kernel void sumCells(Cell c[], float n, out float o<>) {
  float i = indexof(o).x;
  o = c[i].value + c[n - 1.0f - i].weight;
}

static void Run(int w, int h, int steps) {
  using namespace brook;
  iter pos(::brook::__BRTFLOAT2, w, h, -1, 0.0f, 0.0f, (float) w, (float) h, -1);
  stream cells[] = {
    stream::create<Cell>(w, h),
    stream::create<Cell>(w, h),
  };
  stream flat = stream::create<Cell>(w * h);
  stream sums = stream::create<float>(w * h);
  Cell host[64];
  float out[64];
  int a = 0, b = 1;
  fill(pos, cells[0]);
  for (int s = 0; s < steps; s++) {
    step(cells[a], 2.0f, cells[b]);
    a = b;
    b = 1 - b;
  }
  cells[a].write(host);
  flat.read(host);
  sumCells(flat, (float) (w * h), sums);
  sums.write(out);
  for (int i = 0; i < w * h; i++) printf("%g/%g ", host[i].value, out[i]);
  printf("\n");
}

int main(void) {
  Run(3, 2, 3);
  return 0;
}
