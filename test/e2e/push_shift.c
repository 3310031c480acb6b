/* A loop whose pushes change between executions (its readers moved): the
 * readiness state kept for one part must be rebuilt when another part's
 * pushes change in number, since its pieces name pushes by their place in
 * the loop's list (a dma agent once took a shifted push for one to another
 * rank and stopped with "invalid parameter"). Found by random_nests.py.
 * Usage: push_shift [n] [iterations] */
#include <proact.h>
#include "e2e_util.h"

int main(int argc, char **argv) {
  long n = e2e_arg(argc, argv, 1, 7);
  long iters = e2e_arg(argc, argv, 2, 2);
  long nn = n * n, cells = nn * n;
  double *a0 = e2e_alloc(cells), *a1 = e2e_alloc(cells);
  double *a2 = e2e_alloc(cells), *a3 = e2e_alloc(cells);
  e2e_fill(a0, cells, 1);
  e2e_fill(a1, cells, 2);
  e2e_fill(a2, cells, 3);
  e2e_fill(a3, cells, 4);
#pragma proact data copy(a0[0:cells], a1[0:cells], a2[0:cells], a3[0:cells])
  {
    for (long t = 0; t < iters; t++) {
#pragma proact region(a0[0:cells], a3[0:cells])
      for (long i = 1; i < n; i++)
        for (long j = 0; j < n - 1; j++)
          if (a3[i + j * nn] * 0.125 + a3[j * nn] * 0.0625 >
              a0[i * nn + j * n])
            a0[i * nn + j * n] = a3[i + j * nn] * 0.125 + a3[j * nn] * 0.05;
      /* every i stores one element, a3[i * nn]: the other pushes of the
       * part are elements it pulled */
#pragma proact region(a1[0:cells], a2[0:cells], a3[0:cells])
      for (long i = 0; i < n; i++)
        for (long j = 0; j < n - 1; j++)
          a3[i * nn] = a2[i * n + j] * 0.125 + a1[0] * 0.125;
#pragma proact region(a0[0:cells], a1[0:cells], a3[0:cells])
      for (long i = 1; i < n; i++)
        for (long j = 0; j < n; j++)
          for (long k = 0; k < n; k++) {
            long q = i;
            a1[q] = a1[q] * 0.5 - a3[k] * 0.25 + a0[i * nn] * 0.125;
          }
    }
  }
  e2e_print("a0", a0, (size_t)cells * sizeof(double));
  e2e_print("a1", a1, (size_t)cells * sizeof(double));
  e2e_print("a3", a3, (size_t)cells * sizeof(double));
  free(a0);
  free(a1);
  free(a2);
  free(a3);
  return 0;
}
