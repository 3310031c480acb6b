/* Helpers shared by the end-to-end programs: deterministic inputs and a
 * printout that is equal between two runs only if every bit is. */
#ifndef PROACT_E2E_UTIL_H
#define PROACT_E2E_UTIL_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Values in [0.5, 1.5) from an integer hash: no zeros, no denormals. */
static inline void e2e_fill(double *a, long n, unsigned seed) {
  for (long i = 0; i < n; i++) {
    uint64_t x = (uint64_t)i * 0x9E3779B97F4A7C15ull + seed;
    x ^= x >> 31;
    x *= 0xBF58476D1CE4E5B9ull;
    x ^= x >> 29;
    a[i] = 0.5 + (double)(x >> 11) / 9007199254740992.0;
  }
}

/* FNV-1a over the bytes, so any flipped bit changes the printout. */
static inline void e2e_print(const char *name, const void *p, size_t bytes) {
  const unsigned char *b = (const unsigned char *)p;
  uint64_t h = 1469598103934665603ull;
  for (size_t i = 0; i < bytes; i++) {
    h ^= b[i];
    h *= 1099511628211ull;
  }
  printf("%s: %zu bytes, fnv1a %016llx\n", name, bytes, (unsigned long long)h);
}

static inline double *e2e_alloc(long n) {
  double *a = (double *)malloc((size_t)(n > 0 ? n : 1) * sizeof(double));
  if (!a) {
    fprintf(stderr, "out of host memory\n");
    exit(2);
  }
  return a;
}

static inline long e2e_arg(int argc, char **argv, int i, long dflt) {
  return argc > i ? atol(argv[i]) : dflt;
}

#endif
