/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* The thread that drives PROACT (owner.h). */
#include <pthread.h>

#include "error_report.h"
#include "owner.h"
#include "rank.h"

static pthread_mutex_t owner_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_t owner;
static int owner_depth; /* loops, regions and updates under way */
static const char *owner_file, *owner_what;
static int owner_line;

void proact__owner_enter(const char *file, int line, int col,
                         const char *what) {
  pthread_mutex_lock(&owner_lock);
  if (owner_depth > 0 && !pthread_equal(owner, pthread_self())) {
    const char *held_what = owner_what, *held_file = owner_file;
    int held_line = owner_line;
    pthread_mutex_unlock(&owner_lock);
    proact__fatal_busy(file, line, col,
                  "this %s runs on a second thread while another thread is "
                  "inside PROACT (its %s at %s:%d): the loops, data regions "
                  "and updates of a process run on one thread at a time; "
                  "hand the work over once the other thread's data regions "
                  "have ended, or use one process per thread (MPI ranks)",
                  what, held_what, held_file != NULL ? held_file : "?",
                  held_line);
  }
  proact__rank_context(file, line);
  if (owner_depth++ == 0) {
    owner = pthread_self();
    owner_file = file;
    owner_line = line;
    owner_what = what;
  }
  pthread_mutex_unlock(&owner_lock);
}

void proact__owner_leave(void) {
  pthread_mutex_lock(&owner_lock);
  if (owner_depth > 0)
    owner_depth--;
  pthread_mutex_unlock(&owner_lock);
}

int proact__owner_elsewhere(void) {
  int other;
  pthread_mutex_lock(&owner_lock);
  other = owner_depth > 0 && !pthread_equal(owner, pthread_self());
  pthread_mutex_unlock(&owner_lock);
  return other;
}
