/* Descending loops alternating with ascending ones over the same arrays in
 * a data region: each descending loop is split by index value like its
 * ascending twin, so what a device writes in one it reads in the other and
 * only the halos move. Also a descending loop by 3 whose variable is
 * declared outside it (its exit value is the sequential one) and one with a
 * reduction.
 * Usage: descend [n] [iterations] [twin]: twin = 1 writes the descending
 * loops ascending (the same results; descend.sh compares what moves). */
#include <proact.h>
#include "e2e_util.h"

int main(int argc, char **argv) {
  long n = e2e_arg(argc, argv, 1, 100003);
  long iters = e2e_arg(argc, argv, 2, 20);
  long twin = e2e_arg(argc, argv, 3, 0);
  double *u = e2e_alloc(n), *v = e2e_alloc(n);
  long last = -7, hits = 0;
  e2e_fill(u, n, 1);
  memcpy(v, u, (size_t)n * sizeof(double));

#pragma proact data copy(u[0:n], v[0:n])
  {
    for (long t = 0; t < iters; t++) {
#pragma proact region(u[0:n], v[0:n])
      for (long i = 1; i < n - 1; i++)
        v[i] = (u[i - 1] + 2.0 * u[i] + u[i + 1]) * 0.25;
      if (!twin) {
#pragma proact region(u[0:n], v[0:n])
        for (long i = n - 2; i >= 1; i--)
          u[i] = (v[i - 1] + 2.0 * v[i] + v[i + 1]) * 0.25;
      } else {
#pragma proact region(u[0:n], v[0:n])
        for (long i = 1; i <= n - 2; i++)
          u[i] = (v[i - 1] + 2.0 * v[i] + v[i + 1]) * 0.25;
      }
    }
#pragma proact region(u[0:n], v[0:n])
    for (last = n - 1; last > 0; last -= 3)
      v[last] = u[last] * 0.5 + 1.0;
#pragma proact region(u[0:n]) reduction(+: hits)
    for (int i = (int)n - 1; i >= 0; --i)
      if (u[i] > 1.0)
        hits++;
  }
  printf("last %ld hits %ld\n", last, hits);
  e2e_print("u", u, (size_t)n * sizeof(double));
  e2e_print("v", v, (size_t)n * sizeof(double));
  free(u);
  free(v);
  return 0;
}
