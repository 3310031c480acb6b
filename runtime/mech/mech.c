/* The mechanism registry and the stubs for ops a mechanism lacks. Only
 * memcpy is implemented; the others are listed so that mech(...) names map
 * one to one onto proact_mech_t and fail clearly. */
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

#define PROACT_MECH_UNIMPLEMENTED_(id, label)                                 \
  static const proact__mech_ops_t id = {                                      \
      .name = label,                                                          \
      .setup = proact__mech_stub_setup,                                       \
      .arm = proact__mech_stub_arm,                                           \
      .progress = proact__mech_stub_progress,                                 \
      .drain = proact__mech_stub_drain,                                       \
      .cleanup = proact__mech_stub_cleanup,                                   \
  }

PROACT_MECH_UNIMPLEMENTED_(mech_inline_ops, "inline");
PROACT_MECH_UNIMPLEMENTED_(mech_poll_ops, "poll");
PROACT_MECH_UNIMPLEMENTED_(mech_trigger_ops, "trigger");
PROACT_MECH_UNIMPLEMENTED_(mech_dma_ops, "dma");
/* auto is resolved to a real mechanism before the registry is used. */
PROACT_MECH_UNIMPLEMENTED_(mech_auto_ops, "auto");

const proact__mech_ops_t *const proact__mechs[PROACT_MECH_COUNT_] = {
    [PROACT_MECH_MEMCPY] = &proact__mech_memcpy_ops,
    [PROACT_MECH_INLINE] = &mech_inline_ops,
    [PROACT_MECH_POLL] = &mech_poll_ops,
    [PROACT_MECH_TRIGGER] = &mech_trigger_ops,
    [PROACT_MECH_DMA] = &mech_dma_ops,
    [PROACT_MECH_AUTO] = &mech_auto_ops,
};

const char *proact_mech_name(proact_mech_t mech) {
  if ((int)mech < 0 || mech >= PROACT_MECH_COUNT_)
    return "unknown";
  return proact__mechs[mech]->name;
}
