// Spread mode cannot work in the compilation of a preprocessed file (no
// include path to find <proact.h> by): one warning, and the constructs
// stay OpenMP's. The source file itself spreads.
// RUN: %proact-cc -E -fplugin-arg-proact-openmp=spread %s -o %t.i
// RUN: %proact-cc -Wno-unused-command-line-argument -fsyntax-only -fplugin-arg-proact-openmp=spread -fplugin-arg-proact-Ropenmp-spread %t.i 2>&1 | %FileCheck %s --implicit-check-not=warning: --implicit-check-not=remark:
// RUN: %proact-cc -Wno-unused-command-line-argument -fsyntax-only -fplugin-arg-proact-openmp=spread -fplugin-arg-proact-Wno-spread-preprocessed %t.i 2>&1 | %FileCheck %s --check-prefix=QUIET --allow-empty
// RUN: %proact-cc -fsyntax-only -fplugin-arg-proact-openmp=spread -fplugin-arg-proact-Ropenmp-spread %s 2>&1 | %FileCheck %s --check-prefix=SOURCE
// CHECK: warning: spread mode is off in this preprocessed file ('clang -E', -save-temps): its compilation has no include path to find <proact.h> by, so the OpenMP constructs stay on one device; compile the source file itself [proact:spread-preprocessed]
// QUIET-NOT: warning
// SOURCE-COUNT-2: remark: '#pragma omp target teams distribute parallel for' spreads over the devices

void f(long n, double *a) {
#pragma omp target teams distribute parallel for map(tofrom: a[0:n])
  for (long k = 0; k < n; k++)
    a[k] += 1;
#pragma omp target teams distribute parallel for map(tofrom: a[0:n])
  for (long k = 0; k < n; k++)
    a[k] *= 2;
}
