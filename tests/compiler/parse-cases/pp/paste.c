/* ## forms new tokens, which are rescanned; arguments next to ## are not expanded first. */
#define CAT(a, b) a ## b
#define XCAT(a, b) CAT(a, b)
#define N 5
#define xy 42
CAT(x, 1) CAT(1, 2) CAT(, y) CAT(+, =) CAT(<<, =) CAT(-, >);
CAT(x, y) CAT(N, 1) XCAT(N, 1) CAT(1.5, f) CAT(0x, 1F);
#define F3(a, b, c) a ## b ## c
F3(x, , z) F3(, , ) F3(1, 2, 3);
