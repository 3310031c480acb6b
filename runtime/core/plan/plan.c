/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* A loop's plan (plan.h), built before anything moves. */
#include <stdlib.h>

#include "amge.h"
#include "error_report.h"
#include "balance.h"
#include "mech_choice.h"
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

void proact__plan_build(proact__plan_t *plan, const proact__loop_desc_t *desc,
                        proact__present_t *const *entries) {
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
