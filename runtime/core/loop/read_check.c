/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* The device-side read checks (proact/detail/read_check.h): each part's
 * fault slot, and the error after the kernels. A slot is kept per device
 * until exit, grown when a loop's elements are larger than its zeros, as
 * the reduction scratch is (fold_scratch.c): a device runs one loop's
 * kernel at a time, and a recorded fault ends the program, so a slot is
 * never claimed when a kernel starts. Where the backend has host memory its
 * kernels can write, the kernels record there and the host reads the
 * record after the kernel with no copy; elsewhere it is copied back. */
#include <pthread.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "dev.h"
#include "error_report.h"
#include "log.h"
#include "core_param.h"
#include "loop.h"
#include "read_check.h"
#include "span.h"
#include "window.h"

typedef struct read_slot {
  proact__read_fault_t *ptr; /* device address (host memory on the host) */
  size_t bytes;
  proact__read_record_t *host; /* the record's host address; NULL: copy
                                  ptr->local back */
  proact__read_record_t *host_dev; /* and its device address */
} read_slot_t;

/* Slot PROACT__DEV_MAX: the host, when the loop falls back to it. */
static read_slot_t slots[PROACT__DEV_MAX + 1];
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_once_t at_exit = PTHREAD_ONCE_INIT;

static int on_host(int dev) { return dev < 0 || dev >= proact__dev_count(); }

static void read_slots_clear(void) {
  for (int d = 0; d <= PROACT__DEV_MAX; d++) {
    read_slot_t *s = &slots[d];
    if (d == PROACT__DEV_MAX) {
      free(s->ptr);
    } else if (s->ptr != NULL) {
      proact__dev_free(d, s->ptr, s->bytes);
      if (s->host != NULL)
        proact__dev_host_free(d, s->host);
    }
    memset(s, 0, sizeof(*s));
  }
}

static void register_clear(void) { atexit(read_slots_clear); }

/* dev's slot with at least bytes of zeros (lock held); NULL when out of
 * memory. */
static read_slot_t *read_slot_get(int dev, size_t zeros) {
  read_slot_t *s = &slots[on_host(dev) ? PROACT__DEV_MAX : dev];
  size_t bytes = offsetof(proact__read_fault_t, zeros) +
                 (zeros > PROACT__READ_ZEROS ? zeros : PROACT__READ_ZEROS);
  proact__read_fault_t *img;
  void *ptr;

  if (s->bytes >= bytes)
    return s;
  if (on_host(dev)) {
    if ((img = calloc(1, bytes)) == NULL)
      return NULL;
    img->record = &img->local;
    free(s->ptr);
    s->ptr = img;
    s->bytes = bytes;
    s->host = &img->local;
    return s;
  }
  if (s->host == NULL) {
    void *host, *host_dev;
    if (proact__dev_host_alloc(dev, sizeof(proact__read_record_t), &host,
                               &host_dev) == PROACT_OK) {
      s->host = host;
      s->host_dev = host_dev;
    }
  }
  if ((img = calloc(1, bytes)) == NULL)
    return NULL;
  if (proact__dev_alloc(dev, bytes, &ptr) != PROACT_OK) {
    free(img);
    return NULL;
  }
  img->record = s->host != NULL ? s->host_dev
                                : &((proact__read_fault_t *)ptr)->local;
  if (proact__dev_copy_to_dev(dev, ptr, img, bytes) != PROACT_OK ||
      proact__dev_sync_dev(dev) != PROACT_OK) {
    free(img);
    proact__dev_free(dev, ptr, bytes);
    return NULL;
  }
  free(img);
  if (s->ptr != NULL)
    proact__dev_free(dev, s->ptr, s->bytes);
  proact__info(PROACT__SUBSYS_PART,
               "read-check slot on device %d: %zu bytes, records in %s memory",
               dev, bytes, s->host != NULL ? "host" : "device");
  s->ptr = ptr;
  s->bytes = bytes;
  return s;
}

void proact__loop_checks(proact__loop_t *loop,
                         const proact__read_site_t *sites, int nsites) {
  const proact__loop_desc_t *desc = loop->desc;
  size_t zeros = 0;

  for (int s = 0; s < nsites; s++) {
    const proact__read_site_t *site = &sites[s];
    if (site->array < 0 && site->clause < 0)
      continue; /* a reduction's update: proact__loop_array_sections */
    if (site->array < 0 || site->array >= desc->narrays ||
        site->clause >= desc->nreads ||
        (site->clause >= 0 &&
         (desc->reads[site->clause].array != site->array ||
          desc->reads[site->clause].whole)))
      proact__fatal(loop->file, site->line, site->col,
                    "checked load refers to array %d of %d, reads entry %d "
                    "of %d",
                    site->array, desc->narrays, site->clause, desc->nreads);
    if (desc->arrays[site->array].elem_size > zeros)
      zeros = desc->arrays[site->array].elem_size;
  }
  loop->checks = sites;
  loop->nchecks = nsites;
  if (nsites == 0)
    return;
  if (!proact__param_get(PROACT__PARAM_READ_CHECK)->i) {
    if (desc->read_check != PROACT__READ_CHECK_ON)
      return;
    /* the kernel has no unchecked loads: check, as the build asked */
    proact__info(PROACT__SUBSYS_REGION, "%s:%d: PROACT_READ_CHECK=0 has no "
                 "effect: the loop was compiled with "
                 "-fplugin-arg-proact-read-check=on",
                 loop->file, loop->line);
  }
  pthread_once(&at_exit, register_clear);
  pthread_mutex_lock(&lock);
  for (int p = 0; p < loop->plan->nparts; p++) {
    const int dev = loop->plan->devs[p];
    const read_slot_t *s;
    if (!on_host(dev) && !proact__dev_is_local(dev))
      continue; /* another rank's part: that rank checks it */
    s = read_slot_get(dev, zeros);
    if (s == NULL) {
      pthread_mutex_unlock(&lock);
      proact__fatal(loop->file, loop->line, loop->col,
                    "out of memory on device %d for the read checks", dev);
    }
    loop->faults[p] = s->ptr;
    loop->fault_host[p] = s->host;
  }
  pthread_mutex_unlock(&lock);
}

