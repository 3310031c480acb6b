/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* Data regions in shared memory and their placement hints (unified.h). */
#include <omp.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>

#include "dev.h"
#include "devices.h"
#include "error_report.h"
#include "log.h"
#include "core_param.h"
#include "presence.h"
#include "proact.h"
#include "unified.h"

struct proact__unified_hints {
  int written;     /* a loop wrote the array on the devices */
  int read_mostly; /* advised read-mostly */
  int nplaced, cap;
  proact__unified_span_t *placed; /* the layout of the last hints given */
};

static pthread_once_t unified_once = PTHREAD_ONCE_INIT;
static int unified_on;

/* A 1-byte allocation tells whether the backend and every device have
 * shared memory (CUDA: the driver's functions, concurrent managed
 * access). */
static void unified_init(void) {
  void *probe = NULL;
  proact_status_t st;

  if (proact__param_get(PROACT__PARAM_MEMORY)->i != PROACT__MEMORY_UNIFIED)
    return;
  if (proact__dev_local_count() != proact__dev_count()) {
    /* No memory is shared between processes. */
    proact__warn("PROACT_MEMORY=unified: the devices belong to several "
                 "ranks; data regions keep a replica per device");
    return;
  }
  st = proact__dev_shared_alloc(1, &probe);
  if (st != PROACT_OK) {
    proact__warn("PROACT_MEMORY=unified: the %s devices have no shared "
                 "memory (%s); data regions keep a replica per device",
                 proact__dev_backend_name(), proact_status_string(st));
    return;
  }
  proact__dev_shared_free(probe, 1);
  unified_on = 1;
  proact__info(PROACT__SUBSYS_REGION,
               "unified memory: each region array is one shared allocation; "
               "loops run with memcpy and copy nothing");
}

int proact__unified(void) {
  if (proact__dev_count() == 0)
    return 0;
  pthread_once(&unified_once, unified_init);
  return unified_on;
}

void proact__unified_create(proact__present_t *entry, const int *devs,
                            int ndevs, int copy_in, const char *file,
                            int line, int col) {
  size_t bytes = (size_t)(entry->host_hi - entry->host_lo);
  void *ptr = NULL;
  proact_status_t st;

  if (ndevs <= 0)
    return;
  entry->hints = calloc(1, sizeof(*entry->hints));
  if (entry->hints == NULL)
    proact__fatal(file, line, col, "out of host memory");
  st = proact__dev_shared_alloc(bytes, &ptr);
  proact__present_alloc_check(st, "shared allocation", entry, devs[0], bytes,
                              file, line, col);
  entry->unified = 1;
  /* Pages start on the first device, where the copy-in writes them. */
  for (int i = 0; i < ndevs && st == PROACT_OK; i++)
    st = proact__dev_shared_advise(ptr, bytes, PROACT__SHARED_ACCESSED_BY,
                                   devs[i]);
  if (st == PROACT_OK)
    st = proact__dev_shared_prefetch(ptr, bytes, devs[0]);
  if (st == PROACT_OK && copy_in)
    st = proact__dev_copy_to_dev(devs[0], ptr, entry->host_lo, bytes);
  if (st != PROACT_OK)
    proact__fatal(file, line, col,
                  "placing %s[%lld:%lld] in shared memory failed: %s",
                  entry->name, entry->lo, entry->len,
                  proact_status_string(st));
  for (int i = 0; i < ndevs; i++) {
    entry->devs[i] = devs[i];
    entry->ptrs[i] = ptr;
    entry->whi[i] = bytes;
    entry->ndevs = i + 1;
    if (proact__devices_associated(devs[i]) &&
        omp_target_associate_ptr(entry->host_lo, ptr, bytes, 0,
                                 proact__dev_omp_id(devs[i])) != 0)
      proact__fatal(file, line, col,
                    "cannot associate %s[%lld:%lld] with its shared "
                    "allocation on device %d: is it mapped by an openmp "
                    "data directive?",
                    entry->name, entry->lo, entry->len, devs[i]);
  }
}

void proact__unified_destroy(proact__present_t *entry) {
  size_t bytes = (size_t)(entry->host_hi - entry->host_lo);

  for (int i = entry->ndevs - 1; i >= 0; i--)
    if (proact__devices_associated(entry->devs[i]) &&
        omp_target_disassociate_ptr(entry->host_lo,
                                    proact__dev_omp_id(entry->devs[i])) != 0)
      proact__warn("cannot disassociate %s[%lld:%lld] from device %d",
                   entry->name, entry->lo, entry->len, entry->devs[i]);
  if (entry->ndevs > 0)
    proact__dev_shared_free(entry->ptrs[0], bytes);
  if (entry->hints != NULL)
    free(entry->hints->placed);
  free(entry->hints);
  entry->hints = NULL;
}

static int unified_same(const proact__unified_span_t *a, int na,
                        const proact__unified_span_t *b, int nb) {
  if (na != nb)
    return 0;
  for (int i = 0; i < na; i++)
    if (a[i].lo != b[i].lo || a[i].hi != b[i].hi || a[i].dev != b[i].dev)
      return 0;
  return 1;
}

int proact__unified_written(const proact__present_t *entry) {
  return entry->hints->written;
}

int proact__unified_place_entry(proact__present_t *entry,
                                proact__unified_span_t *spans, int n,
                                int writes, const char *file, int line,
                                int col) {
  struct proact__unified_hints *h = entry->hints;
  size_t bytes = (size_t)(entry->host_hi - entry->host_lo);
  char *base = entry->ptrs[0];
  proact_status_t st = PROACT_OK;

  if (writes && h->read_mostly) {
    st = proact__dev_shared_advise(base, bytes, PROACT__SHARED_WRITTEN,
                                   entry->devs[0]);
    h->read_mostly = 0;
  } else if (!writes && n > 0 && !h->read_mostly) {
    st = proact__dev_shared_advise(base, bytes, PROACT__SHARED_READ_MOSTLY,
                                   entry->devs[0]);
    h->read_mostly = 1;
  }
  h->written |= writes;
  if (n == 0 || unified_same(spans, n, h->placed, h->nplaced)) {
    free(spans);
    n = 0;
  } else {
    for (int i = 0; i < n && st == PROACT_OK; i++) {
      if (writes)
        st = proact__dev_shared_advise(base + spans[i].lo,
                                       spans[i].hi - spans[i].lo,
                                       PROACT__SHARED_PREFER, spans[i].dev);
      if (st == PROACT_OK)
        st = proact__dev_shared_prefetch(base + spans[i].lo,
                                         spans[i].hi - spans[i].lo,
                                         spans[i].dev);
    }
    proact__info(PROACT__SUBSYS_MECH,
                 "%s:%d unified %s: %d %s spans placed on their devices",
                 file, line, entry->name, n,
                 writes ? "written" : "read-mostly");
    free(h->placed);
    h->placed = spans;
    h->nplaced = n;
  }
  if (st != PROACT_OK)
    proact__fatal(file, line, col,
                  "placing %s[%lld:%lld] in shared memory failed: %s",
                  entry->name, entry->lo, entry->len,
                  proact_status_string(st));
  return n > 0;
}

