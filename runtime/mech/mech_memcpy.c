/* The memcpy mechanism (the baseline): after every kernel finished, copy
 * each part's written span to every other replica of the array, device to
 * device, or to the host for loop-only replicas; then wait. */
#include "../../libomptarget-plugin/dev.h"
#include "../base/check.h"
#include "../core/loop.h"
#include "mech.h"

static proact_status_t memcpy_setup(proact__loop_t *loop) {
  (void)loop;
  return PROACT_OK;
}

static proact_status_t memcpy_arm(proact__loop_t *loop, int part) {
  (void)loop;
  (void)part;
  return PROACT_OK;
}

static proact_status_t memcpy_xfer(const proact__loop_t *loop,
                                   const proact__loop_xfer_t *x) {
  const proact__present_t *entry = x->entry;
  int src = loop->devs[x->part];
  void *src_ptr = proact__present_dev_addr(entry, src, x->host_lo);
  size_t bytes = (size_t)(x->host_hi - x->host_lo);

  if (entry->implicit)
    return proact__dev_copy_to_host(x->host_lo, src, src_ptr, bytes);
  /* Every replica of the region, also on devices outside this loop. */
  for (int i = 0; i < entry->ndevs; i++) {
    int dst = entry->devs[i];
    if (dst != src)
      PROACT_CHECK(proact__dev_copy_peer(
          dst, proact__present_dev_addr(entry, dst, x->host_lo), src,
          src_ptr, bytes));
  }
  return PROACT_OK;
}

static proact_status_t memcpy_drain(proact__loop_t *loop) {
  proact_status_t status = PROACT_OK;
  for (int i = 0; i < loop->nxfers; i++)
    PROACT_CHECK_GOTO(memcpy_xfer(loop, &loop->xfers[i]), status, err_sync);
  return proact__dev_sync_all();

err_sync:
  /* Do not leave copies in flight on memory the caller may free. */
  PROACT_CHECK_KEEP(proact__dev_sync_all(), status);
  return status;
}

static proact_status_t memcpy_cleanup(proact__loop_t *loop) {
  (void)loop;
  return PROACT_OK;
}

const proact__mech_ops_t proact__mech_memcpy_ops = {
    .name = "memcpy",
    .setup = memcpy_setup,
    .arm = memcpy_arm,
    .progress = proact__mech_stub_progress, /* no agent */
    .drain = memcpy_drain,
    .cleanup = memcpy_cleanup,
};
