// A mech(...) clause that needs a kernel -fplugin-arg-proact-mechanisms
// leaves out is an error at the clause.
// RUN: %proact-cc -fplugin-arg-proact-mechanisms=memcpy,dma -fsyntax-only -Xclang -verify %s
#include <proact.h>

void f(long n, double *u, double *v) {
#pragma proact region(u[0:n], v[0:n]) mech(inline) // expected-error {{mech(inline) needs a kernel that -fplugin-arg-proact-mechanisms=memcpy,dma leaves out; add inline to the list or remove the clause}}
  for (long i = 0; i < n; i++)
    v[i] = u[i];
#pragma proact region(u[0:n], v[0:n]) mech(trigger)
  for (long i = 0; i < n; i++)
    v[i] = u[i];
#pragma proact region(u[0:n], v[0:n]) mech(auto)
  for (long i = 0; i < n; i++)
    v[i] = u[i];
}
