/* PageRank by power iteration, pull style, on a power-law graph (graph.h):
 * rank[v] = (1 - d) / n + d * sum over in-edges (u -> v) of contrib[u],
 * then contrib[v] = rank[v] / outdeg[v]. The store indices are affine; the
 * gathers contrib[src[e]] are not, so each device reads all of contrib:
 * every device's part of it goes to every other device each iteration.
 * Usage: pagerank [n] [avg in-degree] [iterations]  (default 4194304 16 30) */
#include <proact.h>

#include "graph.h"

int main(int argc, char **argv) {
  int iters;
  graph_t g = graph_of_args(argc, argv, &iters);
  long n = g.n, n1 = n + 1, m = g.m;
  long *rowptr = g.rowptr;
  int *src = g.src;
  double *outdeg = app_alloc((size_t)n, sizeof(double));
  double *rank = app_alloc((size_t)n, sizeof(double));
  double *contrib = app_alloc((size_t)n, sizeof(double));
  double *t = app_alloc((size_t)iters, sizeof(double));
  double sum = 0;
  char size[64];

  /* On the host threads: sums of 1.0 are exact (below 2^53), so the order
   * of the atomic adds does not matter. */
#pragma omp parallel for
  for (long e = 0; e < m; e++) {
#pragma omp atomic
    outdeg[src[e]] += 1.0;
  }
#pragma omp parallel for
  for (long v = 0; v < n; v++) {
    if (outdeg[v] == 0.0)
      outdeg[v] = 1.0;
    rank[v] = 1.0 / (double)n;
    contrib[v] = rank[v] / outdeg[v];
  }
#pragma proact data copyin(rowptr[0:n1], src[0:m], outdeg[0:n]) copy(rank[0:n], contrib[0:n])
  {
    for (int it = 0; it < iters; it++) {
      double t0 = omp_get_wtime();
#pragma proact region(rowptr[0:n1], src[0:m], rank[0:n], contrib[0:n])
      for (long v = 0; v < n; v++) {
        double s = 0;
        for (long e = rowptr[v]; e < rowptr[v + 1]; e++)
          s += contrib[src[e]];
        rank[v] = 0.15 / (double)n + 0.85 * s;
      }
#pragma proact region(rank[0:n], outdeg[0:n], contrib[0:n])
      for (long v = 0; v < n; v++)
        contrib[v] = rank[v] / outdeg[v];
      t[it] = omp_get_wtime() - t0;
    }
  }
  for (long v = 0; v < n; v++)
    sum += rank[v];
  snprintf(size, sizeof(size), "n=%ld m=%ld", n, m);
  app_report("pagerank", size, t, iters, 2, sum);
  return 0;
}
