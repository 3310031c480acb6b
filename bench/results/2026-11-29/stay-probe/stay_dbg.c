/* scratch: where does the host's view after a stay construct go wrong */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <omp.h>

static long check(const char *what, const double *h, const double *ref, long n) {
  long bad = 0, first = -1, last = -1;
  for (long i = 0; i < n; i++)
    if (h[i] != ref[i]) { if (first < 0) first = i; last = i; bad++; }
  printf("%-28s mismatches %ld first %ld last %ld", what, bad, first, last);
  if (first >= 0) printf(" (got %g want %g)", h[first], ref[first]);
  printf("\n");
  return bad;
}

static void stay_dev0(double *b, long n) {
#pragma omp target teams distribute parallel for device(0)
  for (long i = 0; i < n; i++)
    b[i] = b[i] * 2 + 1;
}

int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 20011;
  int mode = argc > 2 ? atoi(argv[2]) : 0;
  double *a = malloc(n * sizeof *a), *b = malloc(n * sizeof *b);
  double *ra = malloc(n * sizeof *a), *rb = malloc(n * sizeof *b);
  for (long i = 0; i < n; i++) { a[i] = ra[i] = (double)(i % 7); b[i] = rb[i] = 0; }
#pragma omp target data map(tofrom: a[0:n], b[0:n])
  {
    /* 1: spread loop, then update from on device 0 */
#pragma omp target teams distribute parallel for
    for (long i = 0; i < n; i++)
      b[i] = a[i] + 1;
    for (long i = 0; i < n; i++) rb[i] = ra[i] + 1;
#pragma omp target update from(b[0:n]) device(0)
    check("1 spread, update dev0", b, rb, n);
    /* 2: a stay loop on device 0, then update */
    stay_dev0(b, n);
    for (long i = 0; i < n; i++) rb[i] = rb[i] * 2 + 1;
#pragma omp target update from(b[0:n]) device(0)
    check("2 stay, update dev0", b, rb, n);
    /* 3: stay then spread then update */
    if (mode != 1) {
      stay_dev0(b, n);
      for (long i = 0; i < n; i++) rb[i] = rb[i] * 2 + 1;
    }
#pragma omp target teams distribute parallel for
    for (long i = 1; i < n - 1; i++)
      a[i] = (b[i - 1] + b[i] + b[i + 1]) / 4;
    for (long i = 1; i < n - 1; i++) ra[i] = (rb[i - 1] + rb[i] + rb[i + 1]) / 4;
#pragma omp target update from(a[0:n]) device(0)
    check("3 stay+spread, update a", a, ra, n);
#pragma omp target update from(b[0:n]) device(0)
    check("3 b", b, rb, n);
    /* 4: spread update (no device clause) */
#pragma omp target teams distribute parallel for
    for (long i = 0; i < n; i++)
      b[i] = a[i] - 1;
    for (long i = 0; i < n; i++) rb[i] = ra[i] - 1;
#pragma omp target update from(b[0:n])
    check("4 spread update", b, rb, n);
  }
  check("end a", a, ra, n);
  check("end b", b, rb, n);
  return 0;
}