proact__read_fault_t *proact__loop_part_checks(proact__loop_t *loop,
                                               int part) {
  if (part < 0 || part >= loop->plan->nparts)
    proact__fatal(loop->file, loop->line, loop->col,
                  "no read checks of part %d (%d parts)", part,
                  loop->plan->nparts);
  return loop->faults[part];
}

void proact__read_check_collect(proact__loop_t *loop, int part) {
  proact__read_record_t *rec = &loop->fault[part];

  if (loop->faults[part] == NULL)
    return;
  if (loop->fault_host[part] != NULL) {
    /* The kernel returned: its stores to host memory are visible. */
    const volatile proact__read_record_t *h = loop->fault_host[part];
    rec->site = h->site;
    rec->index = h->index;
    rec->iter = h->iter;
  } else if (proact__dev_copy_to_host(rec, loop->plan->devs[part],
                                      &loop->faults[part]->local,
                                      sizeof(*rec)) != PROACT_OK) {
    rec->site = -1;
  }
}

void proact__read_check_report(const proact__loop_t *loop) {
  const proact__loop_desc_t *desc = loop->desc;
  char b1[48], b2[48];

  for (int p = 0; p < loop->plan->nparts; p++) {
    const proact__read_record_t *rec = &loop->fault[p];
    const proact__read_site_t *site;
    const proact__array_t *array;
    long long lo, len;
    if (loop->faults[p] == NULL || rec->site == 0)
      continue;
    if (rec->site < 0 || rec->site > loop->nchecks)
      proact__fatal(loop->file, loop->line, loop->col,
                    "the read checks of device %d could not be read back "
                    "(site %lld)",
                    loop->plan->devs[p], rec->site);
    site = &loop->checks[rec->site - 1];
    if (site->array < 0) {
      /* Not the copy's own: the update went to the slot's zeros. */
      const int r = -1 - site->array;
      if (r >= loop->nreduced || loop->reduced[r].name == NULL)
        proact__fatal(loop->file, loop->line, loop->col,
                      "checked update refers to reduction %d of %d", r,
                      loop->nreduced);
      array = &loop->reduced[r];
      proact__fatal(loop->file, loop->line, 0,
                    "at loop index %lld the loop updates %s[%lld] (line %d, "
                    "column %d) but reduction(...) reduces %s[%lld:%lld]; "
                    "widen the section to every element the loop updates",
                    rec->iter, array->name, rec->index, site->line,
                    site->col, array->name, array->lo, array->len);
    }
    array = &desc->arrays[site->array];
    if (site->clause >= 0) {
      const proact__access_t *clause = &desc->reads[site->clause];
      lo = clause->coef * rec->iter + clause->off_min;
      len = clause->empty ? 0 : clause->off_max - clause->off_min + 1;
      proact__fatal(loop->file, loop->line, 0,
                    "at loop index %lld the loop reads %s[%lld] (line %d, "
                    "column %d) but reads(...) names %s[%s:%s] (line %d)",
                    rec->iter, array->name, rec->index, site->line,
                    site->col, array->name, proact__span_format(lo, b1),
                    proact__span_format(len, b2), clause->line);
    }
    if (rec->index >= array->lo && rec->index - array->lo < array->len) {
      /* Inside the section, outside the device's window of it (as
       * proact__loop_part_section gives it). */
      const proact__present_t *entry = loop->entries[site->array];
      lo = array->lo;
      len = array->len;
      if (entry != NULL && entry->distribute)
        proact__window_section(entry, loop->plan->devs[p], array, &lo, &len);
      proact__fatal(loop->file, loop->line, 0,
                    "at loop index %lld the loop reads %s[%lld] (line %d, "
                    "column %d) but device %d holds %s[%lld:%lld]",
                    rec->iter, array->name, rec->index, site->line,
                    site->col, loop->plan->devs[p], array->name, lo, len);
    }
    proact__fatal(loop->file, loop->line, 0,
                  "at loop index %lld the loop reads %s[%lld] (line %d, "
                  "column %d) but region(...) names %s[%lld:%lld]",
                  rec->iter, array->name, rec->index, site->line, site->col,
                  array->name, array->lo, array->len);
  }
}
