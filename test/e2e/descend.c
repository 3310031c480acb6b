/* Descending loops alternating with ascending ones over the same arrays in
 * a data region: each descending loop is split by index value like its
 * ascending twin, so what a device writes in one it reads in the other and
 * only the halos move. Also a descending loop by 3 whose variable is
 * declared outside it (its exit value is the sequential one) and one with a
 * reduction. Then loops whose comparison C makes in another type than the
 * variable's (an unsigned or floating bound, an unsigned variable from a
 * negative initializer), annotated, collapsed and inner: each must run the
 * sequential loop's iterations. Last, steps unsigned and narrow types hold
 * as negative, a zero step of a loop that runs no iteration, and a
 * collapsed inner loop over a typedef'd variable with an unsigned bound.
 * Usage: descend [n] [iterations] [twin]: twin = 1 writes the descending
 * loops ascending (the same results; descend.sh compares what moves). */
#include <proact.h>
#include "e2e_util.h"

int main(int argc, char **argv) {
  long n = e2e_arg(argc, argv, 1, 100003);
  long iters = e2e_arg(argc, argv, 2, 20);
  long twin = e2e_arg(argc, argv, 3, 0);
  double *u = e2e_alloc(n), *v = e2e_alloc(n);
  long last = -7, hits = 0;
  int neg = -2;
  unsigned half = (unsigned)(n / 2), four = 4, all = ~0u;
  double mid = (double)(n / 2) + 0.5;
  long rows = n / 4;
  unsigned zero = 0, minus3 = (unsigned)-3;
  typedef int narrow_t;
  e2e_fill(u, n, 1);
  memcpy(v, u, (size_t)n * sizeof(double));

#pragma proact data copy(u[0:n], v[0:n])
  {
    for (long t = 0; t < iters; t++) {
#pragma proact region(u[0:n], v[0:n])
      for (long i = 1; i < n - 1; i++)
        v[i] = (u[i - 1] + 2.0 * u[i] + u[i + 1]) * 0.25;
      if (!twin) {
#pragma proact region(u[0:n], v[0:n])
        for (long i = n - 2; i >= 1; i--)
          u[i] = (v[i - 1] + 2.0 * v[i] + v[i + 1]) * 0.25;
      } else {
#pragma proact region(u[0:n], v[0:n])
        for (long i = 1; i <= n - 2; i++)
          u[i] = (v[i - 1] + 2.0 * v[i] + v[i + 1]) * 0.25;
      }
    }
#pragma proact region(u[0:n], v[0:n])
    for (last = n - 1; last > 0; last -= 3)
      v[last] = u[last] * 0.5 + 1.0;
    /* i = i - s + 1 adds 1 - s (here -3), not -(s + 1) */
#pragma proact region(u[0:n], v[0:n])
    for (long i = n - 2; i >= 0; i = i - four + 1)
      u[i] = v[i] * 0.75 + u[i];
#pragma proact region(u[0:n]) reduction(+: hits)
    for (int i = (int)n - 1; i >= 0; --i)
      if (u[i] > 1.0)
        hits++;
    /* -2 < half compares as unsigned: no iteration; so does q = -3 < 5 */
#pragma proact region(v[0:n])
    for (int i = neg; i < half; i++)
      v[i + 2] = -1.0;
#pragma proact region(v[0:n])
    for (unsigned q = -3; q < 5; q++)
      v[q] = -2.0;
    /* -2 < all compares as unsigned and runs i = -2 alone */
#pragma proact region(v[0:n])
    for (int i = neg; i < all; i++)
      v[i + 2] += 3.0;
    /* i < n / 2 + 0.5 runs i up to n / 2; i >= 1.5 down to 2 */
#pragma proact region(u[0:n], v[0:n])
    for (long i = 0; i < mid; i++)
      v[i] = u[i] * 0.5 + v[i];
#pragma proact region(u[0:n], v[0:n])
    for (long i = n - 1; i >= 1.5; i -= 2)
      u[i] = v[i] - 0.25;
    /* rows of four: inner loops of no iteration, of 4 (c < 3.5) and
     * spans of an inner loop over an unsigned bound */
#pragma proact region(v[0:n])
    for (long r = 0; r < rows; r++)
      for (int c = neg; c < four; c++)
        v[r * 4 + c + 2] = 7.0;
#pragma proact region(u[0:n], v[0:n])
    for (long r = 0; r < rows; r++)
      for (long c = 0; c < 3.5; c++)
        v[r * 4 + c] += u[r * 4 + 3 - c];
#pragma proact region(u[0:n], v[0:n])
    for (long r = 0; r < rows; r++) {
      double acc = 0.0;
      for (int c = 0; c < four; c++)
        acc += u[r * 4 + c];
      for (int c = neg; c < four; c++)
        acc -= u[r * 4 + c + 2];
      v[r * 4] = acc;
    }
    /* Steps that an unsigned or narrow type holds as negative: u = u - 1
     * on an unsigned u steps by -1, i -= 3u on a long by -3; a zero step
     * where no iteration runs; a collapsed inner loop over a typedef'd
     * variable compared with an unsigned bound (-2 >= (unsigned)-3 holds,
     * -4 >= it does not). */
#pragma proact region(u[0:n])
    for (unsigned q = (unsigned)n - 1; q > 0; q = q - 1)
      u[q] = u[q] * 0.5 + 0.25;
#pragma proact region(v[0:n])
    for (long i = n - 1; i >= 0; i -= 3u)
      v[i] = v[i] + 1.5;
#pragma proact region(v[0:n])
    for (long i = 3; i < 1; i += zero)
      v[i] = -9.0;
#pragma proact region(v[0:n])
    for (long r = 0; r < rows; r++)
      for (narrow_t c = -2; c >= minus3; c--)
        v[r * 4 + c + 3] += 0.125;
    /* Inner loops OpenMP's collapse would refuse stay inner: one whose
     * written step runs away from its bound (no iteration), one whose
     * increment is a sum (c = c - four + 1 steps by -3). */
#pragma proact region(v[0:n])
    for (long r = 0; r < rows; r++)
      for (int c = 0; c > four; c++)
        v[r * 4 + c] = -5.0;
#pragma proact region(v[0:n])
    for (long r = 0; r < rows; r++)
      for (int c = 3; c >= 0; c = c - four + 1)
        v[r * 4 + c] += 0.5;
  }
  printf("last %ld hits %ld\n", last, hits);
  e2e_print("u", u, (size_t)n * sizeof(double));
  e2e_print("v", v, (size_t)n * sizeof(double));
  free(u);
  free(v);
  return 0;
}
