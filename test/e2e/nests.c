/* Collapsed nests of every shape the column walk (docs/design/lowering.md)
 * takes apart: a 3-D 7-point stencil (two collapsed inner loops), a compound
 * assignment with int variables, an outer loop stepping by 2 whose
 * variable is declared outside (its exit value printed), a body of several
 * statements ending in its one store (locals, a local array, a branch: each
 * row of a group runs them in its own copy) and an inner loop starting at
 * 2 and stepping by 3, and an inner loop whose variable a pointer
 * changes, nests of no iteration, and a float view of an array that inline
 * then forwards in pieces. Each reads what the one before wrote,
 * so a chunk pushed late or a lane walked twice changes the output.
 * Usage: nests [n] [iterations] (an n x n x n grid and n x n planes) */
#include <proact.h>
#include "e2e_util.h"

int main(int argc, char **argv) {
  long n = e2e_arg(argc, argv, 1, 37);
  long iters = e2e_arg(argc, argv, 2, 4);
  long nn = n * n, cells = nn * n;
  int ni = (int)n;
  long i = -1;
  double *p = e2e_alloc(cells), *q = e2e_alloc(cells);
  double *a = e2e_alloc(nn), *b = e2e_alloc(nn);
  e2e_fill(p, cells, 3);
  memcpy(q, p, (size_t)cells * sizeof(double));
  e2e_fill(a, nn, 5);
  e2e_fill(b, nn, 11);

#pragma proact data copy(p[0:cells], q[0:cells], a[0:nn], b[0:nn])
  {
    for (long t = 0; t < iters; t++) {
#pragma proact region(p[0:cells], q[0:cells])
      for (long x = 1; x < n - 1; x++)
        for (long y = 1; y < n - 1; y++)
          for (long z = 1; z < n - 1; z++)
            q[x * nn + y * n + z] =
                0.5 * p[x * nn + y * n + z] +
                0.125 * (p[(x - 1) * nn + y * n + z] +
                         p[(x + 1) * nn + y * n + z] +
                         p[x * nn + (y - 1) * n + z] +
                         p[x * nn + (y + 1) * n + z] +
                         p[x * nn + y * n + z - 1]) -
                0.0625 * p[x * nn + y * n + z + 1];
#pragma proact region(a[0:nn], q[0:cells])
      for (int r = 0; r < ni; r++)
        for (int c = 0; c < ni; c++)
          a[r * ni + c] += 0.25 * q[(long)r * nn + (long)c * n + n / 2];
#pragma proact region(a[0:nn], b[0:nn])
      for (i = 1; i < n - 1; i += 2)
        for (long c = 0; c < n; c++)
          b[i * n + c] = a[(i - 1) * n + c] * 0.5 + a[(i + 1) * n + c];
#pragma proact region(q[0:cells], b[0:nn])
      for (long r = 1; r < n - 1; r++)
        for (long c = 0; c < n; c++) {
          double up = q[nn + (r - 1) * n + c], dn = q[nn + (r + 1) * n + c];
          double w[2] = {up - dn, up * dn};
          if (w[0] < 0)
            w[0] = -w[0];
          else
            w[1] += 1.0;
          b[r * n + c] += w[0] * 0.5 + w[1] * 0.25;
        }
#pragma proact region(a[0:nn], b[0:nn], p[0:cells])
      for (long r = 0; r < n; r++)
        for (long c = 2; c < n; c += 3)
          p[r * n + c] = b[r * n + c - 2] - a[(n - 1 - r) * n + c] * 0.75;
    }
  }
  printf("exit value of i: %ld\n", i);
  /* An inner loop whose variable a pointer changes (every other column):
   * not a canonical loop, so neither collapsed nor split by its range. */
#pragma proact region(a[0:nn], b[0:nn])
  for (long x = 0; x < n; x++)
    for (long y = 0; y < n; y++) {
      long *py = &y;
      b[x * n + y] = a[x * n + y] * 0.5 + 1.0;
      *py += 1;
    }
  /* Nests that run no iteration store nothing: a transpose with no rows
   * (no two collapsed iterations store one element), and a store in an
   * inner loop of no iteration beside one in the outer body (no two
   * iterations store one element). zero is 0 at run time. */
  const long zero = n / (n + 1);
#pragma proact region(a[0:nn], b[0:nn])
  for (long r = 0; r < zero; r++)
    for (long c = 0; c < n; c++)
      b[c * zero + r] = a[r * n + c];
#pragma proact region(a[0:nn], b[0:nn])
  for (long r = 0; r < n - 1; r++) {
    b[r] = a[r] * 3;
    for (long c = 0; c < zero; c++)
      b[r + 1] = a[c];
  }
  /* A store under an inner loop whose bound moves with r runs in some
   * iterations only (here the last): no dependence error, the safe way. */
#pragma proact region(a[0:nn], b[0:nn])
  for (long r = 0; r < n; r++)
    for (long c = 0; c < r - (n - 2); c++)
      b[0] = a[r] + 0.5;
  /* A float view of b written in every other float under a cyclic split,
   * then b written whole: the pieces the view's split left cut b's 8-byte
   * stores, which inline forwards in part, not never. */
  float *bf = (float *)b;
#pragma proact data copy(a[0:nn], b[0:nn])
  {
#pragma proact region(bf[0:2 * nn]) decompose(cyclic)
    for (long k = 0; k < nn; k++)
      bf[2 * k + 1] = bf[2 * k + 1] * 0.5f;
#pragma proact region(a[0:nn], b[0:nn])
    for (long k = 0; k < nn; k++)
      b[k] = a[k] + 0.25;
#pragma proact region(a[0:nn], b[0:nn])
    for (long k = 1; k < nn; k++)
      a[k] = b[k - 1] * 2;
  }
  e2e_print("p", p, (size_t)cells * sizeof(double));
  e2e_print("q", q, (size_t)cells * sizeof(double));
  e2e_print("a", a, (size_t)nn * sizeof(double));
  e2e_print("b", b, (size_t)nn * sizeof(double));
  free(p);
  free(q);
  free(a);
  free(b);
  return 0;
}
