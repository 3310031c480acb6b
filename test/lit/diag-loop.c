// Diagnostics about the statement after the loop directive.
// RUN: %proact-cc -fsyntax-only -Xclang -verify %s
#include <proact.h>

void f(int n, double *a) {
  int k = 0;
#pragma proact region(a[0:n])
  while (k < n) a[k++] = 0; // expected-error {{'#pragma proact region' must be followed by a 'for' loop}}
#pragma proact region(a[0:n])
  for (int i = 0; i != n; i++) a[i] = 0; // expected-error {{loop is not in canonical form: the condition must compare 'i' with <, <=, > or >=}}
#pragma proact region(a[0:n])
  for (int i = 0; i < n; i *= 2) a[i] = 0; // expected-error {{loop is not in canonical form: the increment must be i++, i--, i += step or i -= step}}
#pragma proact region(a[0:n])
  for (int i = 0, j = 0; i < n; i++) a[i] = j; // expected-error {{loop is not in canonical form: the initialisation must declare a single variable}}
#pragma proact region(a[0:n])
  for (double *p = a; p < a + n; p++) *p = 0; // expected-error {{loop is not in canonical form: the loop variable must be a single integer}}
#pragma proact region(a[0:n])
  for (;;) break; // expected-error {{loop is not in canonical form: the initialisation must be 'i = first' or 'int i = first'}}
#pragma proact region(a[0:n])
  for (int i = 0; i < n; i += i) a[i] = 0; // expected-error {{loop is not in canonical form: the step must not depend on 'i'}}
#pragma proact region(a[0:n])
  for (int i = 0; i < i + n; i++) a[i] = 0; // expected-error {{loop is not in canonical form: the bound must not depend on 'i'}}
}
