/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* PROACT_MEMORY=unified: the hints a loop gives the driver about its
 * arrays in shared memory (unified.h). */
#ifndef PROACT_CORE_UNIFIED_PLACE_H
#define PROACT_CORE_UNIFIED_PLACE_H

#include "loop.h"

/* The hints of a loop about to run, from its write spans and the reads
 * pull.c recorded; waits for the prefetches it issued. */
void proact__unified_place(const proact__loop_t *loop);

#endif
