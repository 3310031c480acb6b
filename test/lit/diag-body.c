// Diagnostics about how the loop body uses arrays.
// RUN: %proact-cc -fsyntax-only -ferror-limit=0 -Xclang -verify %s
#include <proact.h>

struct grid { double *v; int n; };
double sum(double *p, int n);
double table[8];
#pragma omp declare target(table)

void f(int n, int m, double *a, double *b, double *w, int *idx, struct grid *g) {
#pragma proact region(a[0:n])
  for (int i = 0; i < n; i++) a[idx[i]] = 0; // expected-warning {{store to region array 'a' has an index that is not affine in the loop variable 'i': the loop variable 'i' is used inside a call or subscript; this loop runs on one device, with mech(memcpy)}} expected-error {{'idx' is indexed in the loop but not named in region(...)}}
#pragma proact region(a[0:n])
  for (int i = 0; i < n; i++) a[i * i] = 0; // expected-warning {{not affine in the loop variable 'i': it multiplies two loop variables}}
#pragma proact region(a[0:n])
  for (int i = 0; i < n; i++) a[i / 2] = 0; // expected-warning {{not affine in the loop variable 'i': it divides or takes a remainder of a loop variable}}
#pragma proact region(a[0:n])
  for (int i = 0; i < n; i++) { int k = i; k++; a[k] = 0; } // expected-warning {{not affine in the loop variable 'i': 'k' is assigned in the body after its declaration; declare the index in the body with its initializer and do not assign it afterwards; this loop runs on one device}}
#pragma proact region(a[0:n*m])
  for (int i = 0; i < n; i++) for (int j = 0; j < m; j++) { int k = j; for (int l = 0; l < k; l++) a[i * m + l] = 0; } // expected-warning {{the bounds of the inner loop over 'l' depend on 'k', which changes inside the loop; this loop runs on one device}}
#pragma proact region(a[0:n])
  for (int i = 0; i < n; i++) a[i] = w[i]; // expected-error {{'w' is indexed in the loop but not named in region(...); name it so that every device has a copy}}
#pragma proact region(a[0:n])
  for (int i = 0; i < n; i++) a[i] = sum(a, n); // expected-error {{region array 'a' is used without a subscript}}
#pragma proact region(a[0:n])
  for (int i = 0; i < n; i++) a[i] = sum(w, n); // expected-error {{'w' is used in the loop without a subscript (passed to a function, assigned or offset): PROACT follows only the element accesses 'w[index]' of region arrays}}
#pragma proact region(a[0:n])
  for (int i = 0; i < n; i++) { const double *p = w + i; a[i] = p[0]; } // expected-error {{'w' is used in the loop without a subscript}}
#pragma proact region(a[0:n])
  for (int i = 0; i < n; i++) a[i] = (double)(sizeof(w) + sizeof w + sizeof(*g));
#pragma proact region(a[0:n], table) // expected-error {{'table' is an OpenMP 'declare target' variable: OpenMP keeps one device copy of it}}
  for (int i = 0; i < n; i++) a[i] = table[i & 7];
#pragma proact region(a[0:n])
  for (int i = 0; i < n; i++) { if (i > 3) goto skip; a[i] = 1; skip:; } // expected-error {{label 'skip' in a '#pragma proact' loop body: the body is compiled into several kernels of one function, where a label may appear once; use 'continue' or if/else instead of 'goto'}} expected-error {{'goto' in a '#pragma proact' loop body: its iterations run as kernels on several devices, which no jump leaves}}
#pragma proact region(a[0:n])
  for (int i = 0; i < n; i++) { switch (i & 1) { case 0: a[i] = 0; break; default: a[i] = i > 2 ? 1 : 2; } }
#pragma proact region(a[0:n])
  for (int i = 0; i < n; i++) a[i][0] = 0; // expected-error {{region array 'a' has more than one subscript}} expected-error {{subscripted value is not an array}}
#pragma proact region(a[0:n])
  for (int i = 0; i < n; i++) a[i] = g->n; // expected-error {{'->' in a '#pragma proact' loop}}
#pragma proact region(a[0:n], b[0:n])
  for (int i = 0; i < n; i++) { double *p = &a[i]; *p = b[i]; } // expected-error {{taking the address of an element of region array 'a' hides the accesses made through it}}
#pragma proact region(a[0:n], b[0:n])
  for (int i = 0; i < n; i++) ((double *)&a[i])[0] = b[i]; // expected-error {{taking the address of an element of region array 'a'}}
#pragma proact region(a[0:n], b[0:n])
  for (int i = 0; i < n; i++) a[i] = *(&(b[i]) + 1); // expected-error {{taking the address of an element of region array 'b'}}
#pragma proact region(a[0:n], b[0:n])
  for (int i = 0; i < n; i++) a[i] = (double)(i & 3) + (b[i]) * 2;
#pragma proact region(a[0:n], b[0:n])
  for (int i = 0; i < n; i++) a[i] = (double)(i & (int)b[i]);
#pragma proact region(a[0:n])
  for (int i = 0; i < n; i++) { a[i] = 0; i += 1; } // expected-error {{the loop variable 'i' is assigned in the loop body; PROACT splits the iterations by its values, so the body must not change it}}
#pragma proact region(a[0:n*m])
  for (int i = 0; i < n; i++) for (int j = 0; j < m; j++) { a[i * m + j] = 0; j++; } // expected-warning {{store to region array 'a' has an index that is not affine in the loop variable 'i': 'j' changes inside the loop}}
#pragma proact region(a[0:n], b[0:n]) // expected-warning {{region array 'b' is not used in the loop}}
  for (int i = 0; i < n; i++) a[i] = 1;
#pragma proact region(a[0:n])
  for (int i = 0; i < n; i++) {
#pragma omp simd
    for (int j = 0; j < 1; j++) a[i] = 0; // expected-error@-1 {{pragmas are not allowed inside a '#pragma proact' loop body}}
  }
}

