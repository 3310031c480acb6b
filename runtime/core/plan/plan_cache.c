/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* Plans kept between executions of a loop site (plan_cache.h). Loops run
 * on one thread at a time (owner.h), so the cache takes no lock. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "core_param.h"
#include "error_report.h"
#include "grow.h"
#include "log.h"
#include "plan_cache.h"

/* What a kept plan depends on beyond its descriptor: per array, its
 * region entry as the plan found it. */
typedef struct entry_state {
  uint64_t serial; /* 0: no entry */
  int last_decomp;
  long long last_block;
} entry_state_t;

struct proact__plan_slot {
  const char *file; /* the loop site */
  int line;
  int col;
  long long *key; /* the descriptor's key (desc_key), key_len values */
  int key_len;
  int narrays;
  entry_state_t *entries;
  proact__plan_t *plan;
  int in_use;
  uint64_t last_use;
  struct proact__plan_slot *next;
};

typedef struct proact__plan_slot slot_t;

static slot_t *head;
static uint64_t clock_now;
static long long *scratch; /* the key of the execution being looked up */
static int scratch_cap, scratch_len;
static int at_exit_set;

static void put(long long v) {
  if (proact__grow((void **)&scratch, &scratch_cap, scratch_len,
                   sizeof(*scratch)) != PROACT_OK)
    proact__fatal(NULL, 0, 0, "out of host memory");
  scratch[scratch_len++] = v;
}

/* Every numeric field of an access: its subscript's form, its extent. */
static void access_key(const proact__access_t *a) {
  put(a->array);
  put(a->empty);
  put(a->whole);
  put(a->coef);
  put(a->off_min);
  put(a->off_max);
  put(a->guarded);
  put(a->ndims);
  for (int d = 0; d < PROACT__ACCESS_DIMS; d++) {
    put(a->dim_stride[d]);
    put(a->dim_count[d]);
    put(a->dep[d]);
    put(a->dep_lo[d][0]);
    put(a->dep_lo[d][1]);
    put(a->dep_hi[d][0]);
    put(a->dep_hi[d][1]);
    put(a->dep_hull[d][0]);
    put(a->dep_hull[d][1]);
  }
  put(a->bounded);
  put(a->bcoef);
  put(a->boff_min);
  put(a->boff_max);
  put(a->inexact);
}

/* Everything of desc a plan is built from, field by field (padding and
 * the names for messages left out), into scratch. */
static void desc_key(const proact__loop_desc_t *d) {
  scratch_len = 0;
  put((long long)d->id);
  put(d->first);
  put(d->step);
  put(d->trip);
  put(d->mech);
  put(d->chunk);
  put(d->threads);
  put(d->ndevices);
  for (int i = 0; i < d->ndevices && d->devices != NULL; i++)
    put(d->devices[i]);
  put(d->narrays);
  for (int a = 0; a < d->narrays; a++) {
    put((long long)(intptr_t)d->arrays[a].base);
    put((long long)d->arrays[a].elem_size);
    put(d->arrays[a].lo);
    put(d->arrays[a].len);
  }
  put(d->nwrites);
  for (int i = 0; i < d->nwrites; i++)
    access_key(&d->writes[i]);
  put(d->nreads);
  for (int i = 0; i < d->nreads; i++)
    access_key(&d->reads[i]);
  put(d->nimplied);
  for (int i = 0; i < d->nimplied; i++)
    access_key(&d->implied[i]);
  put(d->inner_trip);
  put(d->inline_ok);
  put(d->columns);
  put(d->inner_last);
  put(d->decomp);
  put(d->decomp_block);
  put(d->indexed_inner);
  put((long long)d->mechs_left_out);
  put(d->read_check);
}

static int same_site(const slot_t *s, const proact__loop_desc_t *d) {
  return s->line == d->line && s->col == d->col &&
         (s->file == d->file || strcmp(s->file, d->file) == 0);
}

static void entry_state_of(const proact__present_t *e, entry_state_t *out) {
  out->serial = e != NULL ? e->serial + 1 : 0;
  out->last_decomp = e != NULL ? e->last_decomp : 0;
  out->last_block = e != NULL ? e->last_block : 0;
}

static void slot_free(slot_t *s) {
  proact__plan_destroy(s->plan);
  free(s->key);
  free(s->entries);
  free(s);
}

static void unlink_slot(const slot_t *s) {
  for (slot_t **l = &head; *l != NULL; l = &(*l)->next)
    if (*l == s) {
      *l = s->next;
      return;
    }
}

static void cache_clear(void) {
  for (slot_t **l = &head; *l != NULL;) {
    slot_t *s = *l;
    if (s->in_use) { /* a kernel may still run at exit */
      l = &s->next;
      continue;
    }
    *l = s->next;
    slot_free(s);
  }
}

