/* Shared by odr_main.br and odr_load.cpp: both instantiate std::vector<Tri> (subdivision's model.cpp
 * and splyload.cpp both use vector<STri>), and the class's temporaries ring. */
#include <vector>
struct Tri { float a, b, c; };
float area2(const Tri &t);
void load(std::vector<Tri> &out, int n);
