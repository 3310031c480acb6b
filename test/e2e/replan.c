/* Loops whose plan changes between executions of one site: a subscript's
 * offset and the trip count that change every iteration, arrays swapped
 * between iterations, and a data region opened again on arrays freed and
 * allocated anew. A plan kept from an earlier execution (PROACT_PLAN_CACHE)
 * must never serve one it does not fit: the stale write spans would leave
 * a neighbour's halo unpulled, and the results would differ.
 * Usage: replan [n] [iterations] */
#include <proact.h>
#include "e2e_util.h"

int main(int argc, char **argv) {
  long n = e2e_arg(argc, argv, 1, 1001);
  long iters = e2e_arg(argc, argv, 2, 6);
  double *u = e2e_alloc(n), *v = e2e_alloc(n);
  e2e_fill(u, n, 1);
  e2e_fill(v, n, 2);

  for (int round = 0; round < 3; round++) {
#pragma proact data copy(u[0:n], v[0:n])
    {
      for (long t = 0; t < iters; t++) {
        long off = t % 3, m = n - t % 4;
        double *in = u, *out = v;
        if (round == 2 && t % 2 == 1)
          in = v, out = u;
#pragma proact region(in[0:n], out[0:n])
        for (long i = 0; i < m - off; i++)
          out[i] = in[i + off] * 0.5 + (double)t;
#pragma proact region(in[0:n], out[0:n])
        for (long i = 1; i < n - 1; i++)
          in[i] = (out[i - 1] + out[i] + out[i + 1]) * 0.25;
      }
    }
    /* New allocations for the next region, hence new region entries: at
     * new addresses after the first round, likely at the same ones (freed
     * first) after the second. */
    double *su = e2e_alloc(n), *sv = e2e_alloc(n);
    memcpy(su, u, (size_t)n * sizeof(double));
    memcpy(sv, v, (size_t)n * sizeof(double));
    if (round == 1) {
      free(u);
      free(v);
      u = e2e_alloc(n);
      v = e2e_alloc(n);
      memcpy(u, su, (size_t)n * sizeof(double));
      memcpy(v, sv, (size_t)n * sizeof(double));
      free(su);
      free(sv);
    } else {
      free(u);
      free(v);
      u = su;
      v = sv;
    }
  }
  e2e_print("u", u, (size_t)n * sizeof(double));
  e2e_print("v", v, (size_t)n * sizeof(double));
  free(u);
  free(v);
  return 0;
}
