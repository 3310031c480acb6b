/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* Device memory a loop's kernels use beside its arrays (the reductions'
 * scratch, the array reductions' copies): one buffer per device, and one in
 * host memory for loops that fall back to the host, grown when a loop needs
 * more and kept until exit, since a solver's loops run many times and a
 * device allocation costs more than most kernels. */
#ifndef PROACT_CORE_DEV_BUFFER_H
#define PROACT_CORE_DEV_BUFFER_H

#include <pthread.h>
#include <stddef.h>

#include "param.h"

typedef struct proact__dev_buffer {
  const char *what; /* for PROACT_DEBUG: "reduction scratch on device 0" */
  size_t zero_head; /* bytes at the start that read 0 in a new buffer */
  pthread_mutex_t lock;
  char *ptr[PROACT__DEV_MAX + 1]; /* slot PROACT__DEV_MAX: the host */
  size_t bytes[PROACT__DEV_MAX + 1];
  struct proact__dev_buffer *next; /* the buffers freed at exit */
  int registered;
} proact__dev_buffer_t;

#define PROACT__DEV_BUFFER_INIT(what, zero_head)                              \
  { (what), (zero_head), PTHREAD_MUTEX_INITIALIZER, {0}, {0}, NULL, 0 }

/* dev's buffer of at least bytes (dev outside the devices: the host's);
 * NULL when out of memory. A grown buffer does not keep its contents. */
char *proact__dev_buffer_get(proact__dev_buffer_t *b, int dev, size_t bytes);

#endif
