/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* Waiting with a deadline by polling: the waits between ranks use it, so
 * that a peer that died or stalled ends the wait with a message instead of
 * a hang. Header-only, so that a transport module built apart from
 * libproact (libproact-mpi.so) shares it without linking the layer. */
#ifndef PROACT_BASE_POLL_WAIT_H
#define PROACT_BASE_POLL_WAIT_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <time.h>

#include "clock.h"

/* One look at what is awaited: 0 when it is done, 1 when it is not yet,
 * -1 when it failed, with the cause in why (len bytes: "WHAT: cause"). */
typedef int (*proact__poll_func_t)(void *arg, const char *what, char *why,
                                   size_t len);

/* Calls poll(arg, what, why, len) until it returns 0 or -1, and returns
 * that; once it has answered 1 for timeout_s seconds, returns 1 with
 * "WHAT: nothing for N s" in why. why may be NULL for a poll that never
 * fails, where the caller words the time-out itself. Between looks it sleeps from 1 us, doubling
 * up to about 1 ms, so that a waiting thread leaves the cores to the
 * threads and ranks it waits for, yet sees a quick answer soon. */
static inline int proact__poll_wait(proact__poll_func_t poll, void *arg,
                                    double timeout_s, const char *what,
                                    char *why, size_t len) {
  const uint64_t deadline =
      proact__now_ns() +
      (uint64_t)(timeout_s > 0 ? timeout_s * 1e9 : 0.0);
  long nap = 1000;
  for (;;) {
    int rc = poll(arg, what, why, len);
    if (rc != 1)
      return rc;
    if (proact__now_ns() > deadline) {
      if (why != NULL)
        snprintf(why, len, "%s: nothing for %g s", what, timeout_s);
      return 1;
    }
    struct timespec ts = {0, nap};
    nanosleep(&ts, NULL);
    if (nap < 1000000)
      nap *= 2;
  }
}

#endif