// A struct's pointer member points to host memory: the kernel receives the
// struct's bytes, not what they point to. An array member is the struct's
// own bytes.
typedef float real;
struct fields { double *x; double w[3]; struct { real *p; } in; };
void members(int n, double *a, struct fields s) {
#pragma proact region(a[0:n])
  for (int i = 0; i < n; i++) a[i] = s.x[i]; // expected-error {{'s.x' is a pointer member indexed in a '#pragma proact' loop: it points to host memory, which the devices cannot read; copy it to a local pointer before the directive (double *s_x = s.x;) and name that in region(...)}}
#pragma proact region(a[0:n])
  for (int i = 0; i < n; i++) a[i] = s.w[i % 3];
#pragma proact region(a[0:n])
  for (int i = 0; i < n; i++) a[i] = s.in.p[i]; // expected-error {{'s.in.p' is a pointer member indexed in a '#pragma proact' loop: it points to host memory, which the devices cannot read; copy it to a local pointer before the directive (real *s_in_p = s.in.p;) and name that in region(...)}}
#pragma proact region(a[0:n])
  for (int i = 0; i < n; i++) { struct fields t; t.w[0] = 1; a[i] = t.w[0]; }
}

// A pointer from before the loop that the body dereferences points to host
// memory too; sizeof and typeof read nothing.
void derefs(int n, double *a, double *x, const double *y, double s) {
#pragma proact region(a[0:n])
  for (int i = 0; i < n; i++) a[i] = *x; // expected-error {{'x' is dereferenced in the loop but not named in region(...): it points to host memory, which the devices cannot read; name it in region(...) and index it ('x[k]' for '*(x + k)')}}
#pragma proact region(a[0:n])
  for (int i = 0; i < n; i++) a[i] = 2 * *(y + i); // expected-error {{'y' is dereferenced in the loop but not named in region(...)}}
#pragma proact region(a[0:n])
  for (int i = 0; i < n; i++) *(x + i) = a[i]; // expected-error {{'x' is dereferenced in the loop but not named in region(...)}}
#pragma proact region(a[0:n])
  for (int i = 0; i < n; i++) a[i] = s * sizeof(*x) + sizeof *y + (__typeof__(*x))i;
#pragma proact region(a[0:n])
  for (int i = 0; i < n; i++) { double t = s; double *p = &t; a[i] = *p * s; }
  // A store to an array missing from region(...) draws that error alone.
#pragma proact region(a[0:n])
  for (int i = 0; i < n; i++) { a[i] = 1; x[i] = a[i]; } // expected-error {{'x' is indexed in the loop but not named in region(...)}}
}

