/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* The trigger mechanism: the team whose block brings a chunk's counter to
 * zero pushes the chunk itself, inside the kernel (proact/detail/
 * device_ready.h). Nothing runs beside the kernels, so there is nothing to
 * arm; when they have completed, every push is delivered. */
#include "loop.h"
#include "mech.h"

static proact_status_t trigger_setup(proact__loop_t *loop) {
  return proact__mech_push_setup(loop, PROACT__READY_TRIGGER);
}

/* It runs wherever kernels do, so it is what auto picks without an agent
 * and what a mechanism that cannot run falls back to. */
const proact__mech_ops_t proact__mech_trigger_ops = {
    .id = PROACT_MECH_TRIGGER,
    .caps = PROACT__MECH_CAP_PUSH,
    .auto_rank = 2,
    .fallback_rank = 2,
    .setup = trigger_setup,
    .part_kernel = proact__mech_push_part_kernel,
    .drain = proact__mech_push_drain_in_kernel,
    .cleanup = proact__mech_push_cleanup,
};
