/* A 1-D 3-point stencil iterated many times inside a data region: the two
 * arrays stay on every device; after each loop every copy is consistent.
 * Usage: stencil1d [n] [iterations] */
#include <proact.h>
#include "e2e_util.h"

int main(int argc, char **argv) {
  long n = e2e_arg(argc, argv, 1, 100003);
  long iters = e2e_arg(argc, argv, 2, 40);
  double *u = e2e_alloc(n), *v = e2e_alloc(n);
  e2e_fill(u, n, 1);
  memcpy(v, u, (size_t)n * sizeof(double));

#pragma proact data copy(u[0:n], v[0:n])
  {
    for (long t = 0; t < iters; t++) {
#pragma proact region(u[0:n], v[0:n])
      for (long i = 1; i < n - 1; i++)
        v[i] = (u[i - 1] + 2.0 * u[i] + u[i + 1]) * 0.25;
#pragma proact region(u[0:n], v[0:n])
      for (long i = 1; i < n - 1; i++)
        u[i] = (v[i - 1] + 2.0 * v[i] + v[i + 1]) * 0.25;
    }
  }
  e2e_print("u", u, (size_t)n * sizeof(double));
  e2e_print("v", v, (size_t)n * sizeof(double));
  free(u);
  free(v);
  return 0;
}
