/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* Which transfer mechanism runs a loop, decided by asking the registered
 * ops tables (mechanism.h) what they can do, never by their names. */
#ifndef PROACT_CORE_MECH_CHOICE_H
#define PROACT_CORE_MECH_CHOICE_H

#include "plan.h"

/* Sets plan->mech: PROACT_MECH, else the loop's mech(...) clause (or what
 * a proact-tune profile baked in; docs/user/tuning.md). auto takes the
 * table of the highest auto_rank the loop was compiled for that can run
 * it. No transfers (PROACT_ELIDE), unified memory and a non-affine store
 * take the baseline, the table that does not push. A mechanism that cannot
 * run the loop (can_run) falls back, with a warning, to the table of the
 * highest fallback_rank that can; asking for a mechanism whose kernel the
 * build left out (-fplugin-arg-proact-mechanisms) is an error naming the
 * loop. */
void proact__mech_choose(proact__plan_t *plan,
                         const proact__loop_desc_t *desc);

/* Once the parts and write spans are known: a mechanism that cannot
 * deliver this plan exactly (plan_fits) gives the loop to what auto picks
 * without it, or, asked for by name, to the fallback; a warning when the
 * loop's own clause asked for it, else a note. entries: the region entry
 * of each array (NULL where it has none). */
void proact__mech_check_plan(proact__plan_t *plan,
                             const proact__loop_desc_t *desc,
                             proact__present_t *const *entries);

#endif
