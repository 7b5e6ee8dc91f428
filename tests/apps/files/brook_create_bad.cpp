// Outside the rule: an array of brook::stream initialized from something other than stream::create.
kernel void fill(out float o<>) { o = 1.0f; }

int main(void) {
  using namespace brook;
  float a<4>;
  stream pair[] = { a, stream::create<float>(4) };
  fill(pair[1]);
  return 0;
}
