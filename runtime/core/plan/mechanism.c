/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* The registry of mechanism ops tables (mechanism.h). */
#include "error_report.h"
#include "mechanism.h"

static const proact__mech_ops_t *registered[PROACT_MECH_COUNT_];

void proact__mech_register(const proact__mech_ops_t *ops) {
  if ((int)ops->id < 0 || ops->id >= PROACT_MECH_COUNT_ || ops->drain == NULL)
    proact__fatal(NULL, 0, 0, "invalid table of transfer mechanism %d: an "
                  "id out of range or no drain", (int)ops->id);
  registered[ops->id] = ops;
}

const proact__mech_ops_t *proact__mech_ops(proact_mech_t mech) {
  if ((int)mech < 0 || mech >= PROACT_MECH_COUNT_ || !registered[mech])
    proact__fatal(NULL, 0, 0, "no transfer mechanism '%s' in this build",
                  proact_mech_name(mech));
  return registered[mech];
}

int proact__mech_built(const proact__loop_desc_t *desc,
                       const proact__mech_ops_t *ops) {
  return !(desc->mechs_left_out & (1u << ops->id));
}

const proact__mech_ops_t *proact__mech_best(const proact__loop_desc_t *desc,
                                            int by_fallback,
                                            const proact__mech_ops_t *except) {
  const proact__mech_ops_t *best = NULL;
  int best_rank = 0;
  for (int m = 0; m < PROACT_MECH_COUNT_; m++) {
    const proact__mech_ops_t *ops = registered[m];
    const char *why = NULL;
    int rank;
    if (ops == NULL || ops == except)
      continue;
    rank = by_fallback ? ops->fallback_rank : ops->auto_rank;
    if (rank <= best_rank || !proact__mech_built(desc, ops) ||
        (ops->can_run != NULL && !ops->can_run(desc, &why)))
      continue;
    best = ops;
    best_rank = rank;
  }
  return best;
}

const proact__mech_ops_t *proact__mech_baseline(void) {
  for (int m = 0; m < PROACT_MECH_COUNT_; m++)
    if (registered[m] != NULL && !(registered[m]->caps & PROACT__MECH_CAP_PUSH))
      return registered[m];
  proact__fatal(NULL, 0, 0, "no transfer mechanism without pushes in this "
                "build");
}
