// A loop cut off by the end of the file is reported at the loop.
// RUN: %proact-cc -fsyntax-only -Xclang -verify %s
#include <proact.h>

void f(int n, double *a) {
#pragma proact region(a[0:n])
  for (int i = 0; i < n; i++) { // expected-error {{unterminated loop after '#pragma proact'}}
    a[i] = 0;
// expected-error@* 2 {{expected '}'}} expected-note@5 {{to match this '{'}} expected-note@7 {{to match this '{'}}
