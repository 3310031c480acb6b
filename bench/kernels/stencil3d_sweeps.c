/* The 3-D 7-point stencil of the kernel benchmark as an iterative solver:
 * p -> q -> p, so that each GPU reads the planes the other one wrote and
 * every mechanism runs its own kernel (instrumented, forwarding) with pushes
 * to make. The kernel benchmark's single sweep pushes nothing. Prints the
 * median iteration (two sweeps) and a checksum, which must be the same for
 * every mechanism and device count. Part kernel times: PROACT_DEBUG=info
 * PROACT_DEBUG_SUBSYS=part and scripts/part-times.awk.
 * Usage: stencil3d_sweeps [n] [iterations] */
#include <omp.h>
#include <proact.h>
#include <stdio.h>
#include <stdlib.h>

#include "../median.h"
#include "stencil3d_sweep.h"

int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 512;
  int iters = argc > 2 ? atoi(argv[2]) : 20;
  const int warmup = iters > 2 ? 2 : 0;
  if (n < 3 || iters < 1) {
    fprintf(stderr, "usage: stencil3d_sweeps [n >= 3] [iterations >= 1]\n");
    return 2;
  }
  long cells = n * n * n;
  float *p = malloc((size_t)cells * sizeof(float));
  float *q = malloc((size_t)cells * sizeof(float));
  double *t = malloc((size_t)iters * sizeof(double));
  if (p == NULL || q == NULL || t == NULL) {
    fprintf(stderr, "stencil3d_sweeps: out of memory for n = %ld\n", n);
    return 1;
  }
  for (long c = 0; c < cells; c++)
    p[c] = q[c] = (float)(c % 97) * 0.01f;
#pragma proact data copy(p[0:cells], q[0:cells])
  {
    for (int it = 0; it < iters; it++) {
      double t0 = omp_get_wtime();
      stencil3d_sweep(n, p, q);
      stencil3d_sweep(n, q, p);
      t[it] = omp_get_wtime() - t0;
    }
  }
  double sum = 0;
  for (long c = 0; c < cells; c++)
    sum += p[c];
  printf("stencil3d_sweeps: n=%ld median iteration %.4f ms over %d "
         "(%d warmup), checksum %.9e\n",
         n, 1e3 * bench_median(t + warmup, iters - warmup), iters - warmup,
         warmup, sum);
  free(p);
  free(q);
  free(t);
  return 0;
}
