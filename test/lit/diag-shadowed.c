// A body that declares another variable named like a region array or a
// reduction variable is an error naming it: the subscripts and updates
// would mean two things.
// RUN: %proact-cc -fsyntax-only -Xclang -verify %s
#include <proact.h>

void f(long n, double *a, double *b, double *c) {
  double s = 0;
#pragma proact region(a[0:n], b[0:n]) // expected-error {{the loop's body declares another 'b'; rename that one: the name of a region(...) array must mean the array throughout the body}}
  for (long i = 1; i < n; i++) {
    { double b = a[i - 1] * 3; c[i] = b; }
  }
#pragma proact region(a[0:n], c[0:n]) reduction(+: s) // expected-error {{the loop's body declares another 's'; rename that one: the name of a reduction(...) variable must mean the variable throughout the body}}
  for (long i = 0; i < n; i++) {
    s += a[i];
    { double s = a[i] * 2; c[i] = s; }
  }
}

// A tag is in a namespace of its own: `struct b t` and `enum s` declare no
// variable named b or s.
struct b { double x; };
void tags(long n, double *a, double *b) {
  double s = 0;
#pragma proact region(a[0:n], b[0:n]) reduction(+: s)
  for (long i = 0; i < n; i++) {
    struct b t = {a[i]};
    enum s { K = 2 };
    b[i] = t.x * K;
    s += b[i];
  }
  a[0] = s;
}
