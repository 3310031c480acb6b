// A store into a variable declared before the loop would land in one
// device's (one thread's) copy and be lost: each such store is an error at
// its first occurrence. What the body declares, and the loop's own
// variable, are fine, whatever the type's spelling (a typedef without _t).
// RUN: %proact-cc -fsyntax-only -Xclang -verify %s
#include <proact.h>

typedef double real;
typedef struct { long n; double v[4]; } stats;
long global_count;

void sums(int n, double *a, double p) {
  double s = 0, t;
  long cnt = 0, j;
  stats st;
  double *q = &s;
#pragma proact region(a[0:n])
  for (int i = 0; i < n; i++) {
    s += a[i];             // expected-error {{'s' is declared before the loop and assigned in its body; the iterations run on several devices and threads, each with its own copy of 's', so its value after the loop would not be the sequential program's; declare 's' inside the body if it is a temporary, or name it in a reduction(op: s) clause if it accumulates over the iterations}}
    s = s + 1;             // reported once per variable
    ++cnt;                 // expected-error {{'cnt' is declared before the loop}}
    t = a[i] * 2;          // expected-error {{'t' is declared before the loop}}
    p *= 2;                // expected-error {{'p' is declared before the loop}}
    global_count++;        // expected-error {{'global_count' is declared before the loop}}
    st.n = i;              // expected-error {{'st' is declared before the loop}}
    *q = a[i];             // expected-error {{the body stores through 'q', a pointer declared before the loop; on a device it holds a host address, and the store would be lost or race with other iterations: store into a region array instead}}
    for (j = 0; j < 4; j++) // each thread's own j (diag-inner-vars.c)
      a[i] += j;
  }
}

void members(int n, double *a) {
  stats st;
#pragma proact region(a[0:n])
  for (int i = 0; i < n; i++)
    st.v[i % 4] = a[i];    // expected-error {{'st' is declared before the loop}}
}

// Reads of outer variables, stores into what the body declares (shadowing
// an outer name too), and the loop variable declared outside: no error.
void fine(int n, double *a, double *b, double scale) {
  double t = 1, w = *b;
  real r0 = 2;
  int i;
#pragma proact region(a[0:n], b[0:n])
  for (i = 0; i < n; i++) {
    real t = a[i] * scale + r0 + w;
    double x = b[i];
    x += t;
    for (long k = 0; k < 2; k++)
      x *= 0.5;
    a[i] = x;
  }
  (void)t;
}

// An outer variable's address: whatever receives it may store through it,
// into one device's (one thread's) copy. Fine where the parameter points
// to const.
#pragma omp declare target
void bump(double *x);
double peek(const double *x, double *out);
#pragma omp end declare target

void addresses(int n, double *a) {
  double s = 0, k = 2;
  stats st;
#pragma proact region(a[0:n])
  for (int i = 0; i < n; i++) {
    bump(&s);                // expected-error {{the body takes the address of 's', a variable declared before the loop; each device and thread has its own copy of 's', and a store through the address would be lost or race with other iterations: copy 's' into a variable declared in the body, or pass it to a parameter that points to const}}
    bump(&st.v[1]);          // expected-error {{the body takes the address of 'st'}}
    double own = a[i];
    a[i] = peek(&k, &own);   // a const parameter; own is the body's
    double *r = &k;          // expected-error {{the body takes the address of 'k'}}
    bump(r);
  }
  double t = 0, u = 0;
#pragma proact region(a[0:n])
  for (int i = 0; i < n; i++) {
    bump((double *)&t);      // expected-error {{the body takes the address of 't'}}
    bump(&(u));              // expected-error {{the body takes the address of 'u'}}
    a[i] = (double)(i) * 2;  // a cast before an operand is no address
  }
}
