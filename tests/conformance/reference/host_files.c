#include "ref.h"
/* host_files.br in C: the kernel twice() becomes the loop over r[i]. */

int main(void) {
  const char *data = "tests/conformance/host_files.data";
  const char *scratch = "tests/conformance/host_files.scratch";
  FILE *f;
  FILE *g;
  char line[128], word[32], rest[128];
  int a, b, c, d, n, k, i, count;
  float x, y;
  double z, w;
  char ch;
  float v[8], r[8];
  int ints[5] = {7, -1, 65536, 0, 123456789};
  int back[8];

  f = fopen("tests/conformance/no_such_file.data", "r");
  printf("missing file: %s\n", f == NULL ? "NULL" : "opened");

  f = fopen(data, "r");
  if (!f) {
    printf("cannot open %s\n", data);
    return 1;
  }
  fgets(line, sizeof(line), f);
  printf("header: %s", line);
  n = fscanf(f, "%d %d %i %i", &a, &b, &c, &d);
  printf("%d ints: %d %d %d %d\n", n, a, b, c, d);
  n = fscanf(f, "%f %f %lf %lf", &x, &y, &z, &w);
  printf("%d floats: %.4f %.4f %.4f %.6f\n", n, x, y, z, w);
  n = fscanf(f, " name=%[^ ] count:%d%n", word, &count, &k);
  printf("%d: word=%s count=%d consumed=%d\n", n, word, count, k);
  fgetc(f); /* the newline */
  ch = fgetc(f);
  ungetc(ch, f);
  printf("peeked '%c' at %ld\n", ch, ftell(f));
  fgets(rest, sizeof(rest), f);
  printf("rest: [%s]\n", rest);
  for (i = 0; i < 8; i++) {
    if (i == 2) {
      fscanf(f, "%*d");
      n = fscanf(f, "%f", &v[i]);
    } else {
      n = fscanf(f, "%f", &v[i]);
    }
    if (n != 1) v[i] = -1.0f;
  }
  printf("feof after the numbers: %d\n", feof(f));
  n = fscanf(f, "%d", &a);
  printf("one more fscanf: %d, feof %d\n", n, feof(f));
  rewind(f);
  printf("after rewind: feof %d, ftell %ld", feof(f), ftell(f));
  printf(", first char '%c'\n", fgetc(f));
  fseek(f, -3, SEEK_END);
  fgets(line, sizeof(line), f);
  printf("last bytes: [%s]\n", line);
  fclose(f);

  for (i = 0; i < 8; i++) r[i] = v[i] * 2.0f + 0.5f;

  g = fopen(scratch, "w");
  for (i = 0; i < 8; i++) fprintf(g, "%g%c", r[i], i % 4 == 3 ? '\n' : ' ');
  fputs("end\n", g);
  fclose(g);
  g = fopen(scratch, "r");
  while (fgets(line, sizeof(line), g)) printf("read back: %s", line);
  fclose(g);

  g = fopen(scratch, "wb");
  printf("fwrite: %d\n", (int)fwrite(ints, sizeof(int), 5, g));
  fclose(g);
  g = fopen(scratch, "rb");
  n = (int)fread(back, sizeof(int), 8, g);
  printf("fread: %d items, feof %d:", n, feof(g));
  for (i = 0; i < n; i++) printf(" %d", back[i]);
  printf("\n");
  fclose(g);

  g = fopen(scratch, "w");
  fprintf(g, "first\n");
  fclose(g);
  g = fopen(scratch, "a");
  fputc('s', g);
  fprintf(g, "econd\n");
  fclose(g);
  g = fopen(scratch, "r");
  fgets(line, sizeof(line), g);
  fgets(rest, sizeof(rest), g);
  printf("appended: %s then %s", line, rest);
  fclose(g);

  fprintf(stdout, "to stdout through a FILE *: %d\n", 42);
  n = remove(scratch);
  printf("remove: %d, then fopen: %s\n", n, fopen(scratch, "r") == NULL ? "NULL" : "opened");
  return 0;
}
