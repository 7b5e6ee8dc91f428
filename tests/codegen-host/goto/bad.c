int main(void) {
  int i = 0;
  if (i) { inner: i++; }
  if (i < 3) goto inner;
  return i;
}
