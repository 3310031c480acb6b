// Every lowering entry point links under its name plus the ABI version, so
// a program whose code was generated for another version (here: ABI 1,
// whose entry points had no suffix) does not link against this libproact,
// and the error names the missing entry point, instead of running with a
// runtime that reads its descriptors differently.
// RUN: %proact-cc -E %s -o %t.i
// RUN: grep -q '__asm__("proact__loop_begin" "_abi" "[0-9]*")' %t.i
// RUN: %plain-offload-cc -x c %t.i -o %t.exe
// RUN: sed 's/__asm__("proact__[a-z_]*" "_abi" "[0-9]*")//' %t.i > %t.old.i
// RUN: not %plain-offload-cc -x c %t.old.i -o %t.old.exe 2>&1 | %FileCheck %s
// CHECK: undefined reference to `proact__loop_begin'
#include <proact.h>

int main(void) {
  double a[64];
#pragma proact region(a[0:64])
  for (int i = 0; i < 64; i++)
    a[i] = i;
  return a[63] == 63 ? 0 : 1;
}
