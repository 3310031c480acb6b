/* Cost of the kernels' read checks (docs/user/directives.md, "Read
 * a[index]"): two gathers whose loads go through indices that are not
 * affine, so the kernels check each of them.
 *   gather: y[i] = x[idx[i]], one checked load per iteration;
 *   csr:    y[r] = sum over e in row r of val[e] * x[col[e]], a CSR
 *           matrix-vector product with `per_row` entries per row: three
 *           checked loads per entry (val[e] and col[e] too, since e runs
 *           between bounds read from rowptr).
 * Columns are a fixed pseudo-random permutation mixed with neighbours, so
 * the gathers are neither sequential nor all remote. Run it with
 * PROACT_READ_CHECK=1 (checked kernels) and =0 (plain ones) and compare
 * the medians (run.sh does, interleaved). Prints the median time of each
 * loop after warmup and a checksum, which must not depend on the setting.
 * Usage: read_check [n] [per_row] [iterations] */
#include <omp.h>
#include <proact.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "../median.h"

static long column(long r, long k, long n) {
  uint64_t x = (uint64_t)r * 0x9E3779B97F4A7C15ull +
               (uint64_t)k * 0xBF58476D1CE4E5B9ull;
  x ^= x >> 29;
  return k % 2 ? (long)(x % (uint64_t)n) : (r + k / 2) % n;
}

int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 1L << 24;
  long per_row = argc > 2 ? atol(argv[2]) : 16;
  int iters = argc > 3 ? atoi(argv[3]) : 12;
  const int warmup = 2;
  long nnz = n * per_row;
  long *rowptr = malloc((size_t)(n + 1) * sizeof(long));
  int *col = malloc((size_t)(nnz > 0 ? nnz : 1) * sizeof(int));
  int *idx = malloc((size_t)(n > 0 ? n : 1) * sizeof(int));
  double *val = malloc((size_t)(nnz > 0 ? nnz : 1) * sizeof(double));
  double *x = malloc((size_t)(n > 0 ? n : 1) * sizeof(double));
  double *y = malloc((size_t)(n > 0 ? n : 1) * sizeof(double));
  double *t_gather = calloc((size_t)iters, sizeof(double));
  double *t_csr = calloc((size_t)iters, sizeof(double));
  double sum = 0;

  if (rowptr == NULL || col == NULL || idx == NULL || val == NULL ||
      x == NULL || y == NULL || t_gather == NULL || t_csr == NULL || n < 1 ||
      per_row < 1 || n > (1L << 30) || iters <= warmup) {
    fprintf(stderr, "usage: read_check [1 <= n <= 2^30] [per_row >= 1] "
                    "[iterations > 2]\n");
    return 1;
  }
  for (long r = 0; r <= n; r++)
    rowptr[r] = r * per_row;
  for (long r = 0; r < n; r++) {
    idx[r] = (int)column(r, 1, n);
    x[r] = (double)(r % 1000) * 1e-3;
    y[r] = 0.0;
    for (long k = 0; k < per_row; k++) {
      col[r * per_row + k] = (int)column(r, k, n);
      val[r * per_row + k] = 1.0 / (double)(k + 1);
    }
  }
#pragma proact data copy(x[0:n], y[0:n]) copyin(rowptr[0:n + 1], \
                                                col[0:nnz], val[0:nnz], \
                                                idx[0:n])
  {
    for (int t = 0; t < iters; t++) {
      double t0 = omp_get_wtime(), t1;
#pragma proact region(x[0:n], y[0:n], idx[0:n])
      for (long i = 0; i < n; i++)
        y[i] = x[idx[i]];
      t1 = omp_get_wtime();
#pragma proact region(rowptr[0:n + 1], col[0:nnz], val[0:nnz], x[0:n], \
                      y[0:n])
      for (long r = 0; r < n; r++) {
        double s = 0.0;
        for (long e = rowptr[r]; e < rowptr[r + 1]; e++)
          s += val[e] * x[col[e]];
        y[r] += s * 0.125;
      }
      t_gather[t] = t1 - t0;
      t_csr[t] = omp_get_wtime() - t1;
    }
  }
  for (long i = 0; i < n; i += 4099)
    sum += y[i];
  printf("read_check: PROACT_READ_CHECK=%s, n %ld, %ld per row, %d "
         "iterations (%d warmup): median gather %.3f ms, csr %.3f ms, "
         "checksum %.6e\n",
         getenv("PROACT_READ_CHECK") ? getenv("PROACT_READ_CHECK") : "1", n,
         per_row, iters, warmup,
         1e3 * bench_median(t_gather + warmup, iters - warmup),
         1e3 * bench_median(t_csr + warmup, iters - warmup), sum);
  free(rowptr);
  free(col);
  free(idx);
  free(val);
  free(x);
  free(y);
  free(t_gather);
  free(t_csr);
  return 0;
}
