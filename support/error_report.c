/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* Fatal errors: a user mistake in a pragma or an environment variable, or a
 * device failure the program cannot continue after. */
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

#include "error_report.h"

void (*proact__fatal_mirror)(const char *text);
void (*proact__fatal_abort)(void);

/* The message of a fatal error: to stderr, the last error and the log. */
static void fatal_report(const char *file, int line, int col, const char *fmt,
                         va_list ap) {
  char loc[512] = "";
  char msg[1024];

  if (file != NULL && col > 0)
    snprintf(loc, sizeof(loc), "%s:%d:%d: ", file, line, col);
  else if (file != NULL)
    snprintf(loc, sizeof(loc), "%s:%d: ", file, line);
  vsnprintf(msg, sizeof(msg), fmt, ap);

  proact__set_last_error("%s%s", loc, msg);
  fprintf(stderr, "proact: error: %s%s\n", loc, msg);
  fflush(stderr);
  if (proact__fatal_mirror != NULL) {
    /* The log file, when there is one, should end with why the program
     * ended. */
    char text[1600];
    snprintf(text, sizeof(text), "%s%s", loc, msg);
    proact__fatal_mirror(text);
  }
}

static atomic_int fatal_entered;
static pthread_t fatal_thread;

/* exit() from two threads at once runs the exit handlers twice (a crash):
 * the first fatal error ends the process and the other threads wait for
 * it, for at most 5 s in case a handler needs a lock a waiting thread
 * holds. Returns nonzero for a fatal error raised by an exit handler of
 * the thread already exiting, which must not wait for itself. */
static int fatal_enter(void) {
  int expected = 0;
  if (atomic_compare_exchange_strong(&fatal_entered, &expected, 1)) {
    fatal_thread = pthread_self();
    return 0;
  }
  if (pthread_equal(fatal_thread, pthread_self()))
    return 1;
  for (int i = 0; i < 50; i++) {
    const struct timespec tick = {0, 100000000};
    nanosleep(&tick, NULL);
  }
  _exit(EXIT_FAILURE);
}

/* Exit handlers that never return must not keep the program alive after
 * an error: libomp's waits forever when exit() runs inside an OpenMP task
 * (an error raised in an OMPT callback of a deferred target construct). */
static void *fatal_watchdog(void *arg) {
  struct timespec left = {10, 0};
  (void)arg;
  while (nanosleep(&left, &left) != 0) {
  }
  fputs("proact: error: the program's exit handlers did not finish within "
        "10 s of the error above; ending it without them\n",
        stderr);
  _exit(EXIT_FAILURE);
  return NULL;
}

void proact__fatal(const char *file, int line, int col, const char *fmt,
                   ...) {
  va_list ap;
  pthread_t watchdog;
  const int nested = fatal_enter();
  va_start(ap, fmt);
  fatal_report(file, line, col, fmt, ap);
  va_end(ap);
  if (proact__fatal_abort != NULL)
    proact__fatal_abort();
  if (nested)
    _exit(EXIT_FAILURE);
  if (pthread_create(&watchdog, NULL, fatal_watchdog, NULL) == 0)
    pthread_detach(watchdog);
  exit(EXIT_FAILURE);
}

/* After the report: the abort hook, then the end of the process without
 * exit's handlers; flush: the program's streams first. */
static _Noreturn void fatal_quit(int flush) {
  if (proact__fatal_abort != NULL)
    proact__fatal_abort();
  if (flush)
    fflush(NULL);
  _exit(EXIT_FAILURE);
}

void proact__fatal_busy(const char *file, int line, int col, const char *fmt,
                        ...) {
  va_list ap;
  (void)fatal_enter();
  va_start(ap, fmt);
  fatal_report(file, line, col, fmt, ap);
  va_end(ap);
  fatal_quit(1);
}

void proact__fatal_hung(const char *file, int line, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  fatal_report(file, line, 0, fmt, ap);
  va_end(ap);
  fatal_quit(0);
}
