/* The 2-D Jacobi apps' sweep, one loop for jacobi2d.c (replicated grids)
 * and jacobi2d_distributed.c (distributed ones): v <- the average of u's
 * four neighbours over the interior of an n x n grid. */
#ifndef PROACT_BENCH_JACOBI2D_SWEEP_H
#define PROACT_BENCH_JACOBI2D_SWEEP_H

#include <proact.h>

static void sweep(long n, const float *u, float *v) {
  long cells = n * n;
#pragma proact region(u[0:cells], v[0:cells])
  for (long i = 1; i < n - 1; i++)
    for (long j = 1; j < n - 1; j++)
      v[i * n + j] = 0.25f * (u[(i - 1) * n + j] + u[(i + 1) * n + j] +
                              u[i * n + j - 1] + u[i * n + j + 1]);
}

#endif
