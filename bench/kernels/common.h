/* Shared by proact_kernels.c (clang + PROACT plugin) and cuda_kernels.cu
 * (nvcc): options, input values, the host reference of each kernel on one
 * point, the median, and the output format. Plain C that also compiles as
 * C++; no pragmas. */
#ifndef PROACT_BENCH_KERNELS_COMMON_H
#define PROACT_BENCH_KERNELS_COMMON_H

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Coefficients of the kernels (float literals, the same in both programs). */
#define BK_SCALE 3.0f        /* scale, clamp and triad */
#define BK_CLAMP 4.5f        /* clamp: the cap on s * a[i] (about half) */
#define BK_JAC 0.25f         /* 2-D 5-point Jacobi */
#define BK_C0 0.4f           /* 3-D 7-point: centre */
#define BK_C1 0.1f           /* 3-D 7-point: each of the 6 neighbours */
#define BK_SAMPLES 4096      /* points checked per kernel */

typedef struct bk_opts {
  long stream_n;   /* elements of each streaming array */
  long jacobi_n;   /* the 2-D grid is jacobi_n x jacobi_n */
  long stencil_n;  /* the 3-D grid is stencil_n^3 */
  int reps;        /* timed repetitions (median reported) */
  int warmup;      /* untimed executions before them */
} bk_opts;

static inline void bk_usage(const char *prog) {
  fprintf(stderr,
          "usage: %s [--stream-n N] [--jacobi-n N] [--stencil3d-n N] "
          "[--reps R] [--warmup W]\n"
          "defaults: --stream-n 268435456 (2^28) --jacobi-n 16384 "
          "--stencil3d-n 512 --reps 20 --warmup 3\n",
          prog);
}

/* Returns 0, or 2 after printing the usage. */
static inline int bk_parse(int argc, char **argv, bk_opts *o) {
  o->stream_n = 1L << 28;
  o->jacobi_n = 16384;
  o->stencil_n = 512;
  o->reps = 20;
  o->warmup = 3;
  for (int i = 1; i < argc; i += 2) {
    const char *a = argv[i];
    if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
      bk_usage(argv[0]);
      return 2;
    }
    if (i + 1 >= argc) {
      bk_usage(argv[0]);
      return 2;
    }
    char *end = NULL;
    long v = strtol(argv[i + 1], &end, 0);
    if (!end || *end) {
      fprintf(stderr, "%s: bad number '%s' for %s\n", argv[0], argv[i + 1], a);
      return 2;
    }
    if (!strcmp(a, "--stream-n"))
      o->stream_n = v;
    else if (!strcmp(a, "--jacobi-n"))
      o->jacobi_n = v;
    else if (!strcmp(a, "--stencil3d-n"))
      o->stencil_n = v;
    else if (!strcmp(a, "--reps"))
      o->reps = (int)v;
    else if (!strcmp(a, "--warmup"))
      o->warmup = (int)v;
    else {
      bk_usage(argv[0]);
      return 2;
    }
  }
  if (o->stream_n < 1 || o->jacobi_n < 3 || o->stencil_n < 3 || o->reps < 1 ||
      o->reps > 100000 || o->warmup < 0) {
    fprintf(stderr, "%s: need stream-n >= 1, jacobi-n >= 3, stencil3d-n >= 3, "
                    "1 <= reps <= 100000, warmup >= 0\n", argv[0]);
    return 2;
  }
  return 0;
}

/* Input values: a hash of (index, seed) mapped to [1, 2): never zero, no
 * two neighbours alike, exactly representable, the same in both programs. */
static inline float bk_value(long i, unsigned seed) {
  unsigned long long x = (unsigned long long)i * 0x9E3779B97F4A7C15ull +
                         (unsigned long long)seed * 0xBF58476D1CE4E5B9ull;
  x ^= x >> 31;
  x *= 0x94D049BB133111EBull;
  x ^= x >> 29;
  return 1.0f + (float)(x & 0xFFFFF) / 1048576.0f; /* 20 bits: exact */
}

#define BK_SEED_A 1u
#define BK_SEED_B 2u
#define BK_SEED_U 3u
#define BK_SEED_P 4u

/* The i-th sample point of [lo, hi): the ends, then spread pseudo-randomly. */
static inline long bk_sample(long i, long lo, long hi) {
  long span = hi - lo;
  if (span <= 0)
    return lo;
  if (i == 0)
    return lo;
  if (i == 1)
    return hi - 1;
  unsigned long long x = (unsigned long long)i * 0x9E3779B97F4A7C15ull;
  x ^= x >> 29;
  x *= 0xBF58476D1CE4E5B9ull;
  x ^= x >> 32;
  return lo + (long)(x % (unsigned long long)span);
}

