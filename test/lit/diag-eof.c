// Directives on the last line of a file are reported, not crashed on.
// RUN: %proact-cc -fsyntax-only -Xclang -verify %s
// RUN: %proact-cc -fsyntax-only -Xclang -verify -DDATA %s
#include <proact.h>

void f(int n, double *a) { // expected-note {{to match this '{'}}
// expected-error@* {{expected '}'}}
#ifdef DATA
// expected-error@* {{'#pragma proact data' must be followed by a compound statement '{ ... }'}}
#pragma proact data copy(a[0:n])
#else
// expected-error@* {{'#pragma proact region' must be followed by a 'for' loop}}
#pragma proact region(a[0:n])
#endif
