/* The median of the benchmarks' repeated timings (sorts v in place), and
 * the clock they read. */
#ifndef PROACT_BENCH_MEDIAN_H
#define PROACT_BENCH_MEDIAN_H

#include <stdlib.h>
#include <time.h>

static int bench_cmp_double(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

static inline double bench_median(double *v, int n) {
  qsort(v, (size_t)n, sizeof(*v), bench_cmp_double);
  return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

/* Seconds on the monotonic clock. libomp's omp_get_wtime reads
 * gettimeofday, whose microseconds are too coarse for per-loop costs of a
 * few microseconds. */
static inline double bench_now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

#endif
