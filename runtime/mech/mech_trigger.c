/* The trigger mechanism: the team whose block brings a chunk's counter to
 * zero pushes the chunk itself, inside the kernel (proact/detail/
 * device_ready.h). Nothing runs beside the kernels, so there is nothing to
 * arm; when they have completed, every push is delivered. */
#include "loop.h"
#include "mech.h"

const proact__mech_ops_t proact__mech_trigger_ops = {
    .id = PROACT_MECH_TRIGGER,
    .ready_mode = PROACT__READY_TRIGGER,
    .setup = proact__mech_push_setup,
    .drain = proact__mech_push_drain_in_kernel,
    .cleanup = proact__mech_push_cleanup,
};
