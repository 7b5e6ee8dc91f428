/* A project header included with angle brackets (particle_cloth's #include <timing.hpp>). */
typedef long long ticks64;
#define TICKS_PER_SECOND 1000
