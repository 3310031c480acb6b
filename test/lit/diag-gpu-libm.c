// <complex.h> functions have no version in clang's (16, 22) NVPTX OpenMP device
// library: a loop calling one failed at the device link, with no location
// and clang's crash banner. For an NVIDIA target (the host pass with
// nvptx offload targets, or the nvptx device pass) each call is an error
// at its place; other offload targets build it.
// RUN: not %proact-cc --offload-arch=sm_80 -Wno-unknown-cuda-version --offload-host-only -fsyntax-only %s 2>&1 | %FileCheck %s --implicit-check-not=error:
// RUN: not %proact-cc --offload-arch=sm_80 -Wno-unknown-cuda-version --offload-device-only -nogpulib -fsyntax-only %s 2>&1 | %FileCheck %s --implicit-check-not=error:
// RUN: %proact-offload-cc -Wno-unused-command-line-argument -fsyntax-only %s
#include <proact.h>
#include <complex.h>
#include <math.h>

void f(int n, double complex *z, double *r) {
#pragma proact region(z[0:n], r[0:n])
  for (int i = 0; i < n; i++)
    r[i] = cabs(z[i]) + creal(cexpf((float complex)z[i])) + hypot(creal(z[i]), cimag(z[i]));
}
// CHECK: diag-gpu-libm.c:[[#@LINE-2]]:12: error: 'cabs' has no NVIDIA GPU version in clang's OpenMP device library: the device link of this loop would fail; compute it from creal/cimag
// CHECK: diag-gpu-libm.c:[[#@LINE-3]]:31: error: 'cexpf' has no NVIDIA GPU version
// CHECK: 2 errors generated
