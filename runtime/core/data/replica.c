/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* Creating and destroying the device copies of one array section: full
 * replicas, or the (initially empty) windows of a distributed array. */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <errno.h>
#include <omp.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

#include "dev.h"
#include "devices.h"
#include "error_report.h"
#include "log.h"
#include "proact.h"
#include "replica.h"
#include "unified.h"

void proact__array_bytes(const proact__array_t *array, const char *file,
                         int line, int col, char **lo_p, char **hi_p) {
  const char *name = array->name != NULL ? array->name : "?";
  __int128 lo, hi;

  if (array->elem_size == 0)
    proact__fatal(file, line, col, "array '%s' has elements of size 0",
                  name);
  if (array->len < 0)
    proact__fatal(file, line, col, "section %s[%lld:%lld] has a negative "
                  "length", name, array->lo, array->len);
  if (array->base == NULL && array->len > 0)
    proact__fatal(file, line, col, "array '%s' is a null pointer", name);
  lo = (__int128)(uintptr_t)array->base +
       (__int128)array->lo * (__int128)array->elem_size;
  hi = lo + (__int128)array->len * (__int128)array->elem_size;
  if (lo < 0 || hi > (__int128)UINTPTR_MAX)
    proact__fatal(file, line, col, "section %s[%lld:%lld] lies outside the "
                  "address space", name, array->lo, array->len);
  *lo_p = (char *)(uintptr_t)lo;
  *hi_p = (char *)(uintptr_t)hi;
}

/* A replica of entry on each of devs, copied in when copy_in, associated
 * with the host section. */
static void replica_alloc_each(proact__present_t *entry, const int *devs,
                               int ndevs, int copy_in, const char *file,
                               int line, int col) {
  size_t bytes = (size_t)(entry->host_hi - entry->host_lo);

  for (int i = 0; i < ndevs; i++) {
    int dev = devs[i];
    void *ptr = NULL;
    proact_status_t st = proact__dev_alloc(dev, bytes, &ptr);
    proact__present_alloc_check(st, "replica", entry, dev, bytes, file, line,
                                col);
    entry->devs[i] = dev;
    entry->ptrs[i] = ptr;
    entry->whi[i] = bytes;
    entry->ndevs = i + 1;
    if (copy_in) {
      st = proact__dev_copy_to_dev(dev, ptr, entry->host_lo, bytes);
      if (st != PROACT_OK)
        proact__fatal(file, line, col,
                      "copying %s[%lld:%lld] to device %d failed: %s",
                      entry->name, entry->lo, entry->len, dev,
                      proact_status_string(st));
    }
    if (ptr == NULL || !proact__devices_associated(dev))
      continue;
    /* Asked first, so that libomptarget prints no error of its own. */
    if (omp_target_is_present(entry->host_lo, proact__dev_omp_id(dev)))
      proact__fatal(file, line, col,
                    "OpenMP itself maps %s[%lld:%lld] on device %d (a "
                    "construct left to OpenMP, or one of a file built "
                    "without spread mode, mapped it), so PROACT cannot give "
                    "it its own copy there; map it with a construct that "
                    "spreads, or leave this one to OpenMP with a "
                    "device(...) clause",
                    entry->name, entry->lo, entry->len, dev);
    if (omp_target_associate_ptr(entry->host_lo, ptr, bytes, 0,
                                 proact__dev_omp_id(dev)) != 0)
      proact__fatal(file, line, col,
                    "cannot associate %s[%lld:%lld] with its replica on "
                    "device %d",
                    entry->name, entry->lo, entry->len, dev);
  }
}

