/* Argument collection: nested parentheses, empty and variadic arguments, names without '('. */
#define ID(x) x
#define PAIR(a, b) [a|b]
#define V(...) f(__VA_ARGS__)
#define VN(fmt, ...) g(fmt, __VA_ARGS__)
#define Z() 0
#define g2 ID
ID((1, 2)) PAIR((a, b), c) PAIR(, ) PAIR(x(1, 2), y[3]);
V() V(1) V(1, 2, 3) VN("s", 1, 2) Z() ID() g2(7) ID;
ID(ID(ID(3))) ID(PAIR)(1, 2)
#define LPAREN (
#define h(x) <x>
#define call h LPAREN 1 )
call;
