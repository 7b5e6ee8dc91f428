// drand48/srand48 (POSIX; ply.c of raytracer uses drand48): glibc's 48-bit sequence.
#include <stdio.h>
#include <stdlib.h>
int main(void) { int i; for (i = 0; i < 3; i++) printf("%.17g\n", drand48()); srand48(42); printf("%.17g\n", drand48()); return 0; }
