/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* The exit status of a program whose PROACT output was lost
 * (output_status.h). */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "output_status.h"
#include "param.h"

enum { OUTPUT_KINDS = 8 };

static pthread_mutex_t output_lock = PTHREAD_MUTEX_INITIALIZER;
static const char *output_reported[OUTPUT_KINDS];
static int output_failures;

/* Registered before any output's own handler, so that it runs after them
 * all: exit's status cannot be read here, so a run that lost output ends
 * with 1 after stdio's buffers are written. */
static void output_exit(void) {
  if (__atomic_load_n(&output_failures, __ATOMIC_ACQUIRE) == 0 ||
      !proact__param_get(PROACT__PARAM_OUTPUT_STRICT)->i)
    return;
  fflush(NULL);
  _exit(1);
}

__attribute__((constructor(PROACT__CTOR_PARAMS))) static void
output_register(void) {
  atexit(output_exit);
}

void proact__output_failed(const char *what, const char *path, int err) {
  int first = 1;
  pthread_mutex_lock(&output_lock);
  for (int i = 0; i < OUTPUT_KINDS && output_reported[i] != NULL; i++)
    first &= strcmp(output_reported[i], what) != 0;
  for (int i = 0; first && i < OUTPUT_KINDS; i++)
    if (output_reported[i] == NULL) {
      output_reported[i] = what;
      break;
    }
  __atomic_fetch_add(&output_failures, 1, __ATOMIC_RELEASE);
  pthread_mutex_unlock(&output_lock);
  if (first)
    fprintf(stderr,
            "proact: error: writing %s to '%s' failed: %s; %s\n", what, path,
            strerror(err),
            proact__param_get(PROACT__PARAM_OUTPUT_STRICT)->i
                ? "the program's exit status will be 1 when it ends by "
                  "exit() or by returning from main (PROACT_OUTPUT_STRICT=0 "
                  "keeps its own)"
                : "PROACT_OUTPUT_STRICT=0 keeps the program's exit status");
}
