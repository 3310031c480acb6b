/* Overlap benchmark: decoupled proactive transfers. A producer loop
 * writes n floats (256 MB by default) split over the GPUs; the consumer
 * loop reads the array reversed, so each GPU needs exactly the half the
 * other one wrote. The producer does `rounds` dependent FMAs per element so
 * that its kernel takes about as long as moving the half over NVLink.
 *
 * With memcpy the half moves when the consumer starts (a pull, exposed);
 * the proactive mechanisms push it chunk by chunk while the producer runs.
 * Prints, per iteration after warmup, the median time of producer +
 * consumer and the median consumer-start (pull) time, from which the
 * exposed transfer time per mechanism follows; PROACT_STATS=1 adds the
 * per-loop statistics. Run once per PROACT_MECH (bench/overlap/run.sh).
 * Usage: overlap [n] [rounds] [iterations] */
#include <omp.h>
#include <proact.h>
#include <stdio.h>
#include <stdlib.h>

#include "../median.h"

int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 64L << 20;
  int rounds = argc > 2 ? atoi(argv[2]) : 64;
  int iters = argc > 3 ? atoi(argv[3]) : 12;
  const int warmup = 2;
  float *a = malloc((size_t)n * sizeof(float));
  float *b = malloc((size_t)n * sizeof(float));
  double *t_all = calloc((size_t)iters, sizeof(double));
  double *t_prod = calloc((size_t)iters, sizeof(double));
  double sum = 0;

  if (a == NULL || b == NULL || t_all == NULL || t_prod == NULL || n < 2 ||
      iters <= warmup) {
    fprintf(stderr, "usage: overlap [n >= 2] [rounds] [iterations > 2]\n");
    return 1;
  }
  for (long i = 0; i < n; i++) {
    a[i] = 0.0f;
    b[i] = (float)(i % 1000) * 1e-3f;
  }
#pragma proact data copy(a[0:n], b[0:n])
  {
    for (int t = 0; t < iters; t++) {
      double t0 = omp_get_wtime(), t1;
#pragma proact region(a[0:n], b[0:n])
      for (long i = 0; i < n; i++) {
        float x = b[i];
        for (int r = 0; r < rounds; r++)
          x = x * 0.999f + 0.001f;
        a[i] = x;
      }
      t1 = omp_get_wtime();
#pragma proact region(a[0:n], b[0:n])
      for (long i = 0; i < n; i++)
        b[i] = 0.5f * (a[n - 1 - i] + b[i]);
      t_prod[t] = t1 - t0;
      t_all[t] = omp_get_wtime() - t0;
    }
  }
  for (long i = 0; i < n; i += 4099)
    sum += b[i];
  printf("overlap: mech %s, %ld floats (%.0f MB), %d rounds, %d iterations "
         "(%d warmup): median producer %.3f ms, producer+consumer %.3f ms, "
         "consumer %.3f ms, checksum %.6e\n",
         getenv("PROACT_MECH") ? getenv("PROACT_MECH") : "clause", n,
         (double)n * sizeof(float) / 1e6, rounds, iters, warmup,
         1e3 * bench_median(t_prod + warmup, iters - warmup),
         1e3 * bench_median(t_all + warmup, iters - warmup),
         1e3 * (bench_median(t_all + warmup, iters - warmup) -
                bench_median(t_prod + warmup, iters - warmup)),
         sum);
  free(a);
  free(b);
  free(t_all);
  free(t_prod);
  return 0;
}
