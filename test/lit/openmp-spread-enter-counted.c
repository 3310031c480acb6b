// Spread mode: a 'target enter data' left to OpenMP only by its nowait,
// depend, device or if clause still tells PROACT what it maps
// (proact__omp_enter_counted, with the device and the condition evaluated
// once, before the construct that then reads them), so that a section
// PROACT holds counts one more mapping, as OpenMP counts it. The map-type
// modifiers close and present change nothing there; any other (always)
// makes such a section an error (the call's last argument).
// RUN: %proact-cc -fsyntax-only -fplugin-arg-proact-openmp=spread -fplugin-arg-proact-Ropenmp-spread %s 2>&1 | %FileCheck %s --implicit-check-not=remark: --implicit-check-not=error: --implicit-check-not=warning:
// RUN: %proact-offload-cc -Wno-unused-command-line-argument -O1 -S -emit-llvm --offload-host-only -fplugin-arg-proact-openmp=spread %s -o - | %FileCheck %s --check-prefix=IR
// IR-COUNT-6: call void @proact__omp_enter_counted_abi{{[0-9]+}}({{.*}}, i32 noundef 0)
// IR: call {{.*}}@proact__omp_stay_begin_abi
// IR: call void @proact__omp_enter_counted_abi{{[0-9]+}}({{.*}}, i32 noundef 1)
// IR-NOT: call void @proact__omp_enter_counted_abi
// IR: call {{.*}}i32 @proact__omp_exit_data_abi

int side(void);

void f(long n, double *a, int d) {
  // CHECK: [[@LINE+1]]:1: remark: '#pragma omp target enter data' spreads over the devices as PROACT mappings held until 'target exit data' [proact:openmp-spread]
#pragma omp target enter data map(to: a[0:n])
  // CHECK: [[@LINE+1]]:1: remark: '#pragma omp target enter data' stays on one device, as OpenMP says: 'nowait' makes it asynchronous; remove it to spread [proact:openmp-spread]
#pragma omp target enter data map(to: a[0:n]) nowait
  // CHECK: [[@LINE+1]]:1: remark: '#pragma omp target enter data' stays on one device, as OpenMP says: 'depend' makes it asynchronous; remove it to spread [proact:openmp-spread]
#pragma omp target enter data map(to: a[0:n]) depend(out: a[0]) nowait
  // CHECK: [[@LINE+1]]:1: remark: '#pragma omp target enter data' stays on one device, as OpenMP says: 'device(...)' names one device; remove it to spread over all [proact:openmp-spread]
#pragma omp target enter data map(alloc: a[0:n]) device(d)
  // The condition (with a side effect) is evaluated once.
  // CHECK: [[@LINE+1]]:1: remark: '#pragma omp target enter data' stays on one device, as OpenMP says: 'if(...)' may run it on the host instead; remove it to spread [proact:openmp-spread]
#pragma omp target enter data map(to: a[0:n]) if(target enter data: side() > 4)
  // A conditional expression's ':' is no modifier's.
  // CHECK: [[@LINE+1]]:1: remark: '#pragma omp target enter data' stays on one device, as OpenMP says: 'if(...)' may run it on the host instead; remove it to spread [proact:openmp-spread]
#pragma omp target enter data map(to: a[0:n]) if(n > 2 ? d : 0)
  // CHECK: [[@LINE+1]]:1: remark: '#pragma omp target enter data' stays on one device, as OpenMP says: map(close , to: ...) has a map-type modifier; only to and alloc spread [proact:openmp-spread]
#pragma omp target enter data map(close, to: a[0:n])
  // CHECK: [[@LINE+1]]:1: remark: '#pragma omp target enter data' stays on one device, as OpenMP says: map(always , to: ...) has a map-type modifier; only to and alloc spread [proact:openmp-spread]
#pragma omp target enter data map(always, to: a[0:n])
  // CHECK: [[@LINE+1]]:1: remark: '#pragma omp target exit data' spreads over the devices as PROACT end of 'target enter data' mappings [proact:openmp-spread]
#pragma omp target exit data map(delete: a[0:n])
}
