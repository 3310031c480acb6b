// Misspellings: a pragma close to 'proact' is a warning with a fix-it (clang
// alone ignores it silently), a misspelt directive, clause or mechanism an
// error with 'did you mean' and a fix-it; one diagnostic each.
// RUN: not %proact-cc -fsyntax-only -fdiagnostics-parseable-fixits %s 2>&1 | %FileCheck %s --implicit-check-not=error: --implicit-check-not=warning:
// Other unknown pragmas behave as without the plugin, and -E keeps them.
// RUN: not %proact-cc -fsyntax-only -Wunknown-pragmas %s 2>&1 | %FileCheck %s --check-prefix=UNKNOWN
// RUN: not %proact-cc -E %s 2>/dev/null | %FileCheck %s --check-prefix=PP
#include <proact.h>

void f(int n, double *a) {
#pragma proactregion(a[0:n])
// CHECK: diag-spelling.c:[[#@LINE-1]]:9: warning: unknown pragma 'proactregion' ignored; did you mean '#pragma proact region'?
// CHECK: fix-it:"{{.*}}diag-spelling.c":{[[#@LINE-2]]:9-[[#@LINE-2]]:21}:"proact region"
  for (int i = 0; i < n; i++) a[i] = 0;
#pragma proact_data copy(a[0:n])
// CHECK: diag-spelling.c:[[#@LINE-1]]:9: warning: unknown pragma 'proact_data' ignored; did you mean '#pragma proact data'?
  { a[0] = 1; }
#pragma Proact region(a[0:n])
// CHECK: diag-spelling.c:[[#@LINE-1]]:9: warning: unknown pragma 'Proact' ignored; did you mean '#pragma proact'?
// CHECK: fix-it:"{{.*}}diag-spelling.c":{[[#@LINE-2]]:9-[[#@LINE-2]]:15}:"proact"
  for (int i = 0; i < n; i++) a[i] = 0;
#pragma praoct region(a[0:n])
// CHECK: diag-spelling.c:[[#@LINE-1]]:9: warning: unknown pragma 'praoct' ignored; did you mean '#pragma proact'?
  for (int i = 0; i < n; i++) a[i] = 0;
#pragma unrelated thing
// UNKNOWN: diag-spelling.c:[[#@LINE-1]]:9: warning: unknown pragma ignored [-Wunknown-pragmas]
// PP: #pragma unrelated thing
#pragma proact regoin(a[0:n])
// CHECK: diag-spelling.c:[[#@LINE-1]]:16: error: unknown clause 'regoin' in '#pragma proact region'; did you mean 'region'?
// CHECK: fix-it:"{{.*}}diag-spelling.c":{[[#@LINE-2]]:16-[[#@LINE-2]]:22}:"region"
  for (int i = 0; i < n; i++) a[i] = 0;
#pragma proact region(a[0:n]) mech(pol)
// CHECK: diag-spelling.c:[[#@LINE-1]]:36: error: unknown transfer mechanism 'pol'; did you mean 'poll'?
  for (int i = 0; i < n; i++) a[i] = 0;
#pragma proact dta copy(a[0:n])
// CHECK: diag-spelling.c:[[#@LINE-1]]:16: error: unknown proact directive 'dta'; did you mean 'data'?
  { a[0] = 1; }
#pragma proact data copyn(a[0:n])
// CHECK: diag-spelling.c:[[#@LINE-1]]:21: error: unknown clause 'copyn' in '#pragma proact data'; did you mean 'copy'?
  { a[0] = 1; }
#pragma proact region(a[0:n]) reduce(+: n)
// CHECK: diag-spelling.c:[[#@LINE-1]]:31: error: unknown clause 'reduce' in '#pragma proact region'; did you mean 'reduction'?
  for (int i = 0; i < n; i++) a[i] = 0;
#pragma proact region(a[0:n]) zzzzzz(3)
// CHECK: diag-spelling.c:[[#@LINE-1]]:31: error: unknown clause 'zzzzzz' in '#pragma proact region'{{$}}
  for (int i = 0; i < n; i++) a[i] = 0;
}
// CHECK: 4 warnings and 6 errors generated
