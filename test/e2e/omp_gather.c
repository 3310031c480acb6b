/* A gather and a scatter-free update written as plain OpenMP offload
 * code: an index array read inside the loop (so every device needs the
 * whole gathered array), map(alloc:) scratch that a first loop fills and a
 * second reads, an array object mapped by name, and a loop with a clause
 * spread mode does not take (device) left to OpenMP outside any data
 * region, and per-thread scratch (firstprivate, private) and a store
 * under a condition. Built in spread mode it must print what the unmodified program
 * prints on one device, bit for bit.
 * Usage: omp_gather [n] [rounds] */
#include "e2e_util.h"

int main(int argc, char **argv) {
  long n = e2e_arg(argc, argv, 1, 20011);
  long rounds = e2e_arg(argc, argv, 2, 4);
  double *src = e2e_alloc(n), *dst = e2e_alloc(n), *tmp = e2e_alloc(n);
  long *idx = malloc((size_t)(n > 0 ? n : 1) * sizeof *idx);
  double w[16];
  e2e_fill(src, n, 5);
  for (long i = 0; i < n; i++)
    idx[i] = (i * 7919 + 13) % (n > 0 ? n : 1);
  for (int k = 0; k < 16; k++)
    w[k] = 1.0 / (k + 1);
  memset(dst, 0, (size_t)n * sizeof(double));
#pragma omp target data map(to: src[0:n], idx[0:n], w) map(alloc: tmp[0:n]) map(tofrom: dst[0:n])
  {
    for (long r = 0; r < rounds; r++) {
#pragma omp target teams distribute parallel for
      for (long i = 0; i < n; i++)
        tmp[i] = src[idx[i]] * w[i % 16];
#pragma omp target parallel for
      for (long i = 0; i < n; i++)
        dst[i] = dst[i] / 2 + tmp[(i + r) % n];
    }
  }
#pragma omp target teams distribute parallel for map(tofrom: src[0:n]) device(0)
  for (long i = 0; i < n; i++)
    src[i] = src[i] * 2;
  /* Per-thread scratch: a firstprivate array (each thread's copy starts
   * as w and never comes back: it stays OpenMP's), a private scalar of a
   * loop whose variable is declared in its header, and a position found
   * by the one iteration whose condition holds (a store under a
   * condition: one device). */
  long where[1] = {-1};
  e2e_fill(tmp, n, 7); /* the data region's alloc copy never came back */
#pragma omp target teams distribute parallel for firstprivate(w) map(to: idx[0:n]) map(tofrom: tmp[0:n])
  for (long i = 0; i < n; i++) {
    w[idx[i] % 16] = tmp[i] * 0.5;
    tmp[i] = w[idx[i] % 16] + 1.0;
  }
  double t;
#pragma omp target teams distribute parallel for private(t) map(to: tmp[0:n]) map(tofrom: dst[0:n])
  for (int i = 0; i < (int)n; i++) {
    t = tmp[i] * 0.25;
    dst[i] = dst[i] + t;
  }
#pragma omp target teams distribute parallel for map(to: idx[0:n]) map(tofrom: where)
  for (long i = 0; i < n; i++)
    if (idx[i] == 13 % (n > 0 ? n : 1))
      where[0] = i;
  printf("w %a %a where %ld\n", w[0], w[15], where[0]);
  e2e_print("dst", dst, (size_t)n * sizeof(double));
  e2e_print("src", src, (size_t)n * sizeof(double));
  e2e_print("tmp", tmp, (size_t)n * sizeof(double));
  return 0;
}
