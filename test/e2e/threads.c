/* PROACT from two POSIX threads: threads MODE. "handoff": one thread's
 * data region and loops end before the other's start, which works and
 * prints the sum; "concurrent": the second thread starts a data region
 * while the first holds one, which must stop with the one-thread rule. */
#include <proact.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { N = 100000 };

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t cond = PTHREAD_COND_INITIALIZER;
static int first_inside; /* the first thread holds its data region */

static double work(double *a, double *b, int hold) {
  double sum = 0;
#pragma proact data copy(a[0:N]) copyin(b[0:N])
  {
#pragma proact region(a[0:N], b[0:N])
    for (long i = 1; i < N - 1; i++)
      a[i] = 0.5 * (b[i - 1] + b[i + 1]);
    if (hold) { /* tell the other thread, then wait for it forever */
      pthread_mutex_lock(&lock);
      first_inside = 1;
      pthread_cond_broadcast(&cond);
      while (1)
        pthread_cond_wait(&cond, &lock);
    }
  }
  for (long i = 0; i < N; i++)
    sum += a[i];
  return sum;
}

typedef struct job {
  double *a, *b, sum;
  int hold, wait_first;
} job_t;

static void *run(void *arg) {
  job_t *j = arg;
  if (j->wait_first) {
    pthread_mutex_lock(&lock);
    while (!first_inside)
      pthread_cond_wait(&cond, &lock);
    pthread_mutex_unlock(&lock);
  }
  j->sum = work(j->a, j->b, j->hold);
  return NULL;
}

int main(int argc, char **argv) {
  const int concurrent = argc > 1 && strcmp(argv[1], "concurrent") == 0;
  job_t jobs[2];
  pthread_t t[2];
  for (int k = 0; k < 2; k++) {
    jobs[k].a = calloc(N, sizeof(double));
    jobs[k].b = malloc(N * sizeof(double));
    if (!jobs[k].a || !jobs[k].b)
      return 2;
    for (long i = 0; i < N; i++)
      jobs[k].b[i] = (double)((i * (k + 3)) % 17);
    jobs[k].hold = concurrent && k == 0;
    jobs[k].wait_first = concurrent && k == 1;
  }
  for (int k = 0; k < 2; k++) {
    if (pthread_create(&t[k], NULL, run, &jobs[k]) != 0)
      return 2;
    if (!concurrent)
      pthread_join(t[k], NULL);
  }
  if (concurrent)
    for (int k = 0; k < 2; k++)
      pthread_join(t[k], NULL);
  for (int k = 0; k < 2; k++) { /* the sequential program's sum */
    double ref = 0, *b = jobs[k].b;
    for (long i = 0; i < N; i++)
      ref += i == 0 || i == N - 1 ? 0.0 : 0.5 * (b[i - 1] + b[i + 1]);
    if (ref != jobs[k].sum) {
      printf("thread %d: sum %.17g, sequential %.17g\n", k, jobs[k].sum, ref);
      return 1;
    }
  }
  printf("sums %.1f %.1f, as the sequential program's\n", jobs[0].sum,
         jobs[1].sum);
  return 0;
}
