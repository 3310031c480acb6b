/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* The presence table: a short list (one entry per live array section). */
#include <pthread.h>
#include <stddef.h>

#include "error_report.h"
#include "presence.h"
#include "proact.h"

static pthread_mutex_t present_lock = PTHREAD_MUTEX_INITIALIZER;
static proact__present_t *present_head;

proact__present_match_t proact__present_find(const char *lo, const char *hi,
                                             proact__present_t **entry_p) {
  proact__present_match_t match = PROACT__PRESENT_NONE;

  pthread_mutex_lock(&present_lock);
  for (proact__present_t *e = present_head; e != NULL; e = e->next) {
    if (lo >= e->host_lo && hi <= e->host_hi) {
      match = PROACT__PRESENT_CONTAINS;
      *entry_p = e;
      break;
    }
    if (lo < e->host_hi && e->host_lo < hi) {
      match = PROACT__PRESENT_PARTIAL;
      *entry_p = e; /* keep looking: a containing entry wins */
    }
  }
  pthread_mutex_unlock(&present_lock);
  return match;
}

void proact__present_insert(proact__present_t *entry) {
  pthread_mutex_lock(&present_lock);
  entry->next = present_head;
  present_head = entry;
  pthread_mutex_unlock(&present_lock);
}

void proact__present_remove(proact__present_t *entry) {
  pthread_mutex_lock(&present_lock);
  for (proact__present_t **p = &present_head; *p != NULL; p = &(*p)->next) {
    if (*p == entry) {
      *p = entry->next;
      break;
    }
  }
  pthread_mutex_unlock(&present_lock);
}

void proact__present_each(void (*func)(proact__present_t *entry, void *arg),
                          void *arg) {
  pthread_mutex_lock(&present_lock);
  for (proact__present_t *e = present_head; e != NULL; e = e->next)
    func(e, arg);
  pthread_mutex_unlock(&present_lock);
}

int proact__present_dev_index(const proact__present_t *entry, int dev) {
  for (int i = 0; i < entry->ndevs; i++)
    if (entry->devs[i] == dev)
      return i;
  return -1;
}

void *proact__present_dev_addr(const proact__present_t *entry, int dev,
                               const void *host_addr) {
  int i = proact__present_dev_index(entry, dev);
  uint64_t off = (uint64_t)((const char *)host_addr - entry->host_lo);

  if (i < 0 || entry->ptrs[i] == NULL || off < entry->wlo[i] ||
      off > entry->whi[i])
    return NULL;
  return (char *)entry->ptrs[i] + (off - entry->wlo[i]);
}

void proact__present_alloc_check(proact_status_t st, const char *what,
                                 const proact__present_t *entry, int dev,
                                 size_t bytes, const char *file, int line,
                                 int col) {
  if (st == PROACT_ERR_NO_MEMORY)
    proact__fatal(file, line, col,
                  "out of device memory: the %s of %s[%lld:%lld] needs %zu "
                  "bytes (%.1f GiB) on device %d",
                  what, entry->name, entry->lo, entry->len, bytes,
                  (double)bytes / (1024.0 * 1024.0 * 1024.0), dev);
  if (st != PROACT_OK)
    proact__fatal(file, line, col,
                  "cannot allocate %zu bytes for the %s of %s[%lld:%lld] on "
                  "device %d: %s",
                  bytes, what, entry->name, entry->lo, entry->len, dev,
                  proact_status_string(st));
}
