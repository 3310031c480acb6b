/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* Growing the windows of distributed arrays (window.h). */
#include <omp.h>
#include <stdint.h>

#include "dev.h"
#include "devices.h"
#include "error_report.h"
#include "log.h"
#include "proact.h"
#include "replica.h"
#include "window.h"

/* Copies the valid bytes of one device's old window into its new one,
 * contiguous pieces merged into one copy. */
typedef struct window_move {
  const proact__present_t *entry;
  int i;
  char *dst;       /* the new buffer, holding offsets from dst_lo */
  uint64_t dst_lo;
  uint64_t lo, hi; /* pending piece; lo == hi: none */
  int copies;
} window_move_t;

static proact_status_t window_move_flush(window_move_t *m) {
  const proact__present_t *entry = m->entry;
  int dev = entry->devs[m->i];
  proact_status_t st;

  if (m->lo == m->hi)
    return PROACT_OK;
  st = proact__dev_copy_peer(dev, m->dst + (m->lo - m->dst_lo), dev,
                             (char *)entry->ptrs[m->i] +
                                 (m->lo - entry->wlo[m->i]),
                             (size_t)(m->hi - m->lo));
  m->lo = m->hi;
  m->copies++;
  return st;
}

static proact_status_t window_move_piece(void *arg, uint64_t lo, uint64_t hi,
                                         proact__devmask_t mask) {
  window_move_t *m = arg;

  if (!(mask & PROACT__DEVMASK(m->entry->devs[m->i])))
    return window_move_flush(m);
  if (m->lo == m->hi || lo != m->hi) {
    proact_status_t st = window_move_flush(m);
    if (st != PROACT_OK)
      return st;
    m->lo = lo;
  }
  m->hi = hi;
  return PROACT_OK;
}

void proact__window_cover(proact__present_t *entry, int i, uint64_t lo,
                          uint64_t hi, const char *file, int line, int col) {
  int dev = entry->devs[i];
  /* Another rank's device: only its bounds, kept as that rank keeps them
   * (push.c plans from them); its memory is that rank's. */
  int empty = proact__dev_is_local(dev) ? entry->ptrs[i] == NULL
                                        : entry->whi[i] <= entry->wlo[i];
  /* Whole elements of the entry: a loop through a narrower view (a float
   * view of doubles) asks for bytes at its own grain, and a window that
   * began inside an element would leave the device's elements misaligned
   * (a GPU's 8-byte loads fault there). */
  const uint64_t es = entry->elem_size > 0 ? (uint64_t)entry->elem_size : 1,
                 size = (uint64_t)(entry->host_hi - entry->host_lo);
  lo -= lo % es;
  hi = hi % es ? hi + (es - hi % es) : hi;
  hi = hi > size ? size : hi;
  uint64_t nlo = empty || lo < entry->wlo[i] ? lo : entry->wlo[i];
  uint64_t nhi = empty || hi > entry->whi[i] ? hi : entry->whi[i];
  size_t bytes = (size_t)(nhi - nlo);
  window_move_t m = {entry, i, NULL, nlo, 0, 0, 0};
  proact_status_t st;

  if (!empty && nlo == entry->wlo[i] && nhi == entry->whi[i])
    return;
  if (!proact__dev_is_local(dev)) {
    entry->wlo[i] = nlo;
    entry->whi[i] = nhi;
    return;
  }
  st = proact__dev_alloc(dev, bytes, (void **)&m.dst);
  proact__present_alloc_check(st, "window", entry, dev, bytes, file, line,
                              col);
  if (!empty) {
    st = proact__validity_walk(entry->valid, entry->wlo[i], entry->whi[i],
                               window_move_piece, &m);
    if (st == PROACT_OK)
      st = window_move_flush(&m);
    /* The old buffer is freed below: no copy may still read it. */
    if (m.copies > 0 && st == PROACT_OK)
      st = proact__dev_sync_all();
    if (st != PROACT_OK)
      proact__fatal(file, line, col,
                    "moving the window of %s[%lld:%lld] on device %d failed: "
                    "%s",
                    entry->name, entry->lo, entry->len, dev,
                    proact_status_string(st));
    if (proact__devices_associated(dev) &&
        omp_target_disassociate_ptr(entry->host_lo + entry->wlo[i],
                                    proact__dev_omp_id(dev)) != 0)
      proact__fatal(file, line, col,
                    "cannot disassociate the window of %s[%lld:%lld] on "
                    "device %d",
                    entry->name, entry->lo, entry->len, dev);
    proact__dev_free(dev, entry->ptrs[i],
                     (size_t)(entry->whi[i] - entry->wlo[i]));
  }
  entry->ptrs[i] = m.dst;
  entry->wlo[i] = nlo;
  entry->whi[i] = nhi;
  if (proact__devices_associated(dev) &&
      omp_target_associate_ptr(entry->host_lo + nlo, m.dst, bytes, 0,
                               proact__dev_omp_id(dev)) != 0)
    proact__fatal(file, line, col,
                  "cannot associate the window of %s[%lld:%lld] on device "
                  "%d: is it mapped by an openmp data directive?",
                  entry->name, entry->lo, entry->len, dev);
  proact__info(PROACT__SUBSYS_REGION,
               "window of %s on device %d grows to [%lld, %lld) elements "
               "(%zu bytes; %llu bytes allocated on the device)",
               entry->name, dev,
               entry->lo + (long long)(nlo / entry->elem_size),
               entry->lo + (long long)(nhi / entry->elem_size), bytes,
               (unsigned long long)proact__dev_allocated(dev));
}

void proact__window_section(const proact__present_t *entry, int dev,
                            const proact__array_t *array, long long *lo_p,
                            long long *len_p) {
  int i = proact__present_dev_index(entry, dev);
  __int128 lo, hi;

  if (i < 0 || entry->ptrs[i] == NULL) {
    *lo_p = array->lo;
    *len_p = 0;
    return;
  }
  lo = (__int128)(uintptr_t)(entry->host_lo + entry->wlo[i]) -
       (__int128)(uintptr_t)array->base;
  hi = (__int128)(uintptr_t)(entry->host_lo + entry->whi[i]) -
       (__int128)(uintptr_t)array->base;
  /* Whole elements: window bounds come from element bounds of the entry,
   * whose elements are array's unless the program mixes types. */
  *lo_p = (long long)(lo / (__int128)array->elem_size);
  *len_p = (long long)(hi / (__int128)array->elem_size) - *lo_p;
}
