/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* `#pragma proact update` (proact__update): makes the host's or the
 * devices' copy of a section of a data-region array current.
 *
 * host(...) gathers what the host lacks from the devices that hold each
 * byte (the path a region's exit takes, replica.c) and, where loops keep
 * the validity map, records the host as a holder, so the region's exit
 * does not copy those bytes again unless a loop writes them first.
 * device(...) makes the host the only holder of the section: every device
 * copy of it is stale, and the next loop that reads or writes part of it
 * pulls that part from the host (pull.c), as it would from a device. A
 * single replica, whose map loops do not keep, and a shared allocation
 * (unified.h), which every device reads directly, receive the values at
 * once instead. */
#include <omp.h>
#include <stdint.h>
#include <stdio.h>

#include "enter.h"
#include "clock.h"
#include "dev.h"
#include "devices.h"
#include "error_report.h"
#include "host_check.h"
#include "owner.h"
#include "log.h"
#include "presence.h"
#include "proact.h"
#include "replica.h"
#include "stats.h"
#include "trace.h"
#include "validity.h"
#include "omp_wait.h"

static const char *update_clause(int kind) {
  return kind == PROACT__UPDATE_HOST ? "host" : "device";
}

/* The live entry that holds item's section; a section outside every data
 * region, or across the edge of one, is a fatal error at the item, except
 * outside every region for OpenMP's update (omp: NULL then). */
static proact__present_t *update_entry(const proact__update_desc_t *desc,
                                       const proact__update_item_t *item,
                                       char *lo, char *hi, int omp) {
  const proact__array_t *a = &item->array;
  proact__present_t *entry = NULL;

  switch (proact__present_find(lo, hi, &entry)) {
  case PROACT__PRESENT_CONTAINS:
    if (!entry->implicit) {
      /* The copy touches the host array: memory the program unmapped
       * would crash it. */
      char when[256];
      snprintf(when, sizeof(when), "the update at %s:%d", desc->file,
               desc->line);
      proact__replica_check_host(entry, when);
      return entry;
    }
    break; /* a loop's own copies: no data region holds it */
  case PROACT__PRESENT_PARTIAL:
    proact__fatal(desc->file, item->line, item->col,
                  "update %s(%s[%lld:%lld]): the section is not inside "
                  "%s[%lld:%lld], which the data region of %s:%d holds; "
                  "name a section inside it",
                  update_clause(item->kind), a->name, a->lo, a->len,
                  entry->name, entry->lo, entry->len, entry->file,
                  entry->line);
  case PROACT__PRESENT_NONE:
    break;
  }
  if (omp)
    return NULL;
  {
    char when[256];
    snprintf(when, sizeof(when), "the update at %s:%d", desc->file,
             desc->line);
    proact__replica_check_hosts(when);
  }
  proact__fatal(desc->file, item->line, item->col,
                "update %s(%s[%lld:%lld]): no data region holds this "
                "section; the directive must run inside a '#pragma proact "
                "data' region (here or in a caller) that maps it",
                update_clause(item->kind), a->name, a->lo, a->len);
}

/* OpenMP's device copy is its own: the host may have written its bytes
 * since they were last copied, without an update. Where a device holds
 * them too, the host no longer counts as holding them, so that a copy
 * back ('from', an update from, the region's end) copies them again, as
 * OpenMP does. */
static void omp_forget_host(proact__present_t *entry, uint64_t lo,
                            uint64_t hi) {
  if (proact__present_tracked(entry) && entry->valid != NULL &&
      proact__validity_drop_shared(entry->valid, lo, hi,
                                   PROACT__DEVMASK_HOST) != PROACT_OK)
    proact__fatal(entry->file, entry->line, 0, "out of host memory");
}

static void update_host(proact__present_t *entry, uint64_t lo, uint64_t hi,
                        int omp) {
  if (omp)
    omp_forget_host(entry, lo, hi);
  proact__replica_gather(entry, lo, hi);
  /* An untracked map is not cleared by later writes: the host cannot be
   * recorded there as a holder. Nor, for OpenMP, can a host the program
   * may write before the next copy back. */
  if (!omp && proact__present_tracked(entry) &&
      proact__validity_add(entry->valid, lo, hi, PROACT__DEVMASK_HOST) !=
          PROACT_OK)
    proact__fatal(entry->file, entry->line, 0, "out of host memory");
}

/* Host bytes [lo, hi) of entry to their copy on dev, now; a failure is
 * fatal at the item, named by clause. */
static void update_copy(const proact__update_desc_t *desc,
                        const proact__update_item_t *item,
                        const proact__present_t *entry, int dev, uint64_t lo,
                        uint64_t hi, const char *clause) {
  char *host = entry->host_lo + lo;
  proact_status_t st = proact__dev_copy_to_dev(
      dev, proact__present_dev_addr(entry, dev, host), host,
      (size_t)(hi - lo));
  if (st != PROACT_OK)
    proact__fatal(desc->file, item->line, item->col,
                  "update %s(%s[%lld:%lld]): copying to device %d failed: %s",
                  clause, item->array.name, item->array.lo, item->array.len,
                  dev, proact_status_string(st));
}

/* OpenMP's 'update to': the devices get the host's bytes now (a host
 * write after it must not reach them), each the part it holds. */
static void omp_update_device(const proact__update_desc_t *desc,
                              const proact__update_item_t *item,
                              proact__present_t *entry, uint64_t lo,
                              uint64_t hi) {
  if (proact__validity_set(entry->valid, lo, hi, PROACT__DEVMASK_HOST) !=
      PROACT_OK)
    proact__fatal(desc->file, desc->line, desc->col, "out of host memory");
  for (int i = 0; i < entry->ndevs; i++) {
    const int dev = entry->devs[i];
    const uint64_t a = lo > entry->wlo[i] ? lo : entry->wlo[i];
    const uint64_t b = hi < entry->whi[i] ? hi : entry->whi[i];
    if (a >= b || entry->ptrs[i] == NULL)
      continue;
    update_copy(desc, item, entry, dev, a, b, "to");
    if (proact__validity_add(entry->valid, a, b, PROACT__DEVMASK(dev)) !=
        PROACT_OK)
      proact__fatal(desc->file, desc->line, desc->col, "out of host memory");
  }
  omp_forget_host(entry, lo, hi);
}

static void update_device(const proact__update_desc_t *desc,
                          const proact__update_item_t *item,
                          proact__present_t *entry, uint64_t lo,
                          uint64_t hi, int omp) {
  proact__devmask_t mask = PROACT__DEVMASK_HOST;

  if (entry->ndevs == 0)
    return;
  if (omp && !entry->unified && proact__present_tracked(entry) &&
      entry->valid != NULL) {
    omp_update_device(desc, item, entry, lo, hi);
    return;
  }
  if (entry->unified || !proact__present_tracked(entry)) {
    update_copy(desc, item, entry, entry->devs[0], lo, hi, "device");
    mask = 0;
    for (int i = 0; i < entry->ndevs; i++)
      mask |= PROACT__DEVMASK(entry->devs[i]);
  }
  if (entry->valid != NULL &&
      proact__validity_set(entry->valid, lo, hi, mask) != PROACT_OK)
    proact__fatal(desc->file, desc->line, desc->col, "out of host memory");
}

/* Host bytes [lo, hi) and OpenMP's own copy of them on the default
 * device (one 'target enter data', 'target data' or 'declare target'
 * mapped), to the host or to the device: 0 when copied or when that
 * device has no copy of them all, else -1 (*dev_p: the device). */
static int omp_default_copy(char *lo, char *hi, int to_host, int *dev_p) {
  const int dev = omp_get_default_device();
  const int host = omp_get_initial_device();
  char *d_lo, *d_last;

  *dev_p = dev;
  if (hi <= lo || dev < 0 || dev >= omp_get_num_devices())
    return 0;
  d_lo = proact__omp_mapped_ptr(lo, dev);
  d_last = proact__omp_mapped_ptr(hi - 1, dev);
  if (d_lo == NULL || d_last != d_lo + (hi - 1 - lo))
    return 0;
  return (to_host ? omp_target_memcpy(lo, d_lo, (size_t)(hi - lo), 0, 0,
                                      host, dev)
                  : omp_target_memcpy(d_lo, lo, (size_t)(hi - lo), 0, 0, dev,
                                      host)) != 0
             ? -1
             : 0;
}

/* OpenMP's own update of a section no spread region holds: between the
 * host and its copy on the default device, nothing when it has none
 * there. */
static void update_omp(const proact__update_desc_t *desc,
                       const proact__update_item_t *item, char *lo,
                       char *hi) {
  int dev;
  if (omp_default_copy(lo, hi, item->kind == PROACT__UPDATE_HOST, &dev) != 0)
    proact__fatal(desc->file, item->line, item->col,
                  "update %s(%s[%lld:%lld]) on device %d failed",
                  update_clause(item->kind), item->array.name,
                  item->array.lo, item->array.len, dev);
}

static void update_run(const proact__update_desc_t *desc, int omp);

void proact__omp_reduced(const void *host, unsigned long bytes,
                         const char *file, int line) {
  char *lo = (char *)(uintptr_t)host;
  int dev;
  if (omp_default_copy(lo, lo + bytes, 0, &dev) != 0)
    proact__fatal(file, line, 0,
                  "cannot store the reduction's result into its copy on "
                  "device %d", dev);
}

int proact__omp_mapped_scalar(void *value, const void *host,
                              unsigned long bytes, const char *file,
                              int line) {
  const int dev = omp_get_default_device();
  char *d;
  if (bytes == 0 || dev < 0 || dev >= omp_get_num_devices())
    return 0;
  d = proact__omp_mapped_ptr((char *)(uintptr_t)host, dev);
  if (d == NULL)
    return 0;
  if (omp_target_memcpy(value, d, bytes, 0, 0, omp_get_initial_device(),
                        dev) != 0)
    proact__fatal(file, line, 0,
                  "cannot read the mapped scalar's copy on device %d", dev);
  return 1;
}

void proact__update(const proact__update_desc_t *desc) {
  update_run(desc, 0);
}

void proact__omp_update(const proact__update_desc_t *desc) {
  update_run(desc, 1);
}

static void update_run(const proact__update_desc_t *desc, int omp) {
  proact__stats_node_t *stats;
  proact__dev_counters_t before, after;
  proact__trace_phase_t phase;
  proact_status_t st;
  uint64_t t0;

  proact__devices_init();
  proact__enter_reap_freed();
  if (desc->nitems < 0 || (desc->nitems > 0 && desc->items == NULL))
    proact__fatal(desc->file, desc->line, desc->col,
                  "invalid update directive: %d sections at %p",
                  desc->nitems, (const void *)desc->items);
  /* Host fallback: the host arrays are the only copies. */
  if (proact__devices_count() == 0)
    return;
  proact__owner_enter(desc->file, desc->line, desc->col, "update");
  proact__host_check_enter();
  stats = proact__stats_node(desc->file, desc->line, "update", 0);
  t0 = proact__now_ns();
  proact__dev_get_counters(&before);
  proact__trace_phase_begin(&phase, "update", "update", desc->file,
                            desc->line);
  for (int i = 0; i < desc->nitems; i++) {
    const proact__update_item_t *item = &desc->items[i];
    proact__dev_counters_t issued;
    proact__present_t *entry;
    char *lo, *hi;

    if (item->kind != PROACT__UPDATE_HOST &&
        item->kind != PROACT__UPDATE_DEVICE)
      proact__fatal(desc->file, item->line, item->col,
                    "invalid update kind %d for '%s'", item->kind,
                    item->array.name);
    proact__array_bytes(&item->array, desc->file, item->line, item->col, &lo,
                        &hi);
    if (lo == hi)
      continue; /* nothing to make current */
    entry = update_entry(desc, item, lo, hi, omp);
    if (entry == NULL) {
      update_omp(desc, item, lo, hi);
      continue;
    }
    proact__dev_get_counters(&issued);
    proact__info(PROACT__SUBSYS_REGION, "%s:%d update %s(%s[%lld:%lld])",
                 desc->file, desc->line, update_clause(item->kind),
                 item->array.name, item->array.lo, item->array.len);
    if (item->kind == PROACT__UPDATE_HOST) {
      proact__host_check_copy_back(entry, (uint64_t)(lo - entry->host_lo),
                                   (uint64_t)(hi - entry->host_lo),
                                   "this update host(...)", desc->file,
                                   item->line, item->col);
      update_host(entry, (uint64_t)(lo - entry->host_lo),
                  (uint64_t)(hi - entry->host_lo), omp);
    } else {
      update_device(desc, item, entry, (uint64_t)(lo - entry->host_lo),
                    (uint64_t)(hi - entry->host_lo), omp);
      proact__host_check_sent(entry, (uint64_t)(lo - entry->host_lo),
                              (uint64_t)(hi - entry->host_lo));
    }
    /* The host reads what host(...) brought, and a later item may copy
     * the same bytes to a device: each item's copies complete before the
     * next item. */
    proact__dev_get_counters(&after);
    st = after.copies != issued.copies ? proact__dev_sync_all() : PROACT_OK;
    if (st != PROACT_OK)
      proact__fatal(desc->file, item->line, item->col,
                    "update %s(%s[%lld:%lld]) failed: %s",
                    update_clause(item->kind), item->array.name,
                    item->array.lo, item->array.len,
                    proact_status_string(st));
  }
  proact__trace_phase_end(&phase);
  proact__dev_get_counters(&after);
  PROACT__STATS_ADD(stats, PROACT__STAT_EXECUTIONS, 1);
  PROACT__STATS_ADD(stats, PROACT__STAT_LOOP_NSEC, proact__now_ns() - t0);
  PROACT__STATS_ADD(stats, PROACT__STAT_COPIES, after.copies - before.copies);
  PROACT__STATS_ADD(stats, PROACT__STAT_HOST_BYTES,
                    (after.h2d_bytes - before.h2d_bytes) +
                        (after.d2h_bytes - before.d2h_bytes));
  proact__host_check_leave(desc->file, desc->line);
  proact__owner_leave();
}
