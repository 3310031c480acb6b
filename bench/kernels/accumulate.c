/* Loops that accumulate over an inner loop, as C programmers write them:
 * a matrix-vector product (x[i] += A[i * n + j] * y[j]), its transpose
 * (A's columns, y[i] += A[j * n + i] * x[j]) and a prefix along each row.
 * Each runs as a PROACT loop (each thread runs its row's inner loop in
 * order, docs/user/porting.md) and as the plain OpenMP offload port of the
 * same loop on one device, data mapped once; both must give the sequential
 * loop's bits (build with -ffp-contract=off). Prints the median time per
 * loop of each and their ratio.
 * Usage: accumulate [n (default 8192)] [reps (default 20)] */
#include <omp.h>
#include <proact.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../median.h"

enum { MATVEC, TRANSPOSED, PREFIX, NKERNELS };
static const char *const names[NKERNELS] = {"matvec", "matvec-t", "prefix"};

static void fill(double *v, long n, unsigned seed) {
  for (long i = 0; i < n; i++)
    v[i] = 0.5 + (double)((i * 2654435761u + seed) % 1000) / 1000.0;
}

/* The loop k over A, x, y as the sequential program runs it. */
static void sequential(int k, long n, const double *A, double *x, double *y,
                       double *P) {
  for (long i = 0; i < n; i++)
    for (long j = 0; j < n; j++)
      if (k == MATVEC)
        x[i] += A[i * n + j] * y[j];
      else if (k == TRANSPOSED)
        y[i] += A[j * n + i] * x[j];
      else
        P[i * n + j] = (j > 0 ? P[i * n + j - 1] : 0.0) * 0.5 + A[i * n + j];
}

static double run_proact(int k, long n, int reps, double *A, double *x,
                         double *y, double *P, double *t) {
  const long nn = n * n;
#pragma proact data copyin(A[0:nn]) copy(x[0:n], y[0:n], P[0:nn])
  {
    for (int r = -2; r < reps; r++) {
      double t0 = omp_get_wtime();
      if (k == MATVEC) {
#pragma proact region(A[0:nn], x[0:n], y[0:n])
        for (long i = 0; i < n; i++)
          for (long j = 0; j < n; j++)
            x[i] += A[i * n + j] * y[j];
      } else if (k == TRANSPOSED) {
#pragma proact region(A[0:nn], x[0:n], y[0:n])
        for (long i = 0; i < n; i++)
          for (long j = 0; j < n; j++)
            y[i] += A[j * n + i] * x[j];
      } else {
#pragma proact region(A[0:nn], P[0:nn])
        for (long i = 0; i < n; i++)
          for (long j = 0; j < n; j++)
            P[i * n + j] =
                (j > 0 ? P[i * n + j - 1] : 0.0) * 0.5 + A[i * n + j];
      }
      if (r >= 0)
        t[r] = omp_get_wtime() - t0;
    }
  }
  return bench_median(t, reps);
}

static double run_plain(int k, long n, int reps, double *A, double *x,
                        double *y, double *P, double *t) {
  const long nn = n * n;
  const int dev = omp_get_default_device();
#pragma omp target data map(to: A[0:nn]) map(tofrom: x[0:n], y[0:n], P[0:nn]) device(dev)
  {
    for (int r = -2; r < reps; r++) {
      double t0 = omp_get_wtime();
      if (k == MATVEC) {
#pragma omp target teams distribute parallel for device(dev)
        for (long i = 0; i < n; i++)
          for (long j = 0; j < n; j++)
            x[i] += A[i * n + j] * y[j];
      } else if (k == TRANSPOSED) {
#pragma omp target teams distribute parallel for device(dev)
        for (long i = 0; i < n; i++)
          for (long j = 0; j < n; j++)
            y[i] += A[j * n + i] * x[j];
      } else {
#pragma omp target teams distribute parallel for device(dev)
        for (long i = 0; i < n; i++)
          for (long j = 0; j < n; j++)
            P[i * n + j] =
                (j > 0 ? P[i * n + j - 1] : 0.0) * 0.5 + A[i * n + j];
      }
      if (r >= 0)
        t[r] = omp_get_wtime() - t0;
    }
  }
  return bench_median(t, reps);
}

int main(int argc, char **argv) {
  const long n = argc > 1 ? atol(argv[1]) : 8192;
  const int reps = argc > 2 ? atoi(argv[2]) : 20;
  const long nn = n * n;
  double *A = malloc((size_t)nn * sizeof(double));
  double *P = malloc((size_t)nn * sizeof(double));
  double *x[3], *y[3], *p[2], *t = malloc((size_t)(reps > 0 ? reps : 1) *
                                          sizeof(double));
  int fail = 0;
  if (n < 1 || reps < 1 || !A || !P || !t) {
    fprintf(stderr, "usage: %s [n >= 1] [reps >= 1]\n", argv[0]);
    return 2;
  }
  for (int v = 0; v < 3; v++) {
    x[v] = malloc((size_t)n * sizeof(double));
    y[v] = malloc((size_t)n * sizeof(double));
    if (!x[v] || !y[v])
      return 2;
  }
  for (int v = 0; v < 2; v++)
    if ((p[v] = malloc((size_t)nn * sizeof(double))) == NULL)
      return 2;
  fill(A, nn, 7);
  printf("# n %ld, reps %d, %d device(s); median ms per loop\n", n, reps,
         proact_num_devices());
  printf("%-9s %10s %10s %8s %s\n", "loop", "proact", "plain", "ratio",
         "bits");
  for (int k = 0; k < NKERNELS; k++) {
    double tp, to;
    int same;
    /* Three copies of the inputs: the sequential loop runs the same number
     * of executions as each version (2 warm-up + reps). */
    for (int v = 0; v < 3; v++) {
      fill(x[v], n, 1);
      fill(y[v], n, 2);
    }
    fill(P, nn, 3);
    memcpy(p[0], P, (size_t)nn * sizeof(double));
    memcpy(p[1], P, (size_t)nn * sizeof(double));
    tp = run_proact(k, n, reps, A, x[0], y[0], p[0], t);
    to = run_plain(k, n, reps, A, x[1], y[1], p[1], t);
    for (int r = -2; r < reps; r++)
      sequential(k, n, A, x[2], y[2], P);
    same = !memcmp(x[0], x[2], (size_t)n * sizeof(double)) &&
           !memcmp(y[0], y[2], (size_t)n * sizeof(double)) &&
           !memcmp(p[0], P, (size_t)nn * sizeof(double)) &&
           !memcmp(x[1], x[2], (size_t)n * sizeof(double)) &&
           !memcmp(y[1], y[2], (size_t)n * sizeof(double)) &&
           !memcmp(p[1], P, (size_t)nn * sizeof(double));
    fail |= !same;
    printf("%-9s %10.3f %10.3f %8.3f %s\n", names[k], tp * 1e3, to * 1e3,
           to / tp, same ? "identical" : "DIFFER");
  }
  return fail;
}
