/* Tiled loops whose inner bounds follow the annotated tile variable and are
 * clamped with MIN at the last tile (n need not be a multiple of B): a
 * tiled transpose into rows of the tile, and a tiled 2-D stencil whose
 * column tiles are an inner loop too, inside a data region.
 * Usage: tiled [n] [B] [iterations] */
#include <proact.h>
#include "e2e_util.h"

#define MIN(a, b) ((a) < (b) ? (a) : (b))

int main(int argc, char **argv) {
  long n = e2e_arg(argc, argv, 1, 301);
  long B = e2e_arg(argc, argv, 2, 16);
  long iters = e2e_arg(argc, argv, 3, 4);
  double *a = e2e_alloc(n * n), *b = e2e_alloc(n * n), *c = e2e_alloc(n * n);
  e2e_fill(a, n * n, 3);
  memset(b, 0, (size_t)(n * n) * sizeof(double));
  memcpy(c, a, (size_t)(n * n) * sizeof(double));

  /* b = transpose(a), tile by tile; rows ii .. of b per tile. */
#pragma proact region(a[0:n*n], b[0:n*n])
  for (long ii = 0; ii < n; ii += B)
    for (long jj = 0; jj < n; jj += B)
      for (long i = ii; i < MIN(ii + B, n); i++)
        for (long j = jj; j < MIN(jj + B, n); j++)
          b[i * n + j] = a[j * n + i];

#pragma proact data copy(a[0:n*n], c[0:n*n])
  {
    for (long t = 0; t < iters; t++) {
#pragma proact region(a[0:n*n], c[0:n*n])
      for (long ii = 1; ii < n - 1; ii += B)
        for (long jj = 1; jj < n - 1; jj += B)
          for (long i = ii; i < (ii + B < n - 1 ? ii + B : n - 1); i++)
            for (long j = jj; j < MIN(jj + B, n - 1); j++)
              c[i * n + j] = (a[(i - 1) * n + j] + a[(i + 1) * n + j] +
                              a[i * n + j - 1] + a[i * n + j + 1]) * 0.25;
#pragma proact region(a[0:n*n], c[0:n*n])
      for (long ii = 1; ii < n - 1; ii += B)
        for (long i = ii; i < MIN(ii + B, n - 1); i++)
          for (long j = 1; j < n - 1; j++)
            a[i * n + j] = c[i * n + j];
    }
  }
  e2e_print("b", b, (size_t)(n * n) * sizeof(double));
  e2e_print("a", a, (size_t)(n * n) * sizeof(double));
  e2e_print("c", c, (size_t)(n * n) * sizeof(double));
  free(a);
  free(b);
  free(c);
  return 0;
}
