// Diagnostics of the data directive.
// RUN: %proact-cc -fsyntax-only -Xclang -verify %s
#include <proact.h>

void f(int n, double *a) {
#pragma proact data // expected-error {{'#pragma proact data' needs at least one of copy, copyin, copyout or create}}
  { a[0] = 0; }
#pragma proact data copy(a[0:n]) mech(poll) // expected-error {{clause 'mech' is not allowed on '#pragma proact data'}}
  { a[0] = 0; }
#pragma proact data copy(a[0:n])
  a[0] = 0; // expected-error {{'#pragma proact data' must be followed by a compound statement '{ ... }'}}
#pragma proact data copy(a[0:n]) copyin(a[0:n]) // expected-error {{array 'a' is named twice in this directive}}
  { a[0] = 0; }
#pragma proact data copy(a[0:n]) distribute(b) // expected-error {{invalid distribute(...) clause: 'b' is not mapped by this data directive}}
  { a[0] = 0; }
#pragma proact data copy(a[0:n]) distribute(a[0:n]) // expected-error {{invalid distribute(...) clause: expected an array name, found 'a'}}
  { a[0] = 0; }
}
