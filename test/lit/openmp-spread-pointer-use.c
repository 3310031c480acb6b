// Spread mode: a loop whose body reaches an array other than through its
// subscripts (passing the pointer to a function, keeping it in a local)
// stays on one device, since no copy would follow what the devices write
// there; the same loop indexing the array itself spreads.
// RUN: %proact-cc -fsyntax-only -fplugin-arg-proact-openmp=spread -fplugin-arg-proact-Ropenmp-spread %s 2>&1 | %FileCheck %s --implicit-check-not=error:

#pragma omp declare target
static void put(double *w, long i, double v) { w[i] = v; }
#pragma omp end declare target

void f(long n, double *a, double *c) {
#pragma omp target data map(to: a[0:n]) map(tofrom: c[0:n])
  {
    // CHECK: [[@LINE+3]]:38: remark: 'c' is used in the loop without a subscript (passed to a function, assigned or offset)
    // CHECK: [[@LINE+1]]:1: remark: '#pragma omp target teams distribute parallel for' stays on one device, as OpenMP says
#pragma omp target teams distribute parallel for
    for (long i = 0; i < n; i++) put(c, i, a[i] * 2);
    // CHECK: [[@LINE+4]]:19: remark: 'c' is used in the loop without a subscript
    // CHECK: [[@LINE+1]]:1: remark: '#pragma omp target teams distribute parallel for' stays on one device
#pragma omp target teams distribute parallel for
    for (long i = 0; i < n; i++) {
      double *p = c;
      p[i] += a[i];
    }
    // CHECK: [[@LINE+1]]:1: remark: '#pragma omp target teams distribute parallel for' spreads over the devices as PROACT loop
#pragma omp target teams distribute parallel for
    for (long i = 0; i < n; i++) c[i] = a[i] * 2;
  }
}
