// Spread mode: 'target enter data' and 'target exit data' become
// PROACT's unstructured mappings (proact__omp_enter_data and
// proact__omp_exit_data, which hand OpenMP the sections it holds itself);
// a loop whose body indexes a pointer that no map and no spread data
// region around it names spreads where the runtime finds the pointer's
// array mapped (proact__omp_found) and is the OpenMP construct elsewhere.
// A 'target exit data' left to OpenMP for its nowait first exits the
// sections PROACT holds (proact__omp_exit_counted), then runs as a hand-off
// (PROACT__STAY_HANDOFF, 4) that waits for itself (nowait, 1).
// RUN: not %proact-cc -DBAD -fsyntax-only -fplugin-arg-proact-openmp=spread -fplugin-arg-proact-Ropenmp-spread %s 2>&1 | %FileCheck %s --implicit-check-not=remark: --implicit-check-not=error: --implicit-check-not=warning:
// RUN: %proact-offload-cc -Wno-unused-command-line-argument -O1 -S -emit-llvm --offload-host-only -fplugin-arg-proact-openmp=spread %s -o - | %FileCheck %s --check-prefix=IR
// RUN: %proact-offload-cc -Wno-unused-command-line-argument -O1 -S -emit-llvm --offload-host-only %s -o - | %FileCheck %s --check-prefix=OFF
// OFF-NOT: proact__
// IR-DAG: call {{.*}}i32 @proact__omp_enter_data_abi{{[0-9]+}}(
// IR-DAG: call {{.*}}i32 @proact__omp_exit_data_abi{{[0-9]+}}(
// IR-DAG: call {{.*}}i32 @proact__omp_found_abi{{[0-9]+}}(ptr noundef %{{[0-9a-z]+}}, i64 noundef 8)
// IR-DAG: call {{.*}}i64 @proact__omp_found_lo_abi{{[0-9]+}}(ptr noundef %{{[0-9a-z]+}}, i64 noundef 8)
// IR-DAG: call {{.*}}i64 @proact__omp_found_len_abi{{[0-9]+}}(ptr noundef %{{[0-9a-z]+}}, i64 noundef 8)
// IR-DAG: @proact__loop_begin_abi
// The exit data with nowait stays OpenMP's: flags nowait (1) and hand-off (4).
// IR-DAG: @proact__omp_exit_counted_abi{{[0-9]+}}(ptr {{.*}}, i32 noundef -1, i32 noundef 1, i32 noundef 0)
// IR-DAG: @proact__omp_stay_begin_abi{{[0-9]+}}(ptr {{.*}}, i32 noundef 53, i32 noundef -1, i32 noundef 5)
// The construct a spread enter hands what is OpenMP's to (line 30), and an
// exit of scalars alone (line 55): PROACT__STAY_HANDOFF (4), no stay work.
// IR-DAG: @proact__omp_stay_begin_abi{{[0-9]+}}(ptr {{.*}}, i32 noundef 30, i32 noundef -1, i32 noundef 4)
// IR-DAG: @proact__omp_stay_begin_abi{{[0-9]+}}(ptr {{.*}}, i32 noundef 55, i32 noundef -1, i32 noundef 4)

void init(long n, double *a, double *b, float *c) {
  // CHECK: [[@LINE+1]]:1: remark: '#pragma omp target enter data' spreads over the devices as PROACT mappings held until 'target exit data' [proact:openmp-spread]
#pragma omp target enter data map(to: a[0:n], b[1:n - 1]) map(alloc: c[0:n])
}

// The loop finds a mapped where the runtime says so.
void compute(long n, double *a) {
  // CHECK: [[@LINE+1]]:1: remark: '#pragma omp target teams distribute parallel for' spreads over the devices as PROACT loop where a data region or 'target enter data' holds 'a' when it runs (elsewhere OpenMP's construct) [proact:openmp-spread]
#pragma omp target teams distribute parallel for
  for (long k = 0; k < n; k++)
    a[k] = a[k] * 2;
}

void finalize(long n, double *a, double *b, float *c) {
  // CHECK: [[@LINE+1]]:1: remark: '#pragma omp target exit data' spreads over the devices as PROACT end of 'target enter data' mappings [proact:openmp-spread]
#pragma omp target exit data map(from: a[0:n]) map(release: b[1:n - 1]) map(delete: c[0:n])
  // In a spread data region it spreads too (an enter of an array the
  // region holds counts one more mapping).
  // CHECK: [[@LINE+1]]:1: remark: '#pragma omp target data' spreads over the devices as PROACT data region [proact:openmp-spread]
#pragma omp target data map(tofrom: a[0:n])
  {
    // CHECK: [[@LINE+1]]:1: remark: '#pragma omp target enter data' spreads over the devices as PROACT mappings held until 'target exit data' [proact:openmp-spread]
#pragma omp target enter data map(to: a[0:n])
  }
  // CHECK: [[@LINE+1]]:1: remark: '#pragma omp target exit data' stays on one device, as OpenMP says: 'nowait' makes it asynchronous; remove it to spread [proact:openmp-spread]
#pragma omp target exit data map(from: a[0:n]) nowait
  // CHECK: [[@LINE+1]]:1: remark: '#pragma omp target exit data' stays on one device, as OpenMP says: it maps no array section [proact:openmp-spread]
#pragma omp target exit data map(from: n)
#ifdef BAD
  // Map types the construct does not take: OpenMP's parser reports them.
  // CHECK: [[@LINE+2]]:1: remark: '#pragma omp target enter data' stays on one device, as OpenMP says: map(from: ...); only to and alloc spread [proact:openmp-spread]
  // CHECK: [[@LINE+1]]:31: error: map type 'from' is not allowed for '#pragma omp target enter data'
#pragma omp target enter data map(from: a[0:n])
#endif
}
