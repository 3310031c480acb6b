/* What the benchmark applications share: deterministic random numbers (a
 * stream per row, so that host threads may generate the inputs), allocation
 * that exits on failure, a CSR transpose, per-iteration timing and the one
 * line of results bench/run parses:
 *   app: NAME SIZE: median iteration X ms over N (W warmup), checksum C */
#ifndef PROACT_BENCH_APP_H
#define PROACT_BENCH_APP_H

#include <omp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "../median.h"

/* splitmix64's finalizer: a bijection of 64-bit words that mixes well. */
static inline uint64_t app_mix(uint64_t z) {
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

/* splitmix64: the same inputs on every machine and run. */
static inline uint64_t app_rand(uint64_t *s) {
  return app_mix(*s += 0x9E3779B97F4A7C15ull);
}

/* The state of a stream of its own for item index (a row, a vertex, a
 * user) of the inputs seeded by base: the index-th output of base's
 * splitmix64 stream, reached without walking it. One stream per item makes
 * the inputs independent of how host threads share the items. */
static inline uint64_t app_seed(uint64_t base, uint64_t index) {
  return app_mix(base + (index + 1) * 0x9E3779B97F4A7C15ull);
}

/* Uniform in [0, 1). */
static inline double app_uniform(uint64_t *s) {
  return (double)(app_rand(s) >> 11) / 9007199254740992.0;
}

static inline void *app_alloc(size_t count, size_t size) {
  void *p = calloc(count > 0 ? count : 1, size);
  if (p == NULL) {
    fprintf(stderr, "app: out of host memory (%zu x %zu bytes)\n", count,
            size);
    exit(1);
  }
  return p;
}

static inline long app_arg(int argc, char **argv, int i, long dflt) {
  long v = argc > i ? atol(argv[i]) : dflt;
  if (v < 1) {
    fprintf(stderr, "app: argument %d must be a positive number\n", i);
    exit(2);
  }
  return v;
}

/* CSR row pointers from counts: ptr[0] is 0 and ptr[r + 1] holds row r's
 * count on entry, the end of row r on return. */
static inline void app_counts_to_ptr(long *ptr, long nrows) {
  ptr[0] = 0;
  for (long r = 0; r < nrows; r++)
    ptr[r + 1] += ptr[r];
}

/* The transpose of a CSR matrix of nr rows and nc columns (ptr, idx, val)
 * into tptr (nc + 1), tidx and tval on the host threads: a stable counting
 * sort, so each column lists its entries in ascending row order whatever
 * the number of threads. Each thread counts the columns of its contiguous
 * share of the rows; a column's counts, summed in thread order, give each
 * thread its first slot there; each thread then fills from its rows.
 * Scratch: threads x nc longs, so at most APP_TRANSPOSE_THREADS threads
 * (ALS's 1M items: 128 MB). */
#define APP_TRANSPOSE_THREADS 16
static inline void app_transpose(long nr, long nc, const long *ptr,
                                 const int *idx, const float *val,
                                 long *tptr, int *tidx, float *tval) {
  const int threads = omp_get_max_threads() < APP_TRANSPOSE_THREADS
                          ? omp_get_max_threads()
                          : APP_TRANSPOSE_THREADS;
  long *slot = app_alloc((size_t)threads * (size_t)nc, sizeof(long));
#pragma omp parallel num_threads(threads)
  {
    long t = omp_get_thread_num(), nt = omp_get_num_threads();
    long r0 = nr * t / nt, r1 = nr * (t + 1) / nt, *mine = slot + t * nc;
    for (long e = ptr[r0]; e < ptr[r1]; e++)
      mine[idx[e]]++;
#pragma omp barrier
#pragma omp for
    for (long c = 0; c < nc; c++) {
      long sum = 0;
      for (long u = 0; u < nt; u++) {
        long k = slot[u * nc + c];
        slot[u * nc + c] = sum;
        sum += k;
      }
      tptr[c + 1] = sum;
    }
#pragma omp single
    app_counts_to_ptr(tptr, nc);
    for (long r = r0; r < r1; r++)
      for (long e = ptr[r]; e < ptr[r + 1]; e++) {
        long at = tptr[idx[e]] + mine[idx[e]]++;
        tidx[at] = (int)r;
        tval[at] = val[e];
      }
  }
  free(slot);
}

/* Prints the result line: the median of t[warmup..iters) in ms. */
static inline void app_report(const char *name, const char *size, double *t,
                              int iters, int warmup, double checksum) {
  int w = iters > warmup ? warmup : 0;
  printf("app: %s %s: median iteration %.4f ms over %d (%d warmup), "
         "checksum %.9e\n",
         name, size, 1e3 * bench_median(t + w, iters - w), iters - w, w,
         checksum);
}

#endif
