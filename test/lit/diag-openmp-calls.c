// Calls to the OpenMP API in a loop body: the body runs in OpenMP target
// kernels (bare or SPMD) on several devices, where omp_get_thread_num() and
// the like answer differently than in the sequential program. Each call in
// the body, in nested statements and through function-like macros, is an
// error at its place with a note at the directive; omp_get_wtime and
// omp_get_wtick are allowed, and the loop's own header is host code.
// RUN: %proact-cc -fsyntax-only -Xclang -verify %s
// RUN: %proact-offload-cc -Wno-unused-command-line-argument -fsyntax-only -Xclang -verify %s
#include <proact.h>
#include <omp.h>

int omp_my_helper(int);            // the omp_ prefix is OpenMP's, wherever declared
int ompx_my_helper(int);
void __kmpc_my_helper(void);
struct hooks { int (*omp_cb)(int); };
#define THREAD() omp_get_thread_num()
#define TEAM_PLUS(x) ((x) + omp_get_team_num())

void calls(int n, double *a, omp_lock_t *lock, struct hooks h) {
#pragma proact region(a[0:n]) // expected-note 4 {{the loop of this '#pragma proact'}}
  for (int i = 0; i < n; i++) {
    a[i] = omp_get_thread_num(); // expected-error {{call to the OpenMP function 'omp_get_thread_num' inside a '#pragma proact' loop body; the loop's iterations must not depend on which thread runs them}}
    if (i > 0) {
      for (int j = 0; j < 2; j++)
        a[i] += omp_get_num_threads() * j; // expected-error {{'omp_get_num_threads'}}
    }
    a[i] += omp_in_parallel() + (double)omp_is_initial_device(); // expected-error {{'omp_in_parallel'}} expected-error {{'omp_is_initial_device'}}
  }
#pragma proact region(a[0:n]) // expected-note 2 {{the loop of this '#pragma proact'}}
  for (int i = 0; i < n; i++)
    a[i] = THREAD() + TEAM_PLUS(i); // expected-error {{'omp_get_thread_num'}} expected-error {{'omp_get_team_num'}}
#pragma proact region(a[0:n]) // expected-note 4 {{the loop of this '#pragma proact'}}
  for (int i = 0; i < n; i++) {
    omp_set_lock(lock); // expected-error {{'omp_set_lock'}}
    a[i] = i;
    omp_unset_lock(lock); // expected-error {{'omp_unset_lock'}}
    omp_set_num_threads(i); // expected-error {{'omp_set_num_threads'}}
    a[i] += omp_get_max_threads(); // expected-error {{'omp_get_max_threads'}}
  }
#pragma proact region(a[0:n]) // expected-note 3 {{the loop of this '#pragma proact'}}
  for (int i = 0; i < n; i++) {
    a[i] = omp_my_helper(i) + ompx_my_helper(i); // expected-error {{'omp_my_helper'}} expected-error {{'ompx_my_helper'}}
    __kmpc_my_helper(); // expected-error {{'__kmpc_my_helper'}}
  }
}

// Allowed: the clock functions, a member function pointer of the program's
// own, OpenMP names that are not called, and calls in the loop's header,
// which the host evaluates once before the loop as the sequential program does.
void allowed(int n, double *a, struct hooks h) {
#pragma proact region(a[0:n])
  for (int i = 0; i < n; i++) {
    double t = omp_get_wtime() + omp_get_wtick();
    omp_sched_t s = omp_sched_static;
    a[i] = t * 0 + h.omp_cb(i) + (int)s + (double)sizeof(omp_lock_t);
  }
#pragma proact region(a[0:n])
  for (int i = 0; i < n - omp_get_max_threads() * 0; i++)
    a[i] = i;
}

// '#pragma omp' directives inside the body, also from a macro.
#define ATOMIC _Pragma("omp atomic")
void pragmas(int n, double *a, double *s) {
#pragma proact region(a[0:n])
  for (int i = 0; i < n; i++) {
#pragma omp parallel for // expected-error {{pragmas are not allowed inside a '#pragma proact' loop body}}
    for (int j = 0; j < 2; j++)
      a[i] = j;
  }
#pragma proact region(a[0:n])
  for (int i = 0; i < n; i++) {
    a[i] = i;
    ATOMIC // expected-error {{pragmas are not allowed inside a '#pragma proact' loop body}}
    s[0] += 1;
  }
}
