/*
 * gcc side of the bench's `loops` group: links host_shapes.c (its main renamed shapes_main) and
 * answers shape names on stdin (shape_answers.h), as host_driver.c does for its jobs.
 */
#include "shape_answers.h"

double shape_int_mod(int n);
double shape_mixed(int n);
double shape_nested(int n);
double shape_structs(int n);
double shape_pointer(int n);
double shape_early_exit(int n);
double shape_math(int n);
double shape_printf(int n);

static const struct named_shape SHAPES[] = {
  {"int_mod", shape_int_mod}, {"mixed", shape_mixed}, {"nested", shape_nested}, {"structs", shape_structs},
  {"pointer", shape_pointer}, {"early_exit", shape_early_exit}, {"math", shape_math}, {"printf", shape_printf},
};

int main(void) { return answer_shapes(SHAPES, sizeof SHAPES / sizeof SHAPES[0]); }
