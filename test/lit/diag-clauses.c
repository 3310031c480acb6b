// Every clause-level diagnostic, with its location.
// RUN: %proact-cc -fsyntax-only -ferror-limit=0 -Xclang -verify %s
#include <proact.h>

void f(int n, double *a, double *b) {
#pragma proact region(a[0:n]) bogus(1) // expected-error {{unknown clause 'bogus' in '#pragma proact region'}}
  for (int i = 0; i < n; i++) a[i] = 0;
#pragma proact region(a[0:n]) region(b[0:n]) // expected-error {{duplicate clause 'region'}}
  for (int i = 0; i < n; i++) a[i] = b[i];
#pragma proact region(a[0:n], a[0:n]) // expected-error {{array 'a' is named twice in this directive}}
  for (int i = 0; i < n; i++) a[i] = 0;
#pragma proact region(a) // expected-error {{the section 'a' means the whole array, but 'a' is a 'double *', whose size the compiler does not know; write a[lo:len]}}
  for (int i = 0; i < n; i++) a[i] = 0;
#pragma proact region(a[0]) // expected-error {{bad array section: 'a[...]' needs 'lo:len'}}
  for (int i = 0; i < n; i++) a[i] = 0;
#pragma proact region(a[0:]) // expected-error {{bad array section: the length of 'a' is missing}}
  for (int i = 0; i < n; i++) a[i] = 0;
#pragma proact region(a[0:n:1]) // expected-error {{bad array section: more than one ':' (strided sections, lo:len:stride, are not supported: name the whole range lo:len)}}
  for (int i = 0; i < n; i++) a[i] = 0;
#pragma proact region(3[0:n]) // expected-error {{bad array section: expected an array name}}
  for (int i = 0; i < n; i++) a[i] = 0;
#pragma proact region(a[0:n] // expected-error {{expected ')' to close 'region('}}
  for (int i = 0; i < n; i++) a[i] = 0;
#pragma proact region() // expected-error {{expected an argument in 'region(...)'}}
  for (int i = 0; i < n; i++) a[i] = 0;
#pragma proact region(a[0:n],) // expected-error {{expected an argument between commas}}
  for (int i = 0; i < n; i++) a[i] = 0;
#pragma proact region // expected-error {{expected '(' after 'region'}}
  for (int i = 0; i < n; i++) a[i] = 0;
#pragma proact mech(memcpy) // expected-error {{'#pragma proact' loop directive needs a 'region(array[lo:len], ...)' clause}}
  for (int i = 0; i < n; i++) a[i] = 0;
#pragma proact region(a[0:n]) mech(fast) // expected-error {{unknown transfer mechanism 'fast'}}
  for (int i = 0; i < n; i++) a[i] = 0;
#pragma proact region(a[0:n]) mech(poll, dma) // expected-error {{mech(poll, dma) names several mechanisms; a loop runs one}}
  for (int i = 0; i < n; i++) a[i] = 0;
#pragma proact region(a[0:n]) chunk(100) // expected-error {{invalid chunk size '100'}}
  for (int i = 0; i < n; i++) a[i] = 0;
#pragma proact region(a[0:n]) chunk(2G) // expected-error {{invalid chunk size '2G'}}
  for (int i = 0; i < n; i++) a[i] = 0;
#pragma proact region(a[0:n]) chunk(n) // expected-error {{invalid chunk size 'n'}}
  for (int i = 0; i < n; i++) a[i] = 0;
#pragma proact region(a[0:n]) chunk(64 K) // expected-error {{invalid chunk size '64 K'}}
  for (int i = 0; i < n; i++) a[i] = 0;
#pragma proact region(a[0:n]) threads(48) // expected-error {{invalid transfer thread count '48'}}
  for (int i = 0; i < n; i++) a[i] = 0;
#pragma proact region(a[0:n]) threads(16384) // expected-error {{invalid transfer thread count '16384'}}
  for (int i = 0; i < n; i++) a[i] = 0;
#pragma proact region(a[0:n]) devices(0, 0) // expected-error {{invalid device list: device 0 is listed twice}}
  for (int i = 0; i < n; i++) a[i] = 0;
#pragma proact region(a[0:n]) devices(gpu) // expected-error {{invalid device list: 'gpu' is not a device number}}
  for (int i = 0; i < n; i++) a[i] = 0;
#pragma proact region(a[0:n]) copyin(b[0:n]) // expected-error {{clause 'copyin' is not allowed on '#pragma proact region'}}
  for (int i = 0; i < n; i++) a[i] = b[i];
#pragma proact region(a[0:n], b[0:n]) distribute(b) // expected-error {{clause 'distribute' is not allowed on '#pragma proact region'}}
  for (int i = 0; i < n; i++) a[i] = b[i];
#pragma proact loop // expected-error {{unknown proact directive 'loop'}}
  for (int i = 0; i < n; i++) a[i] = 0;
#pragma proact region(a[0:n]) 42 // expected-error {{expected a clause name, found '42'}}
  for (int i = 0; i < n; i++) a[i] = 0;
#pragma proact region(a[0:n]) reads(b[i:1]) // expected-error {{'b' in reads(...) is not named in region(...)}}
  for (int i = 0; i < n; i++) a[i] = b[i];
#pragma proact region(a[0:n], b[0:n]) reads(b[i*i:1]) // expected-error {{reads(b[lo:len]) must give lo as an affine expression of the loop variable 'i' and len as a loop-invariant expression: it multiplies two loop variables}}
  for (int i = 0; i < n; i++) a[i] = b[i];
#pragma proact region(a[0:n], b[0:n]) reads(b[0:i]) // expected-error {{reads(b[lo:len]) must give lo as an affine expression of the loop variable 'i' and len as a loop-invariant expression: the length depends on 'i'}}
  for (int i = 0; i < n; i++) a[i] = b[i];
}
