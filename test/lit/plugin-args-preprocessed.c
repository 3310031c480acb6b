// Plugin arguments given to the compilation of a file whose loops an
// earlier `clang -E` lowered (as -save-temps does) cannot reach them: a
// warning says so, once, at the function of the first lowered loop.
// RUN: %proact-cc -E %s -o %t.i
// RUN: %proact-cc -fplugin-arg-proact-ilp=2 -fsyntax-only %t.i 2>&1 | %FileCheck --check-prefix=ILP %s
// RUN: %proact-cc -fplugin-arg-proact-profile=%S/Inputs/tune.profile -fsyntax-only %t.i 2>&1 | %FileCheck --check-prefix=PROFILE %s
// RUN: rm -rf %t.dir && mkdir -p %t.dir && cd %t.dir && %proact-offload-cc -fplugin-arg-proact-ilp=2 -save-temps -c %s -o %t.o 2>&1 | %FileCheck --check-prefix=ILP %s
// Without arguments, or compiling the source itself, nothing is said.
// RUN: %proact-cc -fsyntax-only %t.i 2>&1 | %FileCheck --allow-empty --check-prefix=QUIET %s
// RUN: %proact-cc -fplugin-arg-proact-ilp=2 -fsyntax-only %s 2>&1 | %FileCheck --allow-empty --check-prefix=QUIET %s
// ILP: plugin-args-preprocessed.c:[[@LINE+8]]:6: warning: plugin argument 'ilp=2' has no effect: the PROACT loops of this file (the first is in this function) were lowered by an earlier preprocessing step ('clang -E', -save-temps), which clang runs without plugin arguments; compile the source file itself
// ILP-NOT: warning: plugin argument
// PROFILE: plugin-args-preprocessed.c:[[@LINE+6]]:6: warning: plugin argument 'profile={{.*}}tune.profile' has no effect
// PROFILE-NOT: warning: plugin argument
// QUIET-NOT: warning: plugin argument
#include <proact.h>

void none(void) {}
void copy(long n, double *a, double *b) {
#pragma proact region(a[0:n], b[0:n])
  for (long i = 0; i < n; i++)
    a[i] = b[i] * 2.0;
#pragma proact region(a[0:n], b[0:n])
  for (long i = 0; i < n; i++)
    b[i] = a[i] + 1.0;
}
