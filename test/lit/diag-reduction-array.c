// An array named in reduction(op: h[lo:len]) may only be updated with the
// operator's form; anything else is an error at its location. A
// read-modify-write of a region array through an index PROACT cannot
// analyse, outside any reduction, is an error with a note that suggests
// the clause; a plain store through such an index stays a warning.
// RUN: %proact-cc -fplugin-arg-proact-Rproact -fsyntax-only -ferror-limit=0 -Xclang -verify %s
#include <proact.h>

void forms(int n, int nb, const int *bin, const double *w, long *h,
           double *m, unsigned *b, int *all) {
#pragma proact region(bin[0:n]) reduction(+: h[0:nb])
  for (int i = 0; i < n; i++) {
    h[bin[i]] += 2;
    h[bin[i]] -= 1;
    h[bin[i]]++;
    --h[bin[i]];
    h[bin[i] % 3] = h[bin[i] % 3] + 4 * bin[i] - 1;
    long k = bin[i];
    h[k] = h[k] + 1;
  }
#pragma proact region(bin[0:n], w[0:n]) reduction(max: m[0:nb])
  for (int i = 0; i < n; i++) {
    if (w[i] > m[bin[i]]) m[bin[i]] = w[i];
    if (m[bin[i]] <= w[i] * 2) m[bin[i]] = w[i] * 2;
  }
#pragma proact region(bin[0:n], w[0:n]) reduction(^: b[0:nb]) reduction(&&: all[0:nb])
  for (int i = 0; i < n; i++) {
    b[bin[i]] ^= 7u;
    b[bin[i]] = b[bin[i]] ^ (unsigned)i;
    all[bin[i]] = all[bin[i]] && w[i] > 0;
  }
}

void misuse(int n, int nb, const int *bin, const double *w, long *h,
            double *m, double *out) {
#pragma proact region(bin[0:n], out[0:n]) reduction(+: h[0:nb])
  for (int i = 0; i < n; i++) {
    out[i] = h[bin[i]]; // expected-error {{'h' is reduced by reduction(+: h[...]): the body may only update it as 'h[x] += e', 'h[x] = h[x] + e' or 'h[x]++'; this read would see a thread's partial array, not 'h'}}
    h[bin[i]] = 1; // expected-error {{this store would see}}
    h[bin[i]] *= 2; // expected-error {{this store would see}}
    h[bin[i]] = h[bin[i]] * 2; // expected-error {{this store would see}} expected-error {{this read would see}}
    h[bin[i]] = h[bin[i]] + 1 < 3; // expected-error {{this store would see}} expected-error {{this read would see}}
    h[bin[i]] = h[bin[i] + 1] + 1; // expected-error {{this store would see}} expected-error {{this read would see}}
    long old = h[bin[i]]++; // expected-error {{this store would see}}
    (void)(h[bin[i]] += 1); // expected-error {{this store would see}}
    old += h[bin[i]] += 1; // expected-error {{this store would see}}
  }
#pragma proact region(bin[0:n], w[0:n]) reduction(max: m[0:nb])
  for (int i = 0; i < n; i++) {
    if (w[i] < m[bin[i]]) m[bin[i]] = w[i]; // expected-error {{'m' is reduced by reduction(max: m[...]): the body may only update it as 'if (e > h[x]) h[x] = e;' (for max; < for min); this read would see}} expected-error {{this store would see}}
    m[bin[i]] += 1; // expected-error {{this store would see}}
  }
}

void bad_clauses(int n, const int *bin, long *h, double *d, int s) {
#pragma proact region(bin[0:n]) reduction(+: h[0:]) // expected-error {{bad array section: the length of 'h' is missing}}
  for (int i = 0; i < n; i++) h[bin[i]] += 1;
#pragma proact region(bin[0:n]) reduction(&: d[0:4]) // expected-error {{'d' has type 'double *', which reduction(&: ...) cannot combine; & takes arrays of integers}}
  for (int i = 0; i < n; i++) d[bin[i]] += 1; // expected-error {{this store would see}}
#pragma proact region(bin[0:n]) reduction(+: s[0:4]) // expected-error {{'s' has type 'int', which reduction(+: ...) cannot combine; + takes arrays of integers or reals (not complex)}}
  for (int i = 0; i < n; i++) { int q = bin[i]; (void)q; }
}

void reads_of_reduced(int n, const int *bin, long *h) {
#pragma proact region(bin[0:n], h[0:8]) reads(h[0:8]) reduction(+: h[0:8]) // expected-error {{invalid reduction: 'h' is reduced; reads(...) does not apply to it}}
  for (int i = 0; i < n; i++) h[bin[i]] += 1;
}

void racing(int n, int nb, const int *bin, long *h, double *a,
            const int *perm) {
#pragma proact region(bin[0:n], h[0:nb]) // expected-note {{if the updates accumulate, add reduction(+: h[0:nb]) to the directive (and the loop runs on every device)}}
  for (int i = 0; i < n; i++)
    h[bin[i]] += 1; // expected-error {{read-modify-write of region array 'h' through an index that is not affine in the loop variable 'i' (the loop variable 'i' is used inside a call or subscript): iterations on different threads may update the same element at once}}
#pragma proact region(bin[0:n], h[2:nb]) // expected-note {{add reduction(+: h[2:nb])}}
  for (int i = 0; i < n; i++)
    h[bin[i]] = h[bin[i]] + 1; // expected-error {{read-modify-write of region array 'h'}} expected-remark {{'h' is read through an index that is not affine}}
#pragma proact region(bin[0:n], h[0:nb]) // expected-note {{add reduction(+: h[0:nb])}}
  for (int i = 0; i < n; i++)
    h[bin[i]]++; // expected-error {{read-modify-write of region array 'h'}}
#pragma proact region(bin[0:n], h[0:nb]) // expected-note {{add reduction(|: h[0:nb])}}
  for (int i = 0; i < n; i++)
    h[bin[i]] |= 4; // expected-error {{read-modify-write of region array 'h'}}
  // A plain store through such an index: a warning, one device.
#pragma proact region(perm[0:n], a[0:n])
  for (int i = 0; i < n; i++)
    a[perm[i]] = i; // expected-warning {{store to region array 'a' has an index that is not affine}}
  // A read-modify-write through an affine index is an ordinary store.
#pragma proact region(a[0:n])
  for (int i = 0; i < n; i++)
    a[i] += 1;
}
