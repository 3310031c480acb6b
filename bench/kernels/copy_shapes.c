/* Which OpenMP kernel shape reaches copy bandwidth with clang 16? Times
 * b[i] = a[i] on OpenMP device 0 in several shapes (plain OpenMP, no PROACT
 * plugin), median of repetitions, so the lowering can adopt what helps.
 * Built twice: plain, and with -fopenmp-assume-no-thread-state
 * -fopenmp-assume-no-nested-parallelism (copy_shapes_assume).
 * Usage: copy_shapes [n (floats, default 2^28)] [reps (default 20)] [device (default 0)] */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef float float4_t __attribute__((ext_vector_type(4)));

static int cmp_double(const void *x, const void *y) {
  double a = *(const double *)x, b = *(const double *)y;
  return (a > b) - (a < b);
}

#define REPS_MAX 200

typedef void variant_func_t(float *a, float *b, long n, int dev);

static void v_long(float *a, float *b, long n, int dev) {
#pragma omp target teams distribute parallel for device(dev) is_device_ptr(a, b)
  for (long i = 0; i < n; i++)
    b[i] = a[i];
}

static void v_int(float *a, float *b, long n, int dev) {
  int ni = (int)n;
#pragma omp target teams distribute parallel for device(dev) is_device_ptr(a, b)
  for (int i = 0; i < ni; i++)
    b[i] = a[i];
}

/* The shape PROACT's lowering had for a non-unit step: an iteration counter
 * and the variable recomputed from it. */
static void v_counter(float *a, float *b, long n, int dev) {
  long long first = 0, step = 1;
#pragma omp target teams distribute parallel for device(dev) is_device_ptr(a, b)
  for (long long k = 0; k < n; k++) {
    long i = (long)(first + k * step);
    b[i] = a[i];
  }
}

static void v_int_tl256(float *a, float *b, long n, int dev) {
  int ni = (int)n;
#pragma omp target teams distribute parallel for device(dev) is_device_ptr(a, b) thread_limit(256)
  for (int i = 0; i < ni; i++)
    b[i] = a[i];
}

static void v_int_tl1024(float *a, float *b, long n, int dev) {
  int ni = (int)n;
#pragma omp target teams distribute parallel for device(dev) is_device_ptr(a, b) thread_limit(1024)
  for (int i = 0; i < ni; i++)
    b[i] = a[i];
}

static void v_int_grid(float *a, float *b, long n, int dev) {
  int ni = (int)n;
#pragma omp target teams distribute parallel for device(dev) is_device_ptr(a, b) num_teams(1056) thread_limit(512)
  for (int i = 0; i < ni; i++)
    b[i] = a[i];
}

static void v_long_tl256(float *a, float *b, long n, int dev) {
#pragma omp target teams distribute parallel for device(dev) is_device_ptr(a, b) thread_limit(256)
  for (long i = 0; i < n; i++)
    b[i] = a[i];
}

static void v_float4(float *a, float *b, long n, int dev) {
  float4_t *a4 = (float4_t *)a, *b4 = (float4_t *)b;
  int n4 = (int)(n / 4);
#pragma omp target teams distribute parallel for device(dev) is_device_ptr(a4, b4)
  for (int i = 0; i < n4; i++)
    b4[i] = a4[i];
}

static void v_float4_tl256(float *a, float *b, long n, int dev) {
  float4_t *a4 = (float4_t *)a, *b4 = (float4_t *)b;
  int n4 = (int)(n / 4);
#pragma omp target teams distribute parallel for device(dev) is_device_ptr(a4, b4) thread_limit(256)
  for (int i = 0; i < n4; i++)
    b4[i] = a4[i];
}

/* The block structure of PROACT's lowering (docs/design/lowering.md): 1056
 * teams of 256 threads take blocks of 8192 points in turn; inside a block
 * the threads share the iterations. BLK_FOR: with '#pragma omp for
 * schedule(static, 1)' (the lowering as it is); BLK_STRIDED: each thread
 * walks i = lo + t, lo + t + T, ...; BLK_ILP(U): the same walk U iterations
 * at a time, every load of the U iterations issued before their stores
 * (what a compiler may not do by itself, not knowing a and b apart), and a
 * guarded remainder. */
#define BLK_POINTS 8192
#define BLK_TEAMS 1056
#define BLK_THREADS 256

static void v_block_for(float *a, float *b, long n, int dev) {
  const long long nb = (n + BLK_POINTS - 1) / BLK_POINTS;
#pragma omp target teams num_teams(BLK_TEAMS) thread_limit(BLK_THREADS) device(dev) is_device_ptr(a, b)
#pragma omp parallel num_threads(BLK_THREADS)
  for (long long blk = omp_get_team_num(); blk < nb;
       blk += omp_get_num_teams()) {
    const long lo = (long)(blk * BLK_POINTS);
    const long hi = lo + BLK_POINTS < n ? lo + BLK_POINTS : n;
#pragma omp for schedule(static, 1) nowait
    for (long i = lo; i <= hi - 1; ++i)
      b[i] = a[i];
  }
}

static void v_block_strided(float *a, float *b, long n, int dev) {
  const long long nb = (n + BLK_POINTS - 1) / BLK_POINTS;
#pragma omp target teams num_teams(BLK_TEAMS) thread_limit(BLK_THREADS) device(dev) is_device_ptr(a, b)
#pragma omp parallel num_threads(BLK_THREADS)
  {
    const long t = omp_get_thread_num(), T = omp_get_num_threads();
    for (long long blk = omp_get_team_num(); blk < nb;
         blk += omp_get_num_teams()) {
      const long lo = (long)(blk * BLK_POINTS);
      const long hi = lo + BLK_POINTS < n ? lo + BLK_POINTS : n;
      for (long i = lo + t; i < hi; i += T)
        b[i] = a[i];
    }
  }
}

