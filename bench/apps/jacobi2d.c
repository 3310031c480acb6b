/* 2-D 5-point Jacobi relaxation on an n x n float grid (the paper's 2-D
 * Jacobi, 16384 x 16384 by default): rows split over the devices, each
 * needs one halo row of each neighbour per sweep. A third argument makes
 * the grid n rows of m (tall and narrow: short innermost loops).
 * Usage: jacobi2d [n] [iterations] [m]  (default 16384 50 n) */
#include <proact.h>

#include "app.h"
#include "jacobi2d_sweep.h"

int main(int argc, char **argv) {
  long n = app_arg(argc, argv, 1, 16384);
  int iters = (int)app_arg(argc, argv, 2, 50);
  long m = app_arg(argc, argv, 3, n);
  long cells = n * m;
  float *u = app_alloc((size_t)cells, sizeof(float));
  float *v = app_alloc((size_t)cells, sizeof(float));
  double *t = app_alloc((size_t)iters, sizeof(double));
  double sum = 0;
  char size[64];

  if (n < 3 || m < 3) {
    fprintf(stderr, "jacobi2d: n and m must be at least 3\n");
    return 2;
  }
  for (long i = 0; i < n; i++)
    for (long j = 0; j < m; j++)
      u[i * m + j] = v[i * m + j] = (i == 0 || j == 0) ? 1.0f : 0.0f;
#pragma proact data copy(u[0:cells], v[0:cells])
  {
    for (int it = 0; it < iters; it++) {
      double t0 = omp_get_wtime();
      sweep(n, m, u, v);
      sweep(n, m, v, u);
      t[it] = omp_get_wtime() - t0;
    }
  }
  for (long i = 0; i < cells; i += 1031)
    sum += u[i];
  if (m == n)
    snprintf(size, sizeof(size), "n=%ld", n);
  else
    snprintf(size, sizeof(size), "n=%ld m=%ld", n, m);
  app_report("jacobi2d", size, t, iters, 2, sum);
  return 0;
}
