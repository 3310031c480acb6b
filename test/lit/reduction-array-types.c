// Array reductions of every arithmetic type the target has: max and min
// start each thread's copy at the type's lowest and highest value
// (PROACT__LOWEST, PROACT__HIGHEST), _Float16 and the 128-bit integers
// included. sizeof of an element reads nothing.
// RUN: %proact-cc -fsyntax-only -Xclang -verify %s
// expected-no-diagnostics

#include <proact.h>

void f16(const int *bin, const _Float16 *w, _Float16 *h, long n) {
#pragma proact region(bin[0:n], w[0:n]) reduction(max: h[0:4])
  for (long i = 0; i < n; i++)
    if (w[i] > h[bin[i]])
      h[bin[i]] = w[i];
#pragma proact region(bin[0:n], w[0:n]) reduction(min: h[0:4])
  for (long i = 0; i < n; i++)
    if (w[i] < h[bin[i]])
      h[bin[i]] = w[i];
}

void i128(const int *bin, const __int128 *w, __int128 *h,
          unsigned __int128 *u, long n) {
#pragma proact region(bin[0:n], w[0:n]) reduction(max: h[0:4]) reduction(min: u[0:4])
  for (long i = 0; i < n; i++) {
    if (w[i] > h[bin[i]])
      h[bin[i]] = w[i];
    if ((unsigned __int128)w[i] < u[bin[i]])
      u[bin[i]] = (unsigned __int128)w[i];
  }
}

void sized(const int *bin, long *h, long n) {
#pragma proact region(bin[0:n]) reduction(+: h[0:4])
  for (long i = 0; i < n; i++)
    h[bin[i]] += (long)sizeof(h[0]);
}

// A section may start before the pointer, as a region's may.
void before(const int *bin, long *p, long n) {
#pragma proact region(bin[0:n]) reduction(+: p[-3:6])
  for (long i = 0; i < n; i++)
    p[bin[i] - 3] += 1;
}

// Parentheses around the updated element or variable change nothing.
void parens(const int *bin, double *h, long n, double *s_out) {
  double s = 0;
  long c = 0;
#pragma proact region(bin[0:n]) reduction(+: h[0:4], s, c)
  for (long i = 0; i < n; i++) {
    (h[bin[i]]) += 1.0;
    ((h[bin[i]])) -= 0.5;
    (s) += 2.0;
    (c)++;
  }
  *s_out = s + (double)c;
}
