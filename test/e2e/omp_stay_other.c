/* The part of omp_stay built without spread mode: its target constructs
 * run on the default device and find the arrays of the caller's data
 * region present there. */
void omp_stay_other(double *a, long n, long r);
double omp_stay_other_peek(double *a, long n);
void omp_stay_other_nowait(double *a, long n);
void omp_stay_other_exit(double *a, long n, int nowait);

void omp_stay_other(double *a, long n, long r) {
#pragma omp target teams distribute parallel for
  for (long i = 0; i < n; i++)
    a[i] = a[i] * 0.75 + (double)((i * 7 + r) % 5);
}

/* The host's copy of a is current only after the update. */
double omp_stay_other_peek(double *a, long n) {
  double s = 0;
#pragma omp target update from(a[0:n])
  for (long i = 0; i < n; i++)
    s += a[i] * (double)(i % 11);
  return s;
}

void omp_stay_other_nowait(double *a, long n) {
#pragma omp target teams distribute parallel for nowait
  for (long i = 0; i < n; i++)
    a[i] = a[i] + 1;
#pragma omp taskwait
}

/* Spread mode would have to end the caller's spread mapping here; with
 * nowait the error arises inside the task that taskwait runs. */
void omp_stay_other_exit(double *a, long n, int nowait) {
  if (!nowait) {
#pragma omp target exit data map(from: a[0:n])
  } else {
#pragma omp target exit data map(from: a[0:n]) nowait
#pragma omp taskwait
  }
}