// The same through every other way of following a host pointer: a struct
// or a pointer it points to, an element that is a pointer, a pointer
// member copied to a local. A function pointer's call is checked as a call.
struct holder { double *data; double w[2]; };
void follows(int n, double *a, struct holder s, struct holder *p, double **pp,
             double **rows, double *const *crows, double (*fp)(double)) {
#pragma proact region(a[0:n])
  for (int i = 0; i < n; i++) a[i] = (*p).data[i]; // expected-error {{'p' is dereferenced in the loop: it points to host memory, which the devices cannot read; copy what the loop needs to locals before the directive (a pointer it holds to a local pointer named in region(...))}}
#pragma proact region(a[0:n])
  for (int i = 0; i < n; i++) a[i] = (*pp)[i]; // expected-error {{'pp' is dereferenced in the loop}}
#pragma proact region(a[0:n])
  for (int i = 0; i < n; i++) a[i] = **pp + *(*pp + i); // expected-error 2 {{'pp' is dereferenced in the loop}}
#pragma proact region(a[0:n])
  for (int i = 0; i < n; i++) (*pp)[i] = a[i]; // expected-error {{'pp' is dereferenced in the loop}}
#pragma proact region(a[0:n])
  for (int i = 0; i < n; i++) a[i] = (*p).w[0]; // expected-error {{'p' is dereferenced in the loop}}
#pragma proact region(a[0:n], rows[0:n])
  for (int i = 0; i < n; i++) a[i] = *rows[i]; // expected-error {{the elements of region array 'rows' are pointers to host memory, which the devices cannot follow: the loop may store them but not read them; give each pointed-to array a local pointer named in region(...), or index one flat array}}
#pragma proact region(a[0:n], crows[0:n])
  for (int i = 0; i < n; i++) { const double *r = crows[i]; a[i] = r[0]; } // expected-error {{the elements of region array 'crows' are pointers}}
#pragma proact region(rows[0:n])
  for (int i = 0; i < n; i++) rows[i] = 0;
#pragma proact region(a[0:n])
  for (int i = 0; i < n; i++) { double *t = s.data; a[i] = t[i]; } // expected-error {{'s.data' is a pointer member used in a '#pragma proact' loop: it points to host memory, which the devices cannot read; copy it to a local pointer before the directive (double *s_data = s.data;) and name that in region(...)}}
#pragma proact region(a[0:n])
  for (int i = 0; i < n; i++) a[i] = s.w[1] + sizeof(s.data) + (*fp)(a[i]);
}

// A name the body declares somewhere means the variable from before the
// loop wherever that declaration is out of scope; a struct's pointers,
// however reached, are host addresses.
struct link { double *ptr; double w; };
struct table { double *ptrs[2]; struct holder arr[2]; };
void scopes(int n, double *a, double *c, double *p, double last,
            struct link *e, struct holder s, struct table t) {
#pragma proact region(a[0:n])
  for (int i = 0; i < n; i++) {
    double x = 0;
    for (int c = 0; c < 2; c++) x += c;
    a[i] = x + c[i]; // expected-error {{'c' is indexed in the loop but not named in region(...)}}
  }
#pragma proact region(a[0:n])
  for (int i = 0; i < n; i++) {
    { double p = i; a[i] = p; }
    a[i] += *p; // expected-error {{'p' is dereferenced in the loop but not named in region(...)}}
  }
#pragma proact region(a[0:n])
  for (int i = 0; i < n; i++) {
    { double last = a[i]; a[i] = last * 2; }
    last = a[i]; // expected-error {{'last' is declared before the loop and assigned in its body}}
  }
#pragma proact region(a[0:n], e[0:n])
  for (int i = 0; i < n; i++) a[i] = e[i].ptr[0]; // expected-error {{the member 'ptr' of region array 'e''s elements holds pointers to host memory}}
#pragma proact region(a[0:n], e[0:n])
  for (int i = 0; i < n; i++) { struct link el = e[i]; a[i] = *el.ptr; } // expected-error {{an element of 'e' holds pointers to host memory and is copied whole in a '#pragma proact' loop}}
#pragma proact region(a[0:n], e[0:n])
  for (int i = 0; i < n; i++) { e[i].ptr = 0; a[i] = e[i].w; }
#pragma proact region(a[0:n])
  for (int i = 0; i < n; i++) { struct holder loc = s; a[i] = loc.data[i]; } // expected-error {{'s' holds pointers to host memory and is copied whole}}
#pragma proact region(a[0:n])
  for (int i = 0; i < n; i++) a[i] = (s).data[i]; // expected-error {{'s.data' is a pointer member indexed}}
#pragma proact region(a[0:n])
  for (int i = 0; i < n; i++) a[i] = t.ptrs[0][i] + t.arr[1].data[i]; // expected-error {{'t.ptrs' is a pointer member indexed}} expected-error {{'t.arr[1].data' is a pointer member indexed}}
}

