// `_Pragma("proact ...")` lowers like `#pragma proact`: written out, from a
// macro that stringizes its argument, from a macro whose body is the
// _Pragma (the loop after the macro's use), and with the loop inside the
// same macro. The program runs each form and checks the values.
// RUN: %proact-cc -E %s -o - | %FileCheck %s --implicit-check-not="#pragma proact"
// RUN: %proact-offload-cc %s -o %t && %t | %FileCheck %s --check-prefix=OUT
// RUN: %proact-cc -fsyntax-only -Xclang -verify -DAT_EOF %s
#include <proact.h>
#include <stdio.h>
#include <stdlib.h>

#define P(x) _Pragma(#x)
#define REGION(a, n) _Pragma("proact region(a[0:n])")
#define DATA(a, n) P(proact data copy(a[0:n]))
#define FILL(a, n, v)                                                          \
  _Pragma("proact region(a[0:n])") for (int i = 0; i < (n); i++) a[i] = (v);

#ifndef AT_EOF
void plain(int n, double *a) {
  _Pragma("proact region(a[0:n])")
  for (int i = 0; i < n; i++)
    a[i] = 1;
}
// CHECK-LABEL: void plain(
// CHECK: __proact_desc.line = 20;
// CHECK: proact__loop_end(__proact_loop);

void stringized(int n, double *a) {
  P(proact region(a[0:n]) mech(poll))
  for (int i = 0; i < n; i++)
    a[i] += 2;
}
// CHECK-LABEL: void stringized(
// CHECK: __proact_desc.line = 29;
// CHECK: __proact_desc.mech = 2;

void body(int n, double *a) {
  DATA(a, n)
  {
    REGION(a, n)
    for (int i = 0; i < n; i++)
      a[i] *= 3;
  }
}
// CHECK-LABEL: void body(
// CHECK: proact__data_begin(
// CHECK: __proact_desc.line = 40;

void whole(int n, double *a) {
  FILL(a, n, a[i] + 4)
}
// CHECK-LABEL: void whole(
// CHECK: __proact_desc.line = 50;

int main(void) {
  const int n = 1001;
  double *a = malloc(n * sizeof *a);
  plain(n, a);
  stringized(n, a);
  body(n, a);
  whole(n, a);
  int bad = 0;
  for (int i = 0; i < n; i++)
    bad += a[i] != 13;
  printf("mismatches %d\n", bad);
  free(a);
  return bad != 0;
}
// OUT: mismatches 0
#else
// A _Pragma with nothing after it: the error is at its end, not in the
// _Pragma's scratch text.
void f(int n, double *a) { // expected-note {{to match this '{'}}
  _Pragma("proact region(a[0:n])") // expected-error {{'#pragma proact region' must be followed by a 'for' loop}} expected-error@* {{expected '}'}}
#endif
