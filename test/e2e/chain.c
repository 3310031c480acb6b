/* A chain of dependent loops over two arrays: each loop reads what the one
 * before wrote on other devices. The first loop runs outside any data
 * region (its arrays are copied in and back for that loop alone); the rest
 * run in one data region with copy, copyin (w, only read) and create (c,
 * scratch whose host copy is never updated, so it is not printed).
 * Usage: chain [n] [rounds] */
#include <proact.h>
#include "e2e_util.h"

int main(int argc, char **argv) {
  long n = e2e_arg(argc, argv, 1, 50021);
  long rounds = e2e_arg(argc, argv, 2, 10);
  double *a = e2e_alloc(n), *b = e2e_alloc(n), *c = e2e_alloc(n);
  double *w = e2e_alloc(n);
  e2e_fill(a, n, 3);
  e2e_fill(b, n, 4);
  e2e_fill(w, n, 8);

#pragma proact region(a[0:n], b[0:n])
  for (long i = 0; i < n; i++)
    b[i] = b[i] * 0.5 + a[n - 1 - i];

#pragma proact data copy(a[0:n], b[0:n]) copyin(w[0:n]) create(c[0:n])
  {
    for (long r = 0; r < rounds; r++) {
#pragma proact region(a[0:n], b[0:n], w[0:n])
      for (long i = 0; i < n; i++)
        a[i] = b[(i + r) % n] * 0.75 + a[i] * 0.25 - w[i] * 0.125;
#pragma proact region(a[0:n], b[0:n], c[0:n])
      for (long i = 0; i < n; i++) {
        c[i] = a[n - 1 - i] - b[i];
        b[i] = a[(i * 7) % n] * 0.5 + 0.25;
      }
#pragma proact region(a[0:n], c[0:n])
      for (long i = 0; i < n; i++)
        a[i] += c[(i + n / 2) % n] * 0.125;
    }
  }
  e2e_print("a", a, (size_t)n * sizeof(double));
  e2e_print("b", b, (size_t)n * sizeof(double));
  e2e_print("w", w, (size_t)n * sizeof(double));
  free(w);
  free(a);
  free(b);
  free(c);
  return 0;
}
