/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* Validity maps: a sorted array of interval starts with their masks;
 * interval i is [iv[i].lo, iv[i + 1].lo), the last one ends at map->hi. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "validity.h"

typedef struct validity_iv {
  uint64_t lo;
  proact__devmask_t mask;
} validity_iv_t;

struct proact__validity {
  uint64_t lo, hi; /* the range covered */
  int n;           /* intervals in use; 0 only when lo == hi */
  int cap;
  validity_iv_t *iv;
};

proact_status_t proact__validity_create(uint64_t lo, uint64_t hi,
                                        proact__devmask_t mask,
                                        proact__validity_t **map_p) {
  proact__validity_t *map;

  if (hi < lo)
    return PROACT_ERR_INVALID_PARAM;
  map = calloc(1, sizeof(*map));
  if (map == NULL)
    return PROACT_ERR_NO_MEMORY;
  map->lo = lo;
  map->hi = hi;
  map->cap = 8;
  map->iv = malloc((size_t)map->cap * sizeof(*map->iv));
  if (map->iv == NULL) {
    free(map);
    return PROACT_ERR_NO_MEMORY;
  }
  if (lo < hi) {
    map->iv[0].lo = lo;
    map->iv[0].mask = mask;
    map->n = 1;
  }
  *map_p = map;
  return PROACT_OK;
}

void proact__validity_destroy(proact__validity_t *map) {
  if (map == NULL)
    return;
  free(map->iv);
  free(map);
}

static uint64_t iv_end(const proact__validity_t *map, int i) {
  return i + 1 < map->n ? map->iv[i + 1].lo : map->hi;
}

/* Index of the interval holding pos (map->lo <= pos < map->hi). */
static int iv_find(const proact__validity_t *map, uint64_t pos) {
  int a = 0, b = map->n - 1; /* iv[a].lo <= pos < end(b) */
  while (a < b) {
    int m = a + (b - a + 1) / 2;
    if (map->iv[m].lo <= pos)
      a = m;
    else
      b = m - 1;
  }
  return a;
}

static proact_status_t iv_reserve(proact__validity_t *map, int more) {
  validity_iv_t *iv;
  int cap;

  if (map->n + more <= map->cap)
    return PROACT_OK;
  cap = map->cap * 2 >= map->n + more ? map->cap * 2 : map->n + more;
  iv = realloc(map->iv, (size_t)cap * sizeof(*iv));
  if (iv == NULL)
    return PROACT_ERR_NO_MEMORY;
  map->iv = iv;
  map->cap = cap;
  return PROACT_OK;
}

/* Makes an interval start at pos (capacity reserved by the caller); returns
 * its index, or map->n when pos == map->hi. */
static int iv_split(proact__validity_t *map, uint64_t pos) {
  int i;
  if (pos >= map->hi)
    return map->n;
  i = iv_find(map, pos);
  if (map->iv[i].lo == pos)
    return i;
  memmove(&map->iv[i + 2], &map->iv[i + 1],
          (size_t)(map->n - i - 1) * sizeof(*map->iv));
  map->iv[i + 1].lo = pos;
  map->iv[i + 1].mask = map->iv[i].mask;
  map->n++;
  return i + 1;
}

/* Merges each of the intervals s+1..e into its predecessor when their masks
 * are equal. */
static void iv_coalesce(proact__validity_t *map, int s, int e) {
  int w;
  if (s < 0)
    s = 0;
  if (e > map->n - 1)
    e = map->n - 1;
  if (s >= e)
    return;
  w = s;
  for (int r = s + 1; r <= e; r++) {
    if (map->iv[r].mask == map->iv[w].mask)
      continue;
    map->iv[++w] = map->iv[r];
  }
  memmove(&map->iv[w + 1], &map->iv[e + 1],
          (size_t)(map->n - e - 1) * sizeof(*map->iv));
  map->n -= e - w;
}

/* Clamps [*lo, *hi) to the map; 0 when nothing is left. */
static int iv_clamp(const proact__validity_t *map, uint64_t *lo,
                    uint64_t *hi) {
  if (*lo < map->lo)
    *lo = map->lo;
  if (*hi > map->hi)
    *hi = map->hi;
  return *lo < *hi;
}

