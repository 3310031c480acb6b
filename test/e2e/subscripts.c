/* Subscripts through casts and body locals (docs/user/directives.md,
 * "Which index forms count as affine"): a 2-D nest whose row index is cast
 * to size_t, one whose whole index is cast to long with int loop variables
 * and a body that casts the index to double, an (int) cast of the row
 * length, a 2-D nest indexed through a local `long c = r * n + j`, a row
 * offset declared const before the inner loop, 1-D locals (one in a
 * streaming body whose accesses may be grouped into vectors), a local
 * assigned after its declaration (one device), and unsigned operands
 * subtracted (`i - one`, `i - 2u`), which wrap in unsigned int where the
 * index as a whole does not, and stores written in parentheses, as
 * accessor macros write them (`(w[i]) = ...`, `++(w[i])`), and a second
 * name for an array's memory (`odd = w + 1`) in a loop without a
 * dependence between the two, and a stencil ping-pong between two
 * disjoint sections of one allocation the data region holds (`lo = y +
 * 3`, `hi = y + cells + 5`: one buffer on each device), and a collapsed
 * nest whose inner loop carries a dependence through a second name (`pw
 * = w`), which must run in order, and, outside the data region, a loop
 * naming odd before w (and a data region naming it first), and an index and inner bounds read from region
 * arrays a loop wrote inside a data region. Each loop reads what the one
 * before wrote, so
 * an element computed on the wrong device or pushed late changes the
 * output.
 * Usage: subscripts [n] [iterations] (n x n grids) */
#include <proact.h>
#include <stddef.h>
#include "e2e_util.h"

#define W_AT(k) (w[(k)]) /* an accessor macro: stores in parentheses */

int main(int argc, char **argv) {
  long n = e2e_arg(argc, argv, 1, 61);
  long iters = e2e_arg(argc, argv, 2, 3);
  long cells = n * n;
  int ni = (int)n;
  unsigned un = (unsigned)n, ucells = (unsigned)cells, one = 1;
  double *u = e2e_alloc(cells), *v = e2e_alloc(cells);
  double *w = e2e_alloc(cells), *x = e2e_alloc(2 * n + 1);
  e2e_fill(u, cells, 3);
  e2e_fill(v, cells, 5);
  e2e_fill(w, cells, 7);
  e2e_fill(x, 2 * n + 1, 9);
  double *odd = w + 1; /* a second name for w's memory */
  double *pw = w;      /* and another, for the row recurrence */
  double *y = e2e_alloc(2 * cells + 8);
  double *lo = y + 3, *hi = y + cells + 5; /* two names, apart, in y */
  e2e_fill(y, 2 * cells + 8, 11);

#pragma proact data copy(u[0:cells], v[0:cells], w[0:cells], x[0:2*n+1], \
                             y[0:2*cells+8])
  {
    for (long t = 0; t < iters; t++) {
#pragma proact region(u[0:cells], v[0:cells])
      for (long r = 1; r < n - 1; r++)
        for (long c = 1; c < n - 1; c++)
          v[(size_t)r * n + c] =
              0.5 * u[(size_t)r * n + c] +
              0.25 * (u[(size_t)(r - 1) * n + c] + u[(size_t)(r + 1) * n + c]);
#pragma proact region(v[0:cells], w[0:cells])
      for (int r = 0; r < ni; r++)
        for (int c = 0; c < ni; c++)
          w[(long)(r * ni + c)] =
              v[(long)(r * ni + c)] * 0.75 + (double)(r * ni + c) * 0x1p-20;
#pragma proact region(w[0:cells], u[0:cells])
      for (long r = 0; r < n; r++)
        for (long c = 1; c < n - 1; c++)
          u[r * (int)n + c] = w[r * (int)n + c - 1] - w[(long)r * n + c + 1];
#pragma proact region(u[0:cells], v[0:cells])
      for (long r = 1; r < n - 1; r++)
        for (long j = 1; j < n - 1; j++) {
          long c = r * n + j;
          v[c] = u[c - 1] * 0.5 + u[c + 1] + u[c - n] * 0.125;
        }
#pragma proact region(v[0:cells], w[0:cells])
      for (long r = 0; r < n; r++) {
        const long row = r * n;
        for (long j = 0; j < n; j++)
          w[row + j] = v[row + (n - 1 - j)] + 1.0;
      }
#pragma proact region(w[0:cells], x[0:2*n+1])
      for (long i = 0; i < n; i++) {
        long k = 2 * i + 1;
        x[k] = w[i * n + i] * 0.5 + x[k - 1];
      }
#pragma proact region(u[0:cells], v[0:cells], w[0:cells])
      for (long i = 0; i < cells - 1; i++) {
        long c = i + 1;
        w[c] = u[c] * 0.5 + v[i];
      }
#pragma proact region(x[0:2*n+1], u[0:cells])
      for (long i = 0; i < n; i++) {
        long k = i * n;
        k += i; /* assigned: the loop runs on one device */
        u[k] = x[2 * i + 1] * 0.5; /* a store, not an update: no race */
      }
#pragma proact region(u[0:cells], w[0:cells])
      for (unsigned i = one; i < ucells; i++)
        w[i - one] = u[i] + u[i - 1u] * 0.5;
#pragma proact region(w[0:cells], v[0:cells])
      for (long i = 2; i < cells; i++)
        v[i - 2u] = w[i] - w[i - 1u] * 0.25;
#pragma proact region(u[0:cells], w[0:cells])
      for (long i = 0; i < cells; i++) {
        W_AT(i) = u[i] * 0.5;
        (W_AT(i)) += 1.0;
        ++(w[i]);
        (w[i])--;
      }
#pragma proact region(w[0:cells], v[0:cells])
      for (long i = 1; i < cells; i++) {
        if (i & 1)
          (v[i]) = w[i - 1];
        else
          ((v[i])) = w[i] * 2;
      }
#pragma proact region(w[0:cells], odd[0:cells - 1])
      for (long i = 0; i < (cells - 1) / 2; i++)
        odd[2 * i] = w[2 * i] * 0.5 + 1.0; /* w[2i + 1]: no dependence */
#pragma proact region(v[0:cells], u[0:cells])
      for (unsigned r = 1; r < un - 1; r++)
        for (unsigned c = 1; c < un - 1; c++)
          u[r * un + c - un] = v[r * un + c] + v[c - one + r * un - un];
#pragma proact region(u[0:cells], w[0:cells], pw[0:cells])
      for (long r = 0; r < n; r++) /* in order: runs on one device */
        for (long c = 1; c < n; c++)
          w[r * n + c] = pw[r * n + c - 1] * 0.5 + u[r * n + c];
#pragma proact region(lo[0:cells], hi[0:cells])
      for (long i = 1; i < cells - 1; i++)
        hi[i] = (lo[i - 1] + lo[i + 1]) * 0.5;
#pragma proact region(lo[0:cells], hi[0:cells])
      for (long i = 1; i < cells - 1; i++)
        lo[i] = hi[i - 1] * 0.25 + hi[i + 1];
    }
  }
  /* Outside a data region, the contained name first: the loop makes its
   * own copies of w's memory, which odd's section lies inside. */
