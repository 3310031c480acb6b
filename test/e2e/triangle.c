/* Triangular nests: inner loops whose bounds move with the loop's
 * variable. A symmetric matrix filled from one triangle in one loop (two
 * stores whose hulls meet across devices: it runs on one device), the same
 * in two loops (each splits), a lower-triangular row update, a column
 * store below the diagonal and a transposed read of the upper triangle;
 * stores whose coefficients of i differ but which meet only within one
 * iteration (an identity matrix: its row and its diagonal element) or
 * never (one half stored forwards, the other backwards).
 * Usage: triangle [n] [steps] */
#include <proact.h>
#include "e2e_util.h"

int main(int argc, char **argv) {
  long n = e2e_arg(argc, argv, 1, 61);
  long steps = e2e_arg(argc, argv, 2, 3);
  double *c = e2e_alloc(n * n), *s = e2e_alloc(n * n), *l = e2e_alloc(n * n);
  double *u = e2e_alloc(n * n), *e = e2e_alloc(n * n), *h = e2e_alloc(2 * n);
  e2e_fill(c, n * n, 1);
  e2e_fill(s, n * n, 2);
  e2e_fill(l, n * n, 3);
  e2e_fill(u, n * n, 4);
  e2e_fill(e, n * n, 5);
  e2e_fill(h, 2 * n, 6);

#pragma proact data copy(c[0:n * n], s[0:n * n], l[0:n * n], u[0:n * n], \
                         e[0:n * n], h[0:2 * n])
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
    /* The lower triangle from the upper one, in place: no iteration reads
     * what another stores. */
#pragma proact region(l[0:n * n])
    for (long i = 0; i < n; i++)
      for (long j = 0; j < i; j++)
        l[i * n + j] = l[j * n + i] * 0.5 + l[i * n + j] * 0.25;
    /* Coefficients n and n + 1; they meet at (i, i) alone. */
#pragma proact region(e[0:n * n])
    for (long i = 0; i < n; i++) {
      for (long j = 0; j < n; j++)
        e[i * n + j] = (double)(j - i) * 0.125;
      e[i * (n + 1)] = 1.0 + (double)t;
    }
    /* Coefficients 1 and -1, in different halves. */
#pragma proact region(h[0:2 * n])
    for (long i = 0; i < n; i++) {
      h[i] = h[i] * 0.5 + (double)i;
      h[2 * n - 1 - i] = h[2 * n - 1 - i] * 0.25 - (double)i;
    }
  }
  }
  e2e_print("e", e, (size_t)(n * n) * sizeof(double));
  e2e_print("h", h, (size_t)(2 * n) * sizeof(double));
  free(e);
  free(h);
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
