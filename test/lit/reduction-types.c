// A reduction's threads each fold their share into their own copy of the
// variable, in its type. Where an update converts what it stores so that
// the folds are not associative in that type (an integer sum of real
// values, a max whose value is narrowed or whose comparison rounds the
// variable), the result could differ from the sequential loop's: an error
// at the update. Conversions that keep every value compile.
// RUN: %proact-cc -fsyntax-only -Xclang -verify %s

#include <proact.h>

double fmax(double, double);

void good(int n, const double *w, const int *a, const short *sh,
          const unsigned char *uc, const float *fl, int *h, const int *bin) {
  int s = 0, m = 0;
  long lm = 0;
  unsigned um = 0;
  double d = 0;
  float fm = 0;
  signed char c = 0;
#pragma proact region(w[0:n]) reduction(+: s) reduction(*: m)
  for (int i = 0; i < n; i++) {
    s += (int)w[i];
    m = m * (int)w[i];
  }
#pragma proact region(a[0:n]) reduction(+: d) reduction(max: lm)
  for (int i = 0; i < n; i++) {
    d += a[i];
    if (a[i] > lm) lm = a[i];
  }
  // unsigned compares in unsigned, which is what it stores
#pragma proact region(a[0:n]) reduction(max: um)
  for (int i = 0; i < n; i++)
    if (a[i] > um) um = a[i];
#pragma proact region(sh[0:n], uc[0:n]) reduction(max: m) reduction(min: s)
  for (int i = 0; i < n; i++) {
    m = m > sh[i] ? m : sh[i];
    if (uc[i] < s) s = uc[i];
  }
  // an int is exact in a double; a float max of anything rounds alike
#pragma proact region(w[0:n], a[0:n]) reduction(max: m, fm)
  for (int i = 0; i < n; i++) {
    m = fmax(m, w[i]);
    if (w[i] > m) m = w[i];
    if (a[i] > fm) fm = a[i];
  }
#pragma proact region(a[0:n]) reduction(max: c)
  for (int i = 0; i < n; i++)
    if ((signed char)a[i] > c) c = (signed char)a[i];
#pragma proact region(bin[0:n], a[0:n]) reduction(+: h[0:8])
  for (int i = 0; i < n; i++)
    h[bin[i]] += a[i] * 2;
#pragma proact region(fl[0:n]) reduction(max: m)
  for (int i = 0; i < n; i++)
    if ((double)fl[i] > m) m = (double)fl[i];
}

// C compares and chooses a short's or a char's arms as ints; the value
// stored is still one of the arms, so these keep it.
void narrow_arms(int n, const short *sh, const signed char *sc) {
  short m = 0, k = 0;
  signed char c = 0;
#pragma proact region(sh[0:n], sc[0:n]) reduction(max: m, c) reduction(min: k)
  for (int i = 0; i < n; i++) {
    m = m > sh[i] ? m : sh[i];
    k = (short)(k < sh[i] ? k : sh[i]);
    c = (c < sc[i]) ? sc[i] : c;
  }
}

void narrow_bad(int n, const int *a) {
  short m = 0;
#pragma proact region(a[0:n]) reduction(max: m)
  for (int i = 0; i < n; i++)
    m = (short)(m > a[i] ? m : a[i]); // expected-error {{reduction(max: m) stores values of type 'int' into 'm' of type 'short', which can change the value stored}}
}

void bad(int n, const double *w, const int *a, const unsigned *u,
         const long *l, const float *fl, int *h, const int *bin) {
  int s = 0, m = 0;
  long lm = 0;
  unsigned um = 0;
  signed char c = 0;
  unsigned char uc = 0;
  _Bool bm = 0;
#pragma proact region(w[0:n]) reduction(+: s)
  for (int i = 0; i < n; i++)
    s += w[i]; // expected-error {{reduction(+: s) stores values of type 'double' into 's' of type 'int', which rounds every step's result to an integer: each thread reduces its own share, so the result could differ from the sequential loop's; convert each value to 'int' before it is accumulated, or make 's' of type 'double'}}
#pragma proact region(w[0:n]) reduction(+: s)
  for (int i = 0; i < n; i++)
    s = s - w[i] * 0.5; // expected-error {{reduction(+: s) stores values of type 'double'}}
#pragma proact region(w[0:n]) reduction(*: m)
  for (int i = 0; i < n; i++)
    m *= w[i]; // expected-error {{reduction(*: m) stores values of type 'double'}}
#pragma proact region(a[0:n]) reduction(max: c)
  for (int i = 0; i < n; i++)
    if (a[i] > c) c = a[i]; // expected-error {{reduction(max: c) stores values of type 'int' into 'c' of type 'signed char', which can change the value stored: each thread reduces its own share, so the result could differ from the sequential loop's; convert the value to 'signed char' in both the comparison and the store, or make 'c' of type 'int'}}
#pragma proact region(a[0:n]) reduction(min: uc)
  for (int i = 0; i < n; i++)
    uc = uc < a[i] ? uc : a[i]; // expected-error {{reduction(min: uc) stores values of type 'int' into 'uc' of type 'unsigned char'}}
#pragma proact region(u[0:n]) reduction(max: m)
  for (int i = 0; i < n; i++)
    if (u[i] > m) m = u[i]; // expected-error {{stores values of type 'unsigned int' into 'm' of type 'int'}}
#pragma proact region(l[0:n]) reduction(max: um)
  for (int i = 0; i < n; i++)
    if (um < l[i]) um = l[i]; // expected-error {{stores values of type 'long' into 'um' of type 'unsigned int'}}
#pragma proact region(a[0:n]) reduction(max: bm)
  for (int i = 0; i < n; i++)
    if (a[i] > bm) bm = a[i]; // expected-error {{stores values of type 'int' into 'bm' of type '_Bool'}}
#pragma proact region(fl[0:n]) reduction(max: m)
  for (int i = 0; i < n; i++)
    if (fl[i] > m) m = fl[i]; // expected-error {{reduction(max: m) stores values of type 'float' into 'm' of type 'int', which compares 'm' rounded to 'float', where distinct values can tie}}
#pragma proact region(w[0:n]) reduction(max: lm)
  for (int i = 0; i < n; i++)
    lm = fmax(lm, w[i]); // expected-error {{stores values of type 'double' into 'lm' of type 'long'}}
#pragma proact region(bin[0:n], w[0:n]) reduction(+: h[0:8])
  for (int i = 0; i < n; i++)
    h[bin[i]] += w[i]; // expected-error {{reduction(+: h) stores values of type 'double' into 'h' of type 'int'}}
#pragma proact region(bin[0:n], l[0:n]) reduction(max: h[0:8])
  for (int i = 0; i < n; i++)
    if (l[i] > h[bin[i]]) h[bin[i]] = l[i]; // expected-error {{reduction(max: h) stores values of type 'long' into 'h' of type 'int'}}
}
