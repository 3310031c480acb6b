/* Transfer mechanisms (UCX uct_iface_ops_t style): each implements one small
 * ops table; an op it lacks points to a named stub returning
 * PROACT_ERR_UNSUPPORTED. Main-thread ops (setup, arm, drain, cleanup) are
 * apart from the agent-side op (progress). */
#ifndef PROACT_MECH_H
#define PROACT_MECH_H

#include "proact.h"

typedef struct proact__mech_ops {
  const char *name;
  /* loop_begin, after the parts and write spans are known. */
  proact_status_t (*setup)(proact__loop_t *loop);
  /* Before part's kernel is launched. */
  proact_status_t (*arm)(proact__loop_t *loop, int part);
  /* Agent side: moves whatever chunks are ready; PROACT_IN_PROGRESS while
   * some are still expected. */
  proact_status_t (*progress)(proact__loop_t *loop);
  /* loop_end, after every kernel completed: delivers what remains and
   * records where the written values now are. For region replicas, the
   * part's device must end up in the validity map of each byte it wrote
   * (memcpy: as its only device; the core pulls what later loops read, in
   * loop_begin); for loop-only replicas the host must be current when it
   * returns. */
  proact_status_t (*drain)(proact__loop_t *loop);
  /* Releases what setup acquired. */
  proact_status_t (*cleanup)(proact__loop_t *loop);
} proact__mech_ops_t;

/* Indexed by proact_mech_t; every entry is non-NULL. */
extern const proact__mech_ops_t *const proact__mechs[PROACT_MECH_COUNT_];

proact_status_t proact__mech_stub_setup(proact__loop_t *loop);
proact_status_t proact__mech_stub_arm(proact__loop_t *loop, int part);
proact_status_t proact__mech_stub_progress(proact__loop_t *loop);
proact_status_t proact__mech_stub_drain(proact__loop_t *loop);
proact_status_t proact__mech_stub_cleanup(proact__loop_t *loop);

extern const proact__mech_ops_t proact__mech_memcpy_ops; /* mech_memcpy.c */
extern const proact__mech_ops_t proact__mech_poll_ops;   /* mech_push.c */
extern const proact__mech_ops_t proact__mech_trigger_ops;
extern const proact__mech_ops_t proact__mech_dma_ops;
extern const proact__mech_ops_t proact__mech_inline_ops;

#endif
