/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* OpenMP target constructs that stay on one device while data regions hold
 * arrays (stay.c; the generated code's calls are in codegen.h). */
#ifndef PROACT_CORE_STAY_H
#define PROACT_CORE_STAY_H

/* +1 while PROACT's own target regions run (a loop's kernels), -1 after:
 * the OMPT callbacks then leave target constructs alone. */
void proact__stay_pause(int delta);

/* Called where a data region places arrays on ndevs devices, the first
 * dev: warns once when target constructs outside spread mode cannot be
 * followed there (libomptarget not connected to PROACT's OMPT tool). */
void proact__stay_check_followed(const char *file, int line, int ndevs,
                                 int dev);

/* NULL when the target constructs of code built without spread mode are
 * followed (through OMPT); else why not, for the info report. dev is a
 * device of this process, set up already. */
const char *proact__stay_unfollowed_why(int dev);

#endif
