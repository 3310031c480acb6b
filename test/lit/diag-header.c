// Without <proact.h> the generated calls would be undeclared: say so first.
// RUN: %proact-cc -fsyntax-only -Xclang -verify %s

void f(int n, double *a) {
#pragma proact region(a[0:n]) // expected-error {{'#pragma proact' needs the declarations of <proact.h>; add #include <proact.h> before this line}}
  for (int i = 0; i < n; i++) a[i] = 0;
}
