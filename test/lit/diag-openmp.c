// OpenMP directives around a '#pragma proact' loop: clauses between the
// two directives that PROACT cannot honour, reductions that differ, the
// OpenMP line first, and a loop or data region inside an OpenMP construct.
// Each is one error at its place; loops that only follow an OpenMP
// construct are fine.
// RUN: not %proact-cc -fsyntax-only %s 2>&1 | %FileCheck %s --implicit-check-not=error: --implicit-check-not=lowering --implicit-check-not=__proact
#include <proact.h>

double reductions(int n, double *a) {
  double s = 0, m = 0;
#pragma proact region(a[0:n]) reduction(+: s)
#pragma omp parallel for reduction(max: s) reduction(+: m)
  for (int i = 0; i < n; i++)
    s += a[i];
  return s + m;
}
// CHECK: diag-openmp.c:[[#@LINE-5]]:44: error: the reductions of '#pragma omp parallel for' and '#pragma proact' differ: '#pragma omp' has +: m, '#pragma omp' has max: s, '#pragma proact' has +: s; give both directives the same reduction(op: variable) clauses

void privates(int n, double *a) {
#pragma proact region(a[0:n])
#pragma omp parallel for private(n) linear(n) ordered
  for (int i = 0; i < n; i++)
    a[i] = 1;
}
// CHECK: diag-openmp.c:[[#@LINE-4]]:26: error: clause 'private' of '#pragma omp parallel for' has no PROACT equivalent: {{.*}}declare the variable inside the loop body
// CHECK: diag-openmp.c:[[#@LINE-5]]:37: error: clause 'linear' of '#pragma omp parallel for'
// CHECK: diag-openmp.c:[[#@LINE-6]]:47: error: clause 'ordered' of '#pragma omp parallel for' has no PROACT equivalent: PROACT runs the iterations in no particular order

void last(int n, double *a) {
  int k = 0;
#pragma proact region(a[0:n])
#pragma omp for lastprivate(k)
  for (int i = 0; i < n; i++)
    a[i] = k;
}
// CHECK: diag-openmp.c:[[#@LINE-4]]:17: error: clause 'lastprivate' of '#pragma omp for' has no PROACT equivalent: PROACT keeps only the loop variable's last value

void target(int n, double *a) {
#pragma proact region(a[0:n])
#pragma omp target teams distribute parallel for
  for (int i = 0; i < n; i++)
    a[i] = 1;
}
// CHECK: diag-openmp.c:[[#@LINE-4]]:1: error: '#pragma omp target teams distribute parallel for' between '#pragma proact' and its loop

void reverse(int n, double *a) {
#pragma omp parallel for
#pragma proact region(a[0:n])
  for (int i = 0; i < n; i++)
    a[i] = 1;
}
// CHECK: diag-openmp.c:[[#@LINE-4]]:9: error: '#pragma proact' after an OpenMP loop directive; write '#pragma proact' first

void nested(int n, double *a) {
#pragma omp parallel
  {
#pragma proact region(a[0:n])
    for (int i = 0; i < n; i++)
      a[i] = 1;
  }
}
// CHECK: diag-openmp.c:[[#@LINE-5]]:9: error: '#pragma proact' inside an OpenMP construct: {{.*}} every thread would run the whole loop
// CHECK: diag-openmp.c:[[#@LINE-8]]:1: note: the enclosing OpenMP construct begins here

void nested_data(int n, double *a) {
#pragma omp parallel
#pragma proact data copy(a[0:n])
  {
  }
}
// CHECK: diag-openmp.c:[[#@LINE-4]]:9: error: '#pragma proact' inside an OpenMP construct: {{.*}} every thread would run the whole data region
// CHECK: diag-openmp.c:[[#@LINE-6]]:1: note: the enclosing OpenMP construct begins here

void after(int n, double *a, int x) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    a[i] = x;
#pragma proact region(a[0:n])
  for (int i = 0; i < n; i++)
    a[i] = 1;
#pragma omp parallel
  x++;
#pragma proact data copy(a[0:n])
  {
#pragma omp parallel
    {
    }
#pragma proact region(a[0:n])
    for (int i = 0; i < n; i++)
      a[i] = 1;
  }
}
// CHECK: 9 errors generated
