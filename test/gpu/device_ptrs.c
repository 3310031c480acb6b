/* A program that takes a device address of a PROACT array from OpenMP
 * (omp_get_mapped_ptr) and reads it with its own CUDA call after each
 * loop. Loops launched as a graph may return while their kernels run; once
 * the program holds a device address they must wait at their end, or the
 * program's copy reads values the kernel has not written yet. Run with
 * PROACT_DEVICES=0 (one replica, the one OpenMP maps) under
 * PROACT_LAUNCH=graph and auto. */
#include <dlfcn.h>
#include <omp.h>
#include <proact.h>
#include <stdio.h>
#include <stdlib.h>

typedef int (*cu_init_t)(unsigned);
typedef int (*cu_ctx_retain_t)(void **, int);
typedef int (*cu_ctx_set_t)(void *);
typedef int (*cu_dtoh_t)(void *, unsigned long long, size_t);

enum { N = 1 << 16, BEFORE = 3000, AFTER = 300 };

int main(void) {
  double *a = malloc(N * sizeof(double)), *seen = malloc(N * sizeof(double));
  void *lib = dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
  cu_init_t cu_init;
  cu_ctx_retain_t cu_retain;
  cu_ctx_set_t cu_set;
  cu_dtoh_t cu_dtoh;
  void *ctx = NULL;
  long bad = 0;
  const int dev = omp_get_default_device();

  if (lib == NULL || a == NULL || seen == NULL) {
    fprintf(stderr, "device_ptrs: needs libcuda and memory\n");
    return 1;
  }
  *(void **)&cu_init = dlsym(lib, "cuInit");
  *(void **)&cu_retain = dlsym(lib, "cuDevicePrimaryCtxRetain");
  *(void **)&cu_set = dlsym(lib, "cuCtxSetCurrent");
  *(void **)&cu_dtoh = dlsym(lib, "cuMemcpyDtoH_v2");
  if (cu_init == NULL || cu_retain == NULL || cu_set == NULL ||
      cu_dtoh == NULL || cu_init(0) != 0 || cu_retain(&ctx, 0) != 0 ||
      cu_set(ctx) != 0) {
    fprintf(stderr, "device_ptrs: libcuda lacks what it needs\n");
    return 1;
  }
  for (long i = 0; i < N; i++)
    a[i] = (double)i;
#pragma proact data copy(a[0:N])
  {
    /* Enough short loops for graphs that return at once, under auto too. */
    for (int t = 0; t < BEFORE; t++) {
#pragma proact region(a[0:N])
      for (long i = 0; i < N; i++)
        a[i] = a[i] + 1.0;
    }
    const unsigned long long d =
        (unsigned long long)(size_t)omp_get_mapped_ptr(a, dev);
    if (d == 0) {
      fprintf(stderr, "device_ptrs: FAILED: a has no device address\n");
      bad = -1;
    }
    for (int t = 0; t < AFTER; t++) {
#pragma proact region(a[0:N])
      for (long i = 0; i < N; i++)
        a[i] = a[i] + 1.0;
      if (bad < 0)
        continue;
      if (cu_dtoh(seen, d, N * sizeof(double)) != 0) {
        fprintf(stderr, "device_ptrs: FAILED: cuMemcpyDtoH\n");
        bad = -1;
        continue;
      }
      for (long i = 0; i < N; i++)
        bad += seen[i] != (double)(i + BEFORE + t + 1);
    }
  }
  if (bad < 0)
    return 1;
  for (long i = 0; i < N; i++)
    bad += a[i] != (double)(i + BEFORE + AFTER);
  printf("device_ptrs: %s (%ld stale values)\n", bad ? "FAILED" : "PASS",
         bad);
  free(a);
  free(seen);
  return bad != 0;
}
