/* Element types shared by the Brook source and the C++ host file (our own test of .bri / .brhi). */
#ifndef PAIR_TYPES_H
#define PAIR_TYPES_H
typedef struct pair_t {
  float a;
  float b;
} Pair;
#endif
