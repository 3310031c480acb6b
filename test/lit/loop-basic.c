// The loop directive becomes a host 'parallel for' over the device parts,
// each running one OpenMP target region, and the runtime calls around them.
// RUN: %proact-cc -E %s -o - | %FileCheck %s
#include <proact.h>

void smooth(int n, double *u, double *v) {
#pragma proact region(u[0:n], v[1:n-2])
  for (int i = 1; i < n - 1; i++)
    v[i] = (u[i - 1] + u[i] + u[i + 1]) / 3.0;
}
// CHECK: __proact_arrays[0].name = "u";
// CHECK: __proact_arrays[0].base = (void *)(u);
// CHECK: const long long __proact_lo1 =(long long)(1); const long long __proact_len1 =(long long)(n-2);
// CHECK: __proact_writes[0].array = 1;
// CHECK: __proact_writes[0].coef =(long long)(1);
// CHECK: __proact_desc.line = 7;
// CHECK: __proact_desc.first =(long long)( 1);
// CHECK: proact__trip_count(__proact_desc.first,(long long)( n - 1), __proact_desc.step, 0,
// CHECK: __proact_desc.mech = 0;
// CHECK: proact__loop_begin(&__proact_desc);
// CHECK: const int __proact_np = proact__loop_nparts(__proact_loop);
// CHECK: #pragma omp parallel for num_threads(__proact_np) schedule(static, 1) if(__proact_np > 1)
// CHECK: if (__proact_klo >= __proact_khi) continue;long long __proact_plo0, __proact_plen0; proact__loop_part_section(__proact_loop, __proact_p, 0, &__proact_plo0, &__proact_plen0);long long __proact_plo1, __proact_plen1; proact__loop_part_section(__proact_loop, __proact_p, 1, &__proact_plo1, &__proact_plen1);proact__loop_part_begin(__proact_loop, __proact_p);
// CHECK: #pragma omp target teams distribute parallel for device(__proact_dev) map(alloc: u[__proact_plo0:__proact_plen0], v[__proact_plo1:__proact_plen1])
// CHECK-NEXT: # 7
// CHECK-NEXT: for (int i=(int)(__proact_first + __proact_klo); i<=(int)(__proact_first + __proact_khi - 1); ++ i){
// CHECK: v[i] = (u[i - 1] + u[i] + u[i + 1]) / 3.0;
// CHECK: }proact__loop_part_end(__proact_loop, __proact_p);}
// CHECK-NOT: nowait
// CHECK: proact__loop_end(__proact_loop);
