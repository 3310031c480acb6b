/* A part's pulls against another part's pushes in one loop. The third loop
 * over-approximates what its parts read (the guarded j - 1 row), so part
 * p pulls an element that part p + 1 writes and, being its reader last
 * time, pushes to p's device while its kernel runs. A pull landing after
 * that push left the old value on p's device, counted as current, and the
 * region's end could copy it back: a wrong answer some runs in two
 * (found by random_nests.py, seed 6077, reduced). */
#include <proact.h>

#include "e2e_util.h"

int main(int argc, char **argv) {
  long n = e2e_arg(argc, argv, 1, 4), iters = e2e_arg(argc, argv, 2, 1);
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
#pragma proact region(a0[0:cells], a1[0:cells], a2[0:cells])
    for (long i = 0; i < n; i++)
      for (long j = 1; j < n; j++)
        a0[i * nn + j * n] = (j > 1 ? a0[i * nn + j * n - n] : 1.0) * 0.5 +
                             a1[0] * 0.062 + a2[j * nn] * 0.125;
#pragma proact region(a0[0:cells], a2[0:cells], a3[0:cells])
    for (long i = 0; i < n - 1; i++)
      for (long j = 0; j < n; j++)
        for (long k = 0; k < n - 1; k++) {
          long q = i * n + k * nn;
          a0[q] = a0[q] * 0.5 - a3[i * n + j * nn] * 0.125 +
                  a2[i * n + j * nn] * 0.125;
        }
#pragma proact region(a0[0:cells], a2[0:cells])
    for (long i = 0; i < n - 1; i++)
      for (long j = 0; j < n; j++)
        for (long k = 0; k < n - 1; k++)
          a0[i * n + j * nn + k] =
              (j > 0 ? a0[i * n + j * nn + k - nn] : 1.0) * 0.5 +
              a2[j] * 0.125 + a2[0] * 0.250;
  }
  }
  e2e_print("a0", a0, (size_t)cells * sizeof(double));
  e2e_print("a3", a3, (size_t)cells * sizeof(double));
  return 0;
}
