/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* Generic fallback backend: every copy through omp_target_memcpy, which
 * works for any libomptarget device (device to device it stages through the
 * host when the plugin cannot exchange data directly). Synchronous, so
 * sync_all has nothing to wait for. */
#include <omp.h>

#include "log.h"
#include "dev_ops.h"

static proact_status_t omp_copy(void *dst, const void *src, size_t bytes,
                                int dst_dev, int src_dev) {
  int rc = omp_target_memcpy(dst, src, bytes, 0, 0, dst_dev, src_dev);
  if (rc != 0) {
    proact__error("omp_target_memcpy from device %d to device %d failed: "
                  "returned %d",
                  src_dev, dst_dev, rc);
    return PROACT_ERR_DEVICE;
  }
  return PROACT_OK;
}

/* Each logical device's OpenMP device. */
static int omp_phys[PROACT__DEV_MAX];

static proact_status_t omp_open(int nlocal, const int *phys) {
  for (int dev = 0; dev < nlocal; dev++)
    omp_phys[dev] = phys[dev];
  return PROACT_OK;
}

static proact_status_t omp_probe(int ndev) {
  (void)ndev;
  return PROACT_OK;
}

static proact_status_t omp_copy_to_dev(int dev, void *dst, const void *src,
                                       size_t bytes) {
  return omp_copy(dst, src, bytes, omp_phys[dev],
                  omp_get_initial_device());
}

static proact_status_t omp_copy_to_host(void *dst, int dev, const void *src,
                                        size_t bytes) {
  return omp_copy(dst, src, bytes, omp_get_initial_device(),
                  omp_phys[dev]);
}

static proact_status_t omp_copy_peer(int dst_dev, void *dst, int src_dev,
                                     const void *src, size_t bytes) {
  return omp_copy(dst, src, bytes, omp_phys[dst_dev],
                  omp_phys[src_dev]);
}

const proact__dev_ops_t proact__dev_omp_ops = {
    .name = "omp",
    .probe = omp_probe,
    .open = omp_open,
    .copy_to_dev = omp_copy_to_dev,
    .copy_to_host = omp_copy_to_host,
    .copy_peer = omp_copy_peer,
    .sync_all = proact__dev_sync_nothing, /* omp_target_memcpy waits */
    .sync_dev = proact__dev_sync_dev_nothing,
    /* Device memory is not reachable from here: no host queue, no agent
     * (the agent mechanisms fall back, mech.c). */
    .host_alloc = NULL,
    .host_free = NULL,
    .agent_start = NULL,
    .agent_wait = NULL,
    /* No memory every device reaches at one address is known here:
     * PROACT_MEMORY=unified falls back to replicas (unified.c). */
    .shared_alloc = NULL,
    .shared_free = NULL,
};
