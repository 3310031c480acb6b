/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* A loop's plan (plan.h), built before anything moves. */
#include <stdlib.h>

#include "amge.h"
#include "balance.h"
#include "error_report.h"
#include "iterations.h"
#include "log.h"
#include "mech_choice.h"
#include "note_once.h"
#include "plan.h"
#include "rank.h"

/* The shares per device of BLOCK loops of this trip count on these
 * devices (balance.h), or NULL for equal parts: when balancing is off, with
 * one part, or when an array is distributed (a moved boundary would grow
 * the windows, and near a device's capacity that may not fit). */
static proact__balance_t *loop_balance(const proact__plan_t *plan,
                                       const proact__loop_desc_t *desc,
                                       proact__present_t *const *entries) {
  for (int a = 0; a < desc->narrays; a++)
    if (entries[a] != NULL && entries[a]->distribute)
      return NULL;
  /* Shares measured on each rank's clock would differ between ranks, and
   * every rank must split each loop the same way. */
  if (proact__rank_count() > 1)
    return NULL;
  return proact__balance_of(desc->trip, plan->nparts, plan->devs);
}

proact__plan_t *proact__plan_create(const proact__loop_desc_t *desc) {
  proact__plan_t *plan = calloc(1, sizeof(*plan));
  if (plan == NULL)
    proact__fatal(desc->file, desc->line, desc->col, "out of host memory");
  plan->file = desc->file;
  plan->line = desc->line;
  plan->col = desc->col;
  plan->trip = desc->trip;
  return plan;
}

void proact__plan_destroy(const proact__plan_t *plan) {
  if (plan == NULL)
    return;
  free(plan->xfers);
  free((void *)plan);
}

/* A collapsed nest runs its inner iterations on different threads where
 * the lowering proved, by name, that no load of a stored array reads
 * another element. Through a second name of the same memory (w2 = w,
 * w[j] = w2[j - 1] + ...) that proof says nothing, and the inner loop may
 * carry a dependence the runtime's checks, which compare iterations of
 * the annotated loop, do not see: such a loop runs in order. */
static int plan_serial(const proact__loop_desc_t *desc) {
  static proact__note_once_t notes;
  if (desc->inner_trip <= 1 || desc->nwrites == 0 ||
      !proact__loop_arrays_share(desc))
    return 0;
  if (proact__note_once(&notes, desc))
    proact__info(PROACT__SUBSYS_PART,
                 "%s:%d: two of the loop's region arrays share memory and "
                 "its inner loops are collapsed: PROACT cannot tell whether "
                 "an inner iteration reads what another stores, so the "
                 "loop runs in order on one thread of one device; name the "
                 "memory through one array", desc->file, desc->line);
  return 1;
}

void proact__plan_build(proact__plan_t *plan, const proact__loop_desc_t *desc,
                        proact__present_t *const *entries) {
  if ((plan->serial = plan_serial(desc)) != 0)
    plan->nparts = 1;
  plan->balance = loop_balance(plan, desc, entries);
  if (plan->balance != NULL)
    proact__balance_shares(plan->balance, &plan->shares);
  proact__plan_geometry(plan, desc);
  if (plan->decomp_auto && plan->nparts > 1 &&
      proact__amge_choose(plan, desc, entries)) {
    plan->by_placement = 1;
    proact__plan_geometry(plan, desc);
  }
  proact__plan_writes(plan, desc, entries);
  proact__mech_check_plan(plan, desc, entries);
}

void proact__plan_mark_entries(const proact__plan_t *plan) {
  for (int x = 0; x < plan->nxfers; x++) {
    plan->xfers[x].entry->last_decomp = plan->decomp;
    plan->xfers[x].entry->last_block = plan->decomp_block;
  }
}
