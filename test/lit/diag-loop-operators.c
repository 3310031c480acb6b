// Loop headers whose tokens C groups otherwise than `i < bound` and
// `i = i + step`, and bounds and steps that change variables.
// RUN: %proact-cc -fsyntax-only -ferror-limit=0 -Wno-parentheses -Wno-unused-value -Xclang -verify %s
#include <proact.h>

// C reads `i < n && f` as `(i < n) && f`: no operator that binds less
// tightly than the comparison may follow the bound, or precede it in the
// reversed form; and the bound and step, evaluated once, change nothing.
void g(int n, int f, int s, double *a) {
  int k = 0;
#pragma proact region(a[0:n])
  for (int i = n - 1; i >= 0 && f; i--) a[i] = 0; // expected-error {{the condition must be one comparison of 'i' with a bound, but '&&' here joins it with more (C reads 'i < a && b' as '(i < a) && b')}}
#pragma proact region(a[0:n])
  for (int i = 0; i < n || f; i++) a[i] = 0; // expected-error {{but '||' here joins it with more}}
#pragma proact region(a[0:n])
  for (int i = 0; i < n == 1; i++) a[i] = 0; // expected-error {{but '==' here joins it with more}}
#pragma proact region(a[0:n])
  for (int i = 0; i < n != 0; i++) a[i] = 0; // expected-error {{but '!=' here joins it with more}}
#pragma proact region(a[0:n])
  for (int i = 0; i < n & 1; i++) a[i] = 0; // expected-error {{but '&' here joins it with more}}
#pragma proact region(a[0:n])
  for (int i = 0; i < n ^ 1; i++) a[i] = 0; // expected-error {{but '^' here joins it with more}}
#pragma proact region(a[0:n])
  for (int i = 0; i < n ? 1 : 0; i++) a[i] = 0; // expected-error {{but '?' here joins it with more}}
#pragma proact region(a[0:n])
  for (int i = 0; i < n, f; i++) a[i] = 0; // expected-error {{but ',' here joins it with more}}
#pragma proact region(a[0:n])
  for (int i = 0; !f && n > i; i++) a[i] = 0; // expected-error {{but '&&' here joins it with more (C reads 'a && b > i' as '(a && b) > i')}}
#pragma proact region(a[0:n])
  for (int i = 0; i < n - k++; i++) a[i] = 0; // expected-error {{the bound must not change a variable ('++' here): C evaluates it before every iteration, PROACT once}}
#pragma proact region(a[0:n])
  for (int i = 0; i < (k = n); i++) a[i] = 0; // expected-error {{the bound must not change a variable ('=' here)}}
#pragma proact region(a[0:n])
  for (int i = 0; i < n; i += s--) a[i] = 0; // expected-error {{the step must not change a variable ('--' here): C evaluates it after every iteration, PROACT once}}
#pragma proact region(a[0:n])
  for (int i = 0; i < n; i = i + s << 1) a[i] = 0; // expected-error {{the increment must add a step to 'i', but '<<' here applies to more than the step}}
#pragma proact region(a[0:n])
  for (int i = 0; i < n; i = s ? 1 : 2 + i) a[i] = 0; // expected-error {{the increment must add a step to 'i', but '?' here applies to more than the step}}
#pragma proact region(a[0:n])
  for (int i = 0; i < n; i += s, k++) a[i] = 0; // expected-error {{the increment must add a step to 'i', but ',' here applies to more than the step}}
  // Accepted: operators that bind more tightly, in brackets, and calls.
#pragma proact region(a[0:n])
  for (int i = 0; i < (f && n ? n : 0); i++) a[i] = 0;
#pragma proact region(a[0:n])
  for (int i = 0; i < n << 0; i = i - s + 2 * s) a[i] = 0;
#pragma proact region(a[0:n])
  for (long i = (k, 0); i < n; i++) a[i] = 0; //
}
