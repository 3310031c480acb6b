// A loop cut off by the end of the file goes back to the parser unchanged:
// clang's own errors about the missing braces, and nothing else.
// RUN: %proact-cc -fsyntax-only -Xclang -verify %s
#include <proact.h>

void f(int n, double *a) {
#pragma proact region(a[0:n])
  for (int i = 0; i < n; i++) {
    a[i] = 0;
// expected-error@* 2 {{expected '}'}} expected-note@6 {{to match this '{'}} expected-note@8 {{to match this '{'}}
