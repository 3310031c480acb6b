/* A 2-D Jacobi solver written as plain OpenMP offload code, the shape
 * ported codes have: a target data region around the time loop, combined
 * target loops inside it that map nothing themselves, a collapsed nest
 * with its inner variable private and declared before the loop, and host
 * code between the loops that reads and changes a boundary row after
 * 'target update from' and sends it back with 'target update to'. Built in
 * spread mode it must print what the unmodified program prints on one
 * device, bit for bit.
 * Usage: omp_stencil2d [n] [steps] */
#include "e2e_util.h"

int main(int argc, char **argv) {
  long n = e2e_arg(argc, argv, 1, 301);
  long steps = e2e_arg(argc, argv, 2, 12);
  double *u = e2e_alloc(n * n), *v = e2e_alloc(n * n);
  e2e_fill(u, n * n, 11);
  memcpy(v, u, (size_t)(n * n) * sizeof(double));
  double edge = 0;
  long i = -1, j = -1;

#pragma omp target data map(tofrom: u[0:n * n]) map(to: v[0:n * n])
  {
    for (long t = 0; t < steps; t++) {
#pragma omp target teams distribute parallel for collapse(2) private(j)
      for (i = 1; i < n - 1; i++)
        for (j = 1; j < n - 1; j++)
          v[i * n + j] = 0.25 * (u[(i - 1) * n + j] + u[(i + 1) * n + j] +
                                 u[i * n + j - 1] + u[i * n + j + 1]);
#pragma omp target teams distribute parallel for num_teams(2) thread_limit(2)
      for (long k = 1; k < n - 1; k++)
        for (long l = 1; l < n - 1; l++)
          u[k * n + l] = v[k * n + l];
      /* The host reads the first interior row and heats the boundary. */
      if (n > 2) {
#pragma omp target update from(u[n:n])
        edge += u[n + n / 2];
        for (long l = 0; l < n; l++)
          u[l] = u[n + l] + 1.0 / 8;
#pragma omp target update to(u[0:n])
      }
    }
  }
  e2e_print("u", u, (size_t)(n * n) * sizeof(double));
  printf("edge %.17g i %ld j %ld\n", edge, i, j);
  return 0;
}
