// PROACT's warnings obey clang's -Werror, -Wno-error, -w and -Wno-everything,
// and each has a switch of its own, the plugin arguments W<name>,
// Wno-<name>, Werror=<name> and Wno-error=<name> ("proact": all of them);
// its remarks print only when asked for (-Reverything, R<name>).
// RUN: %proact-cc -fsyntax-only %s 2>&1 | %FileCheck --check-prefix=WARN --implicit-check-not=remark: %s
// RUN: not %proact-cc -fsyntax-only -Werror %s 2>&1 | %FileCheck --check-prefix=ERR %s
// RUN: %proact-cc -fsyntax-only -Werror -Wno-error %s 2>&1 | %FileCheck --check-prefix=WARN %s
// RUN: %proact-cc -fsyntax-only -w %s 2>&1 | %FileCheck --check-prefix=NONE --allow-empty %s
// RUN: %proact-cc -fsyntax-only -Wno-everything %s 2>&1 | %FileCheck --check-prefix=NONE --allow-empty %s
// RUN: %proact-cc -fsyntax-only -fplugin-arg-proact-Wno-proact %s 2>&1 | %FileCheck --check-prefix=NONE --allow-empty %s
// RUN: %proact-cc -fsyntax-only -fplugin-arg-proact-Wno-unused-region-array %s 2>&1 | %FileCheck --check-prefix=ONE %s
// RUN: not %proact-cc -fsyntax-only -fplugin-arg-proact-Werror=unused-region-array %s 2>&1 | %FileCheck --check-prefix=MIXED %s
// RUN: %proact-cc -fsyntax-only -Werror -fplugin-arg-proact-Wno-error=proact %s 2>&1 | %FileCheck --check-prefix=WARN %s
// RUN: %proact-cc -fsyntax-only -w -fplugin-arg-proact-Werror=proact %s 2>&1 | %FileCheck --check-prefix=NONE --allow-empty %s
// RUN: %proact-cc -fsyntax-only -fplugin-arg-proact-Wno-proact -fplugin-arg-proact-Wunused-region-array %s 2>&1 | %FileCheck --check-prefix=UNUSED %s
// RUN: %proact-cc -fsyntax-only -Reverything -w %s 2>&1 | %FileCheck --check-prefix=REMARK %s
// RUN: %proact-cc -fsyntax-only -fplugin-arg-proact-Rwhole-array-read -w %s 2>&1 | %FileCheck --check-prefix=REMARK %s
// RUN: %proact-cc -fsyntax-only -fplugin-arg-proact-Rproact -fplugin-arg-proact-Rno-proact -w %s 2>&1 | %FileCheck --check-prefix=NONE --allow-empty %s
// RUN: not %proact-cc -fsyntax-only -fplugin-arg-proact-Wno-unused-arrays %s 2>&1 | %FileCheck --check-prefix=BADW %s
// RUN: not %proact-cc -fsyntax-only -fplugin-arg-proact-Rpragma-spelling %s 2>&1 | %FileCheck --check-prefix=BADR %s
#include <proact.h>

void f(long n, double *a, double *b, double *c, long *idx) {
#pragma proact region(a[0:n], b[0:n], c[0:n])
  for (long i = 0; i < n; i++)
    a[i] = b[i];
#pragma proac region(a[0:n])
  for (long i = 0; i < n; i++)
    a[i] = 1;
#pragma proact region(a[0:n], b[0:n], idx[0:n])
  for (long i = 0; i < n; i++)
    a[i] = b[idx[i]];
}
// WARN: diag-control.c:24:39: warning: region array 'c' is not used in the loop [proact:unused-region-array]
// WARN: diag-control.c:27:9: warning: unknown pragma 'proac' ignored; did you mean '#pragma proact'? [proact:pragma-spelling]
// WARN: 2 warnings generated.
// ERR: diag-control.c:24:39: error: region array 'c' is not used in the loop [proact:unused-region-array]
// ERR: diag-control.c:27:9: error: unknown pragma 'proac' ignored; did you mean '#pragma proact'? [proact:pragma-spelling]
// ERR: 2 errors generated.
// NONE-NOT: {{warning|error|remark}}:
// ONE-NOT: unused-region-array
// ONE: warning: unknown pragma
// ONE-NOT: unused-region-array
// UNUSED: warning: region array 'c' is not used in the loop [proact:unused-region-array]
// UNUSED-NOT: pragma-spelling
// MIXED: error: region array 'c' is not used in the loop [proact:unused-region-array]
// MIXED: warning: unknown pragma 'proac' ignored
// MIXED: 1 warning and 1 error generated.
// REMARK: diag-control.c:32:18: remark: 'b' is read through an index that is not affine in 'i' {{.*}} [proact:whole-array-read]
// BADW: error: plugin argument 'Wno-unused-arrays' names no PROACT warning; the warnings are pragma-spelling, non-affine-write, unused-region-array, {{.*}}, and 'proact' names them all
// BADR: error: plugin argument 'Rpragma-spelling' names no PROACT remark; the remarks are whole-array-read, profile-applied, openmp-spread, and 'proact' names them all
// -Weverything turns on no PROACT warning switched off, and no remark.
// RUN: %proact-cc -fsyntax-only -Weverything -Wno-unsafe-buffer-usage -Wno-missing-prototypes -fplugin-arg-proact-Wno-unused-region-array %s 2>&1 | %FileCheck --check-prefix=EVERY --implicit-check-not=remark: --implicit-check-not=whole-array-read %s
// EVERY-NOT: unused-region-array
// EVERY: diag-control.c:27:9: warning: unknown pragma 'proac' ignored; did you mean '#pragma proact'? [proact:pragma-spelling]
// EVERY-NOT: unused-region-array
// EVERY: 1 warning generated.
