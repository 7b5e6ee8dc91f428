/* Hide sets: a function-like expansion is hidden by what hid both its name and its ')'. */
#define f(a) a*g
#define g(a) f(a)
f(2)(9);
#define foo(x) bar x
foo(foo) (2);
#define AA BB
#define BB AA
AA BB;
#define q(x) x
#define r q(r)
r; q(q)(1);
