/* The mechanism registry (indexed by proact_mech_t) and the stubs for ops
 * a mechanism lacks. */
#include "mech.h"

proact_status_t proact__mech_stub_setup(proact__loop_t *loop) {
  (void)loop;
  return PROACT_ERR_UNSUPPORTED;
}

proact_status_t proact__mech_stub_arm(proact__loop_t *loop, int part) {
  (void)loop;
  (void)part;
  return PROACT_ERR_UNSUPPORTED;
}

proact_status_t proact__mech_stub_progress(proact__loop_t *loop) {
  (void)loop;
  return PROACT_ERR_UNSUPPORTED;
}

proact_status_t proact__mech_stub_drain(proact__loop_t *loop) {
  (void)loop;
  return PROACT_ERR_UNSUPPORTED;
}

proact_status_t proact__mech_stub_cleanup(proact__loop_t *loop) {
  (void)loop;
  return PROACT_ERR_UNSUPPORTED;
}

/* auto is resolved to a real mechanism before the registry is used
 * (loop.c); its entry only names it. */
static const proact__mech_ops_t mech_auto_ops = {
    .name = "auto",
    .setup = proact__mech_stub_setup,
    .arm = proact__mech_stub_arm,
    .progress = proact__mech_stub_progress,
    .drain = proact__mech_stub_drain,
    .cleanup = proact__mech_stub_cleanup,
};

const proact__mech_ops_t *const proact__mechs[PROACT_MECH_COUNT_] = {
    [PROACT_MECH_MEMCPY] = &proact__mech_memcpy_ops,
    [PROACT_MECH_INLINE] = &proact__mech_inline_ops,
    [PROACT_MECH_POLL] = &proact__mech_poll_ops,
    [PROACT_MECH_TRIGGER] = &proact__mech_trigger_ops,
    [PROACT_MECH_DMA] = &proact__mech_dma_ops,
    [PROACT_MECH_AUTO] = &mech_auto_ops,
};

const char *proact_mech_name(proact_mech_t mech) {
  if ((int)mech < 0 || mech >= PROACT_MECH_COUNT_)
    return "unknown";
  return proact__mechs[mech]->name;
}
