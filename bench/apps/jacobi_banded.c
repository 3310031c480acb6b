/* Jacobi iteration for a banded system A x = b (the paper's banded-matrix
 * Jacobi): n unknowns, half-bandwidth w, A diagonally dominant and stored
 * by rows in band form (row i holds A[i][i-w .. i+w] at A[i*(2w+1) + k]).
 * x is padded by w zeros on each side, so x[i + k] for k = 0..2w is row
 * i's band: affine reads, and each device needs only w halo values of its
 * neighbours per sweep.
 * Usage: jacobi_banded [n] [w] [iterations]  (default 33554432 4 40) */
#include <proact.h>

#include "app.h"

/* One Jacobi sweep from x to y (both padded by w). */
static void sweep(long n, long w, long bw, const double *A, const double *b,
                  const double *x, double *y) {
  long nb = n * bw, np = n + 2 * w;
#pragma proact region(A[0:nb], b[0:n], x[0:np], y[0:np])
  for (long i = 0; i < n; i++) {
    double s = b[i];
    for (long k = 0; k < bw; k++)
      s -= A[i * bw + k] * x[i + k];
    y[i + w] = x[i + w] + s / A[i * bw + w];
  }
}

int main(int argc, char **argv) {
  long n = app_arg(argc, argv, 1, 32L << 20);
  long w = app_arg(argc, argv, 2, 4);
  int iters = (int)app_arg(argc, argv, 3, 40);
  long bw = 2 * w + 1, np = n + 2 * w, nb = n * bw;
  double *A = app_alloc((size_t)nb, sizeof(double));
  double *b = app_alloc((size_t)n, sizeof(double));
  double *x = app_alloc((size_t)np, sizeof(double));
  double *y = app_alloc((size_t)np, sizeof(double));
  double *t = app_alloc((size_t)iters, sizeof(double));
  double sum = 0;
  char size[64];

  /* Row i draws from stream (1, i): the same system for any number of host
   * threads. */
#pragma omp parallel for
  for (long i = 0; i < n; i++) {
    uint64_t seed = app_seed(1, (uint64_t)i);
    double off = 0;
    for (long k = 0; k < bw; k++)
      if (k != w && i + k - w >= 0 && i + k - w < n)
        off += A[i * bw + k] = app_uniform(&seed) - 0.5;
    A[i * bw + w] = 1.0 + 2.0 * (off < 0 ? -off : off) + app_uniform(&seed);
    b[i] = app_uniform(&seed);
  }
#pragma proact data copyin(A[0:nb], b[0:n]) copy(x[0:np], y[0:np])
  {
    for (int it = 0; it < iters; it++) {
      double t0 = omp_get_wtime();
      sweep(n, w, bw, A, b, x, y);
      sweep(n, w, bw, A, b, y, x);
      t[it] = omp_get_wtime() - t0;
    }
  }
  for (long i = 0; i < np; i += 97)
    sum += x[i];
  snprintf(size, sizeof(size), "n=%ld w=%ld", n, w);
  app_report("jacobi_banded", size, t, iters, 2, sum);
  return 0;
}
