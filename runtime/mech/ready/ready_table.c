/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* Cached block tables (ready_table.h). */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "ready_table.h"

/* What a table depends on, as bytes to compare. */
typedef struct table_key {
  proact__part_iters_t it;
  long long first, step, chunk_bytes, nblocks, ncounters;
  int nsites, narrays;
} table_key_t;

typedef struct table_slot {
  const char *file; /* NULL: free */
  int line;
  int part;
  table_key_t key;
  unsigned char *shape; /* sites, then (base_off, elem_size, chunk_first,
                           nchunks, counter0) per array, then the counted
                           mask (one byte per counter) */
  size_t shape_bytes;
  long long nentries;
  long long *first;
  int *ctr;
  int *counts;
} table_slot_t;

#define TABLE_SLOTS 64

static table_slot_t slots[TABLE_SLOTS];
static unsigned next_victim;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_once_t at_exit = PTHREAD_ONCE_INIT;

static void register_clear(void) { atexit(proact__ready_table_clear); }

static void slot_free(table_slot_t *s) {
  free(s->shape);
  free(s->first);
  free(s->ctr);
  free(s->counts);
  memset(s, 0, sizeof(*s));
}

/* The sites' and arrays' fields the table depends on (not the device
 * addresses or inline forwards), and which counters count. */
static unsigned char *shape_of(const proact__ready_t *rd,
                               const unsigned char *counted, size_t *bytes) {
  size_t n = (size_t)rd->nsites * sizeof(proact__ready_site_t) +
             (size_t)rd->narrays * 5 * sizeof(long long) +
             (size_t)rd->ncounters;
  unsigned char *b = calloc(1, n + 1), *p = b;
  if (b == NULL)
    return NULL;
  for (int s = 0; s < rd->nsites; s++) {
    proact__ready_site_t site;
    memset(&site, 0, sizeof(site)); /* padding compares equal */
    site.array = rd->sites[s].array;
    site.coef = rd->sites[s].coef;
    site.off_min = rd->sites[s].off_min;
    site.off_max = rd->sites[s].off_max;
    memcpy(p, &site, sizeof(site));
    p += sizeof(site);
  }
  for (int a = 0; a < rd->narrays; a++) {
    const proact__ready_array_t *arr = &rd->arrays[a];
    long long f[5] = {arr->base_off, arr->elem_size, arr->chunk_first,
                      arr->nchunks, arr->counter0};
    memcpy(p, f, sizeof(f));
    p += sizeof(f);
  }
  for (long long c = 0; c < rd->ncounters; c++)
    *p++ = counted == NULL || counted[c] != 0;
  *bytes = n;
  return b;
}

static table_key_t key_of(const proact__ready_t *rd) {
  table_key_t k;
  memset(&k, 0, sizeof(k));
  k.it = rd->it;
  k.first = rd->first;
  k.step = rd->step;
  k.chunk_bytes = rd->chunk_bytes;
  k.nblocks = rd->nblocks;
  k.ncounters = rd->ncounters;
  k.nsites = rd->nsites;
  k.narrays = rd->narrays;
  return k;
}

/* A counted chunk that no block's stores touch lies in a gap of the
 * part's write hull (a 3-D stencil's plane boundaries): a push covers it,
 * but no block would ever bring its counter to zero, so dma waited for it
 * until the watchdog and trigger never pushed it. Such chunks are block
 * 0's to report: nothing in the loop changes them, so they may go at any
 * time. Moves them to the front of the table; returns how many. */
static long long slot_adopt_orphans(table_slot_t *s,
                                    const proact__ready_t *rd,
                                    const unsigned char *counted) {
  long long k = 0;
  for (long long c = 0; c < rd->ncounters; c++)
    k += counted != NULL && counted[c] && s->counts[c] == 0;
  if (k == 0 || rd->nblocks <= 0)
    return 0;
  memmove(s->ctr + k, s->ctr, (size_t)s->nentries * sizeof(int));
  k = 0;
  for (long long c = 0; c < rd->ncounters; c++)
    if (counted[c] && s->counts[c] == 0) {
      s->ctr[k++] = (int)c;
      s->counts[c] = 1;
    }
  for (long long b = 1; b <= rd->nblocks; b++)
    s->first[b] += k;
  s->nentries += k;
  return k;
}

static int slot_build(table_slot_t *s, const proact__ready_t *rd,
                      const unsigned char *counted) {
  s->nentries =
      proact__ready_block_table(rd, rd->nblocks, counted, NULL, NULL);
  s->first = malloc((size_t)(rd->nblocks + 1) * sizeof(long long));
  /* room for every counter adopted by block 0 */
  s->ctr = malloc((size_t)(s->nentries + rd->ncounters + 1) * sizeof(int));
  s->counts = calloc((size_t)rd->ncounters + 1, sizeof(int));
  if (s->first == NULL || s->ctr == NULL || s->counts == NULL)
    return -1;
  proact__ready_block_table(rd, rd->nblocks, counted, s->first, s->ctr);
  for (long long e = 0; e < s->nentries; e++)
    s->counts[s->ctr[e]]++;
  slot_adopt_orphans(s, rd, counted);
  return 0;
}

long long proact__ready_table_get(const char *file, int line, int part,
                                  const proact__ready_t *rd,
                                  const unsigned char *counted,
                                  long long *first, int *ctr, int *counts) {
  table_key_t key = key_of(rd);
  size_t shape_bytes;
  unsigned char *shape = shape_of(rd, counted, &shape_bytes);
  table_slot_t *s = NULL;
  long long n;

  if (shape == NULL)
    return -1;
  pthread_once(&at_exit, register_clear);
  pthread_mutex_lock(&lock);
  for (int i = 0; i < TABLE_SLOTS && s == NULL; i++)
    if (slots[i].file != NULL && slots[i].line == line &&
        slots[i].part == part && strcmp(slots[i].file, file) == 0)
      s = &slots[i];
  if (s != NULL &&
      (memcmp(&s->key, &key, sizeof(key)) != 0 ||
       s->shape_bytes != shape_bytes ||
       memcmp(s->shape, shape, shape_bytes) != 0))
    slot_free(s); /* the loop changed: rebuild in place */
  if (s == NULL) {
    for (int i = 0; i < TABLE_SLOTS && s == NULL; i++)
      if (slots[i].file == NULL)
        s = &slots[i];
    if (s == NULL) {
      s = &slots[next_victim++ % TABLE_SLOTS];
      slot_free(s);
    }
  }
  if (s->file == NULL) {
    s->file = file;
    s->line = line;
    s->part = part;
    s->key = key;
    s->shape = shape;
    s->shape_bytes = shape_bytes;
    shape = NULL;
    if (slot_build(s, rd, counted) != 0) {
      slot_free(s);
      pthread_mutex_unlock(&lock);
      return -1;
    }
  }
  n = s->nentries;
  if (first != NULL)
    memcpy(first, s->first, (size_t)(rd->nblocks + 1) * sizeof(*first));
  if (ctr != NULL)
    memcpy(ctr, s->ctr, (size_t)n * sizeof(*ctr));
  if (counts != NULL)
    memcpy(counts, s->counts, (size_t)rd->ncounters * sizeof(*counts));
  pthread_mutex_unlock(&lock);
  free(shape);
  return n;
}

void proact__ready_table_clear(void) {
  pthread_mutex_lock(&lock);
  for (int i = 0; i < TABLE_SLOTS; i++)
    slot_free(&slots[i]);
  pthread_mutex_unlock(&lock);
}