#define BLK_ILP_BODY(U)                                                        \
  const long long nb = (n + BLK_POINTS - 1) / BLK_POINTS;                      \
  _Pragma("omp target teams num_teams(BLK_TEAMS) thread_limit(BLK_THREADS) device(dev) is_device_ptr(a, b)") \
  _Pragma("omp parallel num_threads(BLK_THREADS)")                              \
  {                                                                            \
    const long t = omp_get_thread_num(), T = omp_get_num_threads();            \
    for (long long blk = omp_get_team_num(); blk < nb;                         \
         blk += omp_get_num_teams()) {                                         \
      const long lo = (long)(blk * BLK_POINTS);                                \
      const long hi = lo + BLK_POINTS < n ? lo + BLK_POINTS : n;               \
      for (long i = lo + t; i < hi; i += (U) * T) {                            \
        if (i + ((U) - 1) * T < hi) {                                          \
          float r[U];                                                          \
          for (int u = 0; u < (U); u++)                                        \
            r[u] = a[i + u * T];                                               \
          for (int u = 0; u < (U); u++)                                        \
            b[i + u * T] = r[u];                                               \
        } else {                                                               \
          for (long k = i; k < hi; k += T)                                     \
            b[k] = a[k];                                                       \
        }                                                                      \
      }                                                                        \
    }                                                                          \
  }

static void v_block_ilp2(float *a, float *b, long n, int dev) { BLK_ILP_BODY(2) }
static void v_block_ilp4(float *a, float *b, long n, int dev) { BLK_ILP_BODY(4) }
static void v_block_ilp8(float *a, float *b, long n, int dev) { BLK_ILP_BODY(8) }

static void v_memcpy(float *a, float *b, long n, int dev) {
  omp_target_memcpy(b, a, (size_t)n * sizeof(float), 0, 0, dev, dev);
}

static const struct {
  const char *name;
  variant_func_t *func;
} variants[] = {
    {"long i", v_long},
    {"int i", v_int},
    {"long long k, i = first + k * step", v_counter},
    {"int i, thread_limit(256)", v_int_tl256},
    {"int i, thread_limit(1024)", v_int_tl1024},
    {"int i, num_teams(1056) thread_limit(512)", v_int_grid},
    {"long i, thread_limit(256)", v_long_tl256},
    {"float4 elements, int i", v_float4},
    {"float4 elements, int i, thread_limit(256)", v_float4_tl256},
    {"blocks, omp for (the lowering's shape)", v_block_for},
    {"blocks, thread-strided", v_block_strided},
    {"blocks, thread-strided, 2 loads first", v_block_ilp2},
    {"blocks, thread-strided, 4 loads first", v_block_ilp4},
    {"blocks, thread-strided, 8 loads first", v_block_ilp8},
    {"omp_target_memcpy device to device", v_memcpy},
};

int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : (1L << 28);
  int reps = argc > 2 ? atoi(argv[2]) : 20;
  int dev = argc > 3 ? atoi(argv[3]) : 0;
  if (reps < 1 || reps > REPS_MAX || n < 4 || n % 4 != 0 || n >= (1L << 31)) {
    fprintf(stderr, "usage: %s [n, a multiple of 4 below 2^31] [reps 1..%d]\n",
            argv[0], REPS_MAX);
    return 2;
  }
  if (dev < 0 || dev >= omp_get_num_devices()) {
    fprintf(stderr, "%s: no OpenMP device %d (%d devices)\n", argv[0], dev,
            omp_get_num_devices());
    return 2;
  }
  size_t bytes = (size_t)n * sizeof(float);
  float *h = malloc(bytes), *zero = calloc((size_t)n, sizeof(float));
  float *a = omp_target_alloc(bytes, dev), *b = omp_target_alloc(bytes, dev);
  if (!h || !zero || !a || !b) {
    fprintf(stderr, "allocation failed\n");
    return 1;
  }
  for (long i = 0; i < n; i++)
    h[i] = 1.0f + (float)(i % 1000) * 0.001f;
  omp_target_memcpy(a, h, bytes, 0, 0, dev, omp_get_initial_device());
  printf("# copy of %ld floats on device %d, median of %d after 3 warm-ups "
         "(GB/s counts read + write)\n", n, dev, reps);
  int ok = 1;
  for (size_t v = 0; v < sizeof(variants) / sizeof(*variants); v++) {
    double t[REPS_MAX];
    /* So that the check sees this variant's writes, not the last one's. */
    omp_target_memcpy(b, zero, bytes, 0, 0, dev, omp_get_initial_device());
    for (int r = -3; r < reps; r++) {
      double t0 = omp_get_wtime();
      variants[v].func(a, b, n, dev);
      if (r >= 0)
        t[r] = omp_get_wtime() - t0;
    }
    qsort(t, (size_t)reps, sizeof(double), cmp_double);
    double med = t[reps / 2];
    omp_target_memcpy(h, b, bytes, 0, 0, omp_get_initial_device(), dev);
    int vok = 1;
    for (long i = 0; i < n; i += n / 4096 + 1)
      vok &= h[i] == 1.0f + (float)(i % 1000) * 0.001f;
    ok &= vok;
    printf("%-44s %9.4f ms %8.1f GB/s %s\n", variants[v].name, med * 1e3,
           8.0 * (double)n / med / 1e9, vok ? "PASS" : "FAIL");
  }
  printf("check: %s\n", ok ? "PASS" : "FAIL");
  omp_target_free(a, dev);
  omp_target_free(b, dev);
  free(h);
  free(zero);
  return ok ? 0 : 1;
}
