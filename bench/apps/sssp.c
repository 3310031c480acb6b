/* Single-source shortest paths by Bellman-Ford, pull style, on a power-law
 * graph with weights (graph.h): each round relaxes every vertex over its
 * in-edges, d1[v] = min(d0[v], min (d0[u] + w(u, v))), then back from d1
 * to d0. Fixed rounds (no convergence test: loops have no reductions).
 * Usage: sssp [n] [avg in-degree] [rounds]  (default 4194304 16 30) */
#include <proact.h>

#include "graph.h"

/* One Bellman-Ford round from d to e. */
static void relax(long n, long m, const long *rowptr, const int *src,
                  const float *w, const float *d, float *e) {
  long n1 = n + 1;
#pragma proact region(rowptr[0:n1], src[0:m], w[0:m], d[0:n], e[0:n])
  for (long v = 0; v < n; v++) {
    float best = d[v];
    for (long k = rowptr[v]; k < rowptr[v + 1]; k++) {
      float c = d[src[k]] + w[k];
      best = c < best ? c : best;
    }
    e[v] = best;
  }
}

int main(int argc, char **argv) {
  int iters;
  graph_t g = graph_of_args(argc, argv, &iters);
  long n = g.n, n1 = n + 1, m = g.m;
  long *rowptr = g.rowptr;
  int *src = g.src;
  float *w = g.w;
  float *d0 = app_alloc((size_t)n, sizeof(float));
  float *d1 = app_alloc((size_t)n, sizeof(float));
  double *t = app_alloc((size_t)iters, sizeof(double));
  double sum = 0;
  char size[64];

#pragma omp parallel for
  for (long v = 0; v < n; v++)
    d0[v] = d1[v] = 1e30f;
  d0[0] = d1[0] = 0.0f; /* vertex 0, a hub, is the source */
#pragma proact data copyin(rowptr[0:n1], src[0:m], w[0:m]) copy(d0[0:n], d1[0:n])
  {
    for (int it = 0; it < iters; it++) {
      double t0 = omp_get_wtime();
      relax(n, m, rowptr, src, w, d0, d1);
      relax(n, m, rowptr, src, w, d1, d0);
      t[it] = omp_get_wtime() - t0;
    }
  }
  for (long v = 0; v < n; v++)
    sum += d0[v] < 1e29f ? d0[v] : 0.0;
  snprintf(size, sizeof(size), "n=%ld m=%ld", n, m);
  app_report("sssp", size, t, iters, 2, sum);
  return 0;
}
