/* The microbenchmark of the PROACT paper's section IV-C (its Fig. 6): one
 * GPU (device 0) produces n floats (256 MB by default) that another GPU
 * (device 1) then reads entirely. The producer does `rounds` dependent FMAs
 * per element; `calibrate` picks rounds so that the producer's kernel takes
 * as long as the bulk copy of its output, where overlapping the two can at
 * best halve producer + transfer. run.sh sweeps mechanisms and chunk sizes.
 *
 * The measure is the paper's: the time to produce the data and deliver it
 * to the consumer, producer + transfer. Bulk memcpy moves the data when the
 * consumer's loop starts, so it is taken as producer + consumer minus the
 * consumer's time on data already there (a second consumer loop in each
 * iteration); ideal overlap halves it. Producer + consumer is printed too.
 *
 * Usage: micro [n] [rounds] [iterations]   (time per iteration, median)
 *        micro calibrate [n]               (PROACT_MECH=memcpy: prints
 *                                           the rounds that balance) */
#include <omp.h>
#include <proact.h>
#include <stdio.h>
#include <stdlib.h>

#include "../median.h"
#include <string.h>

typedef struct times {
  double prod, cons, again; /* medians, seconds */
} times_t;

/* `iters` iterations (the first two are warmup) of: the producer on device
 * 0, the consumer on device 1 (with memcpy it first pulls all of a), and,
 * when `again`, a second consumer that reads a where it already is: the
 * consumer's kernel time without the transfer. */
static times_t run(long n, int rounds, int iters, int again, float *a,
                   float *b, float *c, double *sum) {
  double *tp = calloc((size_t)iters, sizeof(double));
  double *tc = calloc((size_t)iters, sizeof(double));
  double *ta = calloc((size_t)iters, sizeof(double));
  times_t t = {0, 0, 0};
  if (tp == NULL || tc == NULL || ta == NULL) {
    fprintf(stderr, "micro: out of host memory\n");
    exit(1);
  }
#pragma proact data copy(a[0:n], c[0:n]) copyin(b[0:n])
  {
    for (int it = 0; it < iters; it++) {
      double t0 = omp_get_wtime(), t1, t2;
#pragma proact region(a[0:n], b[0:n]) devices(0)
      for (long i = 0; i < n; i++) {
        float x = b[i] + (float)it;
        for (int r = 0; r < rounds; r++)
          x = x * 0.999f + 0.001f;
        a[i] = x;
      }
      t1 = omp_get_wtime();
#pragma proact region(a[0:n], c[0:n]) devices(1)
      for (long i = 0; i < n; i++)
        c[i] = 0.5f * c[i] + a[i];
      t2 = omp_get_wtime();
      if (again) {
#pragma proact region(a[0:n], c[0:n]) devices(1)
        for (long i = 0; i < n; i++)
          c[i] = 0.5f * c[i] + a[i];
      }
      tp[it] = t1 - t0;
      tc[it] = t2 - t1;
      ta[it] = omp_get_wtime() - t2;
    }
  }
  for (long i = 0; i < n; i += 4099)
    *sum += c[i];
  t.prod = bench_median(tp + 2, iters - 2);
  t.cons = bench_median(tc + 2, iters - 2);
  t.again = bench_median(ta + 2, iters - 2);
  free(tp);
  free(tc);
  free(ta);
  return t;
}

int main(int argc, char **argv) {
  int calibrate = argc > 1 && strcmp(argv[1], "calibrate") == 0;
  int at = calibrate ? 2 : 1;
  long n = argc > at ? atol(argv[at]) : 64L << 20;
  int rounds = !calibrate && argc > 2 ? atoi(argv[2]) : 64;
  int iters = !calibrate && argc > 3 ? atoi(argv[3]) : 12;
  float *a = malloc((size_t)n * sizeof(float));
  float *b = malloc((size_t)n * sizeof(float));
  float *c = malloc((size_t)n * sizeof(float));
  double sum = 0;

  if (a == NULL || b == NULL || c == NULL || n < 1 || rounds < 0 ||
      iters < 3) {
    fprintf(stderr, "usage: micro [n >= 1] [rounds >= 0] [iterations >= 3]"
                    " | micro calibrate [n]\n");
    return 1;
  }
  for (long i = 0; i < n; i++) {
    a[i] = 0.0f;
    b[i] = (float)(i % 1000) * 1e-3f;
    c[i] = 0.0f;
  }
  if (calibrate) {
    /* Producer time is linear in rounds: two points give the line; the
     * transfer is the first consumer's time minus the second's. */
    const int r1 = 32, r2 = 256;
    times_t t1 = run(n, r1, 8, 1, a, b, c, &sum);
    times_t t2 = run(n, r2, 8, 1, a, b, c, &sum);
    double slope = (t2.prod - t1.prod) / (r2 - r1);
    double base = t1.prod - slope * r1;
    double xfer = 0.5 * ((t1.cons - t1.again) + (t2.cons - t2.again));
    long best = slope > 0 ? (long)((xfer - base) / slope + 0.5) : r1;
    printf("calibrate: %ld floats (%.0f MB): transfer %.3f ms, consumer "
           "kernel %.3f ms, producer %.4f + %.6f x rounds ms\n",
           n, (double)n * sizeof(float) / 1e6, 1e3 * xfer, 1e3 * t1.again,
           1e3 * base, 1e3 * slope);
    printf("rounds %ld\n", best > 0 ? best : 0);
  } else {
    times_t t = run(n, rounds, iters, 1, a, b, c, &sum);
    printf("micro: mech %s, chunk %s, %ld floats (%.0f MB), %d rounds, %d "
           "iterations (2 warmup): median producer %.3f ms, consumer %.3f "
           "ms, consumer on local data %.3f ms, producer+consumer %.3f ms, "
           "producer+transfer %.3f ms\n",
           getenv("PROACT_MECH") ? getenv("PROACT_MECH") : "clause",
           getenv("PROACT_CHUNK") ? getenv("PROACT_CHUNK") : "default", n,
           (double)n * sizeof(float) / 1e6, rounds, iters, 1e3 * t.prod,
           1e3 * t.cons, 1e3 * t.again, 1e3 * (t.prod + t.cons),
           1e3 * (t.prod + t.cons - t.again));
    printf("micro: checksum %.6e\n", sum);
  }
  free(a);
  free(b);
  free(c);
  return 0;
}
