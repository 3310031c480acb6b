/* A power-law directed graph as the paper's PageRank and SSSP inputs have:
 * in-edges of each vertex in CSR (row v lists the sources of the edges
 * into v), sources drawn with density falling as a power of the vertex id
 * (a few hubs with huge out-degree, most vertices with few), in-degrees
 * drawn from a heavy-tailed distribution. Deterministic, whatever the
 * number of host threads generating it. */
#ifndef PROACT_BENCH_GRAPH_H
#define PROACT_BENCH_GRAPH_H

#include <math.h>

#include "app.h"

typedef struct graph {
  long n, m;
  long *rowptr; /* n + 1 */
  int *src;     /* m: the source of each in-edge */
  float *w;     /* m: edge weights in [1, 10) */
} graph_t;

static inline graph_t graph_power_law(long n, long avg_degree) {
  graph_t g;
  g.n = n;
  g.rowptr = app_alloc((size_t)n + 1, sizeof(long));
  /* Each vertex draws its in-degree from stream (7, v) and its edges from
   * stream (8, v): the same graph for any number of host threads. */
#pragma omp parallel for
  for (long v = 0; v < n; v++) { /* Pareto in-degrees, mean ~avg_degree */
    uint64_t seed = app_seed(7, (uint64_t)v);
    double u = app_uniform(&seed);
    long d = (long)(avg_degree * 0.75 / sqrt(1.0 - 0.75 * u)); /* mean 1 */
    g.rowptr[v + 1] = d < n ? d : n;
  }
  app_counts_to_ptr(g.rowptr, n);
  g.m = g.rowptr[n];
  g.src = app_alloc((size_t)g.m, sizeof(int));
  g.w = app_alloc((size_t)g.m, sizeof(float));
#pragma omp parallel for
  for (long v = 0; v < n; v++) {
    uint64_t seed = app_seed(8, (uint64_t)v);
    for (long e = g.rowptr[v]; e < g.rowptr[v + 1]; e++) {
      double u = app_uniform(&seed);
      g.src[e] = (int)((double)n * u * u * u); /* hubs at low ids */
      g.w[e] = 1.0f + 9.0f * (float)app_uniform(&seed);
    }
  }
  return g;
}

/* The graph of the command line: [n] [avg in-degree] (defaults 4 Mi and
 * 16), and the iteration count after them (default 30). */
static inline graph_t graph_of_args(int argc, char **argv, int *iters) {
  long n = app_arg(argc, argv, 1, 4L << 20);
  long deg = app_arg(argc, argv, 2, 16);
  *iters = (int)app_arg(argc, argv, 3, 30);
  return graph_power_law(n, deg);
}

#endif
