/* `using namespace std;` makes cout and endl the std names. Must print what g++ prints. */
#include <iostream>
using namespace std;

int twice(int& n) { n *= 2; return n; }

int main(void) {
  int n = 21;
  cout << "twice=" << twice(n) << " n=" << n << endl;
  cerr << "err" << endl;
  cout << 2.0f / 3.0f << endl;
  return 0;
}
