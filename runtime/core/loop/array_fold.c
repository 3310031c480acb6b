/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* Array reductions, reduction(op: h[lo:len]) (proact/detail/codegen.h):
 * the device memory of every thread's copy of the reduced sections, the
 * host memory of the parts' folded sections, and the hand-over of h when a
 * data region holds it. The copies' memory is one allocation per device,
 * grown when a loop needs more and kept until exit, like the scalar
 * reductions' scratch (fold_scratch.c): a histogram loop inside a solver
 * runs many times. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dev.h"
#include "dev_buffer.h"
#include "error_report.h"
#include "iterations.h"
#include "log.h"
#include "loop.h"
#include "presence.h"
#include "replica.h"

static proact__dev_buffer_t copies =
    PROACT__DEV_BUFFER_INIT("array reduction copies", 0);

static int on_host(int dev) { return dev < 0 || dev >= proact__dev_count(); }

/* copy_bytes per thread, counted without overflow. */
static void array_budget_check(const proact__loop_t *loop,
                               __int128 copy_bytes) {
  if (copy_bytes > (__int128)PROACT__ARRAY_FOLD_BUDGET)
    proact__fatal(loop->file, loop->line, loop->col,
                  "the reduced arrays take %.0f bytes per thread, more than "
                  "the %zu bytes an array reduction may use on a device; "
                  "reduce a smaller section, or split the loop",
                  (double)copy_bytes, PROACT__ARRAY_FOLD_BUDGET);
}

void proact__loop_array_check(proact__loop_t *loop, size_t copy_bytes) {
  array_budget_check(loop, (__int128)copy_bytes);
}

char *proact__loop_part_array_reduction(proact__loop_t *loop, int part,
                                        size_t copy_bytes, int *teams,
                                        int *threads) {
  const size_t budget = PROACT__ARRAY_FOLD_BUDGET;
  size_t fit, total;
  int dev, asked_teams, asked_threads;
  char *ptr;

  if (part < 0 || part >= loop->plan->nparts || *teams < 1 || *threads < 1)
    proact__fatal(loop->file, loop->line, loop->col,
                  "no array reduction kernel for part %d (%d parts) of %d "
                  "teams of %d threads",
                  part, loop->plan->nparts, *teams, *threads);
  loop->nodefer[part] = 1; /* the host reads its result after it */
  if (copy_bytes == 0)
    copy_bytes = 16; /* empty sections: still one valid pointer */
  proact__loop_array_check(loop, copy_bytes);
  /* Every thread needs its own copy: fewer teams first (the kernels walk
   * any number), threads only when one team's copies do not fit. */
  asked_teams = *teams;
  asked_threads = *threads;
  fit = budget / copy_bytes;
  if ((size_t)*teams * (size_t)*threads > fit) {
    if ((size_t)*threads <= fit) {
      *teams = (int)(fit / (size_t)*threads);
    } else {
      *teams = 1;
      *threads = (int)fit;
    }
  }
  if (*teams != asked_teams || *threads != asked_threads)
    proact__info(PROACT__SUBSYS_PART,
                 "%s:%d part %d: the array reduction's kernel runs %d teams "
                 "of %d threads instead of %d of %d",
                 loop->file, loop->line, part, *teams, *threads, asked_teams,
                 asked_threads);
  total = (size_t)*teams * (size_t)*threads * copy_bytes;
  dev = loop->plan->devs[part];
  ptr = proact__dev_buffer_get(&copies, dev, total);
  if (ptr == NULL)
    proact__fatal(loop->file, loop->line, loop->col,
                  "out of memory on device %d for the array reduction's %zu "
                  "bytes (%d teams x %d threads x %zu bytes)",
                  dev, total, *teams, *threads, copy_bytes);
  return ptr;
}

