/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* The monotonic clock the runtime times loops, kernels and agents with. */
#ifndef PROACT_BASE_CLOCK_H
#define PROACT_BASE_CLOCK_H

#include <stdint.h>
#include <time.h>

static inline uint64_t proact__now_ns(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

#endif
