// free(), realloc() or munmap() of an array a data region maps, written inside the
// region while the variable still holds the mapped pointer, is an error at
// the call with a note at the region's directive: the region's exit would
// copy the array back into freed memory. Arrays the region does not map,
// variables the region has pointed elsewhere (swapped buffers) and frees
// after the region are fine.
// RUN: not %proact-cc -fsyntax-only %s 2>&1 | %FileCheck %s --implicit-check-not=error: --implicit-check-not=lowering --implicit-check-not=__proact
// RUN: not %proact-offload-cc -fsyntax-only %s 2>&1 | %FileCheck %s --check-prefix=ERRORS
// ERRORS: 6 errors generated
#include <proact.h>
#include <stdlib.h>
#include <sys/mman.h>

void frees(int n, double *a, double *b, double *c, double (*g)[8]) {
  double *t = malloc(8);
#pragma proact data copy(a[0:n]) copyin(b[0:n], g[0:n])
  {
#pragma proact region(a[0:n], b[0:n])
    for (int i = 0; i < n; i++)
      a[i] += b[i];
    free(a);
// CHECK: diag-data-free.c:[[#@LINE-1]]:5: error: 'free(a)' inside a proact data region that maps 'a': the region's exit would copy the array back into freed memory, and a new allocation at the same address would take the old device copy; free it after the region, or end the region first and map the new allocation in a region of its own
// CHECK: diag-data-free.c:[[#@LINE-7]]:9: note: the proact data region begins here
    b = realloc((void *)b, 2 * n * sizeof(double));
// CHECK: diag-data-free.c:[[#@LINE-1]]:9: error: 'realloc(b)' inside a proact data region that maps 'b'
    free(g);
// CHECK: diag-data-free.c:[[#@LINE-1]]:5: error: 'free(g)' inside a proact data region
    free(t); // not mapped
    if (n > 3) {
#pragma proact data copy(c[0:n])
      {
        free(a); // the outer region's
// CHECK: diag-data-free.c:[[#@LINE-1]]:9: error: 'free(a)' inside a proact data region that maps 'a'
// CHECK: diag-data-free.c:[[#@LINE-18]]:9: note: the proact data region begins here
        free(c);
// CHECK: diag-data-free.c:[[#@LINE-1]]:9: error: 'free(c)' inside a proact data region that maps 'c'
// CHECK: diag-data-free.c:[[#@LINE-7]]:9: note: the proact data region begins here
        c = malloc(n * sizeof(double));
        free(c); // the new allocation, not mapped
      }
    }
  }
  free(a); // after the region
}

// Swapped buffers: which allocation 'x' holds at the free is not known; in
// a loop that reassigns it, neither.
void swaps(int n, double *x, double *y) {
#pragma proact data copy(x[0:n], y[0:n])
  {
    double *t = x;
    x = y;
    y = t;
    free(x);
    for (int k = 0; k < 2; k++) {
      free(y);
      y = malloc(n * sizeof(double));
    }
  }
}
// Unmapped: the same.
void unmaps(int n) {
  double *m = mmap(0, n * sizeof(double), PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
#pragma proact data copy(m[0:n])
  {
    munmap(m, n * sizeof(double));
// CHECK: diag-data-free.c:[[#@LINE-1]]:5: error: 'munmap(m)' inside a proact data region that maps 'm'
  }
}
// CHECK: 6 errors generated
