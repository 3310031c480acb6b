/* Reductions written as plain OpenMP offload code: a dot product and a
 * norm over mapped arrays with '+' and 'max', an integer count with '-'
 * (which OpenMP sums), a 'target parallel for' reduction, and a collapsed
 * 2-D nest summing into a mapped scalar (not a 'target teams loop': clang
 * 16's OpenMP build leaves its reduction at 0). The doubles are multiples
 * of 1/1024 small enough that every partial sum is exact, so the results
 * do not depend on the order of the additions and must equal those of the
 * unmodified program on one device, bit for bit.
 * Usage: omp_reduce [n] [rounds] */
#include "e2e_util.h"

int main(int argc, char **argv) {
  long n = e2e_arg(argc, argv, 1, 20011);
  long rounds = e2e_arg(argc, argv, 2, 4);
  double *x = e2e_alloc(n), *y = e2e_alloc(n);
  for (long i = 0; i < n; i++) {
    x[i] = (double)((i * 7919) % 1024) / 1024;
    y[i] = (double)((i * 104729) % 512) / 1024;
  }
  long m = 0; /* the largest m with m * m <= n */
  while ((m + 1) * (m + 1) <= n)
    m++;
  double dot = 0, big = 0, grid = 0;
  long odd = 1000000, count = 0;
  for (long r = 0; r < rounds; r++) {
#pragma omp target teams distribute parallel for map(to: x[0:n], y[0:n]) reduction(+: dot) reduction(max: big) reduction(-: odd)
    for (long i = 0; i < n; i++) {
      dot += x[i] * y[i];
      big = x[i] + y[i] > big ? x[i] + y[i] : big;
      odd -= (i + r) % 2;
    }
#pragma omp target parallel for map(to: x[0:n]) reduction(+: count)
    for (long i = 0; i < n; i++)
      count += x[i] > 0.5;
#pragma omp target teams distribute parallel for collapse(2) map(to: y[0:m * m]) map(tofrom: grid) reduction(+: grid)
    for (long i = 0; i < m; i++)
      for (long j = 0; j < m; j++)
        grid += y[i * m + j] * (double)(j + 1);
  }
  printf("dot %.17g big %.17g odd %ld count %ld grid %.17g\n", dot, big, odd,
         count, grid);
  return 0;
}
