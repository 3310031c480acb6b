/* OpenMP's own device memory entry points used beside PROACT loops. With
 * PROACT_LAUNCH=graph a loop may return while its kernels run; libproact
 * then defines these entry points too, waits in each and calls
 * libomptarget's. This checks that the program reaches libproact's (the
 * link order the wait relies on) and that each passes its arguments on
 * unchanged: every result is checked against values computed here. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <omp.h>
#include <proact.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The mapper entry points clang calls for `target data` and friends. */
void __tgt_target_data_begin_mapper(void *, int64_t, int32_t, void **,
                                    void **, int64_t *, int64_t *, void **,
                                    void **);
void __tgt_target_data_end_mapper(void *, int64_t, int32_t, void **, void **,
                                  int64_t *, int64_t *, void **, void **);
void __tgt_target_data_update_mapper(void *, int64_t, int32_t, void **,
                                     void **, int64_t *, int64_t *, void **,
                                     void **);
void *llvm_omp_target_alloc_device(size_t, int);
void llvm_omp_target_free_device(void *, int);
void __tgt_target_data_begin_nowait_mapper(void *, int64_t, int32_t, void **,
                                           void **, int64_t *, int64_t *,
                                           void **, void **, int32_t, void *,
                                           int32_t, void *);

enum { N = 4096, ROWS = 16, COLS = 32, LOOPS = 40 };

static int failures;

static void check(int ok, const char *what) {
  if (!ok) {
    fprintf(stderr, "omp_entries: FAILED: %s\n", what);
    failures++;
  }
}

static void reached(void *f, const char *name) {
  Dl_info info;
  char what[128];
  snprintf(what, sizeof(what), "%s is libproact's", name);
  check(dladdr(f, &info) != 0 && info.dli_fname != NULL &&
            strstr(info.dli_fname, "libproact") != NULL,
        what);
}

/* The program's own OpenMP on b (2i) and c, checked; outside: no data
 * region is open. */
static void own_openmp(double *b, double *c, int dev, int host,
                       int outside) {
  static double src[N];
  for (long i = 0; i < N; i++)
    src[i] = (double)(3 * i);
  /* PROACT refuses nowait constructs while a data region holds arrays. */
  if (outside) {
#pragma omp target enter data map(to : b[0:N]) device(dev) nowait
#pragma omp taskwait
  } else {
#pragma omp target enter data map(to : b[0:N]) device(dev)
  }
#pragma omp target teams distribute parallel for device(dev)
  for (long i = 0; i < N; i++)
    b[i] += 1.0;
#pragma omp target update from(b[0:N]) device(dev)
  for (long i = 0; i < N; i++)
    check(b[i] == (double)(2 * i) + 1.0, "target update from");
#pragma omp target exit data map(delete : b[0:N]) device(dev)

  {
    double *d = omp_target_alloc(N * sizeof(double), dev);
    size_t vol[2] = {4, 8}, off_dst[2] = {1, 2}, off_src[2] = {3, 4};
    size_t dims[2] = {ROWS, COLS};
    double grid[ROWS * COLS], back[ROWS * COLS];
    check(d != NULL, "omp_target_alloc");
    check(omp_target_memcpy(d, src, N * sizeof(double), 0, 0, dev, host) == 0,
          "omp_target_memcpy to the device");
    check(omp_target_memcpy(c, d, 100 * sizeof(double), 8 * sizeof(double),
                            16 * sizeof(double), host, dev) == 0,
          "omp_target_memcpy from the device");
    for (long i = 0; i < 100; i++)
      check(c[8 + i] == src[16 + i], "omp_target_memcpy's offsets");
    for (int i = 0; i < ROWS * COLS; i++) {
      grid[i] = (double)i;
      back[i] = -1.0;
    }
    check(omp_target_memcpy(d, grid, sizeof(grid), 0, 0, dev, host) == 0,
          "omp_target_memcpy of the grid");
    check(omp_target_memcpy_rect(back, d, sizeof(double), 2, vol, off_dst,
                                 off_src, dims, dims, host, dev) == 0,
          "omp_target_memcpy_rect");
    for (int r = 0; r < ROWS; r++)
      for (int q = 0; q < COLS; q++) {
        int in = r >= 1 && r < 5 && q >= 2 && q < 10;
        double want = in ? grid[(r - 1 + 3) * COLS + (q - 2 + 4)] : -1.0;
        check(back[r * COLS + q] == want, "omp_target_memcpy_rect's box");
      }
#if __clang_major__ >= 19
    check(omp_target_memcpy_async(c, d, 10 * sizeof(double), 0,
                                  5 * sizeof(double), host, dev, 0,
                                  NULL) == 0,
          "omp_target_memcpy_async");
#pragma omp taskwait
    for (long i = 0; i < 10; i++)
      check(c[i] == grid[5 + i], "omp_target_memcpy_async's bytes");
#endif
#if __clang_major__ >= 19 /* omp_target_memset: OpenMP 6.0 */
    check(omp_target_memset(d, 0, 64 * sizeof(double), dev) == d,
          "omp_target_memset");
    check(omp_target_memcpy(c, d, 64 * sizeof(double), 0, 0, host, dev) == 0,
          "omp_target_memcpy after omp_target_memset");
    for (long i = 0; i < 64; i++)
      check(c[i] == 0.0, "omp_target_memset's bytes");
#endif
    omp_target_free(d, dev);
    d = llvm_omp_target_alloc_device(64, dev);
    check(d != NULL, "llvm_omp_target_alloc_device");
    llvm_omp_target_free_device(d, dev);
  }
}

