/* Stress for the proactive mechanisms: many phases of a 1-D stencil whose
 * iterations take very different times (a data-dependent amount of extra
 * work per element), run with small chunks. Each phase reads the
 * neighbours' elements the previous phase wrote on other devices, so a
 * chunk pushed before all its writers finished, or a consumer that reads
 * it before it arrives, changes the result: the output must be
 * bit-identical to the sequential program's. Also a strided write (every
 * other element, two store sites per iteration) so that chunks have
 * several writer blocks.
 * Usage: stress [n] [phases] */
#include <proact.h>
#include "e2e_util.h"

int main(int argc, char **argv) {
  long n = e2e_arg(argc, argv, 1, 20011);
  long phases = e2e_arg(argc, argv, 2, 30);
  double *u = e2e_alloc(n), *v = e2e_alloc(n);
  e2e_fill(u, n, 3);
  e2e_fill(v, n, 5);

#pragma proact data copy(u[0:n], v[0:n])
  {
    for (long t = 0; t < phases; t++) {
      /* Uneven: element i does (i * 2654435761 mod 64) rounds of work. */
#pragma proact region(u[0:n], v[0:n])
      for (long i = 1; i < n - 1; i++) {
        double acc = u[i - 1] - u[i + 1];
        long rounds = (long)(((unsigned long)i * 2654435761ul) % 64ul);
        for (long r = 0; r < rounds; r++)
          acc = acc * 0.5 + 0.25;
        v[i] = u[i] * 0.5 + acc * 0.125;
      }
      /* Two store sites, even and odd elements of u. */
#pragma proact region(u[0:n], v[0:n])
      for (long k = 0; k < (n - 2) / 2; k++) {
        u[2 * k + 1] = (v[2 * k] + v[2 * k + 2]) * 0.5;
        u[2 * k + 2] = (v[2 * k + 1] + v[2 * k + 3]) * 0.5;
      }
    }
  }
  e2e_print("u", u, (size_t)n * sizeof(double));
  e2e_print("v", v, (size_t)n * sizeof(double));
  free(u);
  free(v);
  return 0;
}
