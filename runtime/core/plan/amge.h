/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* decompose(auto): AMGE's policy, the decomposition that moves the least.
 * The candidates are BLOCK and each BLOCK_CYCLIC split that last wrote an
 * array the loop reads; each is scored by the bytes its parts would have
 * to pull for their reads (what their devices lack now, from the validity
 * maps); the least wins, BLOCK on a tie. */
#ifndef PROACT_CORE_AMGE_H
#define PROACT_CORE_AMGE_H

#include "plan.h"

/* Chooses plan->decomp and plan->decomp_block for a loop whose
 * decomposition is auto, with plan->nparts and entries known (and split as
 * BLOCK). Returns 1 when it weighed other splits, after which the caller
 * must split the iterations again; 0 when BLOCK was the only candidate and
 * nothing changed (the common case: no array it reads was last written
 * block-cyclically). */
int proact__amge_choose(proact__plan_t *plan, const proact__loop_desc_t *desc,
                        proact__present_t *const *entries);

#endif
