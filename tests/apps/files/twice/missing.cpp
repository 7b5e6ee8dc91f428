#include "built/nothere.hpp"
int main(void) { return 0; }
