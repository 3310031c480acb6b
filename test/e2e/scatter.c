/* Stores through an index that is not affine (a permutation, a computed
 * permutation stored under a data-dependent branch): such a loop runs on one
 * device with memcpy, and the loops around it still run on every device
 * and read what it wrote. One scatter loop runs outside any data region
 * (copied in and back for that loop alone).
 * Usage: scatter [n] [rounds] */
#include <proact.h>
#include "e2e_util.h"

int main(int argc, char **argv) {
  long n = e2e_arg(argc, argv, 1, 30011);
  long rounds = e2e_arg(argc, argv, 2, 6);
  double *a = e2e_alloc(n), *b = e2e_alloc(n), *c = e2e_alloc(n);
  long *perm = (long *)malloc((size_t)(n > 0 ? n : 1) * sizeof(long));
  if (perm == NULL)
    return 2;
  e2e_fill(a, n, 11);
  e2e_fill(b, n, 12);
  e2e_fill(c, n, 13);
  /* A permutation: multiplication by a unit modulo n. */
  long mul = 1;
  for (long m = 7; n > 1 && m < n; m += 2) {
    long x = m, y = n;
    while (y != 0) {
      long t = x % y;
      x = y;
      y = t;
    }
    if (x == 1) {
      mul = m;
      break;
    }
  }
  for (long i = 0; i < n; i++)
    perm[i] = (long)(((__int128)i * mul) % (n > 0 ? n : 1));

  /* (A read-modify-write through perm would be a compile-time error,
   * even for a permutation: these stores read other arrays.) */
#pragma proact region(a[0:n], b[0:n], c[0:n], perm[0:n])
  for (long i = 0; i < n; i++)
    b[perm[i]] = a[i] * 0.5 + c[i];

#pragma proact data copy(a[0:n], b[0:n], c[0:n]) copyin(perm[0:n])
  {
    for (long r = 0; r < rounds; r++) {
#pragma proact region(a[0:n], b[0:n])
      for (long i = 0; i < n; i++)
        a[i] = a[i] * 0.25 + b[n - 1 - i] * 0.75;
#pragma proact region(a[0:n], b[0:n], c[0:n], perm[0:n])
      for (long i = 0; i < n; i++)
        c[perm[i]] = a[i] - 0.125 * b[i];
#pragma proact region(b[0:n], c[0:n])
      for (long i = 0; i < n; i++) {
        if (c[i] > 0.5) /* a computed index, stored under a branch */
          b[(i * mul + r) % n] = c[i] * 0.5 + 0.25;
        else
          b[(i * mul + r) % n] = c[i] * 0.25;
      }
#pragma proact region(b[0:n], c[0:n])
      for (long i = 0; i < n; i++)
        c[i] = b[(i + r) % n] * 0.5 + c[i] * 0.5;
    }
  }
  e2e_print("a", a, (size_t)n * sizeof(double));
  e2e_print("b", b, (size_t)n * sizeof(double));
  e2e_print("c", c, (size_t)n * sizeof(double));
  free(perm);
  free(a);
  free(b);
  free(c);
  return 0;
}
