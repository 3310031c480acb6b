/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* Plans kept between executions of a loop site (PROACT_PLAN_CACHE). An
 * iterative solver runs the same loops again and again on the same
 * sections: their plans are then the same, and building one costs more
 * per device than the rest of the host's work for the loop. A plan is a
 * function of the loop's descriptor (sizes, sections, subscripts,
 * clauses), of its arrays' region entries as the plan found them (which
 * entries, and how the last loop that wrote each was split: AMGE) and of
 * the balance's current shares; everything else it reads is fixed once
 * the devices are up. So a kept plan is reused when all three match,
 * compared whole, never by a hash alone. Plans that depend on more (AMGE
 * comparing splits by where the data lies, distributed arrays' windows,
 * loop-only replicas made afresh each execution) are not kept. */
#ifndef PROACT_CORE_PLAN_CACHE_H
#define PROACT_CORE_PLAN_CACHE_H

#include "plan.h"
#include "presence.h"

/* Plans kept per loop site at most: a site run on swapped arrays
 * alternates between two; the least recently used goes first. */
#define PROACT__PLAN_CACHE_PER_SITE 4

/* The kept plan of desc's site whose descriptor key equals desc's, now in
 * use; NULL when there is none (or PROACT_PLAN_CACHE is 0). */
const proact__plan_t *proact__plan_cache_take(const proact__loop_desc_t *desc);

/* Whether plan, just taken, holds for entries (the arrays' region
 * entries, NULL where none) and the balance's shares now; if not, it is
 * dropped and freed, and the caller builds another. */
int proact__plan_cache_holds(const proact__plan_t *plan,
                             const proact__loop_desc_t *desc,
                             proact__present_t *const *entries);

/* Keeps plan, just built for desc over entries (before
 * proact__plan_mark_entries changed them), where nothing else decided
 * it; it is then in use. */
void proact__plan_cache_keep(proact__plan_t *plan,
                             const proact__loop_desc_t *desc,
                             proact__present_t *const *entries);

/* The execution is over: plan is idle again, freed if it is not kept. */
void proact__plan_release(const proact__plan_t *plan);

#endif