const proact__plan_t *proact__plan_cache_take(const proact__loop_desc_t *desc) {
  if (!proact__param_get(PROACT__PARAM_PLAN_CACHE)->i)
    return NULL;
  desc_key(desc);
  for (slot_t *s = head; s != NULL; s = s->next)
    if (!s->in_use && same_site(s, desc) && s->key_len == scratch_len &&
        memcmp(s->key, scratch, (size_t)scratch_len * sizeof(*scratch)) ==
            0) {
      s->in_use = 1;
      s->last_use = ++clock_now;
      return s->plan;
    }
  return NULL;
}

/* Whether the shares a plan was split by are still the balance's. */
static int same_shares(const proact__plan_t *plan) {
  proact__shares_t now;
  if (plan->balance == NULL)
    return 1;
  proact__balance_shares(plan->balance, &now);
  if (now.n != plan->shares.n || now.equal != plan->shares.equal)
    return 0;
  for (int p = 0; p <= now.n; p++)
    if (now.cum[p] != plan->shares.cum[p])
      return 0;
  return 1;
}

int proact__plan_cache_holds(const proact__plan_t *plan,
                             const proact__loop_desc_t *desc,
                             proact__present_t *const *entries) {
  slot_t *s = plan->slot;
  int holds = s->narrays == desc->narrays && same_shares(plan);
  for (int a = 0; a < desc->narrays && holds; a++) {
    entry_state_t now;
    entry_state_of(entries[a], &now);
    holds = now.serial == s->entries[a].serial &&
            now.last_decomp == s->entries[a].last_decomp &&
            now.last_block == s->entries[a].last_block;
  }
  if (holds)
    return 1;
  unlink_slot(s);
  slot_free(s);
  return 0;
}

/* Why plan cannot be kept, or NULL. */
static const char *not_keepable(const proact__plan_t *plan,
                                const proact__loop_desc_t *desc,
                                proact__present_t *const *entries) {
  if (!proact__param_get(PROACT__PARAM_PLAN_CACHE)->i)
    return "PROACT_PLAN_CACHE=0";
  if (plan->by_placement)
    return "decompose(auto) compared splits by where the data lies";
  for (int a = 0; a < desc->narrays; a++)
    if (entries[a] != NULL && (entries[a]->implicit || entries[a]->distribute))
      return entries[a]->implicit ? "an array is outside any data region"
                                  : "an array is distributed";
  return NULL;
}

void proact__plan_cache_keep(proact__plan_t *plan,
                             const proact__loop_desc_t *desc,
                             proact__present_t *const *entries) {
  const char *why = not_keepable(plan, desc, entries);
  slot_t *s = NULL;
  int site_n = 0;

  if (why == NULL && !at_exit_set)
    at_exit_set = atexit(cache_clear) == 0;
  if (why == NULL && (s = calloc(1, sizeof(*s))) != NULL) {
    s->key = malloc((size_t)scratch_len * sizeof(*s->key));
    s->entries = calloc((size_t)desc->narrays + 1, sizeof(*s->entries));
    if (s->key == NULL || s->entries == NULL) {
      free(s->key);
      free(s->entries);
      free(s);
      s = NULL;
    }
  }
  if (s != NULL) {
    slot_t *oldest = NULL;
    /* scratch holds desc's key: take() computed it (the cache is on). */
    memcpy(s->key, scratch, (size_t)scratch_len * sizeof(*s->key));
    s->key_len = scratch_len;
    s->narrays = desc->narrays;
    for (int a = 0; a < desc->narrays; a++)
      entry_state_of(entries[a], &s->entries[a]);
    s->file = desc->file;
    s->line = desc->line;
    s->col = desc->col;
    s->plan = plan;
    s->in_use = 1;
    s->last_use = ++clock_now;
    for (slot_t *o = head; o != NULL; o = o->next)
      if (same_site(o, desc)) {
        site_n++;
        if (!o->in_use && (oldest == NULL || o->last_use < oldest->last_use))
          oldest = o;
      }
    if (site_n >= PROACT__PLAN_CACHE_PER_SITE && oldest != NULL) {
      unlink_slot(oldest);
      slot_free(oldest);
    }
    s->next = head;
    head = s;
    plan->slot = s;
  }
  proact__info(PROACT__SUBSYS_PART, "%s:%d plan built (%s%s)", desc->file,
               desc->line, s != NULL ? "kept" : "not kept: ",
               s != NULL ? "" : why != NULL ? why : "out of host memory");
}

void proact__plan_release(const proact__plan_t *plan) {
  if (plan == NULL)
    return;
  if (plan->slot != NULL)
    plan->slot->in_use = 0;
  else
    proact__plan_destroy(plan);
}
