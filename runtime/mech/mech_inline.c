/* The inline mechanism: the lowering's forwarding kernel writes every
 * store to the consumers' copies as it makes it (the readiness state's
 * forwards; its blocks report to no counter). Nothing runs beside the
 * kernels; when they have completed, every push is delivered. */
#include "clock.h"
#include "loop.h"
#include "mech.h"

static proact_status_t inline_drain(proact__loop_t *loop) {
  const proact__agent_result_t none = {0, 0, 0, 0, 0};
  uint64_t t0 = proact__now_ns();

  for (int p = 0; p < loop->nparts; p++)
    if (proact__mech_push_active(loop, p))
      proact__mech_push_account(loop, p, &none);
  return proact__mech_push_finish(loop, t0);
}

const proact__mech_ops_t proact__mech_inline_ops = {
    .id = PROACT_MECH_INLINE,
    .ready_mode = PROACT__READY_INLINE,
    .setup = proact__mech_push_setup,
    .drain = inline_drain,
    .cleanup = proact__mech_push_cleanup,
};
