/* The 3-D 7-point stencil of the kernel benchmark, one loop for
 * proact_kernels.c (a single timed sweep) and stencil3d_sweeps.c (the
 * iterative solver p -> q -> p): q <- BK_C0 times the centre plus BK_C1
 * times the six neighbours, over the interior of an n^3 grid. */
#ifndef PROACT_BENCH_STENCIL3D_SWEEP_H
#define PROACT_BENCH_STENCIL3D_SWEEP_H

#include <proact.h>

#include "common.h"

static void stencil3d_sweep(long n, const float *p, float *q) {
  long nn = n * n, cells = nn * n;
#pragma proact region(p[0:cells], q[0:cells])
  for (long i = 1; i < n - 1; i++)
    for (long j = 1; j < n - 1; j++)
      for (long k = 1; k < n - 1; k++)
        q[i * nn + j * n + k] =
            BK_C0 * p[i * nn + j * n + k] +
            BK_C1 * (p[(i - 1) * nn + j * n + k] + p[(i + 1) * nn + j * n + k] +
                     p[i * nn + (j - 1) * n + k] + p[i * nn + (j + 1) * n + k] +
                     p[i * nn + j * n + k - 1] + p[i * nn + j * n + k + 1]);
}

#endif
