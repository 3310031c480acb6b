/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* OpenMP target constructs that stay on one device while data regions hold
 * arrays (stay.c; the generated code's calls are in codegen.h). */
#ifndef PROACT_CORE_STAY_H
#define PROACT_CORE_STAY_H

#include "presence.h"

/* +1 while PROACT's own target regions run (a loop's kernels), -1 after:
 * the OMPT callbacks then leave target constructs alone. */
void proact__stay_pause(int delta);

/* A spread construct at file:line:col finds entry present for
 * name[lo:len]: an error when the entry was mapped for another OpenMP
 * default device than the current one. */
void proact__stay_same_device(const proact__present_t *entry,
                              const char *name, long long lo, long long len,
                              const char *file, int line, int col);

#endif
