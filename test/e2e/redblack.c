/* Red-black Gauss-Seidel on an n x n grid: each sweep updates the points
 * of one colour, whose first column in row i depends on i's parity
 * (`1 + (i + 1) % 2`, `1 + (i & 1)`); the points of one colour read only
 * the other's, so the rows are independent.
 * Usage: redblack [n] [sweeps] */
#include <proact.h>
#include "e2e_util.h"

int main(int argc, char **argv) {
  long n = e2e_arg(argc, argv, 1, 301);
  long sweeps = e2e_arg(argc, argv, 2, 10);
  double *u = e2e_alloc(n * n), *f = e2e_alloc(n * n);
  e2e_fill(u, n * n, 5);
  e2e_fill(f, n * n, 6);

#pragma proact data copy(u[0:n*n]) copyin(f[0:n*n])
  {
    for (long s = 0; s < sweeps; s++) {
      /* red: i + j even */
#pragma proact region(u[0:n*n], f[0:n*n])
      for (long i = 1; i < n - 1; i++)
        for (long j = 1 + (i + 1) % 2; j < n - 1; j += 2)
          u[i * n + j] = 0.25 * (u[(i - 1) * n + j] + u[(i + 1) * n + j] +
                                 u[i * n + j - 1] + u[i * n + j + 1] -
                                 f[i * n + j]);
      /* black: i + j odd */
#pragma proact region(u[0:n*n], f[0:n*n])
      for (long i = 1; i < n - 1; i++)
        for (long j = 1 + (i & 1); j < n - 1; j += 2)
          u[i * n + j] = 0.25 * (u[(i - 1) * n + j] + u[(i + 1) * n + j] +
                                 u[i * n + j - 1] + u[i * n + j + 1] -
                                 f[i * n + j]);
    }
  }
  e2e_print("u", u, (size_t)(n * n) * sizeof(double));
  free(u);
  free(f);
  return 0;
}
