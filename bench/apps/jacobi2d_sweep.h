/* The 2-D Jacobi apps' sweep, one loop for jacobi2d.c (replicated grids)
 * and jacobi2d_distributed.c (distributed ones): v <- the average of u's
 * four neighbours over the interior of an n x m grid (n rows of m). */
#ifndef PROACT_BENCH_JACOBI2D_SWEEP_H
#define PROACT_BENCH_JACOBI2D_SWEEP_H

#include <proact.h>

static void sweep(long n, long m, const float *u, float *v) {
  long cells = n * m;
#pragma proact region(u[0:cells], v[0:cells])
  for (long i = 1; i < n - 1; i++)
    for (long j = 1; j < m - 1; j++)
      v[i * m + j] = 0.25f * (u[(i - 1) * m + j] + u[(i + 1) * m + j] +
                              u[i * m + j - 1] + u[i * m + j + 1]);
}

#endif
