/* Loops for the device-code tests (device-locals.c, device-bare.c): a
 * reduction that stores no array (only a plain kernel), a 2-D stencil over
 * whole rows (the column walk's forwarding, instrumented and plain kernels,
 * the flat walk's plain kernel) and a CSR product (checked loads). DOT_ONLY leaves the dot product alone in the file. */
#include <proact.h>

double dot(long n, const double *a, const double *b) {
  double s = 0;
#pragma proact region(a[0:n], b[0:n]) reduction(+ : s)
  for (long i = 0; i < n; i++)
    s += a[i] * b[i];
  return s;
}

#ifndef DOT_ONLY
void sweep(long n, const float *u, float *v) {
#pragma proact region(u[0:n * n], v[0:n * n])
  for (long i = 1; i < n - 1; i++)
    for (long j = 0; j < n; j++)
      v[i * n + j] = u[(i - 1) * n + j] + u[(i + 1) * n + j];
}

void spmv(long rows, const long *rp, const long *col, const double *val,
          const double *x, double *y) {
#pragma proact region(rp[0:rows + 1], col[0:rp[rows]], val[0:rp[rows]], x[0:rows], y[0:rows])
  for (long r = 0; r < rows; r++) {
    double s = 0;
    for (long k = rp[r]; k < rp[r + 1]; k++)
      s += val[k] * x[col[k]];
    y[r] = s;
  }
}
#endif
