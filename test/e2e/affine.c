/* Stores with non-unit affine indices (a[2*i+1], a[2*i]), a reversed loop
 * with a step of -3, a loop variable declared before the loop, whose
 * exit value must match the sequential program's, a store after nested
 * windows, and an int loop from INT_MIN indexed by i - INT_MIN (the
 * constant alone is past int).
 * Usage: affine [n] */
#include <limits.h>
#include <proact.h>
#include "e2e_util.h"

int main(int argc, char **argv) {
  long n = e2e_arg(argc, argv, 1, 40009);
  long m = 2 * n + 1;
  double *a = e2e_alloc(m), *b = e2e_alloc(n);
  e2e_fill(a, m, 5);
  e2e_fill(b, n, 6);
  long i = -1;

#pragma proact data copy(a[0:m], b[0:n])
  {
#pragma proact region(a[0:m], b[0:n])
    for (i = 0; i < n; i++)
      a[2 * i + 1] = b[i] * 3.0 + a[2 * i];
    printf("exit value of i: %ld\n", i);
#pragma proact region(a[0:m], b[0:n])
    for (long k = n - 1; k >= 0; k -= 3)
      b[k] = a[2 * k + 1] - a[2 * k] * 0.5;
#pragma proact region(a[0:m], b[0:n])
    for (long k = 0; k < n; k++)
      a[2 * k] = b[n - 1 - k] + 1.0;
    /* Nested windows: the innermost bounds use the middle loop's
     * variable, so the store is known only by its hull over the whole
     * loop and the loop runs on one device; under a cyclic decomposition
     * every piece's hull meets every other's. */
#pragma proact region(a[0:m], b[0:n])
    for (long k = 0; k < n / 2; k++)
      for (long j = 2 * k; j < 2 * k + 2; j++)
        for (long q = j; q < j + 1; q++)
          a[2 * q] = a[2 * q] * 0.5 + b[q];
#pragma proact region(a[0:m], b[0:n])
    for (int j = INT_MIN; j < INT_MIN + (int)n; j++)
      b[j - INT_MIN] = a[j - INT_MIN + 1] * 0.25;
  }
  e2e_print("a", a, (size_t)m * sizeof(double));
  e2e_print("b", b, (size_t)n * sizeof(double));
  free(a);
  free(b);
  return 0;
}
