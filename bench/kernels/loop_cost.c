/* The fixed cost of one PROACT loop: the time of a loop over so few
 * elements that its kernel takes next to nothing, against a plain OpenMP
 * target region doing the same on one device (the floor libomptarget sets). What
 * a short application pays per loop beyond its kernels. Run it with
 * PROACT_DEVICES=0, then 0,1 (and PROACT_MECH=...) to see what each device
 * and mechanism adds; PROACT_STATS=1 splits the PROACT loop's time. The
 * loop reads nothing another device wrote, so no mechanism pushes; a
 * "halo" run times a 3-point stencil ping-pong instead, whose edges every
 * execution pushes to the neighbouring device (the agents' cost), each
 * round beside the loop that pushes nothing, so that their ratio comes from
 * one process in one state.
 * Usage: loop_cost [n (default 1024)] [reps (default 2000)] [halo] */
#include <omp.h>
#include <proact.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../median.h"

/* Times reps executions of the loop as a plain OpenMP target region on the
 * default device, data mapped once: the floor libomptarget sets. Returns
 * the median in seconds (t: reps scratch slots); *seq_p gets the mean of
 * the whole sequence up to b's copy back (NULL: not asked). */
static double plain_loop(float *a, float *b, long n, double *t, int reps,
                         double *seq_p) {
  const int dev = omp_get_default_device();
  double s0 = 0.0;
#pragma omp target data map(to: a[0:n]) map(tofrom: b[0:n]) device(dev)
  {
    for (int r = -10; r < reps; r++) {
      double t0 = bench_now();
      if (r == 0)
        s0 = t0;
#pragma omp target teams distribute parallel for device(dev) map(alloc: a[0:n], b[0:n])
      for (long i = 0; i < n; i++)
        b[i] = a[i] + 1.0f;
      if (r >= 0)
        t[r] = bench_now() - t0;
    }
#pragma omp target update from(b[0:n]) device(dev)
    if (seq_p != NULL)
      *seq_p = (bench_now() - s0) / reps;
  }
  return bench_median(t, reps);
}

/* reps rounds of a loop that pushes nothing (c = a + 2) and of two stencil
 * loops that read each other's output, in one data region; the median per
 * stencil loop and per plain loop in seconds, and a checksum (t: 3 * reps).
 * Each part of the plain loop reads only its own elements of a, which the
 * last round's stencil wrote there: it pulls and pushes nothing. */
static double halo_loops(float *a, float *b, float *c, long n, double *t,
                         int reps, double *plain_p, double *sum_p) {
  double sum = 0.0;
  for (long i = 0; i < n; i++)
    a[i] = (float)(i % 7), b[i] = 0.0f, c[i] = 0.0f;
#pragma proact data copy(a[0:n], b[0:n], c[0:n])
  {
    for (int r = -10; r < reps; r++) {
      double t0 = bench_now();
#pragma proact region(a[0:n], c[0:n])
      for (long i = 0; i < n; i++)
        c[i] = a[i] + 2.0f;
      double t1 = bench_now();
#pragma proact region(a[0:n], b[0:n])
      for (long i = 1; i < n - 1; i++)
        b[i] = (a[i - 1] + a[i] + a[i + 1]) * 0.25f;
      double t2 = bench_now();
#pragma proact region(a[0:n], b[0:n])
      for (long i = 1; i < n - 1; i++)
        a[i] = (b[i - 1] + b[i] + b[i + 1]) * 0.25f;
      double t3 = bench_now();
      if (r >= 0)
        t[2 * r] = t2 - t1, t[2 * r + 1] = t3 - t2, t[2 * reps + r] = t1 - t0;
    }
  }
  for (long i = 0; i < n; i++)
    sum += a[i] + c[i];
  *sum_p = sum;
  *plain_p = bench_median(t + 2 * reps, reps);
  return bench_median(t, 2 * reps);
}

int main(int argc, char **argv) {
  const long n = argc > 1 ? atol(argv[1]) : 1024;
  const int reps = argc > 2 ? atoi(argv[2]) : 2000;
  const int halo = argc > 3 && strcmp(argv[3], "halo") == 0;
  if (n < 3 || reps < 1 || (argc > 3 && !halo)) {
    fprintf(stderr, "usage: %s [n >= 3] [reps >= 1] [halo]\n", argv[0]);
    return 2;
  }
  if (halo) {
    double *th = malloc((size_t)reps * 3 * sizeof(double));
    float *a = malloc((size_t)n * sizeof(float));
    float *b = malloc((size_t)n * sizeof(float));
    float *c = malloc((size_t)n * sizeof(float));
    double sum, plain;
    if (!a || !b || !c || !th) {
      fprintf(stderr, "loop_cost: out of host memory\n");
      return 1;
    }
    double m = halo_loops(a, b, c, n, th, reps, &plain, &sum);
    printf("proact loop (halo): %.2f us per loop, checksum %.9g\n", 1e6 * m,
           sum);
    printf("proact loop beside it: %.2f us per loop (halo / it: %.2f)\n",
           1e6 * plain, m / plain);
    free(a);
    free(b);
    free(c);
    free(th);
    return 0;
  }
  float *a = malloc((size_t)n * sizeof(float));
  float *b = malloc((size_t)n * sizeof(float));
  double *t = malloc((size_t)reps * sizeof(double));
  if (!a || !b || !t) {
    fprintf(stderr, "loop_cost: out of host memory\n");
    return 1;
  }
  for (long i = 0; i < n; i++)
    a[i] = (float)i, b[i] = 0.0f;

  /* A plain region first, untimed: devices initialized by libomptarget
   * before PROACT's first call (the case that once aborted with one
   * device, and whose waits PROACT_CUDA_WAIT must still set). */
  plain_loop(a, b, n, t, reps < 10 ? reps : 10, NULL);

  /* The sequence's time includes the wait for its last loop: with
   * PROACT_LAUNCH=graph a loop may return while its kernels run, so the
   * time of one call alone says less than the sequence's. */
  double seq = 0.0, plain_seq = 0.0, s0 = 0.0;
#pragma proact data copyin(a[0:n]) copy(b[0:n])
  {
    for (int r = -10; r < reps; r++) {
      double t0 = bench_now();
      if (r == 0)
        s0 = t0;
#pragma proact region(a[0:n], b[0:n])
      for (long i = 0; i < n; i++)
        b[i] = a[i] + 2.0f;
      if (r >= 0)
        t[r] = bench_now() - t0;
    }
#pragma proact update host(b[0:n])
    seq = (bench_now() - s0) / reps;
  }
  printf("proact loop: %.2f us per loop\n", 1e6 * bench_median(t, reps));
  int ok = 1;
  for (long i = 0; i < n; i++)
    ok &= b[i] == (float)i + 2.0f;
  printf("openmp target on device %d: %.2f us per loop\n",
         omp_get_default_device(),
         1e6 * plain_loop(a, b, n, t, reps, &plain_seq));
  printf("in sequence, to the last result on the host: proact %.2f us per "
         "loop, openmp target %.2f (proact / openmp: %.2f)\n",
         1e6 * seq, 1e6 * plain_seq, seq / plain_seq);
  for (long i = 0; i < n; i++)
    ok &= b[i] == (float)i + 1.0f;
  printf("check: %s\n", ok ? "PASS" : "FAIL");
  free(a);
  free(b);
  free(t);
  return ok ? 0 : 1;
}
