/* std::cout / std::cerr << values << std::endl, as BrookGPU's applications print: ints, floats and
   doubles (default ostream format, %g), chars, strings, bools. Must print what g++ prints. */
#include <iostream>
#include <stdio.h>

static float scale(float v) { return v * 0.1f; }

int main(int argc, char** argv) {
  int iterations = 10;
  int time = 12345;
  double megaflops = 1234.5678901;
  float f = 1.0f / 3.0f;
  std::cout << iterations << "\t";
  std::cout << time << "\t";
  std::cout << megaflops << std::endl;
  std::cout << "f=" << f << " tiny=" << 1e-7 << " big=" << 123456789.0 << " neg=" << -2.5f << std::endl;
  std::cout << 'c' << ' ' << (char)('a' + 2) << " bool=" << (iterations > 3) << std::endl;
  std::cout << "args: " << argc << " first=" << argv[1] << std::endl;
  unsigned int u = 4000000000u;
  long big = 1234567890123L;
  std::cout << u << " " << big << " " << scale(7.0f) << " " << 100.0 << " " << 0.0001 << std::endl;
  std::cerr << "to stderr" << std::endl;
  for (int i = 0; i < 3; i++) std::cout << i * 1.5 << (i < 2 ? "," : "\n");
  std::cout << "50% done" << std::endl;
  return 0;
}
