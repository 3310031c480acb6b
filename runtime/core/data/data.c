/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* Data regions (proact__data_begin/end): replicas of each mapped section on
 * the region's devices for the region's lifetime, or windows for the
 * distributed ones (distribute(...) or PROACT_DISTRIBUTE=1). Loops keep
 * them lazily consistent (loop.c); the end gathers copy/copyout sections to
 * the host from the devices that hold each byte (replica.c). */
#include <omp.h>
#include <stdint.h>
#include <stdlib.h>

#include "dev.h"
#include "enter.h"
#include "error_report.h"
#include "host_check.h"
#include "owner.h"
#include "log.h"
#include "core_param.h"
#include "devices.h"
#include "presence.h"
#include "proact.h"
#include "rank.h"
#include "replica.h"
#include "ompt_follow.h"
#include "trace.h"

struct proact__data {
  int nowned;                  /* entries this region names: created, or */
  proact__present_t **owned;   /* reused (each counted in its holds) */
  int *kinds;                  /* this region's PROACT__MAP_* of each */
  const char *file;            /* the pragma, for the trace */
  int line;
};

/* A section inside a live one is reused ("present"); it must then be on
 * every device of this region. */
static void data_check_reuse(const proact__data_desc_t *desc,
                             const proact__array_t *array,
                             const proact__present_t *entry, const int *devs,
                             int ndevs) {
  for (int i = 0; i < ndevs; i++)
    if (proact__present_dev_index(entry, devs[i]) < 0)
      proact__fatal(desc->file, desc->line, desc->col,
                    "%s[%lld:%lld] is in the region of %s:%d, which has no "
                    "replica on device %d",
                    array->name, array->lo, array->len, entry->file,
                    entry->line, devs[i]);
}

/* The bytes a map's section covers (0 for an empty or negative one). */
static __int128 data_map_bytes(const proact__map_t *map) {
  return (__int128)(map->array.len > 0 ? map->array.len : 0) *
         (__int128)map->array.elem_size;
}

proact__data_t *proact__data_begin(const proact__data_desc_t *desc) {
  proact__data_t *data = calloc(1, sizeof(*data));
  proact__trace_phase_t phase = {0};
  int devs[PROACT__DEV_MAX];
  int ndevs, all_distributed;

  proact__devices_require_serial(desc->file, desc->line, desc->col,
                                 "data region");
  proact__owner_enter(desc->file, desc->line, desc->col, "data region");
  proact__devices_init();
  proact__enter_reap_freed();
  if (data == NULL ||
      (desc->nmaps > 0 &&
       ((data->owned = calloc((size_t)desc->nmaps, sizeof(*data->owned))) ==
            NULL ||
        (data->kinds = calloc((size_t)desc->nmaps, sizeof(*data->kinds))) ==
            NULL)))
    proact__fatal(desc->file, desc->line, desc->col, "out of host memory");
  data->file = desc->file;
  data->line = desc->line;
  /* Host fallback: the program uses the host arrays directly. */
  if (proact__devices_count() == 0)
    return data;
  proact__host_check_enter();
  proact__trace_phase_begin(&phase, "region entry", "region entry",
                            desc->file, desc->line);
  ndevs = proact__devices_of_clause(desc->devices, desc->ndevices, desc->file,
                                    desc->line, desc->col, devs);
  all_distributed = proact__param_get(PROACT__PARAM_DISTRIBUTE)->i != 0;
  proact__ompt_follow_check(desc->file, desc->line, ndevs,
                              ndevs > 0 ? devs[0] : -1);

  /* Longest sections first (stable): one that holds another section of
   * the same directive (`copy(b[0:n-1], a[0:n])`, b = a + 1) is created
   * before it, which then finds it present, whatever the order written. */
  int *order = malloc(sizeof(int) * (size_t)(desc->nmaps > 0 ? desc->nmaps : 1));
  if (order == NULL)
    proact__fatal(desc->file, desc->line, desc->col, "out of host memory");
  for (int m = 0; m < desc->nmaps; m++) {
    int k = m;
    while (k > 0 && data_map_bytes(&desc->maps[order[k - 1]]) <
                        data_map_bytes(&desc->maps[m])) {
      order[k] = order[k - 1];
      k--;
    }
    order[k] = m;
  }
  for (int o = 0; o < desc->nmaps; o++) {
    const proact__map_t *map = &desc->maps[order[o]];
    proact__present_t *entry = NULL;
    char *lo, *hi;

    if (map->kind < PROACT__MAP_COPY || map->kind > PROACT__MAP_CREATE)
      proact__fatal(desc->file, desc->line, desc->col,
                    "invalid map kind %d for '%s'", map->kind,
                    map->array.name);
    proact__array_bytes(&map->array, desc->file, desc->line, desc->col, &lo,
                        &hi);
    if (lo == hi)
      continue; /* an empty section needs no storage */
    switch (proact__present_find(lo, hi, &entry)) {
    case PROACT__PRESENT_CONTAINS:
      if (entry->implicit) /* a loop's own copies, while it runs */
        proact__fatal(desc->file, desc->line, desc->col,
                      "%s[%lld:%lld] is held by the running loop of %s:%d",
                      map->array.name, map->array.lo, map->array.len,
                      entry->file, entry->line);
      if (desc->omp)
        proact__present_same_device(entry, map->array.name, map->array.lo,
                                    map->array.len, desc->file, desc->line,
                                    desc->col);
      data_check_reuse(desc, &map->array, entry, devs, ndevs);
      proact__info(PROACT__SUBSYS_REGION, "%s[%lld:%lld] already present",
                   map->array.name, map->array.lo, map->array.len);
      entry->holds++;
      data->kinds[data->nowned] = map->kind;
      data->owned[data->nowned++] = entry;
      break;
    case PROACT__PRESENT_PARTIAL:
      proact__fatal(desc->file, desc->line, desc->col,
                    "%s[%lld:%lld] partially overlaps %s[%lld:%lld] of the "
                    "live region of %s:%d",
                    map->array.name, map->array.lo, map->array.len,
                    entry->name, entry->lo, entry->len, entry->file,
                    entry->line);
    case PROACT__PRESENT_NONE:
      entry = proact__replica_create(&map->array, devs, ndevs, map->kind, 0,
                                     map->distribute || all_distributed,
                                     desc->file, desc->line, desc->col);
      entry->holds = 1;
      if (desc->omp)
        entry->omp_dev1 = 1 + omp_get_default_device();
      data->kinds[data->nowned] = map->kind;
      data->owned[data->nowned++] = entry;
      break;
    }
  }
  free(order);
  proact__present_refresh();
  if (proact__dev_sync_all() != PROACT_OK)
    proact__fatal(desc->file, desc->line, desc->col,
                  "copying the region's arrays to the devices failed");
  proact__trace_phase_end(&phase);
  proact__host_check_leave(desc->file, desc->line);
  return data;
}

