// Inner loops whose variable is declared before the loop (C89 style): each
// thread gets its own copy, so the variable before the loop keeps its value.
// Code after the loop that may read it is an error naming the read (clang's
// liveness of the variable after the lowering); so is a body that reads its
// copy before assigning it, and a global or static one.
// RUN: %proact-cc -fsyntax-only -Xclang -verify %s
#include <proact.h>

int gj;
void use(int *p);

void accepted(int n, double *a, double (*b)[4]) {
  int i, j, k;
#pragma proact region(a[0:n], b[0:n])
  for (i = 0; i < n; i++)
    for (j = 0; j < 4; j++) {
      for (k = 0; k < 2; k++)
        b[i][j] += a[i] * k;
    }
  // Written before it is read again: its value after the loop is dead.
  for (j = 0; j < n; j++)
    a[j] = j;
  k = 3;
  a[0] += k + i;
#pragma proact region(a[0:n])
  for (i = 0; i < n; i++) {
    for (j = 0; j < 4; j++)
      a[i] += 1;
    a[i] += j; // the iteration's own j, after its inner loop
  }
}

void read_after(int n, double *a) {
  int i, j;
#pragma proact region(a[0:n])
  for (i = 0; i < n; i++)
    for (j = 0; j < 4; j++) // expected-error {{'j' is the inner loop's variable, declared before the loop, and the function reads it after the loop (line 39); PROACT gives each thread its own copy of 'j', so its value after the loop is not the sequential one: declare it in the 'for' (for (int j = ...)), and compute the value the later code needs after the loop}}
      a[i] += j;
  a[0] = j; // expected-note {{'j' is read here}}
}

void read_again(int n, int t, double *a) {
  int i, j = 0;
  while (t-- > 0) {
    a[0] += j; // expected-note {{'j' is read here}}
#pragma proact region(a[0:n])
    for (i = 0; i < n; i++)
      for (j = 0; j < 4; j++) // expected-error {{'j' is the inner loop's variable, declared before the loop, and the function reads it after the loop (line 45)}}
        a[i] += 1;
  }
}

void address(int n, double *a) {
  int i, j;
  use(&j); // expected-note {{the address of 'j' is taken here}}
#pragma proact region(a[0:n])
  for (i = 0; i < n; i++)
    for (j = 0; j < 4; j++) // expected-error {{'j' is the inner loop's variable, declared before the loop, and the function takes its address (line 55), through which it may be read after the loop}}
      a[i] += 1;
}

void unassigned(int n, double *a) {
  int i, j = 0, k = 0;
  static int s;
#pragma proact region(a[0:n])
  for (i = 0; i < n; i++) {
    a[i] = j; // expected-error {{'j' is the inner loop's variable, declared before the loop, and the body uses it here before it assigns it (or where an assignment may not have run); PROACT gives each thread its own copy of 'j', which holds no value yet: assign it first, or declare the value the body needs in the body}}
    for (j = 0; j < 4; j++)
      a[i] += 1;
  }
#pragma proact region(a[0:n])
  for (i = 0; i < n; i++) {
    if (a[i] > 0)
      for (k = 0; k < 4; k++) // expected-error {{'k' is the inner loop's variable, declared before the loop, and the body uses it here before it assigns it}}
        a[i] += 1;
    a[i] += k;
  }
#pragma proact region(a[0:n])
  for (i = 0; i < n; i++)
    for (j = j + 1; j < 4; j++) // expected-error {{'j' is the inner loop's variable, declared before the loop, and the body uses it here before it assigns it}}
      a[i] += 1;
#pragma proact region(a[0:n])
  for (i = 0; i < n; i++)
    for (gj = 0; gj < 4; gj++) // expected-error {{the inner loop's variable 'gj' is a global or static variable; each thread needs its own copy, and the value the program sees after the loop would not be the sequential one: declare it in the 'for' (for (int gj = ...)) or in the body}}
      a[i] += 1;
#pragma proact region(a[0:n])
  for (i = 0; i < n; i++)
    for (s = 0; s < 4; s++) // expected-error {{the inner loop's variable 's' is a global or static variable}}
      a[i] += 1;
}

// A later loop's never-run check copy reads j; the read the error names is
// the one after both loops.
void two_loops(int n, double *a) {
  int i, j;
#pragma proact region(a[0:n])
  for (i = 0; i < n; i++)
    for (j = 0; j < 4; j++) // expected-error {{'j' is the inner loop's variable, declared before the loop, and the function reads it after the loop (line 104)}}
      a[i] += j;
#pragma proact region(a[0:n])
  for (i = 0; i < n; i++)
    for (j = 0; j < 4; j++) // expected-error {{'j' is the inner loop's variable, declared before the loop, and the function reads it after the loop (line 104)}}
      a[i] += j;
  a[0] = j; // expected-note 2 {{'j' is read here}}
}
