/* # makes a string of the argument as written: spacing collapses, quotes and backslashes escape. */
#define S(x) #x
#define XS(x) S(x)
#define N 10
S(  a   +  b ) S("q\n" 'c' "\\") S() S(N) XS(N) S(a
  b);
S(f(1, 2)) S((a, b))
