/* Loads that the kernels check against what their device holds
 * (docs/user/directives.md, "Read a[index]"), all inside it: a CSR-like
 * gather (indices read from arrays, in an inner loop whose bounds are read
 * from an array), guarded boundary loads in a 1-D sweep (grouped walk), in
 * a collapsed 2-D nest (column walk) and after an `if ... continue`, and
 * loads through an index that is not affine and guarded loads that stay
 * inside what a reads(...) clause names. No check may fire, and the
 * results must be the sequential program's bit for bit.
 * Usage: gather [n] [rounds] */
#include <proact.h>
#include "e2e_util.h"

int main(int argc, char **argv) {
  long n = e2e_arg(argc, argv, 1, 20011);
  long rounds = e2e_arg(argc, argv, 2, 4);
  const long w = 13, rows = (n + w - 1) / w, cells = rows * w;
  long *rowptr = (long *)malloc((size_t)(n + 1) * sizeof(long));
  long *near = (long *)malloc((size_t)(n > 0 ? n : 1) * sizeof(long));
  long nnz = 0;
  if (rowptr == NULL || near == NULL)
    return 2;
  /* Row r has 1 + r % 3 entries: the diagonal and two scattered columns. */
  for (long r = 0; r < n; r++) {
    rowptr[r] = nnz;
    nnz += 1 + r % 3;
  }
  rowptr[n] = nnz;
  long *col = (long *)malloc((size_t)(nnz > 0 ? nnz : 1) * sizeof(long));
  double *val = e2e_alloc(nnz), *x = e2e_alloc(n), *y = e2e_alloc(n);
  double *z = e2e_alloc(n), *t = e2e_alloc(n);
  double *g = e2e_alloc(cells), *h = e2e_alloc(cells);
  if (col == NULL)
    return 2;
  for (long r = 0; r < n; r++)
    for (long k = 0; k < 1 + r % 3; k++)
      col[rowptr[r] + k] = k == 0 ? r : (r * (k == 1 ? 7 : 13) + k) % n;
  for (long i = 0; i < n; i++) /* i - 1, i or i + 1, inside [0, n) */
    near[i] = i == 0 || i == n - 1 ? i : i + (i % 3) - 1;
  e2e_fill(val, nnz, 21);
  e2e_fill(x, n, 22);
  e2e_fill(y, n, 23);
  e2e_fill(z, n, 24);
  e2e_fill(t, n, 25);
  e2e_fill(g, cells, 26);
  e2e_fill(h, cells, 27);

#pragma proact data copy(x[0:n], y[0:n], z[0:n], t[0:n], g[0:cells], \
                         h[0:cells]) copyin(rowptr[0:n + 1], col[0:nnz], \
                                            val[0:nnz], near[0:n])
  {
    for (long q = 0; q < rounds; q++) {
#pragma proact region(rowptr[0:n + 1], col[0:nnz], val[0:nnz], x[0:n], \
                      y[0:n])
      for (long r = 0; r < n; r++) {
        double s = 0.0;
        for (long e = rowptr[r]; e < rowptr[r + 1]; e++)
          s += val[e] * x[col[e]];
        y[r] = s * 0.25;
      }
#pragma proact region(x[0:n], y[0:n])
      for (long i = 0; i < n; i++)
        x[i] = y[i] * 0.5 + (i > 0 ? y[i - 1] : 0.0) * 0.25 +
               (i + 1 < n ? y[i + 1] : 0.0) * 0.25 + 0.125;
#pragma proact region(g[0:cells], h[0:cells])
      for (long r = 0; r < rows; r++)
        for (long c = 0; c < w; c++)
          h[r * w + c] = g[r * w + c] * 0.5 +
                         (c > 0 ? g[r * w + c - 1] : 0.0) * 0.25 +
                         (r > 0 ? g[(r - 1) * w + c] : 1.0) * 0.25;
#pragma proact region(g[0:cells], h[0:cells])
      for (long k = 0; k < cells; k++)
        g[k] = h[k] + (k + w < cells ? h[k + w] : 0.0) * 0.125;
#pragma proact region(x[0:n], z[0:n], near[0:n]) reads(x[i - 1:3])
      for (long i = 1; i < n - 1; i++)
        z[i] = x[near[i]] * 0.5 + (i % 2 ? x[i + 1] : x[i - 1]) * 0.25;
#pragma proact region(z[0:n], t[0:n])
      for (long i = 0; i < n; i++) {
        if (i == 0) {
          t[i] = z[i];
          continue;
        }
        t[i] = (z[i] + z[i - 1]) * 0.5;
      }
    }
  }
  e2e_print("x", x, (size_t)n * sizeof(double));
  e2e_print("y", y, (size_t)n * sizeof(double));
  e2e_print("z", z, (size_t)n * sizeof(double));
  e2e_print("t", t, (size_t)n * sizeof(double));
  e2e_print("g", g, (size_t)cells * sizeof(double));
  e2e_print("h", h, (size_t)cells * sizeof(double));
  free(rowptr);
  free(near);
  free(col);
  free(val);
  free(x);
  free(y);
  free(z);
  free(t);
  free(g);
  free(h);
  return 0;
}
