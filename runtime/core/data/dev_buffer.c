/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
#include "dev_buffer.h"

#include <stdlib.h>

#include "dev.h"
#include "log.h"

static pthread_mutex_t registry_lock = PTHREAD_MUTEX_INITIALIZER;
static proact__dev_buffer_t *registry;

static void dev_buffers_free(void) {
  for (proact__dev_buffer_t *b = registry; b != NULL; b = b->next)
    for (int d = 0; d <= PROACT__DEV_MAX; d++) {
      if (d == PROACT__DEV_MAX)
        free(b->ptr[d]);
      else
        proact__dev_free(d, b->ptr[d], b->bytes[d]);
      b->ptr[d] = NULL;
      b->bytes[d] = 0;
    }
}

/* b->lock held. */
static void dev_buffer_register(proact__dev_buffer_t *b) {
  pthread_mutex_lock(&registry_lock);
  if (registry == NULL)
    atexit(dev_buffers_free);
  b->next = registry;
  registry = b;
  b->registered = 1;
  pthread_mutex_unlock(&registry_lock);
}

/* A new device buffer whose first zero_head bytes are 0; NULL on failure. */
static void *dev_buffer_alloc(int dev, size_t bytes, size_t zero_head) {
  void *ptr, *zero;
  if (proact__dev_alloc(dev, bytes, &ptr) != PROACT_OK)
    return NULL;
  if (zero_head == 0)
    return ptr;
  zero = calloc(1, zero_head);
  if (zero == NULL ||
      proact__dev_copy_to_dev(dev, ptr, zero, zero_head) != PROACT_OK ||
      proact__dev_sync_dev(dev) != PROACT_OK) {
    free(zero);
    proact__dev_free(dev, ptr, bytes);
    return NULL;
  }
  free(zero);
  return ptr;
}

char *proact__dev_buffer_get(proact__dev_buffer_t *b, int dev, size_t bytes) {
  const int host = dev < 0 || dev >= proact__dev_count();
  const int slot = host ? PROACT__DEV_MAX : dev;
  char *got;
  void *ptr;

  pthread_mutex_lock(&b->lock);
  if (!b->registered)
    dev_buffer_register(b);
  if (b->bytes[slot] < bytes) {
    ptr = host ? calloc(1, bytes) : dev_buffer_alloc(dev, bytes, b->zero_head);
    if (ptr == NULL) {
      pthread_mutex_unlock(&b->lock);
      return NULL;
    }
    if (host)
      free(b->ptr[slot]);
    else
      proact__dev_free(dev, b->ptr[slot], b->bytes[slot]);
    proact__info(PROACT__SUBSYS_PART, "%s on device %d: %zu bytes", b->what,
                 dev, bytes);
    b->ptr[slot] = ptr;
    b->bytes[slot] = bytes;
  }
  got = b->ptr[slot];
  pthread_mutex_unlock(&b->lock);
  return got;
}
