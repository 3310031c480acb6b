// Spread mode: the code that replaces the OpenMP constructs draws none of
// the user's warnings either, whatever switches the file's own code is
// clean under: -Weverything but what this code draws itself (clang's
// -Wc++-keyword at OpenMP's clause words `private` and `delete` among
// them; clang 16 has no such switch). PROACT's remarks on what spreads,
// not asked for, stay off. A private() copy hides the outer variable as
// OpenMP's does, without -Wshadow.
// RUN: %proact-offload-cc -std=c11 -fplugin-arg-proact-openmp=spread -Weverything -Wno-unsafe-buffer-usage -Wno-missing-prototypes -Wno-source-uses-openmp -Wno-unknown-warning-option -Wno-c++-keyword -Werror -Wno-unused-command-line-argument -c %s -o %t.o
// RUN: %proact-cc -std=c11 -fplugin-arg-proact-openmp=spread -Weverything -Wno-unsafe-buffer-usage -Wno-missing-prototypes -Wno-source-uses-openmp -Wno-unknown-warning-option -Wno-c++-keyword -Werror -fsyntax-only %s
// RUN: %seq-cc -std=c11 -fopenmp -Weverything -Wno-unsafe-buffer-usage -Wno-missing-prototypes -Wno-source-uses-openmp -Wno-unknown-warning-option -Wno-c++-keyword -Werror -fsyntax-only %s
#include <proact.h>

double smooth(long n, double *u, double *v, double *w) {
  double t = 0.5, sum = 0.0;
#pragma omp target enter data map(to: u[0:n]) map(alloc: v[0:n])
#pragma omp target data map(tofrom: w[0:n])
  {
#pragma omp target teams distribute parallel for private(t)
    for (long i = 1; i < n - 1; i++) {
      t = u[i - 1] + u[i + 1];
      v[i] = 0.5 * t;
    }
#pragma omp target teams distribute parallel for reduction(+: sum)
    for (long i = 0; i < n; i++) {
      w[i] = v[i] * t;
      sum += w[i];
    }
#pragma omp target update from(v[0:n])
  }
#pragma omp target exit data map(from: v[0:n]) map(delete: u[0:n])
  return sum + t;
}