#pragma proact region(odd[0:cells - 1], w[0:cells])
  for (long i = 0; i < (cells - 1) / 2; i++)
    odd[2 * i] = w[2 * i] * 0.25 + 2.0;
  /* A data region naming the contained section first, too. */
#pragma proact data copy(odd[0:cells - 1], w[0:cells])
  {
#pragma proact region(w[0:cells], odd[0:cells - 1])
    for (long i = 0; i < (cells - 1) / 2; i++)
      w[2 * i] = odd[2 * i] * 0.5 - 1.0;
  }
  /* An offset and a count that a loop computes inside a data region: the
   * host's copies are older than the devices', so a loop whose index or
   * inner bound reads them is not split: it reads them on its device. */
  {
    long oc[2] = {0, 0};
    double *z = e2e_alloc(3 * n), *q = e2e_alloc(cells);
    memset(z, 0, (size_t)(3 * n) * sizeof(double));
    memset(q, 0, (size_t)cells * sizeof(double));
#pragma proact data copy(oc[0:2], z[0:3 * n], q[0:cells], x[0:2 * n + 1])
    {
#pragma proact region(oc[0:2])
      for (int k = 0; k < 1; k++) {
        oc[0] = n;
        oc[1] = n / 2 + 1;
      }
#pragma proact region(z[0:3 * n], x[0:2 * n + 1], oc[0:2])
      for (long i = 0; i < n; i++) /* runs on one device */
        z[i + oc[0]] = x[i] + 1.0;
#pragma proact region(z[0:3 * n], q[0:cells], oc[0:2])
      for (long i = 0; i < n; i++) /* runs on one device */
        for (long j = 0; j < oc[1]; j++)
          q[i * n + j] = z[n + j] * 0.5 + (double)i;
#pragma proact region(z[0:3 * n], x[0:2 * n + 1], oc[0:2])
      for (long i = 0; i < n; i++) {
        double t = 0.0;
        for (long j = 0; j < oc[1]; j++)
          t += z[n + j];
        x[i] = t;
      }
    }
    e2e_print("z", z, (size_t)(3 * n) * sizeof(double));
    e2e_print("q", q, (size_t)cells * sizeof(double));
    free(z);
    free(q);
  }
  e2e_print("u", u, (size_t)cells * sizeof(double));
  e2e_print("v", v, (size_t)cells * sizeof(double));
  e2e_print("w", w, (size_t)cells * sizeof(double));
  e2e_print("x", x, (size_t)(2 * n + 1) * sizeof(double));
  e2e_print("y", y, (size_t)(2 * cells + 8) * sizeof(double));
  free(y);
  free(u);
  free(v);
  free(w);
  free(x);
  return 0;
}