/* Splits the map so that [lo, hi) (clamped) is exactly intervals a..b-1.
 * PROACT_IN_PROGRESS when nothing of [lo, hi) is in the map. */
static proact_status_t iv_isolate(proact__validity_t *map, uint64_t lo,
                                  uint64_t hi, int *a_p, int *b_p) {
  if (!iv_clamp(map, &lo, &hi))
    return PROACT_IN_PROGRESS;
  if (iv_reserve(map, 2) != PROACT_OK)
    return PROACT_ERR_NO_MEMORY;
  *a_p = iv_split(map, lo);
  *b_p = iv_split(map, hi); /* after a: hi > lo */
  return PROACT_OK;
}

proact_status_t proact__validity_set(proact__validity_t *map, uint64_t lo,
                                     uint64_t hi, proact__devmask_t mask) {
  int a, b;
  proact_status_t st = iv_isolate(map, lo, hi, &a, &b);

  if (st != PROACT_OK)
    return st == PROACT_IN_PROGRESS ? PROACT_OK : st;
  map->iv[a].mask = mask;
  memmove(&map->iv[a + 1], &map->iv[b],
          (size_t)(map->n - b) * sizeof(*map->iv));
  map->n -= b - a - 1;
  iv_coalesce(map, a - 1, a + 1);
  return PROACT_OK;
}

proact_status_t proact__validity_add(proact__validity_t *map, uint64_t lo,
                                     uint64_t hi, proact__devmask_t mask) {
  int a, b;
  proact_status_t st = iv_isolate(map, lo, hi, &a, &b);

  if (st != PROACT_OK)
    return st == PROACT_IN_PROGRESS ? PROACT_OK : st;
  for (int i = a; i < b; i++)
    map->iv[i].mask |= mask;
  iv_coalesce(map, a - 1, b);
  return PROACT_OK;
}

proact_status_t proact__validity_drop_shared(proact__validity_t *map,
                                             uint64_t lo, uint64_t hi,
                                             proact__devmask_t mask) {
  int a, b;
  proact_status_t st = iv_isolate(map, lo, hi, &a, &b);

  if (st != PROACT_OK)
    return st == PROACT_IN_PROGRESS ? PROACT_OK : st;
  for (int i = a; i < b; i++)
    if (map->iv[i].mask & ~mask)
      map->iv[i].mask &= ~mask;
  iv_coalesce(map, a - 1, b);
  return PROACT_OK;
}

/* A range's start or end, for the sweep of proact__validity_apply. */
typedef struct validity_event {
  uint64_t pos;
  int delta; /* +1 start, -1 end */
  proact__devmask_t mask;
} validity_event_t;

static int event_cmp(const void *pa, const void *pb) {
  const validity_event_t *a = pa, *b = pb;
  return a->pos < b->pos ? -1 : a->pos > b->pos;
}

/* Appends [lo, ...) with mask to out unless it continues the last one. */
static void iv_emit(validity_iv_t *out, int *n, uint64_t lo,
                    proact__devmask_t mask) {
  if (*n > 0 && out[*n - 1].mask == mask)
    return;
  out[*n].lo = lo;
  out[*n].mask = mask;
  (*n)++;
}

