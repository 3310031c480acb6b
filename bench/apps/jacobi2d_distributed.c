/* 2-D 5-point Jacobi on grids larger than one device: u and v are
 * distributed, so each device holds its rows of each plus the halo rows it
 * reads, about 1/N of the grids. At n = 136000 the two grids are 148 GB,
 * more than one H200 holds (141 GB); on two each holds about 74 GB.
 *
 * The whole grid cannot be checked against a sequential run (that would
 * need another 148 GB of host memory and hours), so the program checks
 * strips: after S sweeps a row depends only on the initial rows within S of
 * it, so a strip of rows recomputed on the host from the initial values,
 * S rows wider on each side, gives those rows exactly. The strips lie at
 * the grid's edges and at every eighth of it, where the devices' parts
 * meet for 2, 4 and 8 devices, and the initial values differ from cell to
 * cell, so a stale or missing halo row changes the result.
 *
 * Usage: jacobi2d_distributed [n] [iterations]  (default 16384 5; each
 * iteration is two sweeps). Prints the app: line (bench/app.h) and
 * "verify: ..."; exits 1 when a strip differs. */
#include <proact.h>
#include <string.h>

#include "app.h"
#include "jacobi2d_sweep.h"

#define STRIP_HALF 4 /* rows checked on each side of a strip's centre */

/* The initial value of cell (i, j): a hash, so neighbours differ. */
static float initial(long i, long j) {
  uint64_t s = (uint64_t)i * 0x9E3779B97F4A7C15ull ^ (uint64_t)j;
  return (float)(app_rand(&s) >> 40) * (1.0f / 16777216.0f);
}

/* v <- the average of u's four neighbours, rows [r0, r1) of the grid,
 * with u and v holding grid rows [base, ...): the reference's sweep, the
 * same expression as sweep's (jacobi2d_sweep.h). */
static void sweep_rows(long n, long base, long r0, long r1, const float *u,
                       float *v) {
  for (long i = r0; i < r1; i++)
    for (long j = 1; j < n - 1; j++) {
      long c = (i - base) * n + j;
      v[c] = 0.25f * (u[c - n] + u[c + n] + u[c - 1] + u[c + 1]);
    }
}

/* Recomputes rows [c - STRIP_HALF, c + STRIP_HALF] after `sweeps` sweeps
 * from the initial values and compares them with u and v bit for bit.
 * Returns the number of differing cells (the first is printed). */
static long check_strip(long n, long c, int sweeps, const float *u,
                        const float *v) {
  long lo = c - STRIP_HALF - sweeps, hi = c + STRIP_HALF + sweeps + 1;
  long clo = c - STRIP_HALF, chi = c + STRIP_HALF + 1, bad = 0;
  if (lo < 0)
    lo = 0;
  if (hi > n)
    hi = n;
  if (clo < 0)
    clo = 0;
  if (chi > n)
    chi = n;
  long rows = hi - lo;
  float *a = app_alloc((size_t)(rows * n), sizeof(float));
  float *b = app_alloc((size_t)(rows * n), sizeof(float));
  for (long i = lo; i < hi; i++)
    for (long j = 0; j < n; j++)
      a[(i - lo) * n + j] = b[(i - lo) * n + j] = initial(i, j);
  /* The strip's own edge rows stay at their initial values; their error
   * moves in one row per sweep and never reaches [clo, chi). Grid rows 0
   * and n - 1 are never written. */
  long r0 = lo + 1 > 1 ? lo + 1 : 1, r1 = hi - 1 < n - 1 ? hi - 1 : n - 1;
  for (int s = 0; s < sweeps; s++) {
    if (s % 2 == 0)
      sweep_rows(n, lo, r0, r1, a, b);
    else
      sweep_rows(n, lo, r0, r1, b, a);
  }
  /* After an even number of sweeps u's latest is in a, v's in b. */
  for (long i = clo; i < chi; i++)
    for (long j = 0; j < n; j++) {
      long g = i * n + j, l = (i - lo) * n + j;
      if (memcmp(&u[g], &a[l], sizeof(float)) != 0 ||
          memcmp(&v[g], &b[l], sizeof(float)) != 0) {
        if (bad++ == 0)
          fprintf(stderr,
                  "verify: row %ld column %ld: u %.9g v %.9g, expected "
                  "%.9g %.9g\n",
                  i, j, u[g], v[g], a[l], b[l]);
      }
    }
  free(a);
  free(b);
  return bad;
}

int main(int argc, char **argv) {
  long n = app_arg(argc, argv, 1, 16384);
  int iters = (int)app_arg(argc, argv, 2, 5);
  long cells = n * n, bad = 0, centres[9];
  double sum = 0;
  char size[64];

  if (n < 3) {
    fprintf(stderr, "jacobi2d_distributed: n must be at least 3\n");
    return 2;
  }
  float *u = app_alloc((size_t)cells, sizeof(float));
  float *v = app_alloc((size_t)cells, sizeof(float));
  double *t = app_alloc((size_t)iters, sizeof(double));
  double t0 = omp_get_wtime();
#pragma omp parallel for schedule(static)
  for (long i = 0; i < n; i++)
    for (long j = 0; j < n; j++)
      u[i * n + j] = v[i * n + j] = initial(i, j);
  printf("jacobi2d_distributed: n=%ld, two grids of %.1f GB, initialised "
         "in %.1f s\n",
         n, 4e-9 * (double)cells, omp_get_wtime() - t0);
  fflush(stdout);
  t0 = omp_get_wtime();
#pragma proact data copy(u[0:cells], v[0:cells]) distribute(u, v)
  {
    for (int it = 0; it < iters; it++) {
      double s0 = omp_get_wtime();
      sweep(n, n, u, v);
      sweep(n, n, v, u);
      t[it] = omp_get_wtime() - s0;
    }
  }
  printf("jacobi2d_distributed: data region (fill, sweeps, copy back) "
         "%.1f s\n",
         omp_get_wtime() - t0);
  for (long i = 0; i < cells; i += 1031)
    sum += u[i];
  snprintf(size, sizeof(size), "n=%ld", n);
  app_report("jacobi2d_distributed", size, t, iters, iters > 2 ? 1 : 0,
             sum);
  for (int k = 0; k <= 8; k++)
    centres[k] = k == 8 ? n - 1 : k * (n / 8);
  for (int k = 0; k <= 8; k++)
    bad += check_strip(n, centres[k], 2 * iters, u, v);
  printf("verify: %d strips of %d rows after %d sweeps: %s (%ld cells "
         "differ)\n",
         9, 2 * STRIP_HALF + 1, 2 * iters,
         bad == 0 ? "bit-identical" : "MISMATCH", bad);
  free(u);
  free(v);
  free(t);
  return bad == 0 ? 0 : 1;
}