proact__present_t *proact__replica_create(const proact__array_t *array,
                                          const int *devs, int ndevs,
                                          int kind, int implicit,
                                          int distribute, const char *file,
                                          int line, int col) {
  proact__present_t *entry = calloc(1, sizeof(*entry));
  int copy_in = kind == PROACT__MAP_COPY || kind == PROACT__MAP_COPYIN;
  size_t bytes;

  static uint64_t serials;
  if (entry == NULL)
    proact__fatal(file, line, col, "out of host memory");
  entry->serial = __atomic_add_fetch(&serials, 1, __ATOMIC_RELAXED);
  entry->name = array->name != NULL ? array->name : "?";
  entry->lo = array->lo;
  entry->len = array->len;
  entry->elem_size = array->elem_size;
  proact__array_bytes(array, file, line, col, &entry->host_lo,
                      &entry->host_hi);
  entry->kind = kind;
  entry->implicit = implicit;
  entry->distribute = distribute;
  entry->file = file;
  entry->line = line;
  bytes = (size_t)(entry->host_hi - entry->host_lo);

  if (proact__unified()) {
    /* One allocation for every device: no windows to grow. */
    if (distribute)
      proact__info(PROACT__SUBSYS_REGION,
                   "%s[%lld:%lld]: not distributed under unified memory",
                   entry->name, array->lo, array->len);
    entry->distribute = distribute = 0;
    /* Copied in for create and copyout too: what no loop writes keeps the
     * host's values, as in the sequential program. */
    proact__unified_create(entry, devs, ndevs, 1, file, line, col);
  } else if (distribute) {
    /* Nothing on the devices yet: the host holds every byte. */
    for (int i = 0; i < ndevs; i++)
      entry->devs[i] = devs[i];
    entry->ndevs = ndevs;
    if (proact__validity_create(0, bytes, PROACT__DEVMASK_HOST,
                                &entry->valid) != PROACT_OK ||
        proact__validity_create(0, bytes, 0, &entry->readers) != PROACT_OK)
      proact__fatal(file, line, col, "out of host memory");
    proact__info(PROACT__SUBSYS_REGION,
                 "distributed %s[%lld:%lld] (%zu bytes) over %d devices, "
                 "windows empty",
                 entry->name, array->lo, array->len, bytes, ndevs);
    proact__present_insert(entry);
    return entry;
  } else {
    /* A single replica is always the current one (untracked): for create
     * and copyout it starts with the host's values, so that it holds
     * theirs wherever no loop writes. */
    replica_alloc_each(entry, devs, ndevs, copy_in || ndevs == 1, file,
                       line, col);
  }
  /* Copied in, every replica holds the current value everywhere. For
   * create and copyout on several devices the host alone holds it: a loop
   * pulls what it reads and the ranges it stores from there first, so
   * that what a store skips in its range (gaps, conditions, members of an
   * element) and what no loop writes keep the host's values, as in the
   * sequential program. Loop-only replicas need no map. */
  if (!implicit && ndevs > 0) {
    proact__devmask_t all = 0;
    if (!copy_in && ndevs > 1)
      all = PROACT__DEVMASK_HOST;
    else
      for (int i = 0; i < ndevs; i++)
        all |= PROACT__DEVMASK(devs[i]);
    if (proact__validity_create(0, bytes, all, &entry->valid) != PROACT_OK ||
        proact__validity_create(0, bytes, 0, &entry->readers) != PROACT_OK)
      proact__fatal(file, line, col, "out of host memory");
  }
  proact__info(PROACT__SUBSYS_REGION,
               "%s %s of %s[%lld:%lld] (%zu bytes) on %d devices",
               implicit ? "loop-only" : "region",
               entry->unified ? "shared allocation" : "replicas", entry->name,
               array->lo, array->len, bytes, ndevs);
  proact__present_insert(entry);
  return entry;
}

/* Gathers contiguous pieces with the same source device into one copy. */
typedef struct replica_gather {
  proact__present_t *entry;
  char *dst;        /* receives offset 0 */
  int src;          /* -1: nothing pending */
  uint64_t lo, hi;  /* pending byte offsets */
} replica_gather_t;

static proact_status_t replica_gather_flush(replica_gather_t *g) {
  proact__present_t *entry = g->entry;
  proact_status_t st;

  if (g->src < 0)
    return PROACT_OK;
  /* Every rank's host copy receives it (one rank alone: a plain copy). */
  st = proact__dev_copy_to_hosts(
      g->dst + g->lo, g->src,
      proact__present_dev_addr(entry, g->src, entry->host_lo + g->lo),
      (size_t)(g->hi - g->lo));
  if (st != PROACT_OK)
    proact__fatal(entry->file, entry->line, 0,
                  "copying %s[%lld:%lld] back from device %d failed: %s",
                  entry->name, entry->lo, entry->len, g->src,
                  proact_status_string(st));
  g->src = -1;
  return PROACT_OK;
}

