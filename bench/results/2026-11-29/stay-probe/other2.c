void other_loop(double *a, long n) {
#pragma omp target teams distribute parallel for
  for (long i = 0; i < n; i++)
    a[i] = a[i] * 0.75 + (double)((i * 7) % 5);
}
void other_update(double *a, long n) {
#pragma omp target update from(a[0:n])
}
