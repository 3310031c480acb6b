/* Triangular nests: inner loops whose bounds move with the loop's
 * variable. A symmetric matrix filled from one triangle in one loop (two
 * stores whose hulls meet across devices: it runs on one device), the same
 * in two loops (each splits), a lower-triangular row update, a column
 * store below the diagonal and a transposed read of the upper triangle.
 * Usage: triangle [n] [steps] */
#include <proact.h>
#include "e2e_util.h"

int main(int argc, char **argv) {
  long n = e2e_arg(argc, argv, 1, 61);
  long steps = e2e_arg(argc, argv, 2, 3);
  double *c = e2e_alloc(n * n), *s = e2e_alloc(n * n), *l = e2e_alloc(n * n);
  double *u = e2e_alloc(n * n);
  e2e_fill(c, n * n, 1);
  e2e_fill(s, n * n, 2);
  e2e_fill(l, n * n, 3);
  e2e_fill(u, n * n, 4);

#pragma proact data copy(c[0:n * n], s[0:n * n], l[0:n * n], u[0:n * n])
  {
  for (long t = 0; t < steps; t++) {
    /* One loop, both triangles. */
#pragma proact region(c[0:n * n], l[0:n * n])
    for (long i = 0; i < n; i++)
      for (long j = i + 1; j < n; j++) {
        c[i * n + j] = l[i * n + j] * 0.5 + (double)(i + 2 * j + t);
        c[j * n + i] = c[i * n + j];
      }
    /* The same in two loops. */
#pragma proact region(s[0:n * n], l[0:n * n])
    for (long i = 0; i < n; i++)
      for (long j = i + 1; j < n; j++)
        s[i * n + j] = l[i * n + j] * 0.5 + (double)(i + 2 * j + t);
#pragma proact region(s[0:n * n])
    for (long i = 0; i < n; i++)
      for (long j = i + 1; j < n; j++)
        s[j * n + i] = s[i * n + j];
    /* Rows of the lower triangle, diagonal included. */
#pragma proact region(l[0:n * n], c[0:n * n])
    for (long i = 0; i < n; i++)
      for (long j = 0; j <= i; j++)
        l[i * n + j] = l[i * n + j] * 0.75 + c[i * n + j] * 0.25;
    /* Columns below the diagonal, reading the upper triangle. */
#pragma proact region(u[0:n * n], s[0:n * n])
    for (long i = 0; i < n; i++)
      for (long j = i + 1; j < n; j++)
        u[j * n + i] = s[i * n + j] - u[j * n + i] * 0.5;
  }
  }
  e2e_print("c", c, (size_t)(n * n) * sizeof(double));
  e2e_print("s", s, (size_t)(n * n) * sizeof(double));
  e2e_print("l", l, (size_t)(n * n) * sizeof(double));
  e2e_print("u", u, (size_t)(n * n) * sizeof(double));
  free(c);
  free(s);
  free(l);
  free(u);
  return 0;
}
