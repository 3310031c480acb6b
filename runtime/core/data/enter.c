/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* Spread 'target enter data' and 'target exit data': mappings that outlive
 * the construct, kept as presence entries (presence.h) with OpenMP's
 * reference counts. An enter creates the replicas, or counts one more
 * mapping of an entry present already; an exit counts one less, and when
 * no mapping and no data region holds the entry any more it goes, the
 * named section copied back for 'from'; 'delete' drops every mapping at
 * once. Loops, regions and updates find these entries as they find a
 * region's. A section PROACT does not hold that OpenMP has on the default
 * device (a construct that stayed OpenMP's mapped it) is left to OpenMP:
 * the generated code then runs the construct itself. */
#include <omp.h>
#include <stddef.h>
#include <stdint.h>

#include "core_param.h"
#include "dev.h"
#include "enter.h"
#include "devices.h"
#include "error_report.h"
#include "host_check.h"
#include "log.h"
#include "owner.h"
#include "presence.h"
#include "proact.h"
#include "replica.h"
#include "ompt_follow.h"
#include "trace.h"
#include "omp_wait.h"

static const char *enter_type(int kind) {
  switch (kind) {
  case PROACT__MAP_COPYIN:
    return "to";
  case PROACT__MAP_CREATE:
    return "alloc";
  case PROACT__MAP_COPYOUT:
    return "from";
  case PROACT__MAP_RELEASE:
    return "release";
  case PROACT__MAP_DELETE:
    return "delete";
  default:
    return "?";
  }
}

/* Whether OpenMP holds host bytes [lo, hi) on the default device. */
static int enter_omp_holds(const char *lo, const char *hi) {
  const int dev = omp_get_default_device();
  char *d_lo, *d_last;
  if (dev < 0 || dev >= omp_get_num_devices())
    return 0;
  d_lo = proact__omp_mapped_ptr(lo, dev);
  d_last = proact__omp_mapped_ptr(hi - 1, dev);
  return d_lo != NULL && d_last == d_lo + (hi - 1 - lo);
}

static void enter_check_kind(const proact__data_desc_t *desc,
                             const proact__map_t *map, int exit) {
  const int ok = exit ? map->kind == PROACT__MAP_COPYOUT ||
                            map->kind == PROACT__MAP_RELEASE ||
                            map->kind == PROACT__MAP_DELETE
                      : map->kind == PROACT__MAP_COPYIN ||
                            map->kind == PROACT__MAP_CREATE;
  if (!ok)
    proact__fatal(desc->file, desc->line, desc->col,
                  "invalid map kind %d for '%s' in target %s data",
                  map->kind, map->array.name, exit ? "exit" : "enter");
}

/* The entry that holds [lo, hi): NULL when none does; a section across
 * an entry's edge is an error, as in OpenMP. */
static proact__present_t *enter_find(const proact__data_desc_t *desc,
                                     const proact__map_t *map, char *lo,
                                     char *hi, int exit) {
  proact__present_t *entry = NULL;
  switch (proact__present_find(lo, hi, &entry)) {
  case PROACT__PRESENT_CONTAINS:
    if (entry->implicit) /* a running loop's own copies */
      break;
    proact__present_same_device(entry, map->array.name, map->array.lo,
                                map->array.len, desc->file, desc->line,
                                desc->col);
    return entry;
  case PROACT__PRESENT_PARTIAL:
    proact__fatal(desc->file, desc->line, desc->col,
                  "target %s data map(%s: %s[%lld:%lld]): the section "
                  "partially overlaps %s[%lld:%lld], mapped at %s:%d; map "
                  "and unmap whole sections, or a section inside one",
                  exit ? "exit" : "enter", enter_type(map->kind),
                  map->array.name, map->array.lo, map->array.len,
                  entry->name, entry->lo, entry->len, entry->file,
                  entry->line);
  case PROACT__PRESENT_NONE:
    break;
  }
  return NULL;
}

/* Whether a section of desc is OpenMP's own. The construct then runs as
 * OpenMP's too, for it: OpenMP must find every other section present on
 * the default device through the association of a full replica of
 * PROACT's, or it would map that section a second time; checked here,
 * before anything changes. New sections get replicas on devs (ndevs of
 * them), or distributed copies (distributed). */
static int enter_to_omp(const proact__data_desc_t *desc, int exit,
                        const int *devs, int ndevs, int distributed) {
  const int dev = omp_get_default_device();
  const int pdev = proact__dev_of_omp(dev);
  const int assoc = pdev >= 0 && proact__devices_associated(pdev);
  int to_omp = 0, new_assoc = 0;
  for (int i = 0; i < ndevs; i++)
    new_assoc |= assoc && !distributed && devs[i] == pdev;
  for (int m = 0; m < desc->nmaps && !to_omp; m++) {
    char *lo, *hi;
    proact__array_bytes(&desc->maps[m].array, desc->file, desc->line,
                        desc->col, &lo, &hi);
    to_omp = lo != hi && enter_find(desc, &desc->maps[m], lo, hi, exit) ==
                             NULL &&
             enter_omp_holds(lo, hi);
  }
  for (int m = 0; m < desc->nmaps && to_omp; m++) {
    const proact__map_t *map = &desc->maps[m];
    proact__present_t *entry;
    char *lo, *hi;
    int found;
    proact__array_bytes(&map->array, desc->file, desc->line, desc->col, &lo,
                        &hi);
    if (lo == hi)
      continue;
    entry = enter_find(desc, map, lo, hi, exit);
    if (entry == NULL) {
      /* An exit's: not mapped, reported by the exit itself. */
      found = exit || enter_omp_holds(lo, hi) || new_assoc;
    } else {
      const int i = assoc ? proact__present_dev_index(entry, pdev) : -1;
      found = i >= 0 && entry->ptrs[i] != NULL && !entry->distribute;
    }
    if (!found)
      proact__fatal(desc->file, desc->line, desc->col,
                    "this 'target %s data' maps sections OpenMP holds on "
                    "device %d (mapped by a construct left to OpenMP) and "
                    "%s[%lld:%lld], which PROACT holds, or would, but not "
                    "as the copy OpenMP finds on that device; map the two "
                    "in separate constructs",
                    exit ? "exit" : "enter", dev, map->array.name,
                    map->array.lo, map->array.len);
  }
  return to_omp;
}

/* The entry's replicas go with nothing copied back; the entry itself too,
 * or, while data regions still name it (keep), it stays marked gone for
 * their ends. */
static void enter_drop(proact__present_t *entry, int keep) {
  proact__host_check_forget(entry);
  entry->kind = PROACT__MAP_CREATE;
  if (keep)
    proact__replica_release(entry);
  else
    proact__replica_destroy(entry);
}

void proact__enter_reap_freed(void) {
  const char *lo, *hi;
  int lost = 0, any = 0;

  while (proact__present_take_freed(&lo, &hi, &lost)) {
    proact__present_t *entry = NULL;
    while (proact__present_find(lo, hi, &entry) != PROACT__PRESENT_NONE &&
           entry->refs > 0 && entry->holds == 0 && !entry->implicit) {
      proact__info(PROACT__SUBSYS_REGION,
                   "%s[%lld:%lld], entered at %s:%d, was freed: its "
                   "mappings end, nothing copied back",
                   entry->name, entry->lo, entry->len, entry->file,
                   entry->line);
      entry->refs = 0;
      enter_drop(entry, 0);
      any = 1;
    }
  }
  if (lost)
    proact__fatal(NULL, 0, 0,
                  "more arrays that 'target enter data' held were freed "
                  "between two of PROACT's calls than it can follow; "
                  "exit them before freeing them");
  if (any)
    proact__present_refresh();
}

/* The start of an enter or exit (what): 0 without devices, where the
 * program uses the host arrays, as OpenMP does; else the construct owns
 * PROACT until enter_end. */
static int enter_begin(const proact__data_desc_t *desc, const char *what,
                       const char *phase_name, proact__trace_phase_t *phase) {
  proact__devices_require_serial(desc->file, desc->line, desc->col, what);
  proact__devices_init();
  if (proact__devices_count() == 0)
    return 0;
  proact__owner_enter(desc->file, desc->line, desc->col, what);
  proact__enter_reap_freed();
  proact__host_check_enter();
  proact__trace_phase_begin(phase, phase_name, phase_name, desc->file,
                            desc->line);
  return 1;
}

int proact__omp_enter_data(const proact__data_desc_t *desc) {
  proact__trace_phase_t phase = {0};
  int devs[PROACT__DEV_MAX];
  int ndevs, all_distributed, to_omp;

  if (!enter_begin(desc, "target enter data", "enter data", &phase))
    return 0;
  ndevs = proact__devices_of_clause(NULL, 0, desc->file, desc->line,
                                    desc->col, devs);
  all_distributed = proact__param_get(PROACT__PARAM_DISTRIBUTE)->i != 0;
  proact__ompt_follow_check(desc->file, desc->line, ndevs,
                              ndevs > 0 ? devs[0] : -1);
  for (int m = 0; m < desc->nmaps; m++)
    enter_check_kind(desc, &desc->maps[m], 0);
  to_omp = enter_to_omp(desc, 0, devs, ndevs, all_distributed);
  for (int m = 0; m < desc->nmaps; m++) {
    const proact__map_t *map = &desc->maps[m];
    proact__present_t *entry;
    char *lo, *hi;

    proact__array_bytes(&map->array, desc->file, desc->line, desc->col, &lo,
                        &hi);
    if (lo == hi)
      continue;
    entry = enter_find(desc, map, lo, hi, 0);
    if (entry != NULL) {
      /* Present: not mapped again, one more mapping to exit. */
      entry->refs++;
      proact__info(PROACT__SUBSYS_REGION,
                   "%s:%d enter %s[%lld:%lld]: present, %d mapping(s)",
                   desc->file, desc->line, map->array.name, map->array.lo,
                   map->array.len, entry->refs);
      continue;
    }
    if (enter_omp_holds(lo, hi))
      continue; /* OpenMP's: its construct maps it */
    entry = proact__replica_create(&map->array, devs, ndevs, map->kind, 0,
                                   map->distribute || all_distributed,
                                   desc->file, desc->line, desc->col);
    entry->refs = 1;
    entry->omp_dev1 = 1 + omp_get_default_device();
  }
  proact__present_refresh();
  if (proact__dev_sync_all() != PROACT_OK)
    proact__fatal(desc->file, desc->line, desc->col,
                  "copying the mapped arrays to the devices failed");
  proact__trace_phase_end(&phase);
  proact__host_check_leave(desc->file, desc->line);
  proact__owner_leave();
  return to_omp;
}

/* The last mapping of entry went: for 'from', the named bytes [lo, hi)
 * go back to the host; then the entry goes. */
static void exit_remove(const proact__data_desc_t *desc,
                        proact__present_t *entry, int kind, char *lo,
                        char *hi) {
  proact__replica_check_host(entry, "the target exit data");
  if (kind == PROACT__MAP_COPYOUT) {
    const uint64_t off_lo = (uint64_t)(lo - entry->host_lo);
    const uint64_t off_hi = (uint64_t)(hi - entry->host_lo);
    proact_status_t st;
    proact__host_check_copy_back(entry, off_lo, off_hi,
                                 "the target exit data", desc->file,
                                 desc->line, desc->col);
    proact__replica_gather(entry, off_lo, off_hi);
    st = proact__dev_sync_all();
    if (st != PROACT_OK)
      proact__fatal(desc->file, desc->line, desc->col,
                    "copying %s[%lld:%lld] back to the host failed: %s",
                    entry->name, entry->lo, entry->len,
                    proact_status_string(st));
  }
  enter_drop(entry, 0); /* copied back above, if at all */
}

/* One map of an exit for entry, which holds [lo, hi): one mapping less
 * ('delete': none left, copying nothing, even under regions that hold
 * it); the last goes, copied back for 'from'. */
static void exit_map(const proact__data_desc_t *desc, const proact__map_t *map,
                     proact__present_t *entry, char *lo, char *hi) {
  if (map->kind == PROACT__MAP_DELETE && entry->holds > 0) {
    /* OpenMP removes the mapping from under the regions that hold it,
     * copying nothing; their ends then find nothing to copy back. */
    proact__info(PROACT__SUBSYS_REGION,
                 "%s:%d exit delete(%s[%lld:%lld]) inside %d data "
                 "region(s): removed, nothing copied back",
                 desc->file, desc->line, map->array.name, map->array.lo,
                 map->array.len, entry->holds);
    entry->refs = 0;
    enter_drop(entry, 1);
    return;
  }
  if (map->kind == PROACT__MAP_DELETE) {
    entry->refs = 0;
  } else if (entry->refs > 0) {
    entry->refs--;
  }
  proact__info(PROACT__SUBSYS_REGION,
               "%s:%d exit %s(%s[%lld:%lld]): %d mapping(s), %d region(s) "
               "left",
               desc->file, desc->line, enter_type(map->kind),
               map->array.name, map->array.lo, map->array.len, entry->refs,
               entry->holds);
  if (entry->refs == 0 && entry->holds == 0)
    exit_remove(desc, entry, map->kind, lo, hi);
}

int proact__omp_exit_data(const proact__data_desc_t *desc) {
  proact__trace_phase_t phase = {0};
  int to_omp;

  if (!enter_begin(desc, "target exit data", "exit data", &phase))
    return 0;
  for (int m = 0; m < desc->nmaps; m++)
    enter_check_kind(desc, &desc->maps[m], 1);
  to_omp = enter_to_omp(desc, 1, NULL, 0, 0);
  for (int m = 0; m < desc->nmaps; m++) {
    const proact__map_t *map = &desc->maps[m];
    proact__present_t *entry;
    char *lo, *hi;

    proact__array_bytes(&map->array, desc->file, desc->line, desc->col, &lo,
                        &hi);
    if (lo == hi)
      continue;
    entry = enter_find(desc, map, lo, hi, 1);
    if (entry == NULL) {
      /* OpenMP's (its construct unmaps it), or not mapped at all, which
       * OpenMP ignores: a program that entered it once per device, say,
       * exits it once per device too. */
      if (!enter_omp_holds(lo, hi))
        proact__info(PROACT__SUBSYS_REGION,
                     "%s:%d exit %s(%s[%lld:%lld]): not mapped, nothing "
                     "to do",
                     desc->file, desc->line, enter_type(map->kind),
                     map->array.name, map->array.lo, map->array.len);
      continue;
    }
    exit_map(desc, map, entry, lo, hi);
  }
  proact__present_refresh();
  proact__trace_phase_end(&phase);
  proact__host_check_leave(desc->file, desc->line);
  proact__owner_leave();
  return to_omp;
}

/* An enter (exit = 0) or exit left to OpenMP, before its construct runs:
 * the sections PROACT holds counted or exited as a spread construct would,
 * or refused; the others are the construct's own. */
static void omp_counted(const proact__data_desc_t *desc, int dev, int cond,
                        int refuse, int exit) {
  const char *what = exit ? "target exit data" : "target enter data";
  proact__trace_phase_t phase = {0};

  if (!cond)
    return; /* if(false): OpenMP maps nothing */
  /* PROACT's mappings are the default device's; a construct for another
   * device maps its own copies there. */
  if ((dev != PROACT__STAY_DEFAULT_DEVICE &&
       dev != omp_get_default_device()) ||
      !enter_begin(desc, what, exit ? "exit data" : "enter data", &phase))
    return;
  for (int m = 0; m < desc->nmaps; m++) {
    const proact__map_t *map = &desc->maps[m];
    proact__present_t *entry;
    char *lo, *hi;

    enter_check_kind(desc, map, exit);
    proact__array_bytes(&map->array, desc->file, desc->line, desc->col, &lo,
                        &hi);
    if (lo == hi)
      continue;
    entry = enter_find(desc, map, lo, hi, exit);
    if (entry == NULL)
      continue; /* the construct's own, or nothing OpenMP holds */
    if (refuse)
      proact__fatal(desc->file, desc->line, desc->col,
                    "this '%s' stays OpenMP's for a map-type modifier, and "
                    "maps %s[%lld:%lld], which PROACT holds (%s:%d): OpenMP "
                    "would act on one device's copy of it; drop the "
                    "modifier (use 'target update %s(...)' where it was "
                    "'always')",
                    what, map->array.name, map->array.lo, map->array.len,
                    entry->file, entry->line, exit ? "from" : "to");
    if (exit) {
      exit_map(desc, map, entry, lo, hi);
      continue;
    }
    entry->refs++;
    proact__info(PROACT__SUBSYS_REGION,
                 "%s:%d enter %s[%lld:%lld] left to OpenMP: present, %d "
                 "mapping(s)",
                 desc->file, desc->line, map->array.name, map->array.lo,
                 map->array.len, entry->refs);
  }
  if (exit)
    proact__present_refresh();
  proact__trace_phase_end(&phase);
  proact__host_check_leave(desc->file, desc->line);
  proact__owner_leave();
}

void proact__omp_enter_counted(const proact__data_desc_t *desc, int dev,
                               int cond, int refuse) {
  omp_counted(desc, dev, cond, refuse, 0);
}

void proact__omp_exit_counted(const proact__data_desc_t *desc, int dev,
                              int cond, int refuse) {
  omp_counted(desc, dev, cond, refuse, 1);
}

/* Entries mapped as p[lo:len] with p the pointer itself (OpenMP finds
 * such a section through its base pointer even where p's own element is
 * not mapped: 'enter data map(to: b[4:8])', then a loop over b[4..11]). */
typedef struct base_find {
  const char *p;
  size_t elem;
  proact__present_t *hit;
  int count;
} base_find_t;

static void base_match(proact__present_t *entry, void *arg) {
  base_find_t *f = arg;
  if (!entry->implicit && !entry->gone && entry->elem_size == f->elem &&
      entry->host_lo - entry->lo * (long long)f->elem == f->p &&
      (uint64_t)(entry->host_hi - entry->host_lo) % f->elem == 0) {
    f->hit = entry;
    f->count++;
  }
}

/* Whether entry, not a loop's own, lies on p's element boundaries. */
static int on_elements(const proact__present_t *entry, const char *p,
                       size_t elem) {
  return !entry->implicit && (entry->host_lo - p) % (ptrdiff_t)elem == 0 &&
         (uint64_t)(entry->host_hi - entry->host_lo) % elem == 0;
}

/* entry as p[entry_lo:entry_len]. */
static long long entry_lo(const proact__present_t *entry, const void *p,
                          size_t elem) {
  return (long long)((entry->host_lo - (const char *)p) / (ptrdiff_t)elem);
}

static long long entry_len(const proact__present_t *entry, size_t elem) {
  return (long long)((uint64_t)(entry->host_hi - entry->host_lo) / elem);
}

/* The live entry (of a data region or an enter) whose element p is, for
 * elements of elem bytes, or else the one section mapped through p as its
 * base; NULL when none holds it or p is not on one of its element
 * boundaries. */
static proact__present_t *found_entry(const void *p, size_t elem) {
  proact__present_t *entry = NULL;
  const char *c = p;
  if (p == NULL || elem == 0 || proact__devices_count() == 0)
    return NULL;
  proact__enter_reap_freed();
  if (proact__present_find((char *)c, (char *)c + elem, &entry) !=
      PROACT__PRESENT_CONTAINS) {
    base_find_t f = {c, elem, NULL, 0};
    proact__present_each(base_match, &f);
    return f.count == 1 ? f.hit : NULL;
  }
  return on_elements(entry, c, elem) ? entry : NULL;
}

int proact__omp_found(const void *p, size_t elem) {
  return found_entry(p, elem) != NULL;
}

/* p[lo:len] is the section: lo <= 0 where p lies in it, above 0 where the
 * section was mapped through p as its base. */
long long proact__omp_found_lo(const void *p, size_t elem) {
  const proact__present_t *entry = found_entry(p, elem);
  return entry == NULL ? 0 : entry_lo(entry, p, elem);
}

/* The live entry holding p[lo:len] whole, on p's element boundaries. */
static const proact__present_t *held_entry(const void *p, size_t elem,
                                           long long lo, long long len) {
  proact__present_t *entry = NULL;
  const char *c = p;
  if (p == NULL || elem == 0 || len <= 0 || proact__devices_count() == 0)
    return NULL;
  proact__enter_reap_freed();
  if (proact__present_find((char *)c + lo * (long long)elem,
                           (char *)c + (lo + len) * (long long)elem,
                           &entry) != PROACT__PRESENT_CONTAINS ||
      !on_elements(entry, c, elem))
    return NULL;
  return entry;
}

long long proact__omp_held_lo(const void *p, size_t elem, long long lo,
                              long long len) {
  const proact__present_t *entry = held_entry(p, elem, lo, len);
  return entry == NULL ? lo : entry_lo(entry, p, elem);
}

long long proact__omp_held_len(const void *p, size_t elem, long long lo,
                               long long len) {
  const proact__present_t *entry = held_entry(p, elem, lo, len);
  return entry == NULL ? len : entry_len(entry, elem);
}

int proact__omp_kept(const void *p) {
  proact__present_t *entry = NULL;
  if (p == NULL || proact__devices_count() == 0)
    return 0;
  proact__enter_reap_freed();
  if (proact__present_find((char *)p, (char *)p + 1, &entry) !=
      PROACT__PRESENT_NONE)
    return 0; /* PROACT's own copies, which OpenMP finds associated */
  return enter_omp_holds((const char *)p, (const char *)p + 1);
}

long long proact__omp_found_len(const void *p, size_t elem) {
  const proact__present_t *entry = found_entry(p, elem);
  return entry == NULL ? 0 : entry_len(entry, elem);
}
