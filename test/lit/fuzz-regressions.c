// Every input under test/fuzz/regressions/ once crashed the plugin (found
// by fuzzing, test/fuzz/): compiled as the fuzz target does, each must be
// compiled or rejected with diagnostics.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %S/Inputs/fuzz_replay.py %S/../fuzz/regressions %t -- %proact-cc | %FileCheck %s
// CHECK: fuzz regressions compiled or were rejected without a crash
// CHECK-NOT: CRASH
