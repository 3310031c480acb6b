// Diagnostics of the update directive: clauses, sections, and where the
// standalone directive may stand (as OpenMP's standalone directives).
// RUN: %proact-cc -fsyntax-only -ferror-limit=0 -Xclang -verify %s
// OpenMP's and OpenACC's clause names get the fix-it to PROACT's.
// RUN: not %proact-cc -fsyntax-only -ferror-limit=0 -fdiagnostics-parseable-fixits %s 2>&1 | %FileCheck %s --check-prefix=FIX
#include <proact.h>

#pragma proact update host(g[0:1]) // expected-error {{'#pragma proact update' is a statement; it must be inside a function}}
double g[4];

void f(int n, double *a, double *b) {
#pragma proact update // expected-error {{'#pragma proact update' needs at least one host(array[lo:len]) or device(array[lo:len]) clause}}
#pragma proact update hst(a[0:n]) // expected-error {{unknown clause 'hst' in '#pragma proact update'; did you mean 'host'?}}
#pragma proact update from(a[0:n]) // expected-error {{unknown clause 'from' in '#pragma proact update'; did you mean 'host'?}}
// FIX: fix-it:"{{.*}}diag-update.c":{[[#@LINE-1]]:23-[[#@LINE-1]]:27}:"host"
#pragma proact update to(a[0:n]) // expected-error {{unknown clause 'to' in '#pragma proact update'; did you mean 'device'?}}
// FIX: fix-it:"{{.*}}diag-update.c":{[[#@LINE-1]]:23-[[#@LINE-1]]:25}:"device"
#pragma proact update self(a[0:n]) // expected-error {{unknown clause 'self' in '#pragma proact update'; did you mean 'host'?}}
#pragma proact_update host(a[0:n]) // expected-warning {{unknown pragma 'proact_update' ignored; did you mean '#pragma proact update'?}}
#pragma proact update copy(a[0:n]) // expected-error {{clause 'copy' is not allowed on '#pragma proact update'}}
#pragma proact update host(a) // expected-error {{the section 'a' means the whole array, but 'a' is a 'double *', whose size the compiler does not know}}
#pragma proact update host(a + 1) // expected-error {{bad array section: 'a' has no [lo:len]}}
#pragma proact update device(a[0:]) // expected-error {{bad array section: the length of 'a' is missing}}
#pragma proact update host(a[0:n] // expected-error {{expected ')' to close 'host('}}
#pragma proact update(a[0:n]) // expected-error {{expected a clause name, found '('}}
#pragma proact updat host(a[0:n]) // expected-error {{unknown proact directive 'updat'; did you mean 'update'?}}
#pragma proact update host(c[0:n]) // expected-error 2 {{use of undeclared identifier 'c'}}
  // Several sections of one array, both clauses, repeated: fine.
#pragma proact update host(a[0:1], a[n - 1:1]) device(b[0:n]) host(b[1:1])
  if (n)
#pragma proact update host(a[0:n]) // expected-error {{'#pragma proact update' cannot be the immediate substatement of 'if' (a standalone directive, as in OpenMP); enclose it in braces { }}}
  else
#pragma proact update host(a[0:n]) // expected-error {{cannot be the immediate substatement of 'else'}}
  for (int i = 0; i < n; i++)
#pragma proact update host(a[0:n]) // expected-error {{cannot be the immediate substatement of 'for'}}
  while (n--)
#pragma proact update host(a[0:n]) // expected-error {{cannot be the immediate substatement of 'while'}}
  do
#pragma proact update host(a[0:n]) // expected-error {{cannot be the immediate substatement of 'do'}}
  while (n);
  switch (n)
#pragma proact update host(a[0:n]) // expected-error {{cannot be the immediate substatement of 'switch'}}
  if (n) {
#pragma proact update host(a[0:n])
  }
  // From a macro, the same rules, reported where the macro is used.
#define SYNC_A _Pragma("proact update host(a[0:1]) device(a[1:1])")
  if (n)
    SYNC_A // expected-error {{cannot be the immediate substatement of 'if'}}
  if (n) {
    SYNC_A
  }
#pragma proact data copy(a[0:n])
  {
#pragma proact region(a[0:n])
    for (int i = 0; i < n; i++) {
#pragma proact update host(a[0:n]) // expected-error {{'#pragma proact update' inside a '#pragma proact' loop body; the body runs on the devices: update before or after the loop}}
      a[i] = 1;
    } // expected-note@-4 {{inside the loop of this '#pragma proact'}}
  }
}
