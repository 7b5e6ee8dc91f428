// Reference for string_init_nul.br: the program is plain C already (no streams); gcc gives the bytes.
// A char array initialized from a string literal with "\0" escapes inside gets every byte of the
// literal, not only those before the first zero (BrookGPU's volfire app keeps a colour table this way).
#include <stdio.h>

unsigned char table[12] = "\12\5\0\11\4" "\0\7";
char open[] = "a\0b";

int main(void) {
  int i;
  unsigned char local[6] = "\1\0\2\0\3";
  for (i = 0; i < 12; i++) printf("%d ", table[i]);
  printf("\n");
  for (i = 0; i < 6; i++) printf("%d ", local[i]);
  printf("\n%d %d %d %d\n", (int)sizeof(open), open[0], open[1], open[2]);
  return 0;
}
