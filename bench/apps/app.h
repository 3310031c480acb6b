/* What the benchmark applications share: deterministic random numbers,
 * allocation that exits on failure, per-iteration timing and the one line
 * of results bench/run parses:
 *   app: NAME SIZE: median iteration X ms over N (W warmup), checksum C */
#ifndef PROACT_BENCH_APP_H
#define PROACT_BENCH_APP_H

#include <omp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "../median.h"

/* splitmix64: the same inputs on every machine and run. */
static inline uint64_t app_rand(uint64_t *s) {
  uint64_t z = (*s += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
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
