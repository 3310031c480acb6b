/* The user's OpenMP offload program, as written for one GPU: 1-D heat
 * diffusion in a target data region with a max-norm reduction. Built in
 * spread mode against an installed PROACT (find_package with the
 * PROACT_OPENMP property, proactcc --openmp=spread) and as plain OpenMP;
 * prints its result bit for bit so the builds can be compared. */
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 100003;
  long iters = argc > 2 ? atol(argv[2]) : 20;
  double *u = calloc((size_t)n, sizeof(double));
  double *v = calloc((size_t)n, sizeof(double));
  for (long i = 0; i < n; i++)
    u[i] = v[i] = (double)((i * 7919) % 1000) / 8;
  double change = 0.0;
#pragma omp target data map(tofrom: u[0:n]) map(to: v[0:n])
  {
    for (long t = 0; t < iters; t++) {
      double delta = 0.0;
#pragma omp target teams distribute parallel for reduction(max: delta)
      for (long i = 1; i < n - 1; i++) {
        v[i] = u[i] + 0.25 * (u[i - 1] - 2.0 * u[i] + u[i + 1]);
        double d = v[i] > u[i] ? v[i] - u[i] : u[i] - v[i];
        delta = d > delta ? d : delta;
      }
#pragma omp target teams distribute parallel for
      for (long i = 1; i < n - 1; i++)
        u[i] = v[i];
      change = delta;
    }
  }
  unsigned long long h = 1469598103934665603ull;
  for (long i = 0; i < n; i++) {
    const unsigned char *b = (const unsigned char *)&u[i];
    for (unsigned k = 0; k < sizeof(double); k++)
      h = (h ^ b[k]) * 1099511628211ull;
  }
  printf("u %016llx change %.17g\n", h, change);
  free(u);
  free(v);
  return 0;
}
