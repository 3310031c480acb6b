/* Backend interface of the device layer (LLVM PluginInterface style: the
 * generic layer in dev.c checks arguments, the backend only acts). Internal
 * to libomptarget-plugin/. */
#ifndef PROACT_DEV_OPS_H
#define PROACT_DEV_OPS_H

#include <stddef.h>

#include "proact/status.h"

typedef struct proact__dev_ops {
  const char *name;
  /* Decides whether this backend drives OpenMP devices 0..ndev-1 and
   * prepares it: PROACT_OK: use it; PROACT_ERR_UNSUPPORTED: not these
   * devices, try the next backend; another error: these devices are of this
   * kind but cannot be driven here, use the generic fallback. */
  proact_status_t (*probe)(int ndev);
  proact_status_t (*copy_to_dev)(int dev, void *dst, const void *src,
                                 size_t bytes);
  proact_status_t (*copy_to_host)(void *dst, int dev, const void *src,
                                  size_t bytes);
  proact_status_t (*copy_peer)(int dst_dev, void *dst, int src_dev,
                               const void *src, size_t bytes);
  proact_status_t (*sync_all)(void);
} proact__dev_ops_t;

/* sync_all of backends whose copies are synchronous: nothing to wait for. */
proact_status_t proact__dev_sync_nothing(void);

extern const proact__dev_ops_t proact__dev_cuda_ops; /* cuda/dev_cuda.c */
extern const proact__dev_ops_t proact__dev_host_ops; /* host/dev_host.c */
extern const proact__dev_ops_t proact__dev_omp_ops;  /* dev_omp.c */

#endif
