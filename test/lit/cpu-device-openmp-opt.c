// A CPU device's optimised pass of a file with PROACT loops runs without
// LLVM's OpenMPOpt (clang-ext/lowering/device_inline.cpp): its work is for
// GPUs, and on x86 it cost about a fifth of the pass. A file without
// PROACT loops, a GPU's pass and a user's own -mllvm choice keep it.
// RUN: %proact-cc -O2 -fopenmp-targets=x86_64-pc-linux-gnu --offload-device-only -c %s -o %t.o -mllvm -print-changed=quiet 2> %t.plain
// RUN: %FileCheck %s --check-prefix=KEPT < %t.plain
// RUN: %proact-cc -O2 -DWITH_PROACT -fopenmp-targets=x86_64-pc-linux-gnu --offload-device-only -c %s -o %t.o -mllvm -print-changed=quiet 2> %t.proact
// RUN: %FileCheck %s --check-prefix=OFF --allow-empty < %t.proact
// RUN: %proact-cc -O2 -DWITH_PROACT -fopenmp-targets=x86_64-pc-linux-gnu --offload-device-only -c %s -o %t.o -mllvm -openmp-opt-disable=false -mllvm -print-changed=quiet 2> %t.user
// RUN: %FileCheck %s --check-prefix=KEPT < %t.user
// RUN: %proact-cc -O2 -DWITH_PROACT --offload-arch=sm_90 --offload-device-only -nogpulib --cuda-path=%t.nocuda -Xclang -target-feature -Xclang +ptx78 -S %s -o %t.s -mllvm -print-changed=quiet 2> %t.ptx
// RUN: %FileCheck %s --check-prefix=KEPT < %t.ptx
// UNSUPPORTED: clang16
// KEPT: IR Dump After OpenMPOpt
// OFF-NOT: IR Dump After OpenMPOpt
#include <omp.h>

void plain(int *a) {
#pragma omp target map(tofrom : a[0 : 8])
  {
#pragma omp parallel num_threads(2)
    a[omp_get_thread_num()] = omp_get_num_threads();
  }
}

#ifdef WITH_PROACT
#include <proact.h>
void scale(long n, double *x) {
#pragma proact region(x[0:n])
  for (long i = 0; i < n; i++)
    x[i] *= 2;
}
#endif
