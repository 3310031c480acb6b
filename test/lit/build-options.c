// The plugin arguments that choose a loop's kernels (docs/user/building.md,
// "Plugin arguments"). -fplugin-arg-proact-read-check=on keeps the checked
// loads' lengths the sections' own, =off checks no load; the descriptor's
// read_check tells the runtime which (PROACT__READ_CHECK_*).
// -fplugin-arg-proact-mechanisms=LIST emits only the kernels its mechanisms
// need (memcpy's plain kernel always; poll, trigger and dma the instrumented
// one; inline the forwarding one) and names the others in mechs_left_out
// (bit 1 << proact_mech_t). Clang applies plugin arguments only when it
// parses, hence -fsyntax-only and -ast-print.
// RUN: %proact-cc -fplugin-arg-proact-read-check=on -fsyntax-only -Xclang -ast-print %s 2>/dev/null | %FileCheck --check-prefix=ON %s
// RUN: %proact-cc -fplugin-arg-proact-read-check=off -fsyntax-only -Xclang -ast-print %s 2>/dev/null | %FileCheck --check-prefix=OFF %s
// RUN: %proact-cc -fplugin-arg-proact-read-check=runtime -fsyntax-only -Xclang -ast-print %s 2>/dev/null | %FileCheck --check-prefix=RUNTIME %s
// RUN: %proact-cc -fplugin-arg-proact-mechanisms=memcpy -fsyntax-only -Xclang -ast-print %s 2>/dev/null | %FileCheck --check-prefix=MEMCPY %s
// RUN: %proact-cc -fplugin-arg-proact-mechanisms=memcpy,dma -fsyntax-only -Xclang -ast-print %s 2>/dev/null | %FileCheck --check-prefix=DMA %s
// RUN: %proact-cc -fplugin-arg-proact-mechanisms=inline -fsyntax-only -Xclang -ast-print %s 2>/dev/null | %FileCheck --check-prefix=INLINE %s
// RUN: %proact-cc -fsyntax-only -Xclang -ast-print %s 2>/dev/null | %FileCheck --check-prefix=ALL %s
// RUN: not %proact-cc -fplugin-arg-proact-read-check=maybe -fsyntax-only %s 2>&1 | %FileCheck --check-prefix=BAD %s
// RUN: not %proact-cc -fplugin-arg-proact-mechanisms=memcpy,pol -fsyntax-only %s 2>&1 | %FileCheck --check-prefix=BADMECH %s
// RUN: not %proact-cc -fplugin-arg-proact-mechanisms=auto -fsyntax-only %s 2>&1 | %FileCheck --check-prefix=BADAUTO %s
#include <proact.h>

void guarded(long n, double *u, double *v) {
#pragma proact region(u[0:n], v[0:n])
  for (long i = 0; i < n; i++)
    v[i] = u[i] + (i > 0 ? u[i - 1] : 0.);
}
// ON-LABEL: void guarded(
// ON: __proact_desc.read_check = 1;
// ON-NOT: __proact_cln0
// ON: (long long)(i - 1), __proact_plo0, __proact_plen0, __proact_rf, 0, (long long)(i))) : 0.);
// ON: proact__loop_end(__proact_loop);
// OFF-LABEL: void guarded(
// OFF: __proact_desc.read_check = 2;
// OFF-NOT: proact__read_at
// OFF-NOT: __proact_rf
// OFF: v[i] = u[i] + (i > 0 ? u[i - 1] : 0.);
// OFF: proact__loop_end(__proact_loop);
// RUNTIME-LABEL: void guarded(
// RUNTIME: __proact_desc.read_check = 0;
// RUNTIME: const long long __proact_cln0 = __proact_rf != 0 ? __proact_plen0 : -1LL;
// RUNTIME: (long long)(i - 1), __proact_plo0, __proact_cln0, __proact_rf, 0, (long long)(i))) : 0.);
// RUNTIME-NOT: v[i] = u[i] + (i > 0 ? u[i - 1] : 0.);
// RUNTIME: proact__loop_end(__proact_loop);

void scale(long n, double *u, double *v) {
#pragma proact region(u[0:n], v[0:n])
  for (long i = 0; i < n; i++)
    v[i] = 2. * u[i];
}
// MEMCPY-LABEL: void scale(
// MEMCPY: __proact_desc.mechs_left_out = 30U;
// MEMCPY-NOT: if ((__proact_fwd & 1)
// MEMCPY-NOT: if (__proact_rd != 0 &&
// MEMCPY: proact__loop_end(__proact_loop);
// DMA-LABEL: void scale(
// DMA: __proact_desc.mechs_left_out = 2U;
// DMA-NOT: if ((__proact_fwd & 1)
// DMA: if (__proact_rd != 0 &&
// DMA: proact__loop_end(__proact_loop);
// INLINE-LABEL: void scale(
// INLINE: __proact_desc.mechs_left_out = 28U;
// INLINE: if ((__proact_fwd & 1)
// INLINE-NOT: if (__proact_rd != 0 &&
// INLINE: proact__loop_end(__proact_loop);
// ALL-LABEL: void scale(
// ALL: __proact_desc.mechs_left_out = 0U;
// ALL: if ((__proact_fwd & 1)
// ALL: if (__proact_rd != 0 &&
// ALL: proact__loop_end(__proact_loop);

// A loop that stores to no region array has the plain kernel alone, which
// serves every mechanism: nothing is left out.
void sum(long n, double *u, double *s) {
#pragma proact region(u[0:n]) reduction(+: s[0:1])
  for (long i = 0; i < n; i++)
    s[0] += u[i];
}
// MEMCPY-LABEL: void sum(
// MEMCPY: __proact_desc.mechs_left_out = 0U;

// BAD: error: invalid value 'maybe' of PROACT plugin argument 'read-check': expected runtime, on or off
// BADMECH: error: invalid value 'pol' of PROACT plugin argument 'mechanisms': expected a comma-separated list of memcpy, inline, poll, trigger, dma
// BADAUTO: error: invalid value 'auto' of PROACT plugin argument 'mechanisms'
