/* The trigger mechanism: the team whose block brings a chunk's counter to
 * zero pushes the chunk itself, inside the kernel (proact/detail/
 * device_ready.h). Nothing runs beside the kernels, so there is nothing to
 * arm; when they have completed, every push is delivered. */
#include "clock.h"
#include "loop.h"
#include "mech.h"

static proact_status_t trigger_drain(proact__loop_t *loop) {
  const proact__agent_result_t none = {0, 0, 0, 0, 0};
  uint64_t t0 = proact__now_ns();

  for (int p = 0; p < loop->nparts; p++)
    if (proact__mech_push_active(loop, p))
      proact__mech_push_account(loop, p, &none);
  return proact__mech_push_finish(loop, t0);
}

const proact__mech_ops_t proact__mech_trigger_ops = {
    .id = PROACT_MECH_TRIGGER,
    .ready_mode = PROACT__READY_TRIGGER,
    .setup = proact__mech_push_setup,
    .drain = trigger_drain,
    .cleanup = proact__mech_push_cleanup,
};
