// Every prefix of an annotated file (cut at each token) is compiled with the
// plugin: each must compile or be rejected with diagnostics, never crash.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %S/Inputs/truncate.py %S/Inputs/annotated.c %t -- %proact-cc | %FileCheck %s
// CHECK: prefixes compiled or were rejected without a crash
// CHECK-NOT: CRASH
