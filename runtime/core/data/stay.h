/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* OpenMP target constructs that stay on one device while data regions hold
 * arrays (stay.c; the generated code's calls are in codegen.h). */
#ifndef PROACT_CORE_STAY_H
#define PROACT_CORE_STAY_H

/* +1 while PROACT's own target regions run (a loop's kernels), -1 after:
 * the OMPT callbacks then leave target constructs alone. */
void proact__stay_pause(int delta);

#endif
