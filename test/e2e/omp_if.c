/* Loops with an if(...) clause written as plain OpenMP offload code: a
 * true condition spreads them, a false one runs them on the host with the
 * host's arrays (inside a data region those are stale until a target
 * update, as on one device). A reduction, a private temporary, a loop
 * variable declared before the loop, if(target: ...), a conditional
 * expression's ':' in an if, and an if for the parallel part only. Built in spread mode it must print what the
 * unmodified program prints on one device, bit for bit. The reduced terms
 * are multiples of 1/1024, so every partial sum is exact.
 * Usage: omp_if [n] [rounds] */
#include "e2e_util.h"

int main(int argc, char **argv) {
  long n = e2e_arg(argc, argv, 1, 20011);
  long rounds = e2e_arg(argc, argv, 2, 4);
  double *a = e2e_alloc(n), *b = e2e_alloc(n);
  double sum = 0, t = 0;
  long i = -1;
  e2e_fill(a, n, 21);
  e2e_fill(b, n, 22);
#pragma omp target data map(tofrom: a[0:n], b[0:n])
  {
    for (long r = 0; r < rounds; r++) {
#pragma omp target teams distribute parallel for if(r % 2 == 0)
      for (i = 0; i < n; i++)
        a[i] = a[i] * 0.5 + b[i];
#pragma omp target teams distribute parallel for reduction(+: sum) if(target: r != 1)
      for (long k = 0; k < n; k++)
        sum += (double)((long)(a[k] * 1024) % 1024) / 1024;
#pragma omp target teams distribute parallel for if(r > 1 ? r % 2 : 0)
      for (long k = 0; k < n; k++)
        b[k] = b[k] + a[k] * 0.125;
#pragma omp target parallel for private(t) if(parallel: r > 0)
      for (long k = 0; k < n; k++) {
        t = a[k] - 1;
        b[k] = t * 0.25;
      }
    }
  }
#pragma omp target teams distribute parallel for map(tofrom: a[0:n]) if(n > 100)
  for (long k = 0; k < n; k++)
    a[k] = a[k] + 2;
  e2e_print("a", a, (size_t)n * sizeof(double));
  e2e_print("b", b, (size_t)n * sizeof(double));
  e2e_print("sum", &sum, sizeof sum);
  e2e_print("i", &i, sizeof i);
  return 0;
}