int main(void) {
  double *a = malloc(N * sizeof(double)), *b = malloc(N * sizeof(double));
  double *c = malloc(N * sizeof(double));
  const int dev = omp_get_default_device(), host = omp_get_initial_device();

  reached((void *)omp_target_memcpy, "omp_target_memcpy");
  reached((void *)omp_target_memcpy_rect, "omp_target_memcpy_rect");
#if __clang_major__ >= 19 /* LLVM 16's libomptarget has no _async */
  reached((void *)omp_target_memcpy_async, "omp_target_memcpy_async");
#endif
  reached((void *)omp_target_free, "omp_target_free");
  reached((void *)llvm_omp_target_free_device, "llvm_omp_target_free_device");
  reached((void *)__tgt_target_data_begin_mapper,
          "__tgt_target_data_begin_mapper");
  reached((void *)__tgt_target_data_end_mapper,
          "__tgt_target_data_end_mapper");
  reached((void *)__tgt_target_data_update_mapper,
          "__tgt_target_data_update_mapper");
  reached((void *)__tgt_target_data_begin_nowait_mapper,
          "__tgt_target_data_begin_nowait_mapper");

  for (long i = 0; i < N; i++) {
    a[i] = (double)i;
    b[i] = (double)(2 * i);
    c[i] = 0;
  }
  /* PROACT's loops on a, enough executions for graphs left running on
   * GPUs, then the program's own OpenMP on b and c inside the region
   * (each entry point waits there), then again after it. */
#pragma proact data copy(a[0:N])
  {
    for (int t = 0; t < LOOPS; t++) {
#pragma proact region(a[0:N])
      for (long i = 0; i < N; i++)
        a[i] = a[i] + 1.0;
    }
    own_openmp(b, c, dev, host, 0);
  }
  for (long i = 0; i < N; i++)
    check(a[i] == (double)(i + LOOPS), "PROACT's loops on a");
  for (long i = 0; i < N; i++)
    b[i] = (double)(2 * i);

  own_openmp(b, c, dev, host, 1);
  free(a);
  free(b);
  free(c);
  if (failures > 0)
    return 1;
  printf("omp_entries: PASS\n");
  return 0;
}
