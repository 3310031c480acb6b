// -fplugin-arg-proact-profile=FILE: each loop with an entry (keyed by file
// base name and line) takes the profile's mechanism when it has no mech
// clause or mech(auto), and its chunk and threads when those clauses are
// absent; a remark says what was taken. Clauses the user wrote win.
// RUN: %proact-cc -fplugin-arg-proact-Rprofile-applied -fplugin-arg-proact-profile=%S/Inputs/tune.profile -fsyntax-only -Xclang -verify %s
// RUN: %proact-cc -fplugin-arg-proact-profile=%S/Inputs/tune.profile -fsyntax-only -Xclang -ast-print %s 2>/dev/null | %FileCheck %s
// An unreadable or malformed profile, or an unknown argument, is an error.
// RUN: not %proact-cc -fplugin-arg-proact-profile=%S/Inputs/none.profile -fsyntax-only %s 2>&1 | %FileCheck --check-prefix=NONE %s
// RUN: not %proact-cc -fplugin-arg-proact-profile=%S/Inputs/bad.profile -fsyntax-only %s 2>&1 | %FileCheck --check-prefix=BAD %s
// RUN: not %proact-cc -fplugin-arg-proact-tune=1 -fsyntax-only %s 2>&1 | %FileCheck --check-prefix=ARG %s
// NONE: error: cannot read the PROACT profile '{{.*}}none.profile': No such file or directory
// BAD: error: PROACT profile '{{.*}}bad.profile', line 1: expected 'loop FILE:LINE mech NAME chunk BYTES threads N [id HEX]', got 'loop profile.c:20 mech fastest chunk 4096 threads 0'
// ARG: error: unknown PROACT plugin argument 'tune=1'; the plugin takes -fplugin-arg-proact-profile=FILE, -fplugin-arg-proact-ilp=N (N from 1 to 8, or gpu), -fplugin-arg-proact-mechanisms=LIST, -fplugin-arg-proact-read-check=runtime|on|off, -fplugin-arg-proact-openmp=spread|off and the switches of its warnings and remarks, -fplugin-arg-proact-Wno-NAME, -Werror=NAME, -Wno-error=NAME, -RNAME and -Rno-NAME (docs/user/building.md)
#include <proact.h>

void f(long n, double *a, double *b) {



#pragma proact region(a[0:n], b[0:n]) // expected-remark-re {{from profile '{{.*}}tune.profile': mech(inline) chunk(4194304)}}
  for (long i = 0; i < n; i++)
    a[i] = b[i];

#pragma proact region(a[0:n], b[0:n]) mech(auto) // expected-remark-re {{from profile '{{.*}}tune.profile': mech(poll) chunk(65536) threads(512)}}
  for (long i = 0; i < n; i++)
    b[i] = a[n - 1 - i];

#pragma proact region(a[0:n], b[0:n]) mech(poll) chunk(8192) // expected-remark-re {{from profile '{{.*}}tune.profile': threads(256)}}
  for (long i = 0; i < n; i++)
    a[i] = b[i];

#pragma proact region(a[0:n], b[0:n]) mech(inline) chunk(8192) threads(64)
  for (long i = 0; i < n; i++)
    b[i] = a[i];

#pragma proact region(a[0:n], b[0:n]) // no entry for this line
  for (long i = 0; i < n; i++)
    a[i] = 2 * b[i];
}
// CHECK: __proact_desc.mech = 1;
// CHECK-NEXT: __proact_desc.chunk = 4194304LL;
// CHECK-NEXT: __proact_desc.threads = 0;
// CHECK: __proact_desc.mech = 2;
// CHECK-NEXT: __proact_desc.chunk = 65536LL;
// CHECK-NEXT: __proact_desc.threads = 512;
// CHECK: __proact_desc.mech = 2;
// CHECK-NEXT: __proact_desc.chunk = 8192LL;
// CHECK-NEXT: __proact_desc.threads = 256;
// CHECK: __proact_desc.mech = 1;
// CHECK-NEXT: __proact_desc.chunk = 8192LL;
// CHECK-NEXT: __proact_desc.threads = 64;
// CHECK: __proact_desc.mech = 0;
// CHECK-NEXT: __proact_desc.chunk = 0LL;
// CHECK-NEXT: __proact_desc.threads = 0;

// Only a regular file of a profile's size is read: a FIFO would block the
// compiler, a device or a huge file exhaust its memory; a long bad line is
// quoted in part.
// RUN: rm -f %t.fifo && mkfifo %t.fifo
// RUN: not %proact-cc -fplugin-arg-proact-profile=%t.fifo -fsyntax-only %s 2>&1 | %FileCheck --check-prefix=FIFO %s
// RUN: not %proact-cc -fplugin-arg-proact-profile=/dev/zero -fsyntax-only %s 2>&1 | %FileCheck --check-prefix=DEV %s
// RUN: not %proact-cc -fplugin-arg-proact-profile=%S/Inputs -fsyntax-only %s 2>&1 | %FileCheck --check-prefix=DIR %s
// RUN: rm -f %t.big && truncate -s 16777217 %t.big
// RUN: not %proact-cc -fplugin-arg-proact-profile=%t.big -fsyntax-only %s 2>&1 | %FileCheck --check-prefix=BIG %s
// RUN: printf 'loop a.c:1 mech %%0300d\n' 0 > %t.long
// RUN: not %proact-cc -fplugin-arg-proact-profile=%t.long -fsyntax-only %s 2>&1 | %FileCheck --check-prefix=LONG %s
// FIFO: error: the PROACT profile '{{.*}}.fifo' is not a regular file (a FIFO); give the file proact-tune wrote
// DEV: error: the PROACT profile '/dev/zero' is not a regular file (a device); give the file proact-tune wrote
// DIR: error: the PROACT profile '{{.*}}Inputs' is not a regular file (a directory); give the file proact-tune wrote
// BIG: error: the PROACT profile '{{.*}}.big' has 16777217 bytes, more than the 16777216 a profile may have; give the file proact-tune wrote
// LONG: error: PROACT profile '{{.*}}.long', line 1: expected 'loop FILE:LINE mech NAME chunk BYTES threads N [id HEX]', got 'loop a.c:1 mech {{0+}}...'{{$}}
