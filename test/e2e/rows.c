/* Column walks of stencils whose reads of one array lie whole rows apart:
 * neighbours above and below with and without the centre, offsets with
 * gaps and far apart, a row coefficient that is negative or a sum, a
 * descending loop, casts, a compound store, a body with locals before its
 * store and a read after its condition, int and short elements, and a 3-D
 * sweep. Each loop reads what the one before wrote, so a row read from
 * the wrong place changes the output.
 * Usage: rows [n] [iterations] (n x n planes and an n x n x 4 grid) */
#include <proact.h>
#include "e2e_util.h"

int main(int argc, char **argv) {
  long n = e2e_arg(argc, argv, 1, 41);
  long iters = e2e_arg(argc, argv, 2, 3);
  long nn = n * n, cells = 4 * nn, n1 = n + 1, big = nn + n + 1;
  int ni = (int)n;
  double *a = e2e_alloc(nn), *b = e2e_alloc(nn), *w = e2e_alloc(big);
  double *p = e2e_alloc(cells), *q = e2e_alloc(cells);
  int *ia = malloc((size_t)(nn > 0 ? nn : 1) * sizeof(int));
  short *sa = malloc((size_t)(nn > 0 ? nn : 1) * sizeof(short));
  if (ia == NULL || sa == NULL)
    return 2;
  e2e_fill(a, nn, 3);
  e2e_fill(b, nn, 7);
  e2e_fill(w, big, 13);
  e2e_fill(p, cells, 5);
  memcpy(q, p, (size_t)cells * sizeof(double));
  for (long x = 0; x < nn; x++) {
    ia[x] = (int)(x * 7919 % 1000) - 500;
    sa[x] = (short)(x * 31 % 200 - 100);
  }

#pragma proact data copy(a[0:nn], b[0:nn], w[0:big], p[0:cells], \
                         q[0:cells], ia[0:nn], sa[0:nn])
  {
    for (long t = 0; t < iters; t++) {
      /* 5 points: centre, above, below, left, right. */
#pragma proact region(a[0:nn], b[0:nn])
      for (long i = 1; i < n - 1; i++)
        for (long j = 1; j < n - 1; j++)
          b[i * n + j] = 0.5 * a[i * n + j] +
                         0.125 * (a[(i - 1) * n + j] + a[(i + 1) * n + j] +
                                  a[i * n + j - 1] + a[i * n + j + 1]);
      /* Rows -2 and +2 only, the row written as n * i + ..., and a
       * compound store. */
#pragma proact region(a[0:nn], b[0:nn])
      for (long i = 2; i < n - 2; i++)
        for (long j = 0; j < n; j++)
          a[i * n + j] += 0.25 * b[n * i - 2 * n + j] - 0.125 * b[n * i + j + 2 * n];
      /* Rows -1 and +3 with casts, an int loop; rows -2 and +3 of the
       * columns mirrored. */
#pragma proact region(a[0:nn], b[0:nn])
      for (int i = 2; i < ni - 3; i++)
        for (int j = 0; j < ni; j++)
          b[(long)i * n + j] = a[(long)(i - 1) * n + j] * 0.5 +
                               a[(long)(i + 3) * n + j] * 0.25 +
                               a[(long)(i - 2) * n + (ni - 1 - j)] -
                               a[(long)(i + 3) * n + (ni - 1 - j)] * 0.125;
      /* A negative row coefficient: rows counted from the bottom. */
#pragma proact region(a[0:nn], b[0:nn])
      for (long i = 1; i < n - 1; i++)
        for (long j = 0; j < n; j++)
          a[i * n + j] = b[(n - 1 - i) * n + j] * 0.75 - b[(n - i) * n + j] +
                         b[(n - 2 - i) * n + j] * 0.5;
      /* A descending loop, rows -1, +1 and +3. */
#pragma proact region(a[0:nn], b[0:nn])
      for (long i = n - 4; i >= 1; i--)
        for (long j = 0; j < n; j++)
          b[i * n + j] = a[(i + 3) * n + j] - 0.5 * a[(i - 1) * n + j] +
                         a[(i + 1) * n + j] * 0.25;
      /* A row coefficient that is a sum (n + 1: a diagonal walk), and the
       * same as a variable (n1). */
#pragma proact region(w[0:big], a[0:nn])
      for (long i = 1; i < n - 1; i++)
        for (long j = 0; j < n; j++)
          a[i * n + j] = w[(i - 1) * (n + 1) + j] * 0.5 + w[i * n1 + j] -
                         w[(i + 1) * (n + 1) + j] * 0.25;
      /* Locals before the store, a read after the body's condition. */
#pragma proact region(a[0:nn], b[0:nn])
      for (long i = 1; i < n - 1; i++)
        for (long j = 0; j < n; j++) {
          double up = a[(i - 1) * n + j], dn = a[(i + 1) * n + j];
          double d = up - dn;
          if (d < 0)
            d = -d + a[i * n + j];
          b[i * n + j] = d * 0.5 + a[i * n + j] * up;
        }
      /* int and short elements (sizeof of a read stays a short's). */
#pragma proact region(ia[0:nn], sa[0:nn], b[0:nn])
      for (long i = 1; i < n - 1; i++)
        for (long j = 0; j < n; j++)
          b[i * n + j] += (double)(ia[(i - 1) * n + j] - ia[(i + 1) * n + j] +
                                   3 * ia[i * n + j]) +
                          (double)sizeof(sa[(i + 1) * n + j]) *
                              (sa[(i - 1) * n + j] * sa[(i + 1) * n + j]);
#pragma proact region(b[0:nn], ia[0:nn])
      for (long i = 0; i < n; i++)
        for (long j = 0; j < n; j++)
          ia[i * n + j] = (int)(b[i * n + j] * 16.0) % 1000;
      /* 3-D, the rows of planes walked: i - 1, i, i + 1 and the
       * neighbouring planes k - 1 and k + 1. */
#pragma proact region(p[0:cells], q[0:cells])
      for (long i = 1; i < n - 1; i++)
        for (long k = 1; k < 3; k++)
          for (long j = 1; j < n - 1; j++)
            q[k * nn + i * n + j] =
                0.25 * p[k * nn + i * n + j] +
                0.125 * (p[k * nn + (i - 1) * n + j] +
                         p[k * nn + (i + 1) * n + j] +
                         p[(k - 1) * nn + i * n + j] +
                         p[(k + 1) * nn + i * n + j] +
                         p[k * nn + i * n + j - 1] +
                         p[k * nn + i * n + j + 1]);
#pragma proact region(p[0:cells], q[0:cells], a[0:nn])
      for (long i = 0; i < n; i++)
        for (long j = 0; j < n; j++)
          p[nn + i * n + j] = q[2 * nn + i * n + j] * 0.5 + a[i * n + j] * 0.5;
    }
  }
  e2e_print("a", a, (size_t)nn * sizeof(double));
  e2e_print("b", b, (size_t)nn * sizeof(double));
  e2e_print("w", w, (size_t)big * sizeof(double));
  e2e_print("p", p, (size_t)cells * sizeof(double));
  e2e_print("q", q, (size_t)cells * sizeof(double));
  e2e_print("ia", ia, (size_t)nn * sizeof(int));
  free(a);
  free(b);
  free(w);
  free(p);
  free(q);
  free(ia);
  free(sa);
  return 0;
}
