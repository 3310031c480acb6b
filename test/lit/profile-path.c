// proact-tune keys a profile entry by the source's path as the compiler saw
// it, so that two sources of one base name keep their own entries: the
// entry of this path wins over another directory's; an entry by base name
// alone (earlier profiles) still applies.
// RUN: sed "s|@SRC@|%s|" %S/Inputs/profile-path.profile > %t.profile
// RUN: %proact-cc -fplugin-arg-proact-Rproact -fplugin-arg-proact-profile=%t.profile -fsyntax-only -Xclang -verify %s
#include <proact.h>

void f(long n, double *a, double *b) {

#pragma proact region(a[0:n], b[0:n]) // expected-remark-re {{from profile '{{.*}}': mech(inline) chunk(4096)}}
  for (long i = 0; i < n; i++)
    a[i] = b[i];

#pragma proact region(a[0:n], b[0:n]) // expected-remark-re {{from profile '{{.*}}': mech(dma) chunk(1048576)}}
  for (long i = 0; i < n; i++)
    b[i] = 2 * a[i];
}
