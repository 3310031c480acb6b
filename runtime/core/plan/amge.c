/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* AMGE's decomposition choice (amge.h). */
#include "amge.h"

#include "log.h"
#include "span.h"
#include "validity.h"

#define AMGE_MAX_CANDIDATES 8

static proact_status_t amge_count(void *arg, uint64_t lo, uint64_t hi,
                                  proact__devmask_t mask) {
  (void)mask;
  *(uint64_t *)arg += hi - lo;
  return PROACT_OK;
}

/* The bytes the parts of the current split lack for their reads. */
static uint64_t amge_volume(const proact__plan_t *plan,
                            const proact__loop_desc_t *desc,
                            proact__present_t *const *entries) {
  uint64_t bytes = 0;
  for (int r = 0; r < desc->nreads; r++) {
    const proact__access_t *site = &desc->reads[r];
    const proact__array_t *array = &desc->arrays[site->array];
    proact__present_t *entry = entries[site->array];
    if (site->empty || site->whole || entry == NULL || entry->valid == NULL)
      continue; /* a whole read costs the same under every split */
    for (int p = 0; p < plan->nparts; p++)
      for (long long j = 0; j < proact__plan_part_npieces(plan, p); j++) {
        proact__span_t span;
        long long klo, khi;
        uint64_t lo, hi;
        proact__plan_part_piece(plan, p, j, &klo, &khi);
        if (proact__span_of_site(site, desc->first, desc->step, klo, khi,
                                 &span) &&
            proact__span_bytes(array, entry->host_lo, span.lo, span.hi, &lo,
                               &hi)) /* reads clamp to the section, as pulls */
          proact__validity_walk_lacking(entry->valid, lo, hi, plan->devs[p],
                                        amge_count, &bytes);
      }
  }
  return bytes;
}

int proact__amge_choose(proact__plan_t *plan, const proact__loop_desc_t *desc,
                        proact__present_t *const *entries) {
  int kinds[AMGE_MAX_CANDIDATES] = {PROACT__DECOMP_BLOCK}, n = 1, best = 0;
  long long blocks[AMGE_MAX_CANDIDATES] = {0};
  uint64_t cost[AMGE_MAX_CANDIDATES];

  for (int r = 0; r < desc->nreads && n < AMGE_MAX_CANDIDATES; r++) {
    const proact__present_t *e = entries[desc->reads[r].array];
    int seen = 0;
    if (e == NULL || e->last_decomp != PROACT__DECOMP_BLOCK_CYCLIC)
      continue;
    for (int c = 0; c < n; c++)
      seen |= kinds[c] == e->last_decomp && blocks[c] == e->last_block;
    if (!seen) {
      kinds[n] = e->last_decomp;
      blocks[n++] = e->last_block;
    }
  }
  if (n == 1)
    return 0; /* BLOCK alone: the split the loop has */
  for (int c = 0; c < n; c++) {
    plan->decomp = kinds[c];
    plan->decomp_block = blocks[c];
    proact__plan_split_all(plan);
    cost[c] = amge_volume(plan, desc, entries);
    if (cost[c] < cost[best])
      best = c;
  }
  plan->decomp = kinds[best];
  plan->decomp_block = blocks[best];
  proact__info(PROACT__SUBSYS_PART,
               "%s:%d decompose(auto): %s (block %lld), %llu bytes to "
               "pull; BLOCK: %llu",
               desc->file, desc->line,
               kinds[best] == PROACT__DECOMP_BLOCK ? "block" : "block_cyclic",
               blocks[best], (unsigned long long)cost[best],
               (unsigned long long)cost[0]);
  return 1;
}
