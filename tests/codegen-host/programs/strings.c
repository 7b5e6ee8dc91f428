#include <stdio.h>
#include <string.h>
#include <stdlib.h>
#include <ctype.h>
/* String idioms: *p++ = *q++, while ((c = *s++)), pointer walks, arrays of strings, sorting, qsort-free. */
void my_strcpy(char *d, const char *s) { while ((*d++ = *s++)) ; }
int count_words(const char *s) {
  int n = 0, in = 0; char c;
  while ((c = *s++)) { if (c == ' ') in = 0; else if (!in) { in = 1; n++; } }
  return n;
}
void reverse(char *s) { char *e = s + strlen(s) - 1; while (s < e) { char t = *s; *s++ = *e; *e-- = t; } }
int main(int argc, char **argv) {
  char buf[64], *p;
  my_strcpy(buf, "streams on the gpu");
  printf("%s (%d words)\n", buf, count_words(buf));
  for (p = buf; *p; p++) if (*p >= 'a' && *p <= 'z') *p -= 32;
  printf("%s\n", buf);
  reverse(buf);
  printf("%s\n", buf);
  const char *words[] = {"kernel", "stream", "reduce", "gather", "scatter", "iter"};
  int n = 6, i, j;
  for (i = 0; i < n; i++) for (j = 0; j + 1 < n - i; j++) if (strcmp(words[j], words[j + 1]) > 0) { const char *t = words[j]; words[j] = words[j + 1]; words[j + 1] = t; }
  for (i = 0; i < n; i++) printf("%s%s", words[i], i + 1 < n ? "," : "\n");
  char num[32];
  sprintf(num, "%08.3f|%-6d|%x", 3.14159, 42, 255);
  printf("[%s] %d\n", num, (int)strlen(num));
  int total = 0;
  for (i = 1; i < argc; i++) total += (int)strlen(argv[i]);
  printf("arg chars %d, last arg as number %d\n", total, atoi(argv[argc - 1]));
  char **copy = (char **)malloc(argc * sizeof(char *));
  for (i = 0; i < argc; i++) { copy[i] = (char *)malloc(strlen(argv[i]) + 1); strcpy(copy[i], argv[i]); }
  printf("%c%c\n", copy[1][0], *(*(copy + 2) + 1));
  return 0;
}
