#include <stdio.h>
#include <stdlib.h>
#include <string.h>
/* Pointers into heap and arrays, 2-D and 3-D arrays, strings, argv. */
void fill(float *p, int n, float v) { int i; for (i = 0; i < n; i++) p[i] = v * i; }
float sum2d(float m[][4], int rows) { float s = 0; int r, c; for (r = 0; r < rows; r++) for (c = 0; c < 4; c++) s += m[r][c]; return s; }
void swap(int *a, int *b) { int t = *a; *a = *b; *b = t; }
int main(int argc, char **argv) {
  int i, j, k;
  float *a = (float *)malloc(10 * sizeof(float));
  fill(a, 10, 1.5f);
  float *p = a + 3;
  printf("%f %f %f %ld\n", *p, p[2], *(a + 9), (long)(p - a));
  p++; p += 2; --p;
  printf("%f\n", *p);
  float m[3][4];
  for (i = 0; i < 3; i++) for (j = 0; j < 4; j++) m[i][j] = i * 10 + j;
  printf("%f %f\n", sum2d(m, 3), m[2][3]);
  int cube[2][3][4];
  for (i = 0; i < 2; i++) for (j = 0; j < 3; j++) for (k = 0; k < 4; k++) cube[i][j][k] = i * 100 + j * 10 + k;
  int *flat = &cube[0][0][0];
  printf("%d %d %d %d\n", cube[1][2][3], flat[23], flat[12], (int)sizeof(cube));
  int x = 1, y = 2;
  swap(&x, &y);
  printf("%d %d\n", x, y);
  char buf[64];
  strcpy(buf, "stream");
  strcat(buf, "-");
  sprintf(buf + strlen(buf), "%d", 42);
  printf("%s %d %d\n", buf, (int)strlen(buf), strcmp(buf, "stream-42"));
  char name[] = "brook";
  name[0] = 'B';
  printf("%s %c %d\n", name, name[4], (int)sizeof(name));
  int *q = (int *)calloc(8, sizeof(int));
  memset(q, 0xff, 2 * sizeof(int));
  memcpy(q + 4, q, 2 * sizeof(int));
  for (i = 0; i < 8; i++) printf("%d ", q[i]);
  printf("\n");
  int **rows = (int **)malloc(3 * sizeof(int *));
  for (i = 0; i < 3; i++) { rows[i] = (int *)malloc(3 * sizeof(int)); for (j = 0; j < 3; j++) rows[i][j] = i * j; }
  printf("%d %d\n", rows[2][2], rows[1][2]);
  printf("argc=%d", argc);
  for (i = 1; i < argc; i++) printf(" [%s]", argv[i]);
  printf(" %s\n", argv[argc] == NULL ? "null-terminated" : "bad");
  unsigned char *bytes = (unsigned char *)a;
  printf("%d %d %d %d\n", bytes[4], bytes[5], bytes[6], bytes[7]);
  free(a); free(q);
  printf("%d\n", atoi("123") + atoi("-23"));
  return 0;
}
