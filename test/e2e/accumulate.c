/* Nests whose stores do not use every inner loop's variable: each inner
 * loop such a store leaves out must run whole, in order, in one thread
 * (docs/user/limits.md, "Nests"). A matrix-vector product in both
 * spellings, an LU-style update over k, a store through a body local, a
 * conditional running maximum, a store that drops the middle of three
 * loops, and a prefix along each row (a load of the element the previous
 * inner iteration stored); beside them, nests that still split their inner
 * loops. Every result feeds the next loop, so one lost or reordered update
 * changes the printout.
 * Usage: accumulate [n] [iterations] */
#include <proact.h>
#include "e2e_util.h"

int main(int argc, char **argv) {
  long n = e2e_arg(argc, argv, 1, 61);
  long iters = e2e_arg(argc, argv, 2, 3);
  long nn = n * n, cells = nn * n;
  double *A = e2e_alloc(nn), *C = e2e_alloc(nn), *P = e2e_alloc(nn);
  double *x = e2e_alloc(n), *y = e2e_alloc(n), *m = e2e_alloc(n);
  double *T = e2e_alloc(cells), *s = e2e_alloc(nn);
  int *arg = (int *)malloc((size_t)(n > 0 ? n : 1) * sizeof(int));
  e2e_fill(A, nn, 1);
  e2e_fill(C, nn, 2);
  e2e_fill(y, n, 3);
  e2e_fill(T, cells, 4);
  e2e_fill(x, n, 5);
  e2e_fill(s, nn, 6);
  e2e_fill(m, n, 7);
  e2e_fill(P, nn, 8);
  memset(arg, 0, (size_t)(n > 0 ? n : 1) * sizeof(int));

#pragma proact data copy(A[0:nn], C[0:nn], P[0:nn], x[0:n], y[0:n], \
                         m[0:n], T[0:cells], s[0:nn], arg[0:n])
  {
    for (long t = 0; t < iters; t++) {
      /* x = A y, the element accumulated over j */
#pragma proact region(A[0:nn], x[0:n], y[0:n])
      for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
          x[i] = x[i] + A[i * n + j] * y[j] * 0.001;
      /* the same, compound */
#pragma proact region(A[0:nn], x[0:n], y[0:n])
      for (long i = 0; i < n; i++)
        for (long j = 0; j < n; j++)
          y[i] += A[j * n + i] * x[j] * 0.001;
      /* C -= A B for row k of A: an LU-style update; j splits, k does not */
#pragma proact region(A[0:nn], C[0:nn])
      for (long i = 0; i < n; i++)
        for (long j = 0; j < n; j++)
          for (long k = 0; k < n; k++)
            C[i * n + j] -= A[i * n + k] * A[k * n + j] * 1e-3;
      /* through a local that stands for i */
#pragma proact region(C[0:nn], x[0:n])
      for (long i = 0; i < n; i++)
        for (long j = 0; j < n; j++) {
          long r = i;
          x[r] = x[r] * 0.5 + C[i * n + j] * 0.01;
        }
      /* a running maximum and its column, stored only under a condition */
#pragma proact region(C[0:nn], m[0:n], arg[0:n])
      for (long i = 0; i < n; i++)
        for (long j = 0; j < n; j++) {
          if (j == 0 || C[i * n + j] > m[i])
            m[i] = C[i * n + j];
          if (C[i * n + j] == m[i])
            arg[i] = (int)j;
        }
      /* the store leaves out the middle loop: k would split, j must not */
#pragma proact region(T[0:cells], s[0:nn])
      for (long i = 0; i < n; i++)
        for (long j = 0; j < n; j++)
          for (long k = 0; k < n; k++)
            s[i * n + k] = s[i * n + k] * 0.75 + T[(i * n + j) * n + k];
      /* a prefix along each row: reads what the previous j stored */
#pragma proact region(P[0:nn], C[0:nn])
      for (long i = 0; i < n; i++)
        for (long j = 0; j < n; j++)
          P[i * n + j] = (j > 0 ? P[i * n + j - 1] : 0.0) * 0.5 + C[i * n + j];
      /* and nests that split: each element once per iteration */
#pragma proact region(P[0:nn], A[0:nn])
      for (long i = 0; i < n; i++)
        for (long j = 0; j < n; j++)
          A[i * n + j] = A[i * n + j] * 0.999 + P[j * n + i] * 1e-4;
#pragma proact region(T[0:cells], s[0:nn])
      for (long i = 0; i < n; i++)
        for (long j = 0; j < n; j++)
          for (long k = 0; k < n; k++)
            T[(i * n + j) * n + k] += s[j * n + k] * 1e-3;
    }
  }
  e2e_print("x", x, (size_t)n * sizeof(double));
  e2e_print("y", y, (size_t)n * sizeof(double));
  e2e_print("C", C, (size_t)nn * sizeof(double));
  e2e_print("P", P, (size_t)nn * sizeof(double));
  e2e_print("A", A, (size_t)nn * sizeof(double));
  e2e_print("m", m, (size_t)n * sizeof(double));
  e2e_print("arg", arg, (size_t)n * sizeof(int));
  e2e_print("s", s, (size_t)nn * sizeof(double));
  e2e_print("T", T, (size_t)cells * sizeof(double));
  free(A); free(C); free(P); free(x); free(y); free(m); free(T); free(s);
  free(arg);
  return 0;
}
