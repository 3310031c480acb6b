/* Constructs on another device than the default one while spread
 * mappings of the default device hold their arrays: OpenMP does not find
 * the arrays present there, so such a construct maps its own copies from
 * the host and back, and an update there does nothing; the mappings of
 * the default device keep their values. Built in spread mode it must
 * print what the unmodified program prints, bit for bit.
 * Usage: omp_devices [n] [rounds] */
#include <omp.h>

#include "e2e_util.h"

int main(int argc, char **argv) {
  long n = e2e_arg(argc, argv, 1, 1001);
  long rounds = e2e_arg(argc, argv, 2, 2);
  const int other = omp_get_num_devices() > 1 ? 1 : 0;
  double *a = e2e_alloc(n), *b = e2e_alloc(n), *c = e2e_alloc(n);
  e2e_fill(a, n, 21);
  e2e_fill(b, n, 22);
  e2e_fill(c, n, 23);
#pragma omp target data map(tofrom: a[0:n], b[0:n])
  {
    for (long r = 0; r < rounds; r++) {
#pragma omp target teams distribute parallel for
      for (long i = 0; i < n; i++)
        a[i] = a[i] * 0.5 + (double)r;
      /* The host's a and b there, written back to the host. */
#pragma omp target teams distribute parallel for device(other) map(tofrom: a[0:n], b[0:n])
      for (long i = 0; i < n; i++)
        b[i] = a[i] + b[i] * 0.25;
#pragma omp target update from(a[0:n]) device(other)
#pragma omp target teams distribute parallel for
      for (long i = 0; i < n; i++)
        b[i] = b[i] - a[i];
    }
  }
#pragma omp target enter data map(to: c[0:n])
  for (long i = 0; i < n; i++)
    c[i] += 1.0; /* the host's alone */
#pragma omp target teams distribute parallel for device(other) map(tofrom: c[0:n])
  for (long i = 0; i < n; i++)
    c[i] = c[i] * 3.0;
#pragma omp target teams distribute parallel for
  for (long i = 0; i < n; i++)
    c[i] = c[i] + 0.5;
#pragma omp target exit data map(from: c[0:n])
  e2e_print("a", a, (size_t)n * sizeof(double));
  e2e_print("b", b, (size_t)n * sizeof(double));
  e2e_print("c", c, (size_t)n * sizeof(double));
  return 0;
}
