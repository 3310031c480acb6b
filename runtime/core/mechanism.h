/* The interface the core drives a transfer mechanism through (UCX's
 * uct_iface_ops_t model). The mechanisms live in the layer above
 * (runtime/mech) and register their tables here, so the core never names
 * one. Every op is called on the thread that runs the loop. setup, arm and
 * cleanup may be NULL where a mechanism has nothing to do then, so that
 * no table carries an op that does nothing; drain may not. */
#ifndef PROACT_CORE_MECHANISM_H
#define PROACT_CORE_MECHANISM_H

#include "proact.h"

typedef struct proact__loop proact__loop_t;

typedef struct proact__mech_ops {
  proact_mech_t id;
  /* The readiness protocol its kernels run (PROACT__READY_*), -1 for none:
   * the lowering's instrumented kernels report to the agent this names. */
  int ready_mode;
  /* loop_begin, after the parts and write spans are known. */
  proact_status_t (*setup)(proact__loop_t *loop);
  /* Before part's kernel is launched. */
  proact_status_t (*arm)(proact__loop_t *loop, int part);
  /* loop_end, after every kernel completed: delivers what remains and
   * records where the written values now are. For region replicas, the
   * part's device must end up in the validity map of each byte it wrote
   * (memcpy: as its only device; the core pulls what later loops read, in
   * loop_begin); for loop-only replicas the host must be current when it
   * returns. */
  proact_status_t (*drain)(proact__loop_t *loop);
  /* Releases what setup acquired; after drain. */
  proact_status_t (*cleanup)(proact__loop_t *loop);
} proact__mech_ops_t;

/* Makes ops the table of mechanism ops->id (called by each mechanism when
 * the library loads). */
void proact__mech_register(const proact__mech_ops_t *ops);

/* The table of mech (a concrete mechanism, not auto); ends the program
 * when none was registered. */
const proact__mech_ops_t *proact__mech_ops(proact_mech_t mech);

#endif
