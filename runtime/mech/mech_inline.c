/* The inline mechanism: the lowering's forwarding kernel writes every
 * store to the consumers' copies as it makes it (the readiness state's
 * forwards; its blocks report to no counter). Nothing runs beside the
 * kernels; when they have completed, every push is delivered. */
#include "loop.h"
#include "mech.h"

const proact__mech_ops_t proact__mech_inline_ops = {
    .id = PROACT_MECH_INLINE,
    .ready_mode = PROACT__READY_INLINE,
    .setup = proact__mech_push_setup,
    .drain = proact__mech_push_drain_in_kernel,
    .cleanup = proact__mech_push_cleanup,
};
