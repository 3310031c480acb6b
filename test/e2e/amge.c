/* decompose(auto), AMGE's choice: a producer split cyclically (its work
 * grows with i % 17, so a cyclic split balances it), then a consumer that
 * reads the same elements: auto follows the producer's split and nothing
 * moves between devices; then a stencil over what the consumer wrote.
 * Usage: amge [n] [rounds] */
#include <proact.h>
#include "e2e_util.h"

int main(int argc, char **argv) {
  long n = e2e_arg(argc, argv, 1, 20011);
  long rounds = e2e_arg(argc, argv, 2, 4);
  double *a = e2e_alloc(n), *b = e2e_alloc(n), *c = e2e_alloc(n);
  e2e_fill(a, n, 21);
  e2e_fill(b, n, 22);
  e2e_fill(c, n, 23);
#pragma proact data copy(a[0:n], b[0:n], c[0:n])
  {
    for (long r = 0; r < rounds; r++) {
#pragma proact region(a[0:n], b[0:n]) decompose(cyclic)
      for (long i = 0; i < n; i++) {
        double x = b[i];
        for (long k = 0; k < i % 17; k++)
          x = x * 0.75 + 0.125;
        a[i] = x;
      }
#pragma proact region(a[0:n], c[0:n])
      for (long i = 0; i < n; i++)
        c[i] = a[i] * 2.0 + c[i] * 0.25;
#pragma proact region(b[0:n], c[0:n])
      for (long i = 1; i < n - 1; i++)
        b[i] = (c[i - 1] + c[i + 1]) * 0.5;
    }
  }
  e2e_print("a", a, (size_t)n * sizeof(double));
  e2e_print("b", b, (size_t)n * sizeof(double));
  e2e_print("c", c, (size_t)n * sizeof(double));
  free(a);
  free(b);
  free(c);
  return 0;
}
