/* Loads exactly at the edges of the named sections, which the read checks
 * must accept: a halo of width 2 reaching the first and last element of the
 * data region, a reads(...) clause naming exactly what the body loads, a
 * loop whose region names a sub-section of the data region, guarded
 * loads that would lie outside if they ran, guarded stores, an array of
 * structs whose loop reads its neighbours' other member, and a guarded
 * bit-field load.
 * Usage: halo [n] [iterations] */
#include <proact.h>
#include "e2e_util.h"

static unsigned long e2e_unsigned_three(void) { return 3; }

int main(int argc, char **argv) {
  long n = e2e_arg(argc, argv, 1, 1001);
  long iters = e2e_arg(argc, argv, 2, 5);
  double *u = e2e_alloc(n), *v = e2e_alloc(n);
  e2e_fill(u, n, 1);
  memcpy(v, u, (size_t)n * sizeof(double));

#pragma proact data copy(u[0:n], v[0:n])
  {
    for (long t = 0; t < iters; t++) {
#pragma proact region(u[0:n], v[0:n])
      for (long i = 2; i < n - 2; i++)
        v[i] = (u[i - 2] + u[i + 2]) * 0.5 + u[i] * 0.25;
#pragma proact region(u[0:n], v[0:n]) reads(v[i - 1:3])
      for (long i = 1; i < n - 1; i++)
        u[i] = (v[i - 1] + v[i] + v[i + 1]) * 0.25;
#pragma proact region(u[1:n - 2], v[0:n])
      for (long i = 1; i < n - 1; i++)
        v[i] = u[i] * 0.5 + v[i];
#pragma proact region(u[0:n], v[0:n])
      for (long i = 0; i < n; i++)
        u[i] = (i > 0 ? v[i - 1] : 0.0) + v[i] * 0.5 +
               (i + 1 < n ? v[i + 1] : 0.0) * 0.25;
    }
  }
  /* Guarded stores whose guard must not narrow them: a local the branch
   * declares after the test (the test's t is the outer one), a switch's
   * label that enters the branch past its test, and unsigned operands
   * reached through a member, an element and a call, which make the
   * comparison unsigned (true at i = 0). */
  {
    const long t = 0;
    const struct { unsigned long lo; } lim = {3};
    const unsigned long lims[1] = {3};
#pragma proact region(u[0:n], v[0:n])
    for (long i = 0; i < n - 1; i++)
      if (t < n) {
        const long t = i + 1;
        v[t] = u[i] * 0.5;
      }
#pragma proact region(u[0:n], v[0:n])
    for (long i = 0; i < n - 1; i++)
      switch ((int)(i == n - 2)) {
      case 0:
        if (i + 2 < n) {
        case 1:
          u[i + 1] = v[i] + 1.0;
        }
      }
#pragma proact region(u[0:n], v[0:n], lims[0:1])
    for (long i = 0; i < n; i++) {
      if (i - 1 > lim.lo)
        v[i] = u[i] * 0.25;
      if (i - 2 > lims[0])
        v[i] += 1.0;
      if (i - 3 > e2e_unsigned_three())
        v[i] *= 0.5;
    }
    /* Guards that do bound their stores: odd and even elements, each
     * under its own if (never the same element), and an inner loop of
     * step 2 whose guard keeps the last element inside the section. */
#pragma proact region(u[0:n], v[0:n])
    for (long i = 0; i < n / 3; i++) {
      if (4 * i + 1 < n)
        v[4 * i + 1] = u[i] * 0.5;
      if (2 * i < n)
        v[2 * i] = u[i] - 1.0;
    }
#pragma proact region(u[0:n], v[0:n])
    for (long i = 0; i < n / 11; i++)
      for (long j = 0; j < 11; j += 2) {
        u[i * 11 + j] = v[i * 11 + j] * 0.5;
        if (j + 1 < 11)
          u[i * 11 + j + 1] = v[i * 11 + j] + 2.0;
      }
    /* Rows of 7: a guard on the row variable alone keeps the row below
     * the last one out. */
#pragma proact region(u[0:n], v[0:n])
    for (long r = 0; r < n / 7; r++)
      for (long c = 0; c < 7; c++)
        if (r + 1 < n / 7)
          u[(r + 1) * 7 + c] = v[r * 7 + c] * 0.5 + (double)c;
  }
  /* An array of structs: each iteration reads one member of its
   * neighbours' elements and stores another member of its own, which is
   * no dependence. */
  {
    struct cell { double rho, flux; } *c = malloc((size_t)n * sizeof(*c));
    if (c == NULL)
      return 1;
    for (long i = 0; i < n; i++)
      c[i].rho = u[i], c[i].flux = v[i];
#pragma proact region(c[0:n])
    for (long i = 1; i < n - 1; i++)
      c[i].flux = c[i + 1].rho - c[i - 1].rho;
    for (long i = 0; i < n; i++)
      v[i] = c[i].flux;
    free(c);
    /* A bit-field loaded after a condition (checked in the kernels). */
    struct tagged { unsigned tag : 3; int val : 13; } *g =
        malloc((size_t)n * sizeof(*g));
    if (g == NULL)
      return 1;
    for (long i = 0; i < n; i++)
      g[i].tag = (unsigned)(i & 7), g[i].val = (int)(i % 4000) - 2000;
#pragma proact region(g[0:n], v[0:n])
    for (long i = 0; i < n; i++) {
      double t = 0.0;
      if (i > 0)
        t = g[i - 1].val + 0.5 * g[i - 1].tag;
      v[i] += t + g[i].tag;
    }
    free(g);
  }
  e2e_print("u", u, (size_t)n * sizeof(double));
  e2e_print("v", v, (size_t)n * sizeof(double));
  free(u);
  free(v);
  return 0;
}
