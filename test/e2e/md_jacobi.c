/* 2-D Jacobi on C's own variable-length arrays: u and v are double [n][m]
 * parameters indexed u[i][j], inside a data region. Between sweeps the
 * host moves the top row (update host, then update device, with sections
 * of whole rows written both ways) and keeps each sweep's largest change,
 * a max reduction. Usage: md_jacobi [n] [m] [iterations] */
#include <proact.h>
#include "e2e_util.h"

static void relax(long n, long m, long iters, double u[n][m], double v[n][m],
                  double *res) {
#pragma proact data copy(u[0:n][0:m], v[0:n])
  {
    for (long t = 0; t < iters; t++) {
      double err = 0;
#pragma proact region(u[0:n], v[0:n][0:m]) reduction(max: err)
      for (long i = 1; i < n - 1; i++)
        for (long j = 1; j < m - 1; j++) {
          v[i][j] = 0.25 * (u[i - 1][j] + u[i + 1][j] + u[i][j - 1] +
                            u[i][j + 1]);
          double d = v[i][j] - u[i][j];
          if (d < 0)
            d = -d;
          if (d > err)
            err = d;
        }
#pragma proact region(u[0:n], v[0:n])
      for (long i = 1; i < n - 1; i++)
        for (long j = 1; j < m - 1; j++)
          u[i][j] = v[i][j];
      if (n > 1) {
#pragma proact update host(u[0:1][0:m], u[1:1])
        for (long j = 0; j < m; j++)
          u[0][j] = 0.5 * (u[0][j] + u[1][j]) + 0.125;
#pragma proact update device(u[0:1])
      }
      res[t] = err;
    }
  }
}

int main(int argc, char **argv) {
  long n = e2e_arg(argc, argv, 1, 61);
  long m = e2e_arg(argc, argv, 2, 47);
  long iters = e2e_arg(argc, argv, 3, 6);
  double (*u)[m] = (double (*)[m])e2e_alloc(n * m);
  double (*v)[m] = (double (*)[m])e2e_alloc(n * m);
  double *res = e2e_alloc(iters);
  e2e_fill(&u[0][0], n * m, 7);
  memcpy(&v[0][0], &u[0][0], (size_t)(n * m) * sizeof(double));
  relax(n, m, iters, u, v, res);
  e2e_print("u", u, (size_t)(n * m) * sizeof(double));
  e2e_print("v", v, (size_t)(n * m) * sizeof(double));
  e2e_print("res", res, (size_t)iters * sizeof(double));
  free(u);
  free(v);
  free(res);
  return 0;
}
