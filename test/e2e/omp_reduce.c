/* Reductions written as plain OpenMP offload code: a dot product and a
 * norm over mapped arrays with '+' and 'max', an integer count with '-'
 * (which OpenMP sums), a 'target parallel for' reduction, and a collapsed
 * 2-D nest summing into a mapped scalar (not a 'target teams loop': clang
 * 16's OpenMP build leaves its reduction at 0). The doubles are multiples
 * of 1/1024 small enough that every partial sum is exact, so the results
 * do not depend on the order of the additions and must equal those of the
 * unmodified program on one device, bit for bit. Then a reduction into a
 * scalar 'target enter data' holds, and a body that declares an array
 * named like one outside.
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
  /* A scalar 'target enter data' holds: the construct finds it present,
   * reduces from and into the device's copy, and the host's variable
   * keeps its own value until the exit data copies the result back. */
  double held = 0;
#pragma omp target enter data map(to: x[0:n], held)
  held = 1000; /* the host's value, which the device copy does not see */
#pragma omp target teams distribute parallel for reduction(+: held)
  for (long i = 0; i < n; i++)
    held += x[i];
  printf("held on the host %.17g\n", held);
#pragma omp target exit data map(from: held) map(delete: x[0:n])
  printf("held after exit %.17g\n", held);
  /* An array the body declares is its own, not the outer one of the same
   * name (which OpenMP does not map for it). */
  double t[2] = {100, 200};
#pragma omp target teams distribute parallel for map(to: x[0:n], y[0:n]) reduction(+: dot)
  for (long i = 1; i < n - 1; i++) {
    double t[2];
    t[0] = x[i - 1];
    t[1] = y[i + 1];
    dot += t[0] * t[1];
  }
  printf("shadowed dot %.17g t %g %g\n", dot, t[0], t[1]);
  return 0;
}
