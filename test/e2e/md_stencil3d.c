/* A 3-D 7-point stencil on C's own variable-length arrays of a typedef'd
 * element: const real a[n][m][l] read, real b[n][m][l] written, the two
 * swapped each step inside a data region that names the caller's arrays
 * (p and q) with sections of whole planes. Usage: md_stencil3d [n] [m] [l]
 * [iterations] */
#include <proact.h>
#include "e2e_util.h"

typedef double real;

static void step(long n, long m, long l, const real a[n][m][l],
                 real b[n][m][l]) {
#pragma proact region(a[0:n][0:m][0:l], b[0:n])
  for (long x = 1; x < n - 1; x++)
    for (long y = 1; y < m - 1; y++)
      for (long z = 1; z < l - 1; z++)
        b[x][y][z] = 0.4 * a[x][y][z] +
                     0.1 * (a[x - 1][y][z] + a[x + 1][y][z] + a[x][y - 1][z] +
                            a[x][y + 1][z] + a[x][y][z - 1] + a[x][y][z + 1]);
}

int main(int argc, char **argv) {
  long n = e2e_arg(argc, argv, 1, 23);
  long m = e2e_arg(argc, argv, 2, 17);
  long l = e2e_arg(argc, argv, 3, 13);
  long iters = e2e_arg(argc, argv, 4, 3);
  real (*p)[m][l] = (real (*)[m][l])e2e_alloc(n * m * l);
  real (*q)[m][l] = (real (*)[m][l])e2e_alloc(n * m * l);
  e2e_fill(&p[0][0][0], n * m * l, 13);
  memcpy(&q[0][0][0], &p[0][0][0], (size_t)(n * m * l) * sizeof(real));
#pragma proact data copy(p[0:n][0:m][0:l], q[0:n])
  {
    for (long t = 0; t < iters; t++) {
      step(n, m, l, (const real (*)[m][l])p, q);
      step(n, m, l, (const real (*)[m][l])q, p);
    }
  }
  e2e_print("p", p, (size_t)(n * m * l) * sizeof(real));
  e2e_print("q", q, (size_t)(n * m * l) * sizeof(real));
  free(p);
  free(q);
  return 0;
}