/* Host references of one point, in the order the kernels write it. */
/* clamp's element: s * x, capped at BK_CLAMP. */
static inline float bk_ref_clamp(float x) {
  float t = BK_SCALE * x;
  return t > BK_CLAMP ? BK_CLAMP : t;
}

static inline float bk_ref_jacobi(const float *u, long n, long i, long j) {
  return BK_JAC * (u[(i - 1) * n + j] + u[(i + 1) * n + j] +
                   u[i * n + j - 1] + u[i * n + j + 1]);
}

/* The Jacobi sweep's largest change max |v - u| over the interior: what a
 * solver tests for convergence (jacobi2d-norm). Every point, once. */
static inline float bk_ref_norm(const float *u, long n) {
  float m = 0;
  for (long i = 1; i < n - 1; i++)
    for (long j = 1; j < n - 1; j++) {
      float d = bk_ref_jacobi(u, n, i, j) - u[i * n + j];
      d = d < 0 ? -d : d;
      if (d > m)
        m = d;
    }
  return m;
}

static inline float bk_ref_stencil(const float *p, long n, long i, long j,
                                   long k) {
  long nn = n * n, c = i * nn + j * n + k;
  return BK_C0 * p[c] + BK_C1 * (p[c - nn] + p[c + nn] + p[c - n] +
                                 p[c + n] + p[c - 1] + p[c + 1]);
}

/* Relative tolerance: the GPU may fuse multiply-adds (-ffp-contract's
 * default), the host reference does not; a broken kernel is off by far more. */
static inline int bk_close(float got, float ref) {
  float tol = 1e-5f * fabsf(ref) + 1e-30f;
  return fabsf(got - ref) <= tol; /* false for NaN */
}

/* Counts mismatches among BK_SAMPLES points; prints the first few. */
typedef struct bk_check {
  const char *name;
  long bad;
} bk_check;

static inline void bk_mismatch(bk_check *c, const char *where, float got,
                               float ref) {
  if (c->bad < 5)
    fprintf(stderr, "%s: mismatch at %s: got %.9g, expected %.9g\n", c->name,
            where, (double)got, (double)ref);
  c->bad++;
}

/* Checks sample x of the 2-D sweep's output v (input u, n x n). */
static inline void bk_check_jacobi(bk_check *c, const float *u, const float *v,
                                   long n, long x) {
  char where[64];
  long i2 = bk_sample(x, 0, (n - 2) * (n - 2));
  long ji = 1 + i2 / (n - 2), jj = 1 + i2 % (n - 2);
  float rj = bk_ref_jacobi(u, n, ji, jj);
  if (!bk_close(v[ji * n + jj], rj)) {
    snprintf(where, sizeof where, "[%ld][%ld]", ji, jj);
    bk_mismatch(c, where, v[ji * n + jj], rj);
  }
}

static inline int bk_cmp_double(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return x < y ? -1 : x > y;
}

/* Sorts t[0..r) in place; returns the median. */
static inline double bk_median(double *t, int r) {
  qsort(t, (size_t)r, sizeof(double), bk_cmp_double);
  return r % 2 ? t[r / 2] : 0.5 * (t[r / 2 - 1] + t[r / 2]);
}

static inline void bk_header(const char *impl, const char *device, const bk_opts *o) {
  printf("# %s kernels on %s: %d warm-up + %d timed repetitions, median\n",
         impl, device, o->warmup, o->reps);
  printf("# bytes = each input element read once + each output element "
         "written once; GB = 1e9 B\n");
  printf("%-14s %-14s %12s %10s %12s %12s  %s\n", "# kernel", "size",
         "median_ms", "GB/s", "min_ms", "max_ms", "check");
}

/* One table line. t: the repetitions' seconds (sorted here). */
static inline void bk_report(const char *name, const char *size, double bytes,
                      double *t, int reps, int pass) {
  double med = bk_median(t, reps);
  printf("%-14s %-14s %12.4f %10.1f %12.4f %12.4f  %s\n", name, size,
         1e3 * med, bytes / med / 1e9, 1e3 * t[0], 1e3 * t[reps - 1],
         pass ? "PASS" : "FAIL");
  fflush(stdout);
}

#endif
