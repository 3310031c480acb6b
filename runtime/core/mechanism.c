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
