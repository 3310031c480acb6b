/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* The memcpy mechanism (the baseline), lazy and consumer-driven.
 *
 * Region replicas are not pushed anywhere after a loop. Instead the core
 * (loop.c, loop_begin) pulls, before the kernels, exactly the bytes each
 * part reads or writes and its device lacks, peer to peer from a device
 * that holds them, and marks them valid there (validity.h). This mechanism's
 * drain only records the outcome of the kernels: each part's write spans
 * are now valid on exactly its device; no copy. A neighbour's halo thus
 * moves once, when a later loop reads it, and a device that does not read
 * the data never receives it. The host gets the values at the region's end
 * (copy/copyout), gathered from the valid devices (replica.c).
 *
 * Loop-only (implicit) replicas, created for a loop outside any region that
 * holds the array, keep the eager behaviour: each part's written spans are
 * copied device to host here, then the replicas are freed.
 *
 * Until the Clang plugin lists the loads (nreads == 0), a loop that reads an
 * array another device wrote reads stale data: the plugin must list every
 * load of a region array. */
#include <stdlib.h>

#include "dev.h"
#include "check.h"
#include "loop.h"
#include "validity.h"
#include "mech.h"

/* One part's written span: back to the host for loop-only replicas (sets
 * *copied), else a change of owner in the validity map (the host, for a
 * distributed array, no longer holds it either). */
static proact_status_t memcpy_xfer(const proact__loop_t *loop,
                                   const proact__loop_xfer_t *x,
                                   int *copied_p,
                                   proact__validity_mark_t *marks,
                                   int *nmarks) {
  proact__present_t *entry = x->entry;
  int src = loop->plan->devs[x->part];

  if (entry->implicit) {
    *copied_p = 1;
    return proact__dev_copy_to_hosts(
        x->host_lo, src, proact__present_dev_addr(entry, src, x->host_lo),
        (size_t)(x->host_hi - x->host_lo));
  }
  /* A single replica is always the valid one. */
  if (!proact__present_tracked(entry))
    return PROACT_OK;
  marks[(*nmarks)++] = (proact__validity_mark_t){
      entry->valid,
      {(uint64_t)(x->host_lo - entry->host_lo),
       (uint64_t)(x->host_hi - entry->host_lo),
       proact__present_holders(entry, src)}};
  return PROACT_OK;
}

/* Each part's write spans become valid on its device alone (on every
 * device of a unified entry, which share its memory): one pass per map
 * (the spans of different parts are disjoint). */
proact_status_t proact__mech_memcpy_drain(proact__loop_t *loop) {
  proact_status_t status = PROACT_OK;
  int copied = 0, nmarks = 0;
  proact__validity_mark_t *marks =
      malloc((size_t)(loop->plan->nxfers + 1) * sizeof(*marks));

  if (marks == NULL)
    return PROACT_ERR_NO_MEMORY;
  for (int i = 0; i < loop->plan->nxfers; i++)
    PROACT_CHECK_GOTO(memcpy_xfer(loop, &loop->plan->xfers[i], &copied,
                                  marks, &nmarks),
                      status, err_sync);
  PROACT_CHECK_GOTO(proact__validity_apply_marks(marks, nmarks, 0), status,
                    err_sync);
  free(marks);
  return copied ? proact__dev_sync_all() : PROACT_OK;

err_sync:
  free(marks);
  /* Do not leave copies in flight on memory the caller may free. */
  if (copied)
    PROACT_CHECK_KEEP(proact__dev_sync_all(), status);
  return status;
}

/* No plan, no agent, nothing held between loop_begin and loop_end. It
 * runs every loop, so it is the last choice of auto and of a fallback. */
const proact__mech_ops_t proact__mech_memcpy_ops = {
    .id = PROACT_MECH_MEMCPY,
    .auto_rank = 1,
    .fallback_rank = 1,
    .drain = proact__mech_memcpy_drain,
};
