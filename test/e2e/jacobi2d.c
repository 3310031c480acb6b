/* 2-D 5-point Jacobi on an n x n grid stored flat (row i at i * n), the
 * outer loop over rows spread over the devices, the inner loop over columns.
 * Usage: jacobi2d [n] [iterations] */
#include <proact.h>
#include "e2e_util.h"

int main(int argc, char **argv) {
  long n = e2e_arg(argc, argv, 1, 301);
  long iters = e2e_arg(argc, argv, 2, 20);
  long cells = n * n;
  double *u = e2e_alloc(cells), *v = e2e_alloc(cells);
  e2e_fill(u, cells, 7);
  memcpy(v, u, (size_t)cells * sizeof(double));

#pragma proact data copy(u[0:cells], v[0:cells])
  {
    for (long t = 0; t < iters; t++) {
#pragma proact region(u[0:cells], v[0:cells])
      for (long i = 1; i < n - 1; i++)
        for (long j = 1; j < n - 1; j++)
          v[i * n + j] = 0.25 * (u[(i - 1) * n + j] + u[(i + 1) * n + j] +
                                 u[i * n + j - 1] + u[i * n + j + 1]);
#pragma proact region(u[0:cells], v[0:cells])
      for (long i = 1; i < n - 1; i++)
        for (long j = 1; j < n - 1; j++)
          u[i * n + j] = 0.25 * (v[(i - 1) * n + j] + v[(i + 1) * n + j] +
                                 v[i * n + j - 1] + v[i * n + j + 1]);
    }
  }
  e2e_print("u", u, (size_t)cells * sizeof(double));
  e2e_print("v", v, (size_t)cells * sizeof(double));
  free(u);
  free(v);
  return 0;
}
