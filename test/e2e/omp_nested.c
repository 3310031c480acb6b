/* The split forms of the combined constructs, written as plain OpenMP
 * offload code: 'target teams' with 'distribute parallel for' (a
 * reduction, a collapsed nest) and 'target' with 'teams distribute
 * parallel for' or 'parallel for' on the next line or alone in a block,
 * clauses on both lines, a private temporary, inside and outside a data region. The
 * reduced terms are multiples of 1/1024, so every partial sum is exact.
 * Built in spread mode it must print what the unmodified program prints
 * on one device, bit for bit.
 * Usage: omp_nested [n] [rounds] */
#include "e2e_util.h"

int main(int argc, char **argv) {
  long n = e2e_arg(argc, argv, 1, 20011);
  long rounds = e2e_arg(argc, argv, 2, 4);
  long m = n / 16 + 1;
  double *a = e2e_alloc(n), *b = e2e_alloc(n), *g = e2e_alloc(16 * m);
  double sum = 0, t = 0;
  e2e_fill(a, n, 7);
  e2e_fill(b, n, 8);
  memset(g, 0, (size_t)(16 * m) * sizeof(double));
#pragma omp target data map(tofrom: a[0:n]) map(to: b[0:n])
  {
    for (long r = 0; r < rounds; r++) {
#pragma omp target teams thread_limit(64) map(tofrom: sum) reduction(+: sum)
#pragma omp distribute parallel for reduction(+: sum)
      for (long i = 0; i < n; i++)
        sum += (double)((long)(a[i] * 1024) % 1024) / 1024;
#pragma omp target
#pragma omp teams distribute parallel for private(t)
      for (long i = 1; i < n - 1; i++) {
        t = (b[i - 1] + b[i + 1]) / 2;
        a[i] = a[i] / 2 + t;
      }
#pragma omp target
      {
#pragma omp teams distribute parallel for
        for (long i = 0; i < n; i++)
          b[i] = b[i] * 0.5 + a[i] / 4;
      }
#pragma omp target map(tofrom: g[0:16 * m])
#pragma omp parallel for collapse(2)
      for (long j = 0; j < 16; j++)
        for (long k = 0; k < m; k++)
          g[j * m + k] += (k < n ? a[k] : 0) * (double)(j + 1);
    }
  }
#pragma omp target teams map(tofrom: b[0:n])
#pragma omp loop
  for (long i = 0; i < n; i++)
    b[i] = b[i] * 3 - 1;
  e2e_print("a", a, (size_t)n * sizeof(double));
  e2e_print("b", b, (size_t)n * sizeof(double));
  e2e_print("g", g, (size_t)(16 * m) * sizeof(double));
  e2e_print("sum", &sum, sizeof sum);
  return 0;
}
