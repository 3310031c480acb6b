// A load whose index is not affine in the loop variable makes the loop read
// the whole array on every device; the compiler says so once per array,
// unless a reads(...) clause describes the reads instead.
// RUN: %proact-cc -fplugin-arg-proact-Rwhole-array-read -fsyntax-only -Xclang -verify %s
#include <proact.h>

void f(long n, double *a, double *b, long *idx) {
#pragma proact region(a[0:n], b[0:n], idx[0:n])
  for (long i = 0; i < n; i++)
    a[i] = b[idx[i]] + b[(i * 7) % n]; // expected-remark {{'b' is read through an index that is not affine in 'i' (the loop variable 'i' is used inside a call or subscript): before each run of this loop every device receives all of 'b' that another device changed; a reads(b[lo:len]) clause can narrow that}}
#pragma proact region(a[0:n], b[0:n], idx[0:n]) reads(b[i:1])
  for (long i = 0; i < n; i++)
    a[i] = b[idx[i]];
}
