/* The part of omp_unstructured in a second file: a loop that finds the
 * arrays the first file's 'target enter data' mapped. */
void omp_unstructured_other(double *a, const double *c, long n, long r);

void omp_unstructured_other(double *a, const double *c, long n, long r) {
#pragma omp target teams distribute parallel for
  for (long i = 0; i < n; i++)
    a[i] = a[i] * 0.75 + c[(i + r) % n] * 0.125;
}
