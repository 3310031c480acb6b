// A <proact.h> of another lowering ABI than the plugin's declares other
// descriptors than the generated code fills: refuse, naming both versions.
// RUN: %proact-cc -fsyntax-only -Xclang -verify %s
#include <proact.h>
#undef PROACT_LOWERING_ABI
#define PROACT_LOWERING_ABI 1

void f(int n, double *a) {
#pragma proact region(a[0:n]) // expected-error-re {{the <proact.h> included here declares lowering ABI 1, but this PROACT plugin emits code for ABI {{[0-9]+}}; include the header installed with the plugin (and link the libproact built with it)}}
  for (int i = 0; i < n; i++) a[i] = 0;
}
