/* End-to-end smoke test of the lowering contract, with the calls the Clang
 * plugin would emit written by hand: a data region holding a and b, then
 * several sweeps of a loop that writes b from a and a from b (a[i] reads
 * its neighbours, so every device needs the others' writes), then a loop
 * outside any region (loop-only replicas). The result must be bit-identical
 * to the sequential loops.
 *
 * Build: clang-22 -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu (or
 * --offload-arch=sm_90 -ffp-contract=off: GPUs otherwise fuse a*b+c into
 * fma and the results differ from the host's in the last bit)
 * -I include smoke_lowering.c -L. -lproact
 * Run with PROACT_DEVICES=0, 0,1, ... and compare. Exit 0 when identical. */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "proact.h"
#include "proact/detail/codegen.h"

enum { N = 100003, SWEEPS = 5 };

static void run_loop(const proact__loop_desc_t *desc, double *a, double *b,
                     int to_b) {
  proact__loop_t *loop = proact__loop_begin(desc);
  const int np = proact__loop_nparts(loop);
  /* As the plugin lowers it: one host thread per part, each running its
   * device's kernel to the end; the barrier is the completion point. */
#pragma omp parallel for num_threads(np) schedule(static, 1) if(np > 1)
  for (int p = 0; p < np; p++) {
    long long lo = proact__loop_part_lo(loop, p);
    long long hi = proact__loop_part_hi(loop, p);
    int dev = proact__loop_part_device(loop, p);
    if (lo >= hi)
      continue;
    proact__loop_part_begin(loop, p); /* its pulls, its kernel's timing */
    /* i = first + k*step with first = 1, step = 1 */
    if (to_b) {
#pragma omp target teams distribute parallel for device(dev)                  \
    map(alloc : a[0 : N], b[0 : N])
      for (long long k = lo; k < hi; k++) {
        long long i = 1 + k;
        b[i] = 0.25 * a[i - 1] + 0.5 * a[i] + 0.25 * a[i + 1];
      }
    } else {
#pragma omp target teams distribute parallel for device(dev)                  \
    map(alloc : a[0 : N], b[0 : N])
      for (long long k = lo; k < hi; k++) {
        long long i = 1 + k;
        a[i] = b[i] * 1.0000001 + (double)i * 1e-9;
      }
    }
    proact__loop_part_end(loop, p);
  }
  proact__loop_end(loop);
}

static void sequential(double *a, double *b) {
  for (int s = 0; s < SWEEPS; s++) {
    for (long long i = 1; i < N - 1; i++)
      b[i] = 0.25 * a[i - 1] + 0.5 * a[i] + 0.25 * a[i + 1];
    for (long long i = 1; i < N - 1; i++)
      a[i] = b[i] * 1.0000001 + (double)i * 1e-9;
  }
  for (long long i = N - 2; i >= 1; i -= 2)
    a[i] = -a[i];
}

int main(void) {
  double *a = malloc(N * sizeof(double)), *b = malloc(N * sizeof(double));
  double *ra = malloc(N * sizeof(double)), *rb = malloc(N * sizeof(double));
  proact__array_t arrays[2] = {{"a", a, sizeof(double), 0, N},
                               {"b", b, sizeof(double), 0, N}};
  proact__map_t maps[2] = {{arrays[0], PROACT__MAP_COPY, 0},
                           {arrays[1], PROACT__MAP_COPY, 0}};
  proact__data_desc_t data_desc = {__FILE__, __LINE__, 1, NULL, 0, 2, maps};
  proact__access_t site_b[1] = {{1, 0, 0, 1, 0, 0, __LINE__, 9}};
  proact__access_t site_a[1] = {{0, 0, 0, 1, 0, 0, __LINE__, 9}};
  /* b[i] = f(a[i-1], a[i], a[i+1]); a[i] = f(b[i]) */
  proact__access_t read_b[1] = {{0, 0, 0, 1, -1, 1, __LINE__, 9}};
  proact__access_t read_a[1] = {{1, 0, 0, 1, 0, 0, __LINE__, 9}};
  long long trip = proact__trip_count(1, N - 1, 1, PROACT__CMP_LT, __FILE__,
                                      __LINE__);
  proact__loop_desc_t to_b = {__FILE__, __LINE__, 1, 1, 1, trip,
                              PROACT_MECH_MEMCPY, 0, 0, NULL, 0, 2, arrays,
                              1, site_b, 1, read_b, 1, 0, 0, 0, 0, 0, 0, 0};
  proact__loop_desc_t to_a = to_b;
  int bad = 0;

  to_a.line++;
  to_a.writes = site_a;
  to_a.reads = read_a;
  for (long long i = 0; i < N; i++) {
    a[i] = ra[i] = (double)((i * 7919) % 1000) / 7.0;
    b[i] = rb[i] = 0.0;
  }
  sequential(ra, rb);

  proact__data_t *data = proact__data_begin(&data_desc);
  for (int s = 0; s < SWEEPS; s++) {
    run_loop(&to_b, a, b, 1);
    run_loop(&to_a, a, b, 0);
  }
  proact__data_end(data);

  /* Outside any region (loop-only replicas, written spans copied back to
   * the host): `for (i = N-2; i >= 1; i -= 2) a[i] = -a[i];`, a descending
   * loop with a strided write. */
  {
    long long first = N - 2, step = -2;
    long long t = proact__trip_count(first, 1, step, PROACT__CMP_GE,
                                     __FILE__, __LINE__);
    proact__access_t site[1] = {{0, 0, 0, 1, 0, 0, __LINE__, 5}};
    proact__loop_desc_t neg = {__FILE__, __LINE__, 1, first, step, t,
                               PROACT_MECH_MEMCPY, 0, 0, NULL, 0, 1, arrays,
                               1, site, 1, site, 1, 0, 0, 0, 0, 0, 0, 0};
    proact__loop_t *loop = proact__loop_begin(&neg);
    const int np = proact__loop_nparts(loop);
#pragma omp parallel for num_threads(np) schedule(static, 1) if(np > 1)
    for (int p = 0; p < np; p++) {
      long long lo = proact__loop_part_lo(loop, p);
      long long hi = proact__loop_part_hi(loop, p);
      int dev = proact__loop_part_device(loop, p);
      if (lo >= hi)
        continue;
      proact__loop_part_begin(loop, p);
#pragma omp target teams distribute parallel for device(dev)                  \
    map(alloc : a[0 : N])
      for (long long k = lo; k < hi; k++) {
        long long i = first + k * step;
        a[i] = -a[i];
      }
      proact__loop_part_end(loop, p);
    }
    proact__loop_end(loop);
  }

  for (long long i = 0; i < N; i++) {
    if (memcmp(&a[i], &ra[i], sizeof(double)) != 0 ||
        memcmp(&b[i], &rb[i], sizeof(double)) != 0) {
      if (bad++ == 0)
        printf("smoke: first difference at %lld: a %a vs %a, b %a vs %a\n", i,
               a[i], ra[i], b[i], rb[i]);
    }
  }
  printf("smoke: %d devices (%s): %s (%d elements differ)\n",
         proact_num_devices(), proact_device_kind(),
         bad ? "MISMATCH" : "bit-identical", bad);
  free(a);
  free(b);
  free(ra);
  free(rb);
  return bad != 0;
}
