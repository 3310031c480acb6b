/* When each row of a 2-D sweep ran, seen from inside the kernels: the first
 * loop stores, for every point, the time it ran (omp_get_wtime), and the
 * second reads each row's neighbours, so that every device pushes the rows
 * at its part's edges to the next. Prints, for the first loop's last
 * execution, each row's earliest time: the order in which the part's
 * kernel took its rows (edges_first.py checks it).
 * Usage: edges_first [rows] [columns] [iterations] */
#include <omp.h>
#include <proact.h>
#include "e2e_util.h"

int main(int argc, char **argv) {
  long n = e2e_arg(argc, argv, 1, 66);
  long m = e2e_arg(argc, argv, 2, 64);
  long iters = e2e_arg(argc, argv, 3, 4);
  long cells = n * m;
  double *u = e2e_alloc(cells), *v = e2e_alloc(cells);
  e2e_fill(u, cells, 1);
  memcpy(v, u, (size_t)cells * sizeof(double));

#pragma proact data copy(u[0:cells], v[0:cells])
  {
    for (long t = 0; t < iters; t++) {
#pragma proact region(v[0:cells])
      for (long i = 1; i < n - 1; i++)
        for (long j = 0; j < m; j++)
          v[i * m + j] = omp_get_wtime();
#pragma proact region(u[0:cells], v[0:cells])
      for (long i = 1; i < n - 1; i++)
        for (long j = 0; j < m; j++)
          u[i * m + j] = v[(i - 1) * m + j] - v[(i + 1) * m + j];
    }
  }
  for (long i = 1; i < n - 1; i++) {
    double first = v[i * m];
    for (long j = 1; j < m; j++)
      if (v[i * m + j] < first)
        first = v[i * m + j];
    printf("row %ld %.9f\n", i, first);
  }
  free(u);
  free(v);
  return 0;
}
