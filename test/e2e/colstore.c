/* Column and strided stores: each part of a loop over i writes columns i of
 * an n x n array (`a[j*n + i]` for every j), so its elements interleave
 * with the other parts' and only exact write sets keep every device's
 * values. A column store is read by rows, a row store by columns, a
 * column store by columns; then a strided pair `c[2*i]` / `c[2*i+1]` in
 * separate loops, the second reading what the first wrote; a column of the
 * top half of 4 planes (runs repeated at two strides), read by rows. The
 * sequence runs in a data region (u distributed) and again with loop-only
 * replicas, so that a lost or stale element changes the output.
 * Usage: colstore [n] [iterations] */
#include <proact.h>
#include "e2e_util.h"

static void steps(long n, double *a, double *b, double *c, double *u,
                  double *v) {
  long nn = n * n, h = n / 2;
#pragma proact region(a[0:nn], b[0:nn])
  for (long i = 0; i < n; i++)
    for (long j = 0; j < n; j++)
      a[j * n + i] = b[i * n + j] * 0.5 + (double)i;
#pragma proact region(a[0:nn], b[0:nn])
  for (long i = 0; i < n; i++)
    for (long j = 0; j < n; j++)
      b[i * n + j] = a[i * n + j] + a[j * n + i] * 0.25;
#pragma proact region(a[0:nn], b[0:nn])
  for (long i = 0; i < n; i++)
    for (long j = 0; j < n; j++)
      a[j * n + i] = b[j * n + i] * 0.75 + 1.0;
#pragma proact region(c[0:2 * n], a[0:nn])
  for (long i = 0; i < n; i++)
    c[2 * i] = a[i * n] + a[(n - 1 - i) * n + n - 1] * 0.5;
#pragma proact region(c[0:2 * n])
  for (long i = 0; i < n; i++)
    c[2 * i + 1] = c[2 * (n - 1 - i)] * 2.0 - c[2 * i];
  /* Columns of u from the top and from the bottom row by a descending
   * inner loop: the same elements, walked the other way. */
#pragma proact region(u[0:nn], a[0:nn])
  for (long i = 0; i < n; i++)
    for (long j = n - 1; j >= 0; j--)
      u[j * n + i] += a[i * n + j] * 0.125;
#pragma proact region(u[0:nn], b[0:nn])
  for (long i = 0; i < n; i++)
    for (long j = 0; j < n; j++)
      b[i * n + j] -= u[i * n + j] * 0.5;
  /* Column i of the top half of each of 4 planes: runs of one column
   * piece, repeated per row and again per plane (two strides). */
#pragma proact region(v[0:4 * nn], a[0:nn])
  for (long i = 0; i < n; i++)
    for (long k = 0; k < 4; k++)
      for (long j = 0; j < h; j++)
        v[k * nn + j * n + i] = a[j * n + i] + (double)k;
#pragma proact region(v[0:4 * nn], b[0:nn])
  for (long i = 0; i < n; i++)
    for (long j = 0; j < n; j++)
      b[i * n + j] += v[2 * nn + i * n + j] * 0.25;
}

int main(int argc, char **argv) {
  long n = e2e_arg(argc, argv, 1, 61);
  long iters = e2e_arg(argc, argv, 2, 3);
  long nn = n * n, m = 2 * n;
  double *a = e2e_alloc(nn), *b = e2e_alloc(nn), *c = e2e_alloc(m);
  double *u = e2e_alloc(nn), *v = e2e_alloc(4 * nn);
  e2e_fill(a, nn, 3);
  e2e_fill(b, nn, 7);
  e2e_fill(c, m, 9);
  e2e_fill(u, nn, 13);
  e2e_fill(v, 4 * nn, 17);

#pragma proact data copy(a[0:nn], b[0:nn], c[0:m], u[0:nn], v[0:4 * nn]) \
    distribute(u)
  {
    for (long t = 0; t < iters; t++)
      steps(n, a, b, c, u, v);
  }
  e2e_print("a", a, (size_t)nn * sizeof(double));
  e2e_print("b", b, (size_t)nn * sizeof(double));
  e2e_print("c", c, (size_t)m * sizeof(double));
  e2e_print("u", u, (size_t)nn * sizeof(double));
  e2e_print("v", v, (size_t)(4 * nn) * sizeof(double));
  steps(n, a, b, c, u, v);
  e2e_print("a", a, (size_t)nn * sizeof(double));
  e2e_print("b", b, (size_t)nn * sizeof(double));
  e2e_print("c", c, (size_t)m * sizeof(double));
  e2e_print("u", u, (size_t)nn * sizeof(double));
  e2e_print("v", v, (size_t)(4 * nn) * sizeof(double));
  free(a);
  free(b);
  free(c);
  free(u);
  free(v);
  return 0;
}
