/* #if arithmetic, defined, short-circuits, nesting, #elif chains. */
#define A 1
#define B 0
#define TWO (A + A)
#if A && !B && TWO == 2 && defined(A) && defined B && !defined C
ok1
#endif
#if 1 || 1 / 0
ok2
#endif
#if 0 && (1 / 0)
bad
#else
ok3
#endif
#if B ? 1 / 0 : 3 == 3
ok4
#endif
#if (-1 >> 1) == -1 && (1 << 62) > 0 && 0x7fffffff + 1 > 0 && 10 % 3 == 1 && -7 / 2 == -3
ok5
#endif
#if C
bad
#elif B
bad
#elif TWO - 2
bad
#elif A
ok6
#if 0
bad
#elif 1
ok7
#endif
#else
bad
#endif
#ifdef A
#ifndef B
bad
#else
ok8
#endif
#endif