void proact__loop_array_sections(proact__loop_t *loop,
                                 const proact__array_t *sections,
                                 int nsections) {
  __int128 copy_bytes = 0;

  /* Each section as a region's would be checked, and their bytes per
   * thread counted without overflow before the lowering counts them. */
  for (int r = 0; r < nsections; r++) {
    const proact__array_t *sec = &sections[r];
    char *lo, *hi;
    if (sec->name == NULL)
      continue;
    proact__array_bytes(sec, loop->file, loop->line, loop->col, &lo, &hi);
    copy_bytes += ((__int128)(hi - lo) + 15) / 16 * 16;
  }
  array_budget_check(loop, copy_bytes);
  for (int s = 0; s < loop->nchecks; s++) {
    const int r = -1 - loop->checks[s].array;
    if (loop->checks[s].array >= 0)
      continue;
    /* A failing update stores into the read checks' zeros. */
    if (r >= nsections || sections[r].name == NULL ||
        sections[r].elem_size > PROACT__READ_ZEROS)
      proact__fatal(loop->file, loop->checks[s].line, loop->checks[s].col,
                    "checked update refers to reduction %d of %d", r,
                    nsections);
  }
  loop->reduced = sections;
  loop->nreduced = nsections;
}

char *proact__loop_array_partials(proact__loop_t *loop, size_t bytes) {
  free(loop->array_partials);
  loop->array_partials = calloc(1, bytes > 0 ? bytes : 1);
  if (loop->array_partials == NULL)
    proact__fatal(loop->file, loop->line, loop->col,
                  "out of host memory for the array reduction's %zu bytes",
                  bytes);
  return loop->array_partials;
}

void proact__loop_part_array_result(proact__loop_t *loop, int part,
                                    void *host_dst, const void *dev_src,
                                    size_t bytes) {
  const int dev = loop->plan->devs[part];
  proact_status_t st;

  if (bytes == 0)
    return;
  if (on_host(dev)) {
    memcpy(host_dst, dev_src, bytes);
    return;
  }
  st = proact__dev_copy_to_host(host_dst, dev, dev_src, bytes);
  if (st == PROACT_OK)
    st = proact__dev_sync_dev(dev);
  if (st != PROACT_OK)
    proact__fatal(loop->file, loop->line, loop->col,
                  "copying the array reduction's result from device %d "
                  "failed: %s",
                  dev, proact_status_string(st));
}

/* The live entry holding h[lo:len] and its byte range [*off_p, *end_p)
 * in it; NULL when no region holds it. */
static proact__present_t *array_entry(proact__loop_t *loop, const char *name,
                                      void *base, size_t elem, long long lo,
                                      long long len, uint64_t *off_p,
                                      uint64_t *end_p) {
  proact__present_t *entry = NULL;
  char *hlo, *hhi;

  if (len < 0)
    proact__fatal(loop->file, loop->line, loop->col,
                  "invalid reduction section %s[%lld:%lld]", name, lo, len);
  if (len == 0 || base == NULL || proact__dev_count() == 0)
    return NULL;
  /* A negative lo is an element before base, as in region(...). */
  hlo = (char *)base + lo * (long long)elem;
  hhi = hlo + (size_t)len * elem;
  switch (proact__present_find(hlo, hhi, &entry)) {
  case PROACT__PRESENT_NONE:
    return NULL;
  case PROACT__PRESENT_PARTIAL:
    proact__fatal(loop->file, loop->line, loop->col,
                  "reduction section %s[%lld:%lld] partially overlaps "
                  "%s[%lld:%lld] of the region of %s:%d",
                  name, lo, len, entry->name, entry->lo, entry->len,
                  entry->file, entry->line);
  case PROACT__PRESENT_CONTAINS:
    break;
  }
  if (entry->ndevs == 0)
    return NULL;
  *off_p = (uint64_t)(hlo - entry->host_lo);
  *end_p = (uint64_t)(hhi - entry->host_lo);
  return entry;
}

typedef struct array_fetch {
  proact__loop_t *loop;
  proact__present_t *entry;
} array_fetch_t;

/* One piece of the section: from a device that holds it, unless the host
 * does. */
static proact_status_t array_fetch_piece(void *arg, uint64_t lo, uint64_t hi,
                                         proact__devmask_t mask) {
  array_fetch_t *f = arg;
  char *host = f->entry->host_lo + lo;
  const void *src;
  int dev;

  if ((mask & PROACT__DEVMASK_HOST) != 0 || hi <= lo)
    return PROACT_OK;
  if (mask == 0)
    proact__fatal(f->loop->file, f->loop->line, f->loop->col,
                  "no device holds bytes [%llu, %llu) of %s",
                  (unsigned long long)lo, (unsigned long long)hi,
                  f->entry->name);
  dev = proact__devmask_first(mask);
  src = proact__present_dev_addr(f->entry, dev, host);
  if (src == NULL && proact__dev_is_local(dev))
    return PROACT_ERR_INVALID_PARAM;
  return proact__dev_copy_to_hosts(host, dev, src, (size_t)(hi - lo));
}

