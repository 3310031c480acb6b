/* A loop's plan (plan.h), built before anything moves. */
#include "amge.h"
#include "balance.h"
#include "mech_choice.h"
#include "plan.h"
#include "rank.h"

/* The shares per device of BLOCK loops of this trip count on these
 * devices (balance.h), or NULL for equal parts: when balancing is off, with
 * one part, or when an array is distributed (a moved boundary would grow
 * the windows, and near a device's capacity that may not fit). */
static proact__balance_t *loop_balance(const proact__loop_t *loop,
                                       const proact__loop_desc_t *desc,
                                       proact__present_t *const *entries) {
  for (int a = 0; a < desc->narrays; a++)
    if (entries[a] != NULL && entries[a]->distribute)
      return NULL;
  /* Shares measured on each rank's clock would differ between ranks, and
   * every rank must split each loop the same way. */
  if (proact__rank_count() > 1)
    return NULL;
  return proact__balance_of(desc->trip, loop->nparts, loop->devs);
}

void proact__plan_build(proact__loop_t *loop, const proact__loop_desc_t *desc,
                        proact__present_t *const *entries) {
  loop->balance = loop_balance(loop, desc, entries);
  if (loop->balance != NULL)
    proact__balance_shares(loop->balance, &loop->shares);
  proact__plan_geometry(loop, desc);
  if (loop->decomp_auto && loop->nparts > 1 &&
      proact__amge_choose(loop, desc, entries))
    proact__plan_geometry(loop, desc);
  proact__plan_writes(loop, desc, entries);
  proact__mech_check_plan(loop, desc);
  for (int x = 0; x < loop->nxfers; x++) { /* AMGE's next candidates */
    loop->xfers[x].entry->last_decomp = loop->decomp;
    loop->xfers[x].entry->last_block = loop->decomp_block;
  }
}
