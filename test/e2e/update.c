/* The update directive inside a data region: a convergence loop whose host
 * reads the residuals the devices computed (update host of a partial
 * section), boundary values the host changes between loops (update device,
 * from a function the region's caller entered), a middle section the host
 * rescales, and one directive with both clauses in the order written. Each
 * step's result feeds the next loops, so a stale copy on either side
 * changes the printout. Then arrays that come out (copyout) or through the
 * host (create, update host) with elements no loop writes, also between
 * elements a loop stores (a stride, a condition, the interior of rows):
 * those keep the host's values, as in the sequential program; stores
 * kept inside the arrays by the conditions around them, and conditions
 * that wrap, compare unsigned values or compare with a floating value.
 * Usage: update [n >= 3] [iterations] */
#include <proact.h>
#include "e2e_util.h"

/* Runs inside its caller's data region. */
static void bump_ends(double *u, long n) {
#pragma proact update host(u[0:1], u[n - 1:1])
  u[0] = u[0] * 0.5 + 1.0;
  u[n - 1] = u[n - 1] * 0.25 - 1.0;
#pragma proact update device(u[0:1], u[n - 1:1])
}

static double sum(const double *a, long lo, long len) {
  double s = 0;
  for (long i = lo; i < lo + len; i++)
    s = s * 0.5 + a[i];
  return s;
}

