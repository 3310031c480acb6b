// Spread mode: a loop whose body is an 'if' without 'else' ends where the
// next OpenMP directive begins; that directive is read after the loop has
// been lowered, and spreads (or stays) on its own terms.
// RUN: %proact-cc -fsyntax-only -fplugin-arg-proact-openmp=spread -fplugin-arg-proact-Ropenmp-spread %s 2>&1 | %FileCheck %s --implicit-check-not=error: --implicit-check-not=remark:

void f(int n, double *a, double *b) {
  // CHECK: [[@LINE+1]]:1: remark: '#pragma omp target enter data' spreads over the devices
#pragma omp target enter data map(to: a[0:n]) map(alloc: b[0:n])
  // CHECK: [[@LINE+1]]:1: remark: '#pragma omp target teams distribute parallel for' spreads over the devices
#pragma omp target teams distribute parallel for
  for (int i = 0; i < n; i++) if (a[i] > 50) b[i] = a[i];
  // CHECK: [[@LINE+1]]:1: remark: '#pragma omp target exit data' spreads over the devices
#pragma omp target exit data map(from: b[0:n]) map(delete: a[0:n])
}

void g(int n, double *a, double *b, double *c) {
  // CHECK: [[@LINE+1]]:1: remark: '#pragma omp target data' spreads over the devices
#pragma omp target data map(to: a[0:n]) map(tofrom: b[0:n])
  {
    // CHECK: [[@LINE+1]]:1: remark: '#pragma omp target teams distribute parallel for' spreads over the devices
#pragma omp target teams distribute parallel for
    for (int i = 0; i < n; i++)
      if (a[i] > 50) { b[i] = a[i]; }
    // CHECK: [[@LINE+1]]:1: remark: '#pragma omp target enter data' spreads over the devices
#pragma omp target enter data map(to: c[0:n])
    // CHECK: [[@LINE+1]]:1: remark: '#pragma omp target teams distribute parallel for' spreads over the devices
#pragma omp target teams distribute parallel for
    for (int i = 0; i < n; i++)
      if (c[i] > 0) b[i] += c[i];
    // CHECK: [[@LINE+1]]:1: remark: '#pragma omp target update' spreads over the devices
#pragma omp target update from(b[0:n])
    // CHECK: [[@LINE+1]]:1: remark: '#pragma omp target exit data' spreads over the devices
#pragma omp target exit data map(delete: c[0:n])
  }
}
// The loop over c, where no enter data holds c, stays OpenMP's:
// CHECK: 27:1: remark: this OpenMP target construct stays on one device inside a spread 'target data' region
