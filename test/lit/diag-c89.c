// The lowered loops are C99: a C89 compilation gets one error at
// <proact.h>, naming the flag to use, instead of errors inside its headers
// and at every directive.
// RUN: not %proact-cc -std=gnu89 -fsyntax-only %s 2>&1 | %FileCheck %s --implicit-check-not=error:
// RUN: not %proact-cc -std=c89 -fsyntax-only %s 2>&1 | %FileCheck --check-prefix=STRICT %s --implicit-check-not=error:
// RUN: %proact-cc -std=gnu99 -fsyntax-only %s
#include <proact.h>
// CHECK: proact.h:{{[0-9]+}}:9: error: PROACT's generated code needs C99 or later, and this compilation is -std=gnu89; compile with -std=gnu11 (or -std=gnu99), which also accept C89 code
// STRICT: error: PROACT's generated code needs C99 or later, and this compilation is -std=c89;

void scale(long n, double *a) {
  long i;
#pragma proact region(a[0:n])
  for (i = 0; i < n; i++)
    a[i] = 2 * a[i];
}
