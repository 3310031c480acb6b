#include <stdio.h>
#include <stdlib.h>
void other_loop(double *a, long n);
void other_update(double *a, long n);
static long check(const char *what, const double *h, const double *ref, long n) {
  long bad = 0, first = -1, last = -1;
  for (long i = 0; i < n; i++)
    if (h[i] != ref[i]) { if (first < 0) first = i; last = i; bad++; }
  printf("%-28s mismatches %ld first %ld last %ld", what, bad, first, last);
  if (first >= 0) printf(" (got %g want %g)", h[first], ref[first]);
  printf("\n");
  return bad;
}
int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 20011;
  int mode = argc > 2 ? atoi(argv[2]) : 0;
  double *a = malloc(n * sizeof *a), *ra = malloc(n * sizeof *a);
  for (long i = 0; i < n; i++) a[i] = ra[i] = (double)(i % 7);
#pragma omp target data map(tofrom: a[0:n])
  {
#pragma omp target teams distribute parallel for
    for (long i = 0; i < n; i++)
      a[i] = a[i] + 1;
    for (long i = 0; i < n; i++) ra[i] = ra[i] + 1;
    other_update(a, n);
    check("1 spread, other update", a, ra, n);
    if (mode == 0) {
      other_loop(a, n);
      for (long i = 0; i < n; i++) ra[i] = ra[i] * 0.75 + (double)((i * 7) % 5);
      other_update(a, n);
      check("2 other loop, other update", a, ra, n);
#pragma omp target update from(a[0:n]) device(0)
      check("2 in-file update", a, ra, n);
    }
#pragma omp target teams distribute parallel for
    for (long i = 0; i < n; i++)
      a[i] = a[i] * 2;
    for (long i = 0; i < n; i++) ra[i] = ra[i] * 2;
    other_update(a, n);
    check("3 spread, other update", a, ra, n);
  }
  check("end", a, ra, n);
  return 0;
}
