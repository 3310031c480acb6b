/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* The loads the kernels check themselves (read_check.c): those whose index
 * is not affine or that may not run at every iteration. */
#ifndef PROACT_CORE_READ_CHECK_H
#define PROACT_CORE_READ_CHECK_H

#include "loop.h"

/* After part's kernel: reads what its read checks recorded. */
void proact__read_check_collect(proact__loop_t *loop, int part);

/* After every part's: stops the program with an error naming the first
 * part's failing load, if any. */
void proact__read_check_report(const proact__loop_t *loop);

#endif