proact_status_t proact__validity_apply(proact__validity_t *map,
                                       proact__validity_range_t *ranges,
                                       int n, int or_mode) {
  validity_event_t *ev;
  validity_iv_t *out;
  int ne = 0, no = 0, active = 0, i = 0, e = 0, cap;
  int bits[64] = {0};
  proact__devmask_t covering = 0;
  uint64_t pos;

  if (map->n == 0 || n <= 0)
    return PROACT_OK;
  ev = malloc((size_t)n * 2 * sizeof(*ev));
  cap = map->n + 2 * n + 1;
  out = malloc((size_t)cap * sizeof(*out));
  if (ev == NULL || out == NULL) {
    free(ev);
    free(out);
    return PROACT_ERR_NO_MEMORY;
  }
  for (int r = 0; r < n; r++) {
    uint64_t lo = ranges[r].lo, hi = ranges[r].hi;
    if (!iv_clamp(map, &lo, &hi))
      continue;
    ev[ne++] = (validity_event_t){lo, +1, ranges[r].mask};
    ev[ne++] = (validity_event_t){hi, -1, ranges[r].mask};
  }
  qsort(ev, (size_t)ne, sizeof(*ev), event_cmp);
  /* Elementary segments between consecutive boundaries (the map's own and
   * the ranges'), each with the old mask and the active ranges' masks. */
  pos = map->lo;
  while (pos < map->hi) {
    uint64_t next = iv_end(map, i);
    while (e < ne && ev[e].pos <= pos) { /* ranges starting/ending here */
      active += ev[e].delta;
      /* covering keeps the devices with bits[b] > 0: only a range's own
       * devices change (a loop's end applies one range per part). */
      for (proact__devmask_t m = ev[e].mask; m != 0; m &= m - 1) {
        const int b = __builtin_ctzll((unsigned long long)m);
        bits[b] += ev[e].delta;
        if (bits[b] > 0)
          covering |= (proact__devmask_t)1 << b;
        else
          covering &= ~((proact__devmask_t)1 << b);
      }
      e++;
    }
    if (e < ne && ev[e].pos < next)
      next = ev[e].pos;
    iv_emit(out, &no, pos,
            active == 0 ? map->iv[i].mask
            : or_mode   ? map->iv[i].mask | covering
                        : covering);
    pos = next;
    if (pos >= iv_end(map, i))
      i++;
  }
  free(ev);
  free(map->iv);
  map->iv = out;
  map->n = no;
  map->cap = cap;
  return PROACT_OK;
}

static int mark_cmp(const void *pa, const void *pb) {
  const proact__validity_mark_t *a = pa, *b = pb;
  return (uintptr_t)a->map < (uintptr_t)b->map ? -1
         : (uintptr_t)a->map > (uintptr_t)b->map;
}

proact_status_t proact__validity_apply_marks(proact__validity_mark_t *marks,
                                             int n, int or_mode) {
  proact__validity_range_t *r;
  proact_status_t st = PROACT_OK;

  if (n <= 0)
    return PROACT_OK;
  r = malloc((size_t)n * sizeof(*r));
  if (r == NULL)
    return PROACT_ERR_NO_MEMORY;
  qsort(marks, (size_t)n, sizeof(*marks), mark_cmp);
  for (int i = 0, j; i < n && st == PROACT_OK; i = j) {
    for (j = i; j < n && marks[j].map == marks[i].map; j++)
      r[j - i] = marks[j].range;
    if (marks[i].map != NULL)
      st = proact__validity_apply(marks[i].map, r, j - i, or_mode);
  }
  free(r);
  return st;
}

static proact_status_t walk(const proact__validity_t *map, uint64_t lo,
                            uint64_t hi, proact__devmask_t lacking,
                            proact__validity_func_t func, void *arg) {
  if (!iv_clamp(map, &lo, &hi))
    return PROACT_OK;
  for (int i = iv_find(map, lo); i < map->n && map->iv[i].lo < hi; i++) {
    uint64_t plo = map->iv[i].lo > lo ? map->iv[i].lo : lo;
    uint64_t end = iv_end(map, i);
    proact_status_t st;
    if (map->iv[i].mask & lacking)
      continue;
    st = func(arg, plo, end < hi ? end : hi, map->iv[i].mask);
    if (st != PROACT_OK)
      return st;
  }
  return PROACT_OK;
}

proact_status_t proact__validity_walk(const proact__validity_t *map,
                                      uint64_t lo, uint64_t hi,
                                      proact__validity_func_t func,
                                      void *arg) {
  return walk(map, lo, hi, 0, func, arg);
}

proact_status_t proact__validity_walk_lacking(const proact__validity_t *map,
                                              uint64_t lo, uint64_t hi,
                                              int dev,
                                              proact__validity_func_t func,
                                              void *arg) {
  if (dev < 0 || dev >= 64)
    return PROACT_ERR_INVALID_PARAM;
  return walk(map, lo, hi, PROACT__DEVMASK(dev), func, arg);
}

int proact__validity_count(const proact__validity_t *map) { return map->n; }

proact__devmask_t proact__validity_mask_at(const proact__validity_t *map,
                                           uint64_t pos) {
  if (pos < map->lo || pos >= map->hi)
    return 0;
  return map->iv[iv_find(map, pos)].mask;
}
