/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* Whether PROACT sees the OpenMP target constructs of code built without
 * spread mode: its OMPT tool (stay.c) must have started, and libomptarget
 * must report to it. */
#ifndef PROACT_CORE_OMPT_FOLLOW_H
#define PROACT_CORE_OMPT_FOLLOW_H

#include <omp-tools.h>

/* From the tool's initializer: libomp started it. */
void proact__ompt_follow_started(void);

/* From the tool's initializer, after the target callbacks were set:
 * registers the data-op callback the probe watches. */
void proact__ompt_follow_register(ompt_set_callback_t set);

/* Called where a data region or an enter places arrays on ndevs devices,
 * the first dev: warns once when target constructs outside spread mode
 * cannot be followed there (libomptarget not connected to the tool). */
void proact__ompt_follow_check(const char *file, int line, int ndevs,
                                 int dev);

/* NULL when the target constructs of code built without spread mode are
 * followed (through OMPT); else why not, for the info report. dev is a
 * device of this process, set up already. */
const char *proact__ompt_follow_why(int dev);

#endif
