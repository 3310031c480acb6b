// A profile entry carries the id of the loop it was measured on (the
// plugin's hash of the pragma and the loop's tokens): it applies only to
// that loop; an entry whose id differs (the source changed since
// proact-tune ran) gets a warning and is not used.
// RUN: %proact-cc -E %s -o - | %python %S/Inputs/profile_from_ids.py profile-id.c 13:good 17:stale > %t.profile
// RUN: %proact-cc -fplugin-arg-proact-Rproact -fplugin-arg-proact-profile=%t.profile -fsyntax-only -Xclang -verify %s
// RUN: %proact-cc -E %s -o - | %FileCheck %s
// CHECK: __proact_desc.id = 0x{{[0-9a-f]+}}ULL;
#include <proact.h>

void f(long n, double *a, double *b) {

#pragma proact region(a[0:n], b[0:n]) // expected-remark-re {{from profile '{{.*}}': mech(poll) chunk(65536) threads(512)}}
  for (long i = 0; i < n; i++)
    a[i] = b[i];

#pragma proact region(a[0:n], b[0:n]) // expected-warning-re {{profile '{{.*}}' has an entry for profile-id.c:17, measured on another version of this loop (its source changed since proact-tune ran); not used}}
  for (long i = 0; i < n; i++)
    b[i] = 2 * a[i];
}