static proact_status_t replica_gather_piece(void *arg, uint64_t lo,
                                            uint64_t hi,
                                            proact__devmask_t mask) {
  replica_gather_t *g = arg;
  int src;

  if (mask == 0) /* cannot happen: some replica always holds each byte */
    proact__fatal(g->entry->file, g->entry->line, 0,
                  "no replica of %s[%lld:%lld] holds bytes [%llu, %llu)",
                  g->entry->name, g->entry->lo, g->entry->len,
                  (unsigned long long)lo, (unsigned long long)hi);
  if (mask & PROACT__DEVMASK_HOST) /* current on the host already */
    return replica_gather_flush(g);
  src = proact__devmask_first(mask);
  if (g->src == src && g->hi == lo) {
    g->hi = hi;
    return PROACT_OK;
  }
  replica_gather_flush(g);
  g->src = src;
  g->lo = lo;
  g->hi = hi;
  return PROACT_OK;
}

void proact__replica_gather(proact__present_t *entry, uint64_t lo,
                            uint64_t hi) {
  proact__replica_gather_to(entry, lo, hi, entry->host_lo);
}

void proact__replica_gather_to(proact__present_t *entry, uint64_t lo,
                               uint64_t hi, char *dst) {
  replica_gather_t g = {entry, dst, -1, lo, hi};

  if (entry->ndevs == 0 || lo >= hi)
    return;
  if (entry->valid != NULL) {
    proact__validity_walk(entry->valid, lo, hi, replica_gather_piece, &g);
  } else {
    g.src = entry->devs[0];
  }
  replica_gather_flush(&g);
}

void proact__replica_check_host(const proact__present_t *entry,
                                const char *when) {
  static uintptr_t page;
  uintptr_t lo, hi;

  if (entry->host_lo == entry->host_hi)
    return;
  if (page == 0)
    page = (uintptr_t)sysconf(_SC_PAGESIZE);
  lo = (uintptr_t)entry->host_lo & ~(page - 1);
  hi = ((uintptr_t)entry->host_hi + page - 1) & ~(page - 1);
  /* MS_ASYNC writes nothing back: the kernel only walks the mappings,
   * and a range with a hole is ENOMEM. */
  if (msync((void *)lo, (size_t)(hi - lo), MS_ASYNC) == 0 || errno != ENOMEM)
    return;
  proact__fatal(entry->file, entry->line, 0,
                "%s[%lld:%lld] was freed or unmapped while this data region "
                "held it (%s found its memory gone); a region array must "
                "stay allocated until its region ends: free it after the "
                "region, or end the region first and map the new "
                "allocation in a region of its own",
                entry->name, entry->lo, entry->len, when);
}

static void replica_check_one(proact__present_t *entry, void *when) {
  if (!entry->implicit)
    proact__replica_check_host(entry, when);
}

void proact__replica_check_hosts(const char *when) {
  proact__present_each(replica_check_one, (void *)when);
}

void proact__replica_destroy(proact__present_t *entry) {
  proact__replica_release(entry);
  free(entry);
}

void proact__replica_release(proact__present_t *entry) {
  size_t bytes = (size_t)(entry->host_hi - entry->host_lo);
  proact_status_t st;

  proact__present_remove(entry);
  if (entry->ndevs > 0 &&
      (entry->kind == PROACT__MAP_COPY || entry->kind == PROACT__MAP_COPYOUT)) {
    proact__replica_gather(entry, 0, bytes);
    st = proact__dev_sync_all();
    if (st != PROACT_OK)
      proact__fatal(entry->file, entry->line, 0,
                    "copying %s[%lld:%lld] back to the host failed: %s",
                    entry->name, entry->lo, entry->len,
                    proact_status_string(st));
  }
  if (entry->unified)
    proact__unified_destroy(entry);
  for (int i = entry->ndevs - 1; i >= 0 && !entry->unified; i--) {
    if (entry->ptrs[i] == NULL) /* an empty window */
      continue;
    if (proact__devices_associated(entry->devs[i]) &&
        omp_target_disassociate_ptr(entry->host_lo + entry->wlo[i],
                                    proact__dev_omp_id(entry->devs[i])) != 0)
      proact__warn("cannot disassociate %s[%lld:%lld] from device %d",
                   entry->name, entry->lo, entry->len, entry->devs[i]);
    proact__dev_free(entry->devs[i], entry->ptrs[i],
                     (size_t)(entry->whi[i] - entry->wlo[i]));
  }
  proact__validity_destroy(entry->valid);
  proact__validity_destroy(entry->readers);
  proact__info(PROACT__SUBSYS_REGION, "freed %s of %s[%lld:%lld]",
               entry->unified      ? "shared allocation"
               : entry->distribute ? "windows"
                                   : "replicas",
               entry->name,
               entry->lo, entry->len);
  entry->valid = entry->readers = NULL;
  entry->ndevs = 0;
  entry->unified = 0;
  entry->gone = 1;
}