// What reads nothing through a pointer: sizeof, alignof and _Generic's
// operand, a test of the pointer's value, a struct the body defines.
void unevaluated(int n, double *a, double **pp, double *p, double *q) {
#pragma proact region(a[0:n])
  for (int i = 0; i < n; i++)
    a[i] = sizeof(**pp) + __alignof__(*p) + _Generic(*p, double: 1.0, default: 2.0);
#pragma proact region(a[0:n])
  for (int i = 0; i < n; i++) {
    struct { double a, w; int i; } loc;
    loc.a = a[i];
    loc.i = i;
    a[i] = loc.a + (p != 0) + (p == q) + !q;
    if (p)
      a[i] += 1;
  }
}

struct pe { double v[4]; double w; };
void fill(double *v, double x);

void elem_members(int n, struct pe *p, double *a) {
#pragma proact region(p[0:n], a[0:n])
  for (int i = 0; i < n; i++) fill(p[i].v, a[i]); // expected-error {{the array member 'v' of an element of region array 'p' is used without a subscript (passed to a function or kept in a pointer)}}
#pragma proact region(p[0:n], a[0:n])
  for (int i = 0; i < n; i++) { double *q = p[i].v; q[0] = a[i]; } // expected-error {{the array member 'v' of an element of region array 'p'}}
#pragma proact region(p[0:n], a[0:n])
  for (int i = 0; i < n; i++) p[i].v[1] = a[i] + p[i].w + (double)sizeof(p[i].v);
}

void exit(int);
void carried(int n, double *a) {
#pragma proact region(a[0:n])
  for (int i = 0; i < n; i++) { static int calls; calls++; a[i] = calls; } // expected-error {{'static' variable in a '#pragma proact' loop body: it would carry values from one iteration to the next}}
#pragma proact region(a[0:n])
  for (int i = 0; i < n; i++) { _Thread_local static double t; t = a[i]; a[i] = t * 2; } // expected-error {{'_Thread_local' variable in a '#pragma proact' loop body}} expected-error {{'static' variable in a '#pragma proact' loop body}}
#pragma proact region(a[0:n])
  for (int i = 0; i < n; i++) { if (a[i] < 0) exit(3); a[i] = 1; } // expected-error {{'exit' in a '#pragma proact' loop body would end the program from a kernel while other devices run theirs}}
}

void jump_out(int n, double *a) {
#pragma proact region(a[0:n])
  for (int i = 0; i < n; i++) { if (a[i] < 0) goto fail; a[i] = 1; } // expected-error {{'goto' in a '#pragma proact' loop body}}
  return;
fail:
  a[0] = -1;
}

// A body variable of the loop variable's name: every later use would be
// taken for the loop's.
void hidden(int n, double *a, const double *s) {
#pragma proact region(a[0:n], s[0:n])
  for (int i = 0; i < n; i++) { int k = i; { int i = n - 1 - k; a[i] = s[k]; } } // expected-error {{the loop body declares its own 'i', which hides the loop variable; PROACT would read the body's 'i' as the loop's, so give it another name}}
#pragma proact region(a[0:n])
  for (int i = 0; i < n; i++) { double t = 0; for (int i = 0; i < 3; i++) t += 1; a[0] = t; } // expected-error {{declares its own 'i'}}
}
