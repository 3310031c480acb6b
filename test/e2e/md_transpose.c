/* Transposed accesses on C's own arrays: b[j][i] = a[i][j] stores a column
 * of b per iteration (each device owns columns), the next loop reads b
 * transposed, b[j][i], and a third writes both members of an array of
 * structs, ps[i][j].x and .y. Each reads what the one before wrote.
 * Usage: md_transpose [n] [m] [iterations] */
#include <proact.h>
#include "e2e_util.h"

struct pt {
  double x, y;
};

static void transpose(long n, long m, double a[n][m], double b[m][n]) {
#pragma proact region(a[0:n], b[0:m])
  for (long i = 0; i < n; i++)
    for (long j = 0; j < m; j++)
      b[j][i] = 2.0 * a[i][j] + (double)i;
}

int main(int argc, char **argv) {
  long n = e2e_arg(argc, argv, 1, 41);
  long m = e2e_arg(argc, argv, 2, 29);
  long iters = e2e_arg(argc, argv, 3, 3);
  double (*a)[m] = (double (*)[m])e2e_alloc(n * m);
  double (*b)[n] = (double (*)[n])e2e_alloc(m * n);
  struct pt (*ps)[m] = malloc(sizeof(struct pt) * (size_t)(n * m > 0 ? n * m : 1));
  e2e_fill(&a[0][0], n * m, 17);
  e2e_fill(&b[0][0], m * n, 19);
  memset(ps, 0, sizeof(struct pt) * (size_t)(n * m));
#pragma proact data copy(a[0:n], b[0:m], ps[0:n])
  {
    for (long t = 0; t < iters; t++) {
      transpose(n, m, a, b);
#pragma proact region(a[0:n][0:m], b[0:m][0:n])
      for (long i = 0; i < n; i++)
        for (long j = 0; j < m; j++)
          a[i][j] = 0.5 * b[j][i] - 0.25 * a[i][j];
#pragma proact region(a[0:n], b[0:m], ps[0:n])
      for (long i = 0; i < n; i++)
        for (long j = 0; j < m; j++) {
          ps[i][j].x += a[i][j];
          ps[i][j].y = b[j][i] * ps[i][j].x;
        }
    }
  }
  e2e_print("a", a, (size_t)(n * m) * sizeof(double));
  e2e_print("b", b, (size_t)(m * n) * sizeof(double));
  e2e_print("ps", ps, (size_t)(n * m) * sizeof(struct pt));
  free(a);
  free(b);
  free(ps);
  return 0;
}