int main(int argc, char **argv) {
  long n = e2e_arg(argc, argv, 1, 1001);
  long iters = e2e_arg(argc, argv, 2, 20);
  double *u = e2e_alloc(n), *v = e2e_alloc(n), *res = e2e_alloc(n);
  double check = 0, err = 0;
  long t = 0;
  if (n < 3) {
    fprintf(stderr, "update: n must be at least 3\n");
    return 2;
  }
  e2e_fill(u, n, 3);
  memcpy(v, u, (size_t)n * sizeof(double));
  memset(res, 0, (size_t)n * sizeof(double));

#pragma proact data copy(u[0:n], v[0:n]) create(res[0:n]) distribute(v)
  {
    for (t = 0; t < iters; t++) {
#pragma proact region(u[0:n], v[0:n])
      for (long i = 1; i < n - 1; i++)
        v[i] = (u[i - 1] + u[i] + u[i + 1]) / 3.0;
#pragma proact region(u[0:n], v[0:n], res[0:n])
      for (long i = 1; i < n - 1; i++) {
        double d = v[i] - u[i];
        res[i] = d < 0 ? -d : d;
        u[i] = v[i];
      }
      /* The residuals on the host; res[0] and res[n-1] are never
       * computed, so only the inner section is brought. */
#pragma proact update host(res[1:n - 2])
      err = 0;
      for (long i = 1; i < n - 1; i++)
        if (res[i] > err)
          err = res[i];
      printf("iteration %ld: residual %a\n", t, err);
      if (err < 0.01)
        break;
      if (t % 3 == 1)
        bump_ends(u, n);
      if (t % 4 == 2) {
        long lo = n / 3, len = n / 3 + 1;
#pragma proact update host(u[lo:len])
        for (long i = lo; i < lo + len; i++)
          u[i] = u[i] * 0.75 + 0.125;
        /* u's new values go out, v's current ones come back. */
#pragma proact update device(u[lo:len]) host(v[lo:len])
        check = check * 0.5 + sum(v, lo, len);
      }
    }
  }
  printf("stopped after %ld iterations, residual %a, check %a\n", t, err,
         check);

  double *w = e2e_alloc(n), *z = e2e_alloc(n), zs = 0;
  for (long i = 0; i < n; i++)
    w[i] = -1.0 - (double)i, z[i] = -7.0;
#pragma proact data copyin(u[0:n]) copyout(w[0:n]) create(z[0:n])
  {
#pragma proact region(u[0:n], w[0:n])
    for (long i = 1; i < n - 1; i++)
      w[i] = u[i] * 2.0;
#pragma proact region(u[0:n], z[0:n])
    for (long i = n / 4; i < n - n / 4; i++)
      z[i] = u[i] + 1.0;
#pragma proact region(z[0:n], w[0:n])
    for (long i = n / 4 + 1; i < n - n / 4 - 1; i++)
      w[i] += z[i];
#pragma proact update host(z[0:n])
    zs = sum(z, 0, n);
  }
  /* Stores that skip elements inside their range: a stride, a condition,
   * the interior of rows (columns 0 and m - 1 of each row). */
  long m = 5, rows = n / m;
  struct { double at; } half = {(double)n / 2 + 0.5};
  unsigned lim = (unsigned)n / 3;
  for (long i = 0; i < n; i++)
    w[i] = -3.0 - (double)i, z[i] = -9.0 + (double)(i % 5);
#pragma proact data copyin(u[0:n]) copyout(w[0:n]) create(z[0:n])
  {
#pragma proact region(u[0:n], w[0:n])
    for (long i = 1; i < n - 1; i += 3)
      w[i] = u[i] * 0.5;
#pragma proact region(u[0:n], z[0:n])
    for (long i = 0; i < n; i++)
      if (i % 4 != 1)
        z[i] = u[i] - 2.0;
#pragma proact region(u[0:n], w[0:n], z[0:n])
    for (long r = 0; r < rows; r++)
      for (long c = 1; c < m - 1; c++)
        w[r * m + c + 1 - 1] = z[r * m + c] + u[r * m + c];
#pragma proact update host(z[0:n])
    zs += sum(z, 0, n);
    /* Stores whose conditions keep them inside the arrays: the hull of
     * their index alone would leave them. */
#pragma proact region(u[0:n], w[0:n])
    for (long i = 0; i < n; i++)
      if (i + 1 < n && 0 < i)
        w[i + 1] = w[i + 1] * 0.5 + u[i];
#pragma proact region(z[0:n], w[0:n])
    for (long r = 0; r < rows; r++)
      for (long c = 0; c < m; c++)
        if (c >= 1) {
          w[r * m + c - 1] += z[r * m + c];
        }
  }
  /* Outside the region, where each loop copies back what it stores:
   * conditions whose forms would bound nothing: a cast or a narrow local
   * that wraps, a floating bound (i < 2.5 lets i = 2 through). */
#pragma proact region(u[0:n], w[0:n])
  for (long i = 0; i < n; i++)
    if ((unsigned char)(i + 200) < 100)
      w[i] = u[i] + 0.25;
#pragma proact region(u[0:n], w[0:n])
  for (long i = 0; i < n; i++) {
    unsigned char k = (unsigned char)(i + 250);
    if (k < 4)
      w[i] = u[i] * 0.75;
  }
#pragma proact region(u[0:n], w[0:n])
  for (long i = 0; i < n; i++)
    if (i < half.at && i - 0.5 < half.at)
      w[i] = w[i] * 0.5 - u[i];
  /* Unsigned comparisons: i - 5 > lim holds for i < 5 too (it wraps),
   * and so does the unsigned loop variable's k - 3 >= 2. */
#pragma proact region(u[0:n], w[0:n])
  for (int i = 0; i < (int)n; i++)
    if (i - 5 > lim)
      w[i] = w[i] + u[i] * 0.125;
#pragma proact region(w[0:n])
  for (unsigned k = 0; k < (unsigned)n; k++)
    if (k - 3 >= 2u + 0 * lim)
      w[k] = w[k] - 1.5;
  printf("z sum %a\n", zs);
  e2e_print("w", w, (size_t)n * sizeof(double));
  e2e_print("z", z, (size_t)n * sizeof(double));
  e2e_print("u", u, (size_t)n * sizeof(double));
  e2e_print("v", v, (size_t)n * sizeof(double));
  free(u);
  free(v);
  free(res);
  free(w);
  free(z);
  return 0;
}
