/* PROACT example: 2-D 5-point Jacobi relaxation written as sequential C.
 *
 * The two loop nests carry '#pragma proact region(...)': each runs on every
 * device, rows split in contiguous blocks, and after each loop every device
 * holds the whole updated grid. The data directive keeps both grids on the
 * devices for all iterations. The program then repeats the same iterations
 * with the pragmas' loops run sequentially on the host and says whether the
 * results are bit-identical.
 *
 * Usage: jacobi2d [n] [iterations] [check]   (defaults: 4096 100 1)
 * check = 0 skips the sequential reference (for timing large grids). */
#include <proact.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void init(long n, float *u) {
  for (long i = 0; i < n; i++)
    for (long j = 0; j < n; j++)
      u[i * n + j] = (i == 0 || j == 0) ? 1.0f : 0.0f; /* hot top/left edge */
}

/* Sweeps v <- average of u's neighbours, then u <- of v's, with PROACT.
 * Returns the seconds spent in the loops alone (inside the data region, so
 * without the copies in and out). */
static double relax(long n, long iters, float *u, float *v) {
  double loops = 0;
#pragma proact data copy(u[0:n * n], v[0:n * n])
  {
    double start = omp_get_wtime();
    for (long t = 0; t < iters; t++) {
#pragma proact region(u[0:n * n], v[0:n * n])
      for (long i = 1; i < n - 1; i++)
        for (long j = 1; j < n - 1; j++)
          v[i * n + j] = 0.25f * (u[(i - 1) * n + j] + u[(i + 1) * n + j] +
                                  u[i * n + j - 1] + u[i * n + j + 1]);
#pragma proact region(u[0:n * n], v[0:n * n])
      for (long i = 1; i < n - 1; i++)
        for (long j = 1; j < n - 1; j++)
          u[i * n + j] = 0.25f * (v[(i - 1) * n + j] + v[(i + 1) * n + j] +
                                  v[i * n + j - 1] + v[i * n + j + 1]);
    }
    loops = omp_get_wtime() - start; /* every loop ends synchronised */
  }
  return loops;
}

/* The same sweeps, plain sequential C on the host: the reference. */
static void relax_sequential(long n, long iters, float *u, float *v) {
  for (long t = 0; t < iters; t++) {
    for (long i = 1; i < n - 1; i++)
      for (long j = 1; j < n - 1; j++)
        v[i * n + j] = 0.25f * (u[(i - 1) * n + j] + u[(i + 1) * n + j] +
                                u[i * n + j - 1] + u[i * n + j + 1]);
    for (long i = 1; i < n - 1; i++)
      for (long j = 1; j < n - 1; j++)
        u[i * n + j] = 0.25f * (v[(i - 1) * n + j] + v[(i + 1) * n + j] +
                                v[i * n + j - 1] + v[i * n + j + 1]);
  }
}

int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 4096;
  long iters = argc > 2 ? atol(argv[2]) : 100;
  int check = argc > 3 ? atoi(argv[3]) : 1;
  if (n < 3 || iters < 1) {
    fprintf(stderr, "usage: %s [n >= 3] [iterations >= 1] [check 0|1]\n",
            argv[0]);
    return 2;
  }
  size_t bytes = (size_t)(n * n) * sizeof(float);
  float *u = malloc(bytes), *v = malloc(bytes);
  float *ru = malloc(bytes), *rv = malloc(bytes);
  if (!u || !v || !ru || !rv) {
    fprintf(stderr, "jacobi2d: out of host memory for n = %ld\n", n);
    return 1;
  }
  init(n, u);
  memcpy(v, u, bytes);
  memcpy(ru, u, bytes);
  memcpy(rv, u, bytes);

  int ndev = proact_num_devices();
  printf("jacobi2d: %ld x %ld floats, %ld iterations\n", n, n, iters);
  printf("devices: %d %s device%s (", ndev, proact_device_kind(),
         ndev == 1 ? "" : "s");
  for (int d = 0; d < ndev; d++)
    printf("%s%d", d ? ", " : "", proact_device_id(d));
  printf(")\n");

  double t0 = omp_get_wtime();
  double loops = relax(n, iters, u, v);
  double t1 = omp_get_wtime();
  if (check)
    relax_sequential(n, iters, ru, rv);
  double t2 = omp_get_wtime();

  int same = memcmp(u, ru, bytes) == 0 && memcmp(v, rv, bytes) == 0;
  printf("proact: %.3f s in %ld loops (%.3f ms per loop), %.3f s with the "
         "data region's copies\n",
         loops, 2 * iters, 1e3 * loops / (double)(2 * iters), t1 - t0);
  if (check)
    printf("sequential host: %.3f s\n", t2 - t1);
  double sum = 0;
  for (long c = 0; c < n * n; c++)
    sum += u[c];
  printf("sum of u = %.9g\n", sum);
  if (check)
    printf("result: %s the sequential run\n",
           same ? "bit-identical to" : "DIFFERS from");
  else
    printf("result: not checked\n");
  free(u);
  free(v);
  free(ru);
  free(rv);
  return !check || same ? 0 : 1;
}
