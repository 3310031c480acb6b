// Inner loop bounds that move with the loop variables: the supported forms
// (affine, MIN/MAX with an invariant, `% c`, `& c`) pass without a
// diagnostic; other forms warn with how to write them, and the loop runs
// on one device.
// RUN: %proact-cc -fsyntax-only -Xclang -verify %s
#include <proact.h>

#define MIN(a, b) ((a) < (b) ? (a) : (b))
#define MAX(a, b) ((a) > (b) ? (a) : (b))
int f(int);

void g(int n, int m, int B, double *a, int *idx) {
#pragma proact region(a[0:n*m])
  for (int ii = 0; ii < n; ii += B)
    for (int i = ii; i < MIN(ii + B, n); i++) a[i * m] = 0;
#pragma proact region(a[0:n*m])
  for (int ii = 0; ii < n; ii += B)
    for (int i = MAX(ii - 1, 0); i <= (ii + B - 1 < n - 1 ? ii + B - 1 : n - 1); i++) a[i * m] += 1;
#pragma proact region(a[0:n*m])
  for (int i = 0; i < n; i++)
    for (int j = 1 + (i + 1) % 2; j < m - 1; j += 2) a[i * m + j] = 0;
#pragma proact region(a[0:n*m])
  for (int i = 0; i < n; i++)
    for (int j = m - 2 - (i & 1); j >= 1; j -= 2) a[i * m + j] = 0;
#pragma proact region(a[0:n*m])
  for (int i = 0; i < n; i++)
    for (int j = 0; j <= i; j++) a[i * m + j] = 0;
#pragma proact region(a[0:n*m])
  for (int i = 0; i < n; i++)
    for (int j = 2 - (i % 2); j < m + -(i & 1); j++) a[i * m + j] = 0;
#pragma proact region(a[0:n*m])
  for (int i = 0; i < n; i++)
    for (int j = 0; j < f(i); j++) a[i * m + j] = 0; // expected-warning {{store to region array 'a' has an index that is not affine in the loop variable 'i': the bounds of the inner loop over 'j' are not of a supported form (the loop variable 'i' is used inside a call or subscript); write each as an affine expression of the enclosing loop variables, optionally inside MIN/MAX with a loop-invariant expression or plus 'e % c' / 'e & c' with a constant c; this loop runs on one device, with mech(memcpy)}}
#pragma proact region(a[0:n*m])
  for (int i = 0; i < n; i++)
    for (int j = 0; j < (i > 2 ? m : 1); j++) a[i * m + j] = 0; // expected-warning {{a '?:' in a bound must be a MIN or MAX of two expressions ('a < b ? a : b')}}
#pragma proact region(a[0:n*m])
  for (int i = 0; i < n; i++)
    for (int j = i % m; j < m; j++) a[i * m + j] = 0; // expected-warning {{the bounds of the inner loop over 'j' are not of a supported form (it divides or takes a remainder of a loop variable)}}
#pragma proact region(a[0:n*m])
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j += i + 1) a[i * m + j] = 0; // expected-warning {{the step of the inner loop over 'j' changes inside the loop; make it loop-invariant}}
#pragma proact region(a[0:n], idx[0:n+1])
  for (int i = 0; i < n; i++) {
    double s = 0;
    for (int e = idx[i]; e < idx[i + 1]; e++) s += 1;
    a[i] = s;
  }
#pragma proact region(a[0:n], idx[0:n+1])
  for (int i = 0; i < n; i++)
    for (int e = idx[i]; e < idx[i + 1]; e++) a[e] = 0; // expected-warning {{the bounds of the inner loop over 'e' are read from an array; this loop runs on one device}}
#pragma proact region(a[0:n*m])
  for (int i = 0; i < n; i++)
    for (int jj = 0; jj < m; jj += B)
      for (int j = jj; j < MIN(jj + B, m); j++) a[i * m + j] = 0;
}

// Two bounds in one test: the inner loop cannot be read, and the warning
// says how to write it.
void two_bounds(int n, int m, double *a, const double *v) {
#pragma proact region(a[0:n*m], v[0:n*m])
  for (int i = 0; i < n; i++)
    for (int j = 0; j <= i && j < m; j++)
      a[i * m + j] = v[i * m + j]; // expected-warning {{'j' is the variable of an inner loop whose header PROACT cannot read: the bound must not depend on 'j' (write two bounds as one, with a MIN ternary: 'j < (i + 1 < n ? i + 1 : n)'); this loop runs on one device}}
}
