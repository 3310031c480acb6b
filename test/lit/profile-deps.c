// The profile is an input of the compilation: -MD's dependency file names
// it, so make (and CMake's generators, which read the same file) compile
// again once proact-tune rewrote it.
// RUN: rm -rf %t.dir && mkdir %t.dir && cp %s %t.dir/p.c
// RUN: echo 'loop p.c:17 mech inline chunk 4096 threads 0' > %t.dir/p.profile
// RUN: %proact-cc -fplugin-arg-proact-profile=%t.dir/p.profile -MD -MF %t.dir/p.d -MT p.o -c %t.dir/p.c -o %t.dir/p.o 2>&1 | %FileCheck --allow-empty --implicit-check-not=warning: %s
// RUN: %FileCheck --check-prefix=DEP %s < %t.dir/p.d
// RUN: printf 'p.o:\n\ttrue\ninclude p.d\n' > %t.dir/Makefile
// RUN: make -s -q -C %t.dir p.o
// RUN: touch -d '+1 hour' %t.dir/p.profile
// RUN: not make -s -q -C %t.dir p.o
// DEP: p.o:
// DEP: p.c
// DEP: p.profile
#include <proact.h>
void f(long n, double *a, double *b) {
#pragma proact region(a[0:n], b[0:n])
  for (long i = 0; i < n; i++)
    a[i] = b[i];
}
