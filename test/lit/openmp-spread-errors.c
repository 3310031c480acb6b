// Spread mode: an OpenMP target construct that stays on one device inside
// a spread 'target data' region works (the region's arrays are copied to
// its device and back, stay.c), with a remark saying so; 'target enter
// data' and 'target exit data' that stay OpenMP's there are errors, since
// their mappings would outlive the region (spread ones are PROACT's). An
// unknown value of the argument is an error.
// RUN: not %proact-cc -fsyntax-only -fplugin-arg-proact-openmp=spread %s 2>&1 | %FileCheck %s --implicit-check-not=error: --implicit-check-not=note: --implicit-check-not=remark:
// RUN: not %proact-cc -fsyntax-only -fplugin-arg-proact-openmp=spread -fplugin-arg-proact-Ropenmp-spread %s 2>&1 | %FileCheck %s --check-prefix=REMARK
// RUN: not %proact-cc -fsyntax-only -fplugin-arg-proact-openmp=spreads %s 2>&1 | %FileCheck %s --check-prefix=ARG
// ARG: error: invalid value 'spreads' of PROACT plugin argument 'openmp': expected spread or off

void f(long n, double *a, double *b) {
  double x = 0;
  // CHECK-DAG: [[@LINE+1]]:1: note: the spread 'target data' region begins here
#pragma omp target data map(tofrom: a[0:n], b[0:n])
  {
    // REMARK: [[@LINE+1]]:1: remark: this OpenMP target construct stays on one device inside a spread 'target data' region: around it the region's arrays are copied whole to its device and taken back from there; make it spread to save the copies [proact:openmp-spread]
#pragma omp target teams distribute parallel for nowait
    for (long k = 0; k < n; k++)
      a[k] += b[k];
#pragma omp taskwait
    // REMARK: [[@LINE+1]]:1: remark: this OpenMP target construct stays on one device inside a spread 'target data' region
#pragma omp target teams distribute parallel for map(tofrom: x)
    for (long k = 0; k < n; k++)
      x = a[k];
    // CHECK-DAG: [[@LINE+1]]:1: error: this '#pragma omp target enter data' stands in a spread 'target data' region, whose arrays live on every device: its mappings would outlive the region; move it out of the region
#pragma omp target enter data map(to: a[0:n]) device(0)
    // CHECK-DAG: [[@LINE+1]]:1: error: this '#pragma omp target exit data' stands in a spread 'target data' region
#pragma omp target exit data map(from: a[0:n]) depend(in: x)
    // Spread constructs are fine.
#pragma omp target enter data map(to: a[0:n])
#pragma omp target exit data map(release: a[0:n])
#pragma omp target teams distribute parallel for
    for (long k = 0; k < n; k++)
      b[k] = a[k];
#pragma omp target update from(b[0:n])
  }
  // After the region the construct is no error.
#pragma omp target teams distribute parallel for map(tofrom: a[0:n]) nowait
  for (long k = 0; k < n; k++)
    a[k] += 1;
#pragma omp taskwait
}
