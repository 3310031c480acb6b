/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* The persistent host threads that run transfer agents: the poll agent of
 * a host-offload device (host/agent_host.c) and the dma mechanism's agent
 * (runtime/mech/mech_dma.c). One thread per role and device, created on
 * first use, named "proact-<role>-<dev>" so profilers and debuggers show
 * it, handed one job per loop execution and joined when the process exits:
 * a loop pays an uncontended mutex instead of a thread's creation and
 * join (and a wake-up only when the thread has been idle long enough to
 * sleep: agent_thread.c). */
#ifndef PROACT_DEV_AGENT_THREAD_H
#define PROACT_DEV_AGENT_THREAD_H

#include <stdint.h>

#include "clock.h"
#include "proact/status.h"

typedef struct proact__agent_thread proact__agent_thread_t;

/* Runs fn(arg) on the thread *thread_p (the one of role and dev; created,
 * named and stored there when *thread_p is NULL), and returns without
 * waiting for it. PROACT_ERR_DEVICE or PROACT_ERR_NO_MEMORY when the
 * thread cannot be created or the process is exiting (logged with the
 * cause, or, when pthread_create fails, only recorded as the last error
 * for the caller's fatal message); PROACT_ERR_INVALID_PARAM while it still
 * runs the job posted
 * before (no job is queued behind another). */
proact_status_t proact__agent_thread_post(proact__agent_thread_t **thread_p,
                                          const char *role, int dev,
                                          void (*fn)(void *), void *arg);

/* Blocks until the job posted last on thread has returned (at once when
 * none is pending). */
void proact__agent_thread_wait(proact__agent_thread_t *thread);

/* Whether the process is exiting: a job that waits for the kernels checks
 * it beside its watchdog and returns at once, so that exit (a fatal error
 * among them) never waits for a chunk that will not come. */
int proact__agent_thread_quitting(void);

/* An agent's watchdog while it waits for a chunk: it counts from the later
 * of its last chunk (*last_p) and the end of the part's kernel, which the
 * part's host thread signals in *kernel_done (NULL: counted from the start;
 * *ended remembers that it was seen), so a kernel that runs long is not a
 * stall. Returns whether timeout_ns have passed since. */
static inline int proact__agent_stalled(volatile int *kernel_done, int *ended,
                                        uint64_t *last_p,
                                        uint64_t timeout_ns) {
  const uint64_t now = proact__now_ns();
  if (!*ended && (kernel_done == NULL ||
                  __atomic_load_n(kernel_done, __ATOMIC_ACQUIRE))) {
    *ended = 1;
    if (kernel_done != NULL && *last_p < now)
      *last_p = now;
  }
  return *ended && now - *last_p > timeout_ns;
}

#endif
