#include "ref.h"
/* narrow_streams.br: kernels compute in int (C's promotion of char, unsigned char, short), and a
 * value stored into a narrow stream wraps to its width: C's conversion to (signed) char, unsigned
 * char and short, which gcc defines as modulo 2^N. A reduction's result is of its declared type. */
int main(void) {
  int i;
  char ha[8], hb[8], hc[8];
  for (i = 0; i < 8; i++) { ha[i] = (char)(100 + 5 * i); hb[i] = 30; }
  for (i = 0; i < 8; i++) hc[i] = (char)(ha[i] + hb[i]);
  printf("char:");
  for (i = 0; i < 8; i++) printf(" %d", hc[i]);
  printf("\n");

  unsigned char ua[6], ub[6], ud[6];
  int hn[6];
  for (i = 0; i < 6; i++) { ua[i] = (unsigned char)(250 - 60 * i); ub[i] = (unsigned char)(20 * i); }
  for (i = 0; i < 6; i++) { int d = ua[i] - ub[i]; ud[i] = (unsigned char)d; hn[i] = d < 0; }
  printf("uchar2:");
  for (i = 0; i < 6; i++) printf(" %u/%d", ud[i], hn[i]);
  printf("\n");

  char c4in[8], c4out[8];
  for (i = 0; i < 8; i++) c4in[i] = (char)(-7 + 11 * i);
  for (i = 0; i < 8; i++) c4out[i] = (char)(c4in[i] * 3 + c4in[i] / 2);
  printf("char4:");
  for (i = 0; i < 8; i++) printf(" %d", c4out[i]);
  printf("\n");

  unsigned char table[4] = {10, 100, 200, 255};
  char hgo[4];
  for (i = 0; i < 4; i++) hgo[i] = (char)(table[i] + 100);
  printf("gather: %d %d %d %d\n", hgo[0], hgo[1], hgo[2], hgo[3]);

  int s0 = 0, s1 = 0;
  for (i = 0; i < 4; i++) s0 += hc[i];
  for (i = 4; i < 8; i++) s1 += hc[i];
  char total = (char)(s0 + s1);
  int itotal = total;
  printf("reduce: %d %d %d %d\n", (char)s0, (char)s1, total, itotal);

  short sa[3] = {30000, -30000, 1000}, sb[3] = {10000, -10000, 24}, sc[3];
  for (i = 0; i < 3; i++) sc[i] = (short)(sa[i] + sb[i]);
  printf("short: %d %d %d\n", sc[0], sc[1], sc[2]);

  char pv[5] = {3, -4, 100, 0, 70}, hp[5];
  int n = 0;
  for (i = 0; i < 5; i++) if (pv[i] > 0) hp[n++] = (char)(pv[i] + pv[i]);
  printf("vout: %d:", n);
  for (i = 0; i < n; i++) printf(" %d", hp[i]);
  printf("\n");

  /* streamScatterOp(d, idx, s, addc): d[idx[i]] = (char)(d[idx[i]] + s[i]) in order of i. */
  char hd[3] = {100, 0, -100}, hs[4] = {20, 30, 40, 50}, hg[4];
  int si[4] = {0, 0, 2, 2}, gi[4] = {0, 0, 1, 1};
  for (i = 0; i < 4; i++) hd[si[i]] = (char)(hd[si[i]] + hs[i]);
  printf("scatter: %d %d %d\n", hd[0], hd[1], hd[2]);
  /* streamGatherOp(g, idx, d, bump): g[i] = d[idx[i]], then d[idx[i]] = (char)(d[idx[i]] + 100). */
  for (i = 0; i < 4; i++) { hg[i] = hd[gi[i]]; hd[gi[i]] = (char)(hd[gi[i]] + 100); }
  printf("gather op: %d %d %d %d, source %d %d %d\n", hg[0], hg[1], hg[2], hg[3], hd[0], hd[1], hd[2]);

  printf("chain:");
  for (i = 0; i < 8; i++) printf(" %d", hc[i] * 2);
  printf("\n");

  float pc[8];
  for (i = 0; i < 8; i++) pc[i] = hc[i];
  ref_print(pc, 8, 1, 8);
  return 0;
}
