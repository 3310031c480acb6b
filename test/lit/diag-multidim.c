// Diagnostics for C's own multi-dimensional region arrays: an access must
// index every dimension, a section must be whole rows (every dimension but
// the first whole), a whole-array section needs a size, and without
// clang's types (clang -E) neither can be told.
// RUN: %proact-cc -fsyntax-only -Xclang -verify %s
// RUN: not %proact-cc -E %s -o /dev/null 2>&1 | %FileCheck --check-prefix=NOSEMA %s
#include <proact.h>

#define M8 8
enum { WIDTH = 8 };
double use_row(const double *row);

void body(long n, long m, double u[n][m], double (*p)[8], double **pp,
          int *idx) {
#pragma proact region(u[0:n], p[0:n])
  for (long i = 0; i < n; i++)
    p[i][0] = use_row(u[i]); // expected-error {{region array 'u' has 2 dimensions and 1 subscript here; PROACT follows only accesses to one element, u[i][j]: a row or the array itself, passed on or with its address taken, would hide the accesses made through it; pass a function the elements it needs, or write its loop in the body}}
#pragma proact region(u[0:n])
  for (long i = 0; i < n; i++)
    u[i][0] = use_row(&u[i][1]); // expected-error {{taking the address of an element of region array 'u' hides the accesses made through it; index 'u' directly}}
#pragma proact region(u[0:n])
  for (long i = 0; i < n; i++)
    u[i][0] = u[i][1][0]; // expected-error {{region array 'u' has 2 dimensions and 3 subscripts here}} expected-error {{subscripted value is not an array, pointer, or vector}}
#pragma proact region(pp[0:n])
  for (long i = 0; i < n; i++)
    pp[i][0] = 0; // expected-error {{region array 'pp' has more than one subscript, but it is a 'double **', whose rows are not one block of memory; index a flat array instead, e.g. pp[i * n + j], or declare it as an array of arrays (double pp[n][m], double (*pp)[m])}}
#pragma proact region(u[0:n][0:m])
  for (long i = 0; i < n; i++)
    u[idx[i]][0] += 1; // expected-error {{read-modify-write of region array 'u' through an index that is not affine}} expected-note@-2 {{if the updates accumulate, add reduction(+: u[0:n][0:m]) to the directive}} expected-error {{'idx' is indexed in the loop but not named in region(...)}}
}

void sections(long n, long m, long k, double u[n][m], double (*p)[8],
              double w[4][3][2], double *a, double x) {
#pragma proact region(u[0:n][1:m-2]) // expected-error {{the section u[0:n][1:m-2] does not take dimension 2 of 'u' whole (it starts at 1, not 0): a section of a multi-dimensional array is a range of whole rows, one block of memory; write u[0:n][0:m], or leave the inner dimensions out: u[0:n] means the same}}
  for (long i = 0; i < n; i++) u[i][0] = 0;
#pragma proact region(u[0:n][0:k]) // expected-error {{PROACT cannot tell that u[0:n][0:k] takes dimension 2 of 'u' whole (declared [m]); write the length as declared, [0:m], or leave the inner dimensions out: u[0:n] means whole rows}}
  for (long i = 0; i < n; i++) u[i][0] = 0;
#pragma proact region(p[0:n][0:7]) // expected-error {{the section p[0:n][0:7] does not take dimension 2 of 'p' whole (it has 7 of its 8 elements)}}
  for (long i = 0; i < n; i++) p[i][0] = 0;
#pragma proact region(w[0:4][0:3][0:1]) // expected-error {{the section w[0:4][0:3][0:1] does not take dimension 3 of 'w' whole (it has 1 of its 2 elements): a section of a multi-dimensional array is a range of whole rows, one block of memory; write w[0:4][0:3][0:2], or leave the inner dimensions out: w[0:4] means the same}}
  for (long i = 0; i < 4; i++) w[i][0][0] = 0;
#pragma proact region(w[0:4][0:3][0:2][0:1]) // expected-error {{the section w[0:4][0:3][0:2][0:1] has 4 [lo:len], but 'w' ('double (*)[3][2]') has 3 dimensions}}
  for (long i = 0; i < 4; i++) w[i][0][0] = 0;
#pragma proact region(a[0:n][0:1]) // expected-error {{the section a[0:n][0:1] has 2 [lo:len], but 'a' ('double *') has 1 dimension}}
  for (long i = 0; i < n; i++) a[i] = 0;
#pragma proact region(x) // expected-error {{'x' in a section is a 'double', not an array or a pointer}}
  for (long i = 0; i < n; i++) a[i] = 0;
  // Whole inner dimensions however they are written: the declared
  // variable, a macro, an enumerator, an empty or suffixed start.
#pragma proact region(u[0:n][:m], p[0:n][0L:M8], w[0:4][0:3][0:WIDTH / 4])
  for (long i = 0; i < 4; i++) {
    u[i][0] = p[i][1];
    w[i][0][0] = 0;
  }
}

// A constant extent inside a variable-length type (`[n][4][m]`) is a
// variable-length level of its own to clang, with a constant size.
void vla_constant(long n, long m, double g[n][4][m], double (*h)[4][m]) {
#pragma proact region(g[0:n][0:4][0:m], h[0:n][0:4][0:m])
  for (long i = 0; i < n; i++)
    for (long k = 0; k < 4; k++)
      for (long j = 0; j < m; j++)
        g[i][k][j] = h[i][k][j] + 1;
#pragma proact region(g[0:n][0:3][0:m]) // expected-error {{the section g[0:n][0:3][0:m] does not take dimension 2 of 'g' whole (it has 3 of its 4 elements)}}
  for (long i = 0; i < n; i++) g[i][0][0] = 0;
}

void reductions(long n, double (*a)[4], double big[4][3]) {
  int h[4][3] = {{0}};
  double s[2][2] = {{0}};
#pragma proact region(a[0:n]) reduction(+: h) reduction(max: s[0:2][0:2])
  for (long i = 0; i < n; i++) {
    h[i % 4][i % 3] += 1;
    if (a[i][0] > s[i % 2][0]) s[i % 2][0] = a[i][0];
  }
#pragma proact region(a[0:n]) reduction(&: big[0:4]) // expected-error {{'big' has type 'double (*)[3]', which reduction(&: ...) cannot combine; & takes arrays of integers}}
  for (long i = 0; i < n; i++)
    a[i][0] = 0;
}
// NOSEMA-DAG: error: the section u[0:n][1:m-2] needs clang's types (the size of 'u', its dimensions), which a separate preprocessing step ('clang -E') does not have: compile the source file itself
// NOSEMA-DAG: error: region array 'u' has more than one subscript; without clang's types (a separate preprocessing step, 'clang -E', has none) PROACT cannot tell an array of arrays from a pointer to pointers: compile the source file itself
