/*
 * g++ side of the bench's C++ loop shapes: links host_shapes_cxx.cpp (its main renamed
 * shapes_cxx_main) and answers shape names on stdin (shape_answers.h), as host_shapes_driver.c does
 * for the C shapes.
 */
#include "shape_answers.h"

double shape_cxx_class(int n);
double shape_cxx_vector(int n);
double shape_cxx_refs(int n);
double shape_cxx_template(int n);
double shape_cxx_new(int n);

static const struct named_shape SHAPES[] = {
  {"cxx_class", shape_cxx_class}, {"cxx_vector", shape_cxx_vector}, {"cxx_refs", shape_cxx_refs},
  {"cxx_template", shape_cxx_template}, {"cxx_new", shape_cxx_new},
};

int main(void) { return answer_shapes(SHAPES, sizeof SHAPES / sizeof SHAPES[0]); }
