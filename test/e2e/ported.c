/* A program ported from OpenMP: its loops keep their '#pragma omp' lines
 * under the PROACT directives (dropped by the plugin), some directives come
 * from macros through _Pragma, and a loop that is an unbraced 'if' body
 * runs only when asked. Usage: ported [n] [iterations] */
#include <proact.h>
#include "e2e_util.h"

#define PROACT(x) _Pragma(#x)
#define SMOOTH(u, v, n)                                                        \
  _Pragma("proact region(u[0:n], v[0:n])")                                     \
  for (long i = 1; i < (n) - 1; i++)                                           \
    v[i] = (u[i - 1] + 2.0 * u[i] + u[i + 1]) * 0.25;

int main(int argc, char **argv) {
  long n = e2e_arg(argc, argv, 1, 30011);
  long iters = e2e_arg(argc, argv, 2, 6);
  double *u = e2e_alloc(n), *v = e2e_alloc(n);
  e2e_fill(u, n, 5);
  memcpy(v, u, (size_t)n * sizeof(double));
  long checksum = 0;

  PROACT(proact data copy(u[0:n], v[0:n]))
  {
    for (long t = 0; t < iters; t++) {
      SMOOTH(u, v, n)
      long ticks = 0;
#pragma proact region(u[0:n], v[0:n]) reduction(+: ticks)
#pragma omp parallel for schedule(static) reduction(+: ticks)
      for (long i = 1; i < n - 1; i++) {
        u[i] = (v[i - 1] + 2.0 * v[i] + v[i + 1]) * 0.25;
        ticks += (long)(u[i] * 1024.0);
      }
      checksum += ticks;
      if (t % 2 == 1)
#pragma proact region(u[0:n])
#pragma omp parallel for simd
        for (long i = 0; i < n; i++)
          u[i] = u[i] * 0.5 + 1.0;
    }
  }
  printf("checksum %ld\n", checksum);
  e2e_print("u", u, (size_t)n * sizeof(double));
  e2e_print("v", v, (size_t)n * sizeof(double));
  free(u);
  free(v);
  return 0;
}
