/* A member function defined in its class is inline (C++): it may call a function that no file
 * defines as long as the program never uses it (csgeom's csMatrix3(const Quaternion &) calling an
 * undefined Set(const Quaternion &)); g++ links it, and so do we. */
#include <stdio.h>
struct Quat;
class Mat {
public:
  float a;
  Mat() : a(1) {}
  explicit Mat(const Quat &q) { Set(q); }
  void Set(const Quat &q);
  float get() const { return a; }
};
int main() { Mat m; printf("%g\n", m.get()); return 0; }