/* A region array of the loop that shares memory with the reduced section
 * h[lo:len] (another name for it): the body would read or store h while
 * the threads accumulate into their copies of it. */
static void array_no_alias(const proact__loop_t *loop, const char *name,
                           const void *base, size_t elem, long long lo,
                           long long len) {
  const proact__loop_desc_t *desc = loop->desc;
  const proact__array_t h = {name, (void *)base, elem, lo, len};
  for (int a = 0; desc != NULL && a < desc->narrays; a++) {
    const proact__array_t *r = &desc->arrays[a];
    if (proact__sections_meet(r, &h))
      proact__fatal(loop->file, loop->line, loop->col,
                    "region array '%s' shares memory with %s[%lld:%lld], "
                    "which reduction(...) reduces: the loop would read or "
                    "store it while each thread accumulates into its own "
                    "copy; use the reduced array after the loop",
                    r->name, name, lo, len);
  }
}

void proact__loop_array_fetch(proact__loop_t *loop, const char *name,
                              void *base, size_t elem, long long lo,
                              long long len) {
  uint64_t off = 0, end = 0;
  proact__present_t *entry;
  array_fetch_t f = {loop, NULL};
  proact_status_t st;

  array_no_alias(loop, name, base, elem, lo, len);
  entry = array_entry(loop, name, base, elem, lo, len, &off, &end);
  f.entry = entry;

  if (entry == NULL)
    return;
  if (entry->valid != NULL)
    st = proact__validity_walk(entry->valid, off, end, array_fetch_piece, &f);
  else
    st = array_fetch_piece(&f, off, end, PROACT__DEVMASK(entry->devs[0]));
  if (st == PROACT_OK)
    st = proact__dev_sync_all();
  if (st != PROACT_OK)
    proact__fatal(loop->file, loop->line, loop->col,
                  "bringing %s[%lld:%lld] to the host for its reduction "
                  "failed: %s",
                  name, lo, len, proact_status_string(st));
}

void proact__loop_array_publish(proact__loop_t *loop, const char *name,
                                void *base, size_t elem, long long lo,
                                long long len) {
  uint64_t off = 0, end = 0;
  proact__present_t *entry =
      array_entry(loop, name, base, elem, lo, len, &off, &end);
  proact__devmask_t holders = 0;
  proact_status_t st = PROACT_OK;

  if (entry == NULL)
    return;
  if (entry->distribute) {
    /* The windows fetch it from the host when a loop needs it. */
    holders = PROACT__DEVMASK_HOST;
  } else {
    for (int i = 0; i < entry->ndevs && st == PROACT_OK; i++) {
      char *host = entry->host_lo + off;
      void *dst = proact__present_dev_addr(entry, entry->devs[i], host);
      holders |= PROACT__DEVMASK(entry->devs[i]);
      if (dst == NULL && proact__dev_is_local(entry->devs[i]))
        st = PROACT_ERR_INVALID_PARAM;
      else if (i == 0 || !entry->unified)
        st = proact__dev_copy_to_dev(entry->devs[i], dst, host,
                                     (size_t)(end - off));
    }
    if (st == PROACT_OK)
      st = proact__dev_sync_all();
  }
  /* Like a loop's write: the value is new, nobody has read it yet. */
  if (st == PROACT_OK && entry->valid != NULL)
    st = proact__validity_set(entry->valid, off, end, holders);
  if (st == PROACT_OK && entry->readers != NULL)
    st = proact__validity_set(entry->readers, off, end, 0);
  if (st != PROACT_OK)
    proact__fatal(loop->file, loop->line, loop->col,
                  "making the reduced %s[%lld:%lld] current on the devices "
                  "failed: %s",
                  name, lo, len, proact_status_string(st));
}
