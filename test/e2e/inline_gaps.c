/* Loops whose stores leave elements of their write range unwritten, run
 * under inline: a 3-D loop whose rows skip their last column (a gap in
 * each plane), and a conditional store. Forwarding delivers only what is
 * stored, so these loops must fall back to a mechanism that pushes whole
 * chunks; before that the devices that read the gaps kept older values.
 * Usage: inline_gaps [n] [iterations] */
#include <proact.h>
#include "e2e_util.h"

int main(int argc, char **argv) {
  long n = e2e_arg(argc, argv, 1, 7);
  long iters = e2e_arg(argc, argv, 2, 1);
  long nn = n * n, cells = nn * n;
  double *a = e2e_alloc(cells), *b = e2e_alloc(cells);
  e2e_fill(a, cells, 1);
  e2e_fill(b, cells, 2);
#pragma proact data copy(a[0:cells], b[0:cells])
  {
    for (long t = 0; t < iters; t++) {
      /* columns: each i updates a[i + j * n + k * nn] */
#pragma proact region(a[0:cells], b[0:cells])
      for (long i = 1; i < n; i++)
        for (long j = 0; j < n - 1; j++)
          for (long k = 0; k < n; k++)
            a[i + j * n + k * nn] = a[i + j * n + k * nn] + b[k];
      /* planes: each i updates a[i * nn + j + k * n], j < n - 1 */
#pragma proact region(a[0:cells])
      for (long i = 0; i < n; i++)
        for (long j = 0; j < n - 1; j++)
          for (long k = 0; k < n; k++)
            a[i * nn + j + k * n] = a[i * nn + j + k * n] * 0.5;
      /* a conditional store, then every element read */
#pragma proact region(a[0:cells], b[0:cells])
      for (long i = 0; i < cells; i++)
        if (a[i] > 1.0)
          b[i] = a[i] * 0.25;
#pragma proact region(a[0:cells], b[0:cells])
      for (long i = 1; i < cells - 1; i++)
        a[i] = a[i] + 0.5 * (b[i - 1] + b[i + 1]);
    }
  }
  e2e_print("a", a, (size_t)cells * sizeof(double));
  e2e_print("b", b, (size_t)cells * sizeof(double));
  free(a);
  free(b);
  return 0;
}
