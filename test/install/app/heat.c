/* A program written outside PROACT's tree, as a user would: 1-D heat
 * diffusion with a convergence norm. Built against an installed PROACT
 * (find_package, proactcc, pkg-config) and sequentially; prints its result
 * bit for bit so the builds can be compared. */
#include <proact.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void step(long n, double *u, double *v, double *change) {
  double delta = 0.0;
#pragma proact region(u[0:n], v[0:n]) reduction(max: delta)
  for (long i = 1; i < n - 1; i++) {
    v[i] = u[i] + 0.25 * (u[i - 1] - 2.0 * u[i] + u[i + 1]);
    double d = v[i] > u[i] ? v[i] - u[i] : u[i] - v[i];
    delta = d > delta ? d : delta;
  }
#pragma proact region(u[0:n], v[0:n])
  for (long i = 1; i < n - 1; i++)
    u[i] = v[i];
  *change = delta;
}

int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 100003;
  long iters = argc > 2 ? atol(argv[2]) : 20;
  double *u = calloc((size_t)n, sizeof(double));
  double *v = calloc((size_t)n, sizeof(double));
  double change = 0.0;
  unsigned long long h = 1469598103934665603ull;

  if (n < 3 || iters < 1 || u == NULL || v == NULL) {
    fprintf(stderr, "usage: heat [n >= 3] [iterations >= 1]\n");
    return 2;
  }
  for (long i = 0; i < n; i++)
    u[i] = v[i] = (i % 97) * 0.5;
#pragma proact data copy(u[0:n], v[0:n])
  {
    for (long t = 0; t < iters; t++)
      step(n, u, v, &change);
  }
  for (long i = 0; i < n; i++) {
    unsigned char b[sizeof(double)];
    memcpy(b, &u[i], sizeof b);
    for (size_t k = 0; k < sizeof b; k++)
      h = (h ^ b[k]) * 1099511628211ull;
  }
  printf("heat: n=%ld iterations=%ld hash=%016llx change=%a\n", n, iters, h,
         change);
  free(u);
  free(v);
  return 0;
}