/* Whether this region's end removes entry: no other region names it and
 * no 'target enter data' mapping holds it (OpenMP's counts both zero). */
static int data_last(const proact__present_t *entry) {
  return !entry->gone && entry->holds == 1 && entry->refs == 0;
}

void proact__data_end(proact__data_t *data) {
  proact__trace_phase_t phase = {0};
  int nlast = 0;
  if (data == NULL)
    return;
  proact__rank_context(data->file, data->line);
  /* Before anything reads or writes the host arrays. */
  for (int i = 0; i < data->nowned; i++)
    if (data_last(data->owned[i])) {
      proact__replica_check_host(data->owned[i], "the region's end");
      nlast++;
    }
  proact__host_check_enter();
  if (nlast > 0)
    proact__trace_phase_begin(&phase, "region exit", "region exit",
                              data->file, data->line);
  /* Reverse order of creation, like nested regions. An entry that
   * another region or an enter mapping still holds stays, with nothing
   * copied back, as OpenMP leaves it. */
  for (int i = data->nowned - 1; i >= 0; i--) {
    proact__present_t *entry = data->owned[i];
    const int kind = data->kinds[i];
    if (entry->gone) { /* deleted inside: nothing to copy back */
      if (--entry->holds == 0)
        free(entry);
      continue;
    }
    if (!data_last(entry)) {
      entry->holds--;
      continue;
    }
    entry->holds = 0;
    entry->kind = kind; /* this region's map type decides the copy back */
    if (kind == PROACT__MAP_COPY || kind == PROACT__MAP_COPYOUT)
      proact__host_check_copy_back(
          entry, 0, (uint64_t)(entry->host_hi - entry->host_lo),
          "the data region's end", entry->file, entry->line, 0);
    proact__host_check_forget(entry);
    proact__replica_destroy(entry);
  }
  proact__present_refresh();
  proact__trace_phase_end(&phase);
  proact__host_check_leave(data->file, data->line);
  free(data->owned);
  free(data->kinds);
  free(data);
  proact__owner_leave();
}
