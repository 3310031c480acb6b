// A scalar reduction variable is a thread's partial value inside the body:
// the body may update it only in its operator's form, each update a
// statement of its own, and read it nowhere else. Updates that keep the
// result (compound forms, s = e op s, fmax and conditionals for max / min)
// compile; the others are errors at each use.
// RUN: %proact-cc -fsyntax-only -Xclang -verify %s

#include <proact.h>

double fmax(double, double);
double fmin(double, double);

void good(int n, const double *a, double *b) {
  double s = 0, t = 0, m = 0, lo = 1e9, q = 0, p = 1;
  long c = 0;
  unsigned x = 0;
#pragma proact region(a[0:n]) reduction(+: s, t, c) reduction(max: m) reduction(min: lo) reduction(*: p) reduction(^: x)
  for (int i = 0; i < n; i++) {
    s += a[i];
    t = a[i] * 2.0 + t;
    c++;
    if (a[i] > m) { m = a[i]; }
    lo = fmin(lo, a[i]);
    p = p * a[i];
    x ^= (unsigned)i;
  }
#pragma proact region(a[0:n], b[0:n]) reduction(max: q) reduction(min: lo)
  for (int i = 0; i < n; i++) {
    q = (a[i] > q) ? a[i] : q;
    lo = lo < a[i] ? lo : a[i];
    b[i] = sizeof(q) * a[i];
  }
#pragma proact region(a[0:n]) reduction(max: m)
  for (int i = 0; i < n; i++)
    m = fmax(m, a[i] * a[i]);
}

void bad(int n, const double *a, double *b) {
  double s = 0, m = 0, k = 0;
#pragma proact region(a[0:n]) reduction(max: m)
  for (int i = 0; i < n; i++)
    if (a[i] > m) m = 2 * a[i]; // expected-error 2 {{'m' is reduced by reduction(max: m): the body may only update it as}}
#pragma proact region(a[0:n]) reduction(+: s)
  for (int i = 0; i < n; i++)
    s = s * 0.5 + a[i]; // expected-error 2 {{'s' is reduced by reduction(+: s)}}
#pragma proact region(a[0:n], b[0:n]) reduction(+: s)
  for (int i = 0; i < n; i++) {
    s += a[i];
    if (s > 10) b[i] = 1; // expected-error {{'s' is reduced by reduction(+: s)}}
  }
#pragma proact region(a[0:n]) reduction(max: m)
  for (int i = 0; i < n; i++)
    if (a[i] < m) m = a[i]; // expected-error 2 {{'m' is reduced by reduction(max: m)}}
#pragma proact region(a[0:n]) reduction(+: s)
  for (int i = 0; i < n; i++)
    s += s + a[i]; // expected-error {{'s' is reduced by reduction(+: s)}}
#pragma proact region(a[0:n]) reduction(+: k)
  for (int i = 0; i < n; i++)
    k = a[i] - k; // expected-error 2 {{'k' is reduced by reduction(+: k)}}
#pragma proact region(a[0:n]) reduction(max: m)
  for (int i = 0; i < n; i++)
    m = fmin(m, a[i]); // expected-error 2 {{'m' is reduced by reduction(max: m)}}
#pragma proact region(b[0:n]) reduction(+: s)
  for (int i = 0; i < n; i++)
    b[i] = s++; // expected-error {{'s' is reduced by reduction(+: s)}}
#pragma proact region(b[0:n]) reduction(+: s)
  for (int i = 0; i < n; i++)
    b[i] = (double)s++; // expected-error {{'s' is reduced by reduction(+: s)}}
#pragma proact region(a[0:n]) reduction(max: m) reduction(+: k)
  for (int i = 0; i < n; i++)
    if (a[i] > m) m = a[i]; else k += 1; // expected-error 2 {{'m' is reduced by reduction(max: m): the body may only update it as 'if (e > s) s = e;' (no else)}}
}

void more_good(int n, const double *a) {
  double s = 0, t = 0;
#pragma proact region(a[0:n]) reduction(+: s, t)
  for (int i = 0; i < n; i++) {
    switch (i % 3) {
    case 0: s += a[i]; break;
    default: s -= a[i];
    }
    t = (t + a[i]);
    do t += 1; while (0);
  }
}

void bool_sum(int n, const double *a) {
  _Bool f = 0;
#pragma proact region(a[0:n]) reduction(+: f) // expected-error {{'f' has type '_Bool', which reduction(+: ...) cannot combine}}
  for (int i = 0; i < n; i++)
    f += a[i] > 0;
}
