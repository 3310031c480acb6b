// Casts and body locals in subscripts, with Sema (the types of the names
// declared before the loop are known): integer casts and typedefs keep the
// index affine; a floating value inside an integer cast does not; a
// subscript of floating type gets clang's error and no PROACT warning; a
// local that cannot stand for its initializer says why.
// RUN: %proact-cc -fsyntax-only -Xclang -verify %s
#include <proact.h>

typedef long idx;
typedef double real;

void casts(long n, double h, double *a) {
#pragma proact region(a[0:4*n])
  for (long i = 0; i < n; i++) a[(idx)i * 2 + (int)n] = 0;
#pragma proact region(a[0:4*n])
  for (long i = 0; i < n; i++) a[(unsigned long)(i + n)] = (double)(i * n) * h;
#pragma proact region(a[0:n])
  for (long i = 0; i < n; i++) a[(long)(i * h)] = 0; // expected-warning {{store to region array 'a' has an index that is not affine in the loop variable 'i': 'h', a floating value, is converted to an integer, which is not affine; this loop runs on one device, with mech(memcpy)}}
#pragma proact region(a[0:n])
  for (long i = 0; i < n; i++) a[(long)(i * 0.5)] = 0; // expected-warning {{not affine in the loop variable 'i': '0.5' is converted to an integer, which is not affine}}
#pragma proact region(a[0:n])
  for (long i = 0; i < n; i++) a[(long)(real)i] = 0; // expected-warning {{not affine in the loop variable 'i': a value cast to a floating type is converted to an integer, which is not affine}}
#pragma proact region(a[0:n])
  for (long i = 0; i < n; i++) a[(_Bool)i] = 0; // expected-warning {{not affine in the loop variable 'i': a cast to _Bool turns every nonzero value into 1}}
#pragma proact region(a[0:n])
  for (long i = 0; i < n; i++) a[(long)(char *)0 + i] = 0; // expected-warning {{not affine in the loop variable 'i': it casts to a type that is not an integer type}}
}

void not_c(long n, double h, double *a, double *b) {
#pragma proact region(a[0:n], b[0:n])
  for (long i = 0; i < n; i++) {
    a[(double)i] = 0;     // expected-error {{array subscript is not an integer}}
    a[i] = b[i * h];      // expected-error {{array subscript is not an integer}}
    a[i * 0.5 + 1] = b[i]; // expected-error {{array subscript is not an integer}}
  }
}

void locals(long n, double *a, double *b) {
#pragma proact region(a[0:2*n], b[0:2*n])
  for (long i = 0; i < n; i++) {
    idx c = 2 * i;
    const long d = c + 1;
    a[c] = b[d];
  }
#pragma proact region(a[0:n])
  for (long i = 0; i < n; i++) {
    real c = i;
    a[(long)c] = 0; // expected-warning {{not affine in the loop variable 'i': 'c' is declared in the body without an integer type}}
  }
#pragma proact region(a[0:n])
  for (long i = 0; i < n; i++) {
    long c;
    c = i;
    a[c] = 0; // expected-warning {{not affine in the loop variable 'i': 'c' is declared in the body without an initializer; declare the index in the body with its initializer and do not assign it afterwards}}
  }
#pragma proact region(a[0:n])
  for (long i = 0; i < n; i++) {
    long c = i, *q = &c;
    a[c] = (double)*q; // expected-warning {{not affine in the loop variable 'i': the address of 'c' is taken in the body after its declaration; declare the index in the body with its initializer and do not assign it afterwards}}
  }
#pragma proact region(a[0:n*n])
  for (long i = 0; i < n; i++) {
    long c = i * i;
    a[c] = 0; // expected-warning {{not affine in the loop variable 'i': the initializer of 'c' is not affine: it multiplies two loop variables}}
  }
#pragma proact region(a[0:n], b[0:n])
  for (long i = 0; i < n; i++) {
    { long c = i; a[c] = 0; } // expected-warning {{not affine in the loop variable 'i': 'c' is declared more than once in the body; give each declaration its own name}}
    { long c = i; b[c] = 0; } // expected-warning {{store to region array 'b' has an index that is not affine}}
  }
}
