/* An array that 'target enter data' maps next to a spread data region:
 * the loops that find it present spread like the region's, and spread
 * 'target update's of it move it (host values changed in between, values
 * read back on the host) until 'target exit data' copies it back; and a
 * scalar the enter maps, reduced by a spread loop, whose result the exit's
 * map(from:) brings back from OpenMP's copy; and a scalar the enter
 * maps and the host then changes, which loops mapping it read from
 * OpenMP's device copy; and a data region mapping part of an entered
 * array around a loop that writes all of it, and a loop mapping an array
 * an enter with nowait (OpenMP's) holds. Built in
 * spread mode it must print what the unmodified program prints on one
 * device, bit for bit.
 * Usage: omp_enter [n] [rounds] */
#include "e2e_util.h"

int main(int argc, char **argv) {
  long n = e2e_arg(argc, argv, 1, 20011);
  long rounds = e2e_arg(argc, argv, 2, 4);
  double *x = e2e_alloc(n), *y = e2e_alloc(n);
  double seen = 0, k = 0.25;
  long total = 0;
  e2e_fill(x, n, 11);
  e2e_fill(y, n, 12);
#pragma omp target enter data map(to: x[0:n], total, k)
  k = 8; /* the host's alone: the device's copy stays 0.25 */
#pragma omp target data map(tofrom: y[0:n])
  {
    for (long r = 0; r < rounds; r++) {
#pragma omp target teams distribute parallel for
      for (long i = 0; i < n; i++)
        y[i] = y[i] * 0.75 + 1;
      /* x is present through the enter: this loop spreads too. */
#pragma omp target teams distribute parallel for
      for (long i = 0; i < n; i++)
        x[i] = x[i] * 0.5 + (double)r;
#pragma omp target teams distribute parallel for map(to: k)
      for (long i = 0; i < n; i++)
        y[i] = y[i] + k;
#pragma omp target teams distribute parallel for map(tofrom: k)
      for (long i = 0; i < n; i++)
        x[i] = x[i] - k;
#pragma omp target update from(x[0:n])
      seen += x[n / 2];
      x[0] = x[0] + 1;
#pragma omp target update to(x[0:1])
    }
  }
  /* An inner data region mapping a part of x, which the enter maps whole:
   * its loop writes all of x, which OpenMP finds in the enter's mapping. */
#pragma omp target data map(to: x[0:(n + 1) / 2])
  {
#pragma omp target teams distribute parallel for
    for (long i = 0; i < n; i++)
      x[i] = x[i] + 0.125;
  }
#pragma omp target teams distribute parallel for reduction(+: total)
  for (long i = 0; i < n; i++)
    total += (long)x[i] + i % 7;
#pragma omp target exit data map(from: x[0:n], total) map(delete: k)
  /* An enter with nowait stays OpenMP's: a spread loop that maps what it
   * holds runs as OpenMP's construct, which finds it present. */
#pragma omp target enter data map(to: y[0:n]) nowait
#pragma omp taskwait
#pragma omp target teams distribute parallel for map(tofrom: y[0:n])
  for (long i = 0; i < n; i++)
    y[i] = y[i] * 3 - 1;
#pragma omp target exit data map(from: y[0:n])
  e2e_print("x", x, (size_t)n * sizeof(double));
  e2e_print("y", y, (size_t)n * sizeof(double));
  e2e_print("seen", &seen, sizeof seen);
  e2e_print("total", &total, sizeof total);
  return 0;
}
