/* reduction(op: ...) on every operator, in shapes a solver uses: a Jacobi
 * sweep that also takes the largest change (max) and its sum in 1/1024ths
 * (integer +), so the time loop stops on a residual; a collapsed 2-D nest
 * counting and summing; the bit operators and logical ones; a loop with no
 * iteration (a -0.0 sum stays -0.0); a max and a min started at NaN, one
 * through fmax (which drops the NaN) and one compare-and-assign (which
 * keeps it). Every sum is of integers or of
 * doubles whose partial sums are exact, so the result does not depend on
 * the order of the additions and must equal the sequential program's bits;
 * two inexact sums must equal each other (a fixed fold order) and come
 * close to the sequential one.
 * Usage: reduce [n] [iterations] */
#include <proact.h>
#include "e2e_util.h"
#include <complex.h>
#include <math.h>

int main(int argc, char **argv) {
  long n = e2e_arg(argc, argv, 1, 20011);
  long iters = e2e_arg(argc, argv, 2, 6);
  long m = n / 7 + 1, mm = m * m;
  double *u = e2e_alloc(n), *v = e2e_alloc(n), *g = e2e_alloc(mm);
  e2e_fill(u, n, 7);
  memcpy(v, u, (size_t)n * sizeof(double));
  e2e_fill(g, mm, 3);
  long t = 0;
  double change = 1;

#pragma proact data copy(u[0:n], v[0:n], g[0:mm])
  {
    for (; t < iters && change > 1e-9; t++) {
      double big = 0;
      long ticks = 0;
#pragma proact region(u[0:n], v[0:n]) reduction(max: big) reduction(+: ticks)
      for (long i = 1; i < n - 1; i++) {
        double nv = 0.25 * u[i - 1] + 0.5 * u[i] + 0.25 * u[i + 1];
        double d = nv > u[i] ? nv - u[i] : u[i] - nv;
        v[i] = nv;
        if (d > big)
          big = d;
        ticks += (long)(d * 1024.0);
      }
#pragma proact region(u[0:n], v[0:n])
      for (long i = 1; i < n - 1; i++)
        u[i] = v[i];
      printf("t %ld: max change %a, ticks %ld\n", t, big, ticks);
      change = big;
    }

    long count = 0;
    double quarters = 0.5, lo = 1e300;
#pragma proact region(g[0:mm]) reduction(+: count, quarters) reduction(min: lo)
    for (long r = 0; r < m; r++)
      for (long c = 0; c < m; c++) {
        double x = g[r * m + c];
        if (x > 1.0)
          count++;
        quarters += (double)(long)(x * 4.0) * 0.25;
        lo = x < lo ? x : lo;
        g[r * m + c] = x * 0.5;
      }
    printf("count %ld quarters %a min %a\n", count, quarters, lo);

    unsigned long bx = 0, bor = 0, band = ~0ul;
    long prod = 1, hi = -1;
    int all = 1, any = 0;
#pragma proact region(u[0:n]) reduction(^: bx) reduction(|: bor) reduction(&: band) reduction(*: prod) reduction(max: hi) reduction(&&: all) reduction(||: any)
    for (long i = 0; i < n; i++) {
      unsigned long k = (unsigned long)(u[i] * 1e6);
      bx ^= k * 2654435761ul;
      bor |= k & 0xff0ul;
      band &= k | 0xfffful;
      if (i % 5000 == 1)
        prod *= 3;
      if ((long)k > hi)
        hi = (long)k;
      all = all && u[i] > 0;
      any = any || u[i] > 1.4;
    }
    printf("xor %lx or %lx and %lx prod %ld max %ld all %d any %d\n", bx, bor,
           band, prod, hi, all, any);

    double nothing = -0.0;
#pragma proact region(u[0:n]) reduction(+: nothing)
    for (long i = n; i < n; i++)
      nothing += u[i];
    printf("empty sum %a\n", nothing);

    /* A sum of -0.0s stays -0.0 (+'s identity is -0.0, not 0); a complex
     * sum of exact values. */
    double negz = -0.0;
    _Complex double z = 0;
#pragma proact region(u[0:n]) reduction(+: negz, z)
    for (long i = 0; i < n; i++) {
      negz += -0.0 * u[i];
      z += (double)(long)(u[i] * 8.0) + 0.5 * _Complex_I;
    }
    printf("negative zero sum %a, complex sum %a %a\n", negz, creal(z),
           cimag(z));
    /* Both parts of a complex sum of -0.0s stay -0.0. */
    _Complex double zn = __builtin_complex(-0.0, -0.0);
#pragma proact region(u[0:n]) reduction(+: zn)
    for (long i = 0; i < n; i++)
      zn += __builtin_complex(-0.0 * u[i], -0.0);
    printf("complex negative zero sum %a %a\n", creal(zn), cimag(zn));
    /* A short's max and min chosen by ?:, which C computes in int. */
    short smax = -30000, smin = 30000;
#pragma proact region(u[0:n]) reduction(max: smax) reduction(min: smin)
    for (long i = 0; i < n; i++) {
      const short v = (short)((long)(u[i] * 1000.0) % 30000 - 15000);
      smax = smax > v ? smax : v;
      smin = (short)(v < smin ? v : smin);
    }
    printf("short max %d min %d\n", smax, smin);
  }

  /* Inexact float sums: rounded in another order than the sequential
   * loop's, but the same at every run of the same geometry. */
  double f1 = 0, f2 = 0, fs = 0;
#pragma proact region(u[0:n]) reduction(+: f1)
  for (long i = 0; i < n; i++)
    f1 += u[i] * 0.1;
#pragma proact region(u[0:n]) reduction(+: f2)
  for (long i = 0; i < n; i++)
    f2 += u[i] * 0.1;
  for (long i = 0; i < n; i++)
    fs += u[i] * 0.1;
  printf("inexact sums repeat %d, close %d\n",
         memcmp(&f1, &f2, sizeof(f1)) == 0, fabs(f1 - fs) <= 1e-12 * fabs(fs));
  printf("steps %ld\n", t);
  double nmax = NAN, nmin = NAN;
#pragma proact region(u[0:n]) reduction(max: nmax) reduction(min: nmin)
  for (long i = 0; i < n; i++) {
    nmax = fmax(nmax, u[i]);
    if (u[i] < nmin)
      nmin = u[i];
  }
  /* && and || of values other than 0 and 1: an update makes them 0 or 1,
   * a variable no update reached keeps its value. */
  int lor = 7, land = 5, lor2 = 7, land2 = 5, lor3 = 9;
#pragma proact region(u[0:n]) reduction(||: lor, lor3) reduction(&&: land, land2) reduction(||: lor2)
  for (long i = 0; i < n; i++) {
    if (i < 0)
      lor = lor || u[i] > 0;
    if (i < 0)
      land = land && u[i] > 0;
    if (i % 3 == 1)
      lor2 = lor2 || u[i] < -1e300;
    land2 = land2 && u[i] > -1e300;
    if (i == n / 2)
      lor3 = lor3 || 0;
  }
  printf("logical %d %d %d %d %d\n", lor, land, lor2, land2, lor3);
  /* The same for elements of a section: 7 where no update reached, 0 or 1
   * where updates ran, whatever they found. */
  int fand[4] = {1, 7, 5, 9}, forr[4] = {0, 7, 5, 9};
#pragma proact region(u[0:n]) reduction(&&: fand[0:4]) reduction(||: forr[0:4])
  for (long i = 0; i < n; i++) {
    fand[i % 2 == 0 ? 0 : 2] = fand[i % 2 == 0 ? 0 : 2] && u[i] > -1e300;
    forr[i % 2 == 0 ? 0 : 2] = forr[i % 2 == 0 ? 0 : 2] || u[i] < -1e300;
    if (i < 0)
      fand[3] = fand[3] && 0;
  }
  printf("logical elements %d %d %d %d | %d %d %d %d\n", fand[0], fand[1],
         fand[2], fand[3], forr[0], forr[1], forr[2], forr[3]);
  /* Compare-and-assign never stores over a NaN element, updated or not. */
  double amx[3] = {NAN, -1.0, NAN}, amn[3] = {NAN, 1e300, NAN};
#pragma proact region(u[0:n]) reduction(max: amx[0:3]) reduction(min: amn[0:3])
  for (long i = 0; i < n; i++) {
    if (u[i] > amx[i % 2])
      amx[i % 2] = u[i];
    if (u[i] < amn[i % 2])
      amn[i % 2] = u[i];
  }
  e2e_print("nan elements max", amx, sizeof amx);
  e2e_print("nan elements min", amn, sizeof amn);
  e2e_print("nan-started max", &nmax, sizeof nmax);
  e2e_print("nan-started min", &nmin, sizeof nmin);
  e2e_print("u", u, (size_t)n * sizeof(double));
  e2e_print("g", g, (size_t)mm * sizeof(double));
  free(u);
  free(v);
  free(g);
  return 0;
}
