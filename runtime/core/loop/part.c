/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* What the generated code asks of a loop's parts (codegen.h): how many,
 * their devices and iterations, their kernels' arguments (the
 * mechanism's, part_kernel), the sections and bases of their arrays, and
 * the values they share between ranks. */
#include <stdint.h>

#include "dev.h"
#include "devices.h"
#include "error_report.h"
#include "loop.h"
#include "rank.h"
#include "window.h"

int proact__loop_nparts(const proact__loop_t *loop) {
  return loop->plan->nparts;
}

int proact__loop_part_device(const proact__loop_t *loop, int part) {
  /* The host fallback's part runs on omp_get_initial_device(). */
  if (proact__devices_count() == 0)
    return loop->plan->devs[part];
  return proact__dev_omp_id(loop->plan->devs[part]);
}

void proact__loop_host_fallback(const char *file, int line, int may_run) {
  if (may_run && proact__devices_count() == 0)
    return;
  proact__fatal(file, line, 0,
                "OpenMP ran this loop's kernel on the host instead of on its "
                "device, which could not run it (was this file compiled for "
                "the devices, with the offload flags and their "
                "architecture?); the device's copy of the arrays would lack "
                "the results");
}

int proact__loop_part_here(const proact__loop_t *loop, int part) {
  return proact__devices_count() == 0 ||
         proact__dev_is_local(loop->plan->devs[part]);
}

void proact__loop_share(proact__loop_t *loop, void *parts, size_t each) {
  const int me = proact__rank_self(), ranks = proact__rank_count();
  if (ranks == 1 || each == 0 || proact__devices_count() == 0)
    return;
  /* Every rank walks the parts in the same order: each value goes from
   * the rank that ran the part to every other, matched by order. */
  for (int p = 0; p < loop->plan->nparts; p++) {
    char *slot = (char *)parts + (size_t)p * each;
    int owner = proact__dev_rank(loop->plan->devs[p]);
    if (loop->plan->lo[p] >= loop->plan->hi[p])
      continue;
    if (owner != me) {
      proact__rank_recv(owner, slot, each);
      continue;
    }
    for (int r = 0; r < ranks; r++)
      if (r != me)
        proact__rank_send(r, slot, each);
  }
}

long long proact__loop_part_lo(const proact__loop_t *loop, int part) {
  return loop->plan->lo[part];
}

long long proact__loop_part_hi(const proact__loop_t *loop, int part) {
  return loop->plan->hi[part];
}

void proact__loop_part_kernel(proact__loop_t *loop, int part, int *teams,
                              int *threads, proact__part_iters_t *iters,
                              long long *nblocks, proact__ready_t **ready,
                              int *forward) {
  const proact__device_t *dev;
  if (part < 0 || part >= loop->plan->nparts)
    proact__fatal(loop->file, loop->line, loop->col,
                  "no kernel of part %d (%d parts)", part, loop->plan->nparts);
  *teams = loop->plan->teams[part];
  *threads = loop->plan->team_threads[part];
  *iters = loop->plan->iters[part];
  *nblocks = loop->plan->nblocks[part];
  *ready = NULL;
  *forward = 0;
  if (loop->mech->part_kernel != NULL)
    loop->mech->part_kernel(loop, part, ready, forward);
  if (*ready != NULL || *forward) { /* its agent follows the kernel */
    /* A nest with column kernels has no flat readiness kernel to run. */
    if (loop->desc->columns && loop->plan->tiles == 0)
      proact__fatal(loop->file, loop->line, loop->col,
                    "internal error: part %d would push from the flat walk, "
                    "which has no readiness kernel", part);
    loop->nodefer[part] = 1;
    /* A host device's image has one kernel per loop, which runs every
     * walk (docs/design/lowering.md); the launch picks it by bit 1. */
    dev = proact__dev_get(loop->plan->devs[part]);
    if (dev != NULL && dev->kind == PROACT__DEVICE_HOST_CPU)
      *forward |= 2;
  }
}

void proact__loop_part_section(const proact__loop_t *loop, int part,
                               int array, long long *lo_p,
                               long long *len_p) {
  const proact__present_t *entry;

  if (part < 0 || part >= loop->plan->nparts || array < 0 ||
      array >= loop->narrays)
    proact__fatal(loop->file, loop->line, loop->col,
                  "no section of array %d in part %d (%d arrays, %d parts)",
                  array, part, loop->narrays, loop->plan->nparts);
  entry = loop->entries[array];
  if (entry != NULL && entry->distribute) {
    proact__window_section(entry, loop->plan->devs[part], &loop->arrays[array],
                           lo_p, len_p);
    return;
  }
  /* A replica, or the host arrays themselves in the fallback. */
  *lo_p = loop->arrays[array].lo;
  *len_p = loop->arrays[array].len;
}

void *proact__loop_part_base(const proact__loop_t *loop, int part,
                             int array) {
  const proact__present_t *entry;
  int i;

  if (part < 0 || part >= loop->plan->nparts || array < 0 ||
      array >= loop->narrays)
    proact__fatal(loop->file, loop->line, loop->col,
                  "no base of array %d in part %d (%d arrays, %d parts)",
                  array, part, loop->narrays, loop->plan->nparts);
  /* The host fallback's kernels index the host arrays themselves. */
  if (proact__devices_count() == 0)
    return loop->arrays[array].base;
  entry = loop->entries[array];
  /* No copy on the device (an empty section or window): the part's
   * kernels load and store none of the array's elements. */
  if (entry == NULL ||
      (i = proact__present_dev_index(entry, loop->plan->devs[part])) < 0 ||
      entry->ptrs[i] == NULL)
    return NULL;
  /* ptrs[i] holds the host bytes from host_lo + wlo[i] on; element 0 may
   * lie outside them, so the offset wraps in uintptr_t. */
  return (void *)((uintptr_t)entry->ptrs[i] +
                  ((uintptr_t)loop->arrays[array].base -
                   (uintptr_t)(entry->host_lo + entry->wlo[i])));
}
