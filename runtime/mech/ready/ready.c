/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* Readiness state of a part (ready.h): built once per plan, kept on the
 * device between executions (ready_cache.h). */
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "core_param.h"
#include "dev.h"
#include "check.h"
#include "clock.h"
#include "error_report.h"
#include "log.h"
#include "param.h"
#include "ready.h"
#include "ready_cache.h"
#include "ready_table.h"
#include "trace.h"

/* Offsets of the pieces of the device allocation, in order. */
typedef struct layout {
  size_t sites, arrays, fwds, counters, counters_init, owner, blk_first,
      blk_ctr, order, piece_first, pieces, q_tail, ticket, kernel_teams,
      team_blocks, total;
} layout_t;

static size_t align_up(size_t v) { return (v + 15) & ~(size_t)15; }

static void layout_of(layout_t *l, int nsites, int narrays, int nfwds,
                      long long ncounters, long long nblocks,
                      long long nentries, long long npieces, int teams) {
  size_t o = align_up(sizeof(proact__ready_t));
  l->sites = o;
  o = align_up(o + (size_t)nsites * sizeof(proact__ready_site_t));
  l->arrays = o;
  o = align_up(o + (size_t)narrays * sizeof(proact__ready_array_t));
  l->fwds = o;
  o = align_up(o + (size_t)nfwds * sizeof(proact__ready_fwd_t));
  l->counters = o;
  o = align_up(o + (size_t)ncounters * sizeof(int));
  l->counters_init = o;
  o = align_up(o + (size_t)ncounters * sizeof(int));
  l->owner = o;
  o = align_up(o + (size_t)ncounters * sizeof(int));
  l->blk_first = o;
  o = align_up(o + (size_t)(nblocks + 1) * sizeof(long long));
  l->blk_ctr = o;
  o = align_up(o + (size_t)nentries * sizeof(int));
  l->order = o;
  o = align_up(o + (size_t)nblocks * sizeof(int));
  l->piece_first = o;
  o = align_up(o + (size_t)(ncounters + 1) * sizeof(long long));
  l->pieces = o;
  o = align_up(o + (size_t)npieces * sizeof(proact__ready_piece_t));
  l->q_tail = o;
  o = align_up(o + sizeof(unsigned long long));
  l->ticket = o;
  o = align_up(o + sizeof(unsigned));
  l->kernel_teams = o;
  o = align_up(o + sizeof(unsigned));
  l->team_blocks = o;
  l->total = align_up(o + 2 * (size_t)teams * sizeof(unsigned));
}

/* Points rd's tables into the allocation that starts at base (the block
 * order only where rd has one). */
static void ready_point_tables(proact__ready_t *rd, char *base,
                               const layout_t *l) {
  if (rd->order != NULL)
    rd->order = (const int *)(base + l->order);
  rd->sites = (void *)(base + l->sites);
  rd->arrays = (void *)(base + l->arrays);
  rd->fwds = (void *)(base + l->fwds);
  rd->counters = (void *)(base + l->counters);
  rd->counters_init = (void *)(base + l->counters_init);
  rd->owner = (void *)(base + l->owner);
  rd->blk_first = (void *)(base + l->blk_first);
  rd->blk_ctr = (void *)(base + l->blk_ctr);
  rd->piece_first = (void *)(base + l->piece_first);
  rd->pieces = (void *)(base + l->pieces);
  rd->q_tail = (void *)(base + l->q_tail);
  rd->ticket = (void *)(base + l->ticket);
  rd->kernel_teams = (void *)(base + l->kernel_teams);
  rd->team_blocks = (void *)(base + l->team_blocks);
}

/* The desc array whose entry a push belongs to: the first one. */
static int array_of_entry(const proact__loop_t *loop,
                          const proact__present_t *entry) {
  for (int a = 0; a < loop->narrays; a++)
    if (loop->entries[a] == entry)
      return a;
  return -1;
}

static int piece_cmp(const void *pa, const void *pb) {
  const long long *a = pa, *b = pb;
  return (a[0] > b[0]) - (a[0] < b[0]);
}

/* This device's address of array a's region entry byte offset 0. */
static char *array_local(const proact__loop_t *loop, int a, int dev) {
  const proact__present_t *e = loop->entries[a];
  char *local = (char *)proact__present_dev_addr(e, dev, e->host_lo);
  if (local == NULL) { /* a window not starting at offset 0 */
    int i = proact__present_dev_index(e, dev);
    local = (char *)e->ptrs[i] - e->wlo[i];
  }
  return local;
}

/* The pushes a readiness state serves: the loop's within the rank, then,
 * under dma, those to other ranks' devices, which its agent stages and
 * sends chunk by chunk (rank_push.h); piece.push numbers them in this
 * order. The other modes send those as the part's kernel ends. */
static int ready_npushes(const proact__loop_t *loop) {
  return loop->npushes +
         (loop->mech_state->mode == PROACT__READY_DMA ? loop->nrpushes : 0);
}

static const proact__push_t *ready_push(const proact__loop_t *loop, int i) {
  return i < loop->npushes ? &loop->pushes[i]
                           : &loop->rpushes[i - loop->npushes];
}

/* The destination's address of push i's entry byte offset 0; NULL for a
 * push to another rank (no address here: the agent stages it). */
static char *push_dst_base(const proact__loop_t *loop, int i) {
  const proact__push_t *p = ready_push(loop, i);
  if (i >= loop->npushes)
    return NULL;
  return (char *)proact__present_dev_addr(p->entry, p->dst,
                                          p->entry->host_lo + p->lo) -
         p->lo;
}

/* The chunks [*c0, *c1) push p covers, chunk_bytes cb. */
static void push_chunks(const proact__push_t *p, uint64_t cb, uint64_t *c0,
                        uint64_t *c1) {
  *c0 = p->lo / cb;
  *c1 = p->hi > p->lo ? (p->hi - 1) / cb + 1 : *c0;
}

/* What part's pushes need: per array the number of pushes, and the counts
 * of the image's tables. */
typedef struct part_plan {
  int *pushes_of; /* narrays + 1 */
  int nsites;
  int nfwds;
  long long npieces;
} part_plan_t;

static proact_status_t plan_of(const proact__loop_t *loop, int part,
                               part_plan_t *pl) {
  const proact__loop_desc_t *desc = loop->desc;
  const uint64_t cb = (uint64_t)loop->mech_state->chunk_bytes;
  memset(pl, 0, sizeof(*pl));
  pl->pushes_of = calloc((size_t)loop->narrays + 1, sizeof(int));
  if (pl->pushes_of == NULL)
    return PROACT_ERR_NO_MEMORY;
  for (int i = 0; i < ready_npushes(loop); i++) {
    const proact__push_t *p = ready_push(loop, i);
    int a = array_of_entry(loop, p->entry);
    uint64_t c0, c1;
    if (p->part != part || a < 0)
      continue;
    push_chunks(p, cb, &c0, &c1);
    pl->pushes_of[a]++;
    pl->nfwds++;
    pl->npieces += (long long)(c1 - c0);
  }
  for (int s = 0; s < desc->nwrites; s++)
    if (!desc->writes[s].empty && pl->pushes_of[desc->writes[s].array] > 0)
      pl->nsites++;
  return PROACT_OK;
}

static long long ptr_val(const void *p) { return (long long)(uintptr_t)p; }

/* Stops the program unless n blocks or chunks (what) of the part on dev
 * fit the kernels' int counts and 32-bit tickets; advice names the knob
 * that makes them fewer. */
static void ready_count_fits(const proact__loop_t *loop, int dev,
                             long long n, const char *what,
                             const char *advice) {
  if (n > INT_MAX)
    proact__fatal(loop->file, loop->line, loop->col,
                  "%lld %s to count on device %d: more than %d; use a "
                  "larger %s",
                  n, what, dev, INT_MAX, advice);
}

/* Whether the instrumented flat kernel takes its blocks by ticket
 * (proact__ready_next_block): when at least half its blocks report, so
 * that chunks become ready while the kernel runs whatever its waves. A
 * stencil, whose reporting blocks are a few at the part's edges, keeps
 * the fixed walk: a ticket costs every block a barrier and an atomic's
 * round trip. */
static int ready_ticketed(const proact__ready_t *rd) {
  long long reporting = 0;
  if (rd->mode == PROACT__READY_INLINE)
    return 0; /* inline runs the forwarding kernel */
  for (long long b = 0; b < rd->nblocks; b++)
    reporting += proact__ready_block_touches(rd, b);
  return 2 * reporting >= rd->nblocks;
}

/* The teams of part's kernel that run one after another, for the block
 * order (proact__ready_block_order): a host device's, whose kernels the
 * parts' host threads launch from inside a parallel region, where OpenMP
 * runs a teams region's teams in turn (nested parallelism is off); 1 where
 * they run at once, on a GPU, or take their blocks by ticket (in order of
 * time already). */
static int ready_serial_teams(const proact__loop_t *loop, int part,
                              const proact__ready_t *rd) {
  const proact__device_t *d = proact__dev_get(loop->plan->devs[part]);
  if (rd->ticketed || d == NULL || d->kind != PROACT__DEVICE_HOST_CPU)
    return 1;
  return loop->plan->teams[part];
}

/* Everything part's image is a function of, as values to compare whole:
 * the mode, the device, the iterations and blocks, the chunk size, the
 * store sites, the written arrays (offsets, element size, this device's
 * address) and every push of the part in order (its number in the loop's
 * list, which the pieces keep and which moves when another part's pushes
 * change, array, bytes, destination device and address), and the number
 * of pushes between devices, after which those to other ranks are
 * numbered. Equal keys give equal images. NULL: no memory. */
static long long *key_of(const proact__loop_t *loop, int part,
                         const part_plan_t *pl, size_t *len_p) {
  const proact__loop_desc_t *desc = loop->desc;
  const proact__part_iters_t *it = &loop->plan->iters[part];
  const int dev = loop->plan->devs[part];
  size_t k = 0;
  long long *key = malloc((20 + 5 * (size_t)desc->nwrites +
                           4 * (size_t)loop->narrays +
                           6 * (size_t)ready_npushes(loop)) *
                          sizeof(*key));
  if (key == NULL)
    return NULL;
  key[k++] = loop->mech_state->mode;
  key[k++] = dev;
  key[k++] = desc->first;
  key[k++] = desc->step;
  key[k++] = it->lo;
  key[k++] = it->end;
  key[k++] = it->piece;
  key[k++] = it->stride;
  key[k++] = it->block;
  key[k++] = it->bpp;
  key[k++] = it->tiles;
  key[k++] = it->tile;
  key[k++] = loop->mech_state->chunk_bytes;
  key[k++] = loop->plan->nblocks[part];
  key[k++] = loop->plan->teams[part];
  key[k++] = loop->plan->lo[part];
  key[k++] = loop->plan->hi[part];
  key[k++] = loop->narrays;
  key[k++] = desc->nwrites;
  key[k++] = loop->npushes;
  for (int s = 0; s < desc->nwrites; s++) {
    const proact__access_t *w = &desc->writes[s];
    key[k++] = w->empty;
    key[k++] = w->array;
    key[k++] = w->coef;
    key[k++] = w->off_min;
    key[k++] = w->off_max;
  }
  for (int a = 0; a < loop->narrays; a++) {
    const int pushed = pl->pushes_of[a] > 0;
    key[k++] = pl->pushes_of[a];
    key[k++] = pushed ? (long long)((char *)loop->arrays[a].base -
                                    loop->entries[a]->host_lo)
                      : 0;
    key[k++] = pushed ? (long long)loop->arrays[a].elem_size : 0;
    key[k++] = pushed ? ptr_val(array_local(loop, a, dev)) : 0;
  }
  for (int i = 0; i < ready_npushes(loop); i++) {
    const proact__push_t *p = ready_push(loop, i);
    int a = array_of_entry(loop, p->entry);
    if (p->part != part || a < 0)
      continue;
    key[k++] = i;
    key[k++] = a;
    key[k++] = (long long)p->lo;
    key[k++] = (long long)p->hi;
    key[k++] = p->dst;
    key[k++] = ptr_val(push_dst_base(loop, i));
  }
  *len_p = k;
  return key;
}

/* Device memory for an image; a full device first gives up the idle
 * cached states. */
static proact_status_t img_dev_alloc(int dev, size_t bytes, void **ptr_p) {
  proact_status_t st = proact__dev_alloc(dev, bytes, ptr_p);
  if (st == PROACT_ERR_NO_MEMORY && proact__ready_cache_drop_idle(dev) > 0)
    st = proact__dev_alloc(dev, bytes, ptr_p);
  return st;
}

/* Step 1 of ready_build: rd's header, sites and arrays (host memory, freed
 * by the caller), so that the chunks can be counted with the same
 * functions the kernel uses. */
static proact_status_t ready_header(const proact__loop_t *loop, int part,
                                    const part_plan_t *pl,
                                    proact__ready_t *rd) {
  const proact__loop_desc_t *desc = loop->desc;
  const int narrays = loop->narrays;
  const int dev = loop->plan->devs[part];

  memset(rd, 0, sizeof(*rd));
  rd->mode = loop->mech_state->mode;
  rd->first = desc->first;
  rd->step = desc->step;
  rd->it = loop->plan->iters[part];
  rd->chunk_bytes = loop->mech_state->chunk_bytes;
  rd->nsites = pl->nsites;
  rd->narrays = narrays;
  rd->nfwds = pl->nfwds;
  rd->sites = calloc((size_t)pl->nsites + 1, sizeof(*rd->sites));
  rd->arrays = calloc((size_t)narrays + 1, sizeof(*rd->arrays));
  if (rd->sites == NULL || rd->arrays == NULL)
    return PROACT_ERR_NO_MEMORY;
  for (int s = 0, n = 0; s < desc->nwrites; s++) {
    const proact__access_t *w = &desc->writes[s];
    if (w->empty || pl->pushes_of[w->array] == 0)
      continue;
    rd->sites[n++] = (proact__ready_site_t){w->array, w->coef, w->off_min,
                                            w->off_max};
  }
  for (int a = 0; a < narrays; a++) {
    proact__ready_array_t *arr = &rd->arrays[a];
    const proact__present_t *e = loop->entries[a];
    if (pl->pushes_of[a] == 0)
      continue;
    arr->base_off = (long long)((char *)loop->arrays[a].base - e->host_lo);
    arr->elem_size = (long long)loop->arrays[a].elem_size;
    arr->local = array_local(loop, a, dev);
    /* The chunks the whole part touches: one block covering it. */
    arr->chunk_first = 0;
    arr->nchunks = LLONG_MAX / 4;
    arr->counter0 = 0;
  }
  return PROACT_OK;
}

/* Step 2: each pushed array's counted chunks, those the part's stores
 * touch and some device reads (the pushes'): blocks outside them skip the
 * counters entirely (proact__ready_block_touches). Sets the arrays'
 * chunk_first, nchunks and counter0; returns the number of counters. */
static long long ready_chunk_ranges(const proact__loop_t *loop, int part,
                                    const part_plan_t *pl,
                                    proact__ready_t *rd) {
  const long long cb = rd->chunk_bytes;
  long long ncounters = 0, lo, hi, c0, c1;
  proact__ready_t whole = *rd;

  /* One block covering the part's hull (all its pieces). */
  whole.it.lo = loop->plan->lo[part];
  whole.it.end = loop->plan->hi[part];
  whole.it.piece = whole.it.stride = whole.it.block =
      loop->plan->hi[part] - loop->plan->lo[part];
  whole.it.bpp = 1;
  whole.it.tiles = 0;
  for (int a = 0; a < rd->narrays; a++) {
    long long pmin = LLONG_MAX, pmax = LLONG_MIN;
    if (pl->pushes_of[a] == 0)
      continue;
    lo = LLONG_MAX;
    hi = LLONG_MIN;
    for (int s = 0; s < rd->nsites; s++) {
      if (rd->sites[s].array != a)
        continue;
      proact__ready_block_chunks(&whole, 0, s, &c0, &c1);
      if (c0 < c1) {
        lo = c0 < lo ? c0 : lo;
        hi = c1 > hi ? c1 : hi;
      }
    }
    for (int i = 0; i < ready_npushes(loop); i++) {
      const proact__push_t *p = ready_push(loop, i);
      long long p0, p1;
      if (p->part != part || array_of_entry(loop, p->entry) != a)
        continue;
      p0 = (long long)(p->lo / (uint64_t)cb);
      p1 = (long long)((p->hi - 1) / (uint64_t)cb) + 1;
      pmin = p0 < pmin ? p0 : pmin;
      pmax = p1 > pmax ? p1 : pmax;
    }
    lo = pmin > lo ? pmin : lo;
    hi = pmax < hi ? pmax : hi;
    if (lo >= hi) {
      lo = 0;
      hi = 0;
    }
    rd->arrays[a].chunk_first = lo;
    rd->arrays[a].nchunks = hi - lo;
    rd->arrays[a].counter0 = ncounters;
    ncounters += hi - lo;
  }
  return ncounters;
}

/* Step 3: which counters some push covers (one byte each; NULL: no
 * memory). Only those count: a middle part's pushes go to both
 * neighbours, and its counted range spans the whole part, so with every
 * chunk in it counted every block would fence and decrement, and under
 * inline run the forwarding body. */
static unsigned char *ready_counted(const proact__loop_t *loop, int part,
                                    const proact__ready_t *rd) {
  unsigned char *counted = calloc((size_t)rd->ncounters + 1, 1);
  if (counted == NULL)
    return NULL;
  for (int i = 0; i < ready_npushes(loop); i++) {
    const proact__push_t *p = ready_push(loop, i);
    const int a = array_of_entry(loop, p->entry);
    uint64_t c0, c1;
    if (p->part != part || a < 0)
      continue;
    push_chunks(p, (uint64_t)rd->chunk_bytes, &c0, &c1);
    for (uint64_t c = c0; c < c1; c++) {
      long long idx = (long long)c - rd->arrays[a].chunk_first;
      if (idx >= 0 && idx < rd->arrays[a].nchunks)
        counted[rd->arrays[a].counter0 + idx] = 1;
    }
  }
  return counted;
}

/* Step 5: the image's pieces, grouped by counter (piece_first), and the
 * inline forwards of each array; counts the chunks, pushes and bytes into
 * img. */
static proact_status_t ready_pieces(const proact__loop_t *loop, int part,
                                    const part_plan_t *pl,
                                    const proact__ready_t *rd, char *img_base,
                                    const layout_t *l,
                                    proact__ready_img_t *img) {
  const int dev = loop->plan->devs[part];
  const uint64_t cb = (uint64_t)rd->chunk_bytes;
  const long long npieces = pl->npieces, ncounters = rd->ncounters;
  proact__ready_array_t *arrays = (void *)(img_base + l->arrays);
  proact__ready_fwd_t *fwds = (void *)(img_base + l->fwds);
  long long *piece_first = (void *)(img_base + l->piece_first);
  proact__ready_piece_t *pieces = (void *)(img_base + l->pieces);
  proact__ready_piece_t *tmp = calloc((size_t)npieces + 1, sizeof(*tmp));
  long long(*order)[2] = calloc((size_t)npieces + 1, sizeof(*order));
  long long np = 0;
  int nf = 0;

  if (tmp == NULL || order == NULL) {
    free(tmp);
    free(order);
    return PROACT_ERR_NO_MEMORY;
  }
  for (int a = 0; a < rd->narrays; a++) {
    arrays[a].fwd0 = nf;
    for (int i = 0; i < ready_npushes(loop); i++) {
      const proact__push_t *p = ready_push(loop, i);
      const proact__ready_array_t *arr = &arrays[a];
      char *src0, *dst0;
      uint64_t c0, c1;
      if (p->part != part || array_of_entry(loop, p->entry) != a)
        continue;
      src0 = arr->local;
      dst0 = push_dst_base(loop, i);
      if (dst0 != NULL) /* the kernels' own stores */
        proact__dev_peer_access(dev, p->dst);
      fwds[nf++] = (proact__ready_fwd_t){(long long)p->lo, (long long)p->hi,
                                         dst0};
      push_chunks(p, cb, &c0, &c1);
      for (uint64_t c = c0; c < c1; c++) {
        uint64_t lo = c * cb > p->lo ? c * cb : p->lo;
        uint64_t hi = (c + 1) * cb < p->hi ? (c + 1) * cb : p->hi;
        long long idx = arr->counter0 + (long long)c - arr->chunk_first;
        if (idx < arr->counter0 || idx >= arr->counter0 + arr->nchunks) {
          free(tmp);
          free(order);
          proact__fatal(loop->file, loop->line, loop->col,
                        "internal error: push of %s outside the part's "
                        "chunks", p->entry->name);
        }
        tmp[np] = (proact__ready_piece_t){dst0 != NULL ? dst0 + lo : NULL,
                                          src0 + lo, (long long)(hi - lo),
                                          p->dst, i};
        order[np][0] = idx;
        order[np][1] = np;
        np++;
        img->push_bytes += (long long)(hi - lo);
      }
    }
    arrays[a].nfwd = nf - arrays[a].fwd0;
  }
  qsort(order, (size_t)np, sizeof(*order), piece_cmp);
  for (long long i = 0, c = 0; c <= ncounters; c++) {
    piece_first[c] = i;
    while (i < np && order[i][0] == c)
      pieces[i] = tmp[order[i][1]], i++;
  }
  for (long long c = 0; c < ncounters; c++) {
    img->nready += piece_first[c + 1] > piece_first[c];
    for (long long p = piece_first[c]; p < piece_first[c + 1]; p++)
      img->npushes += proact__ready_first_to_dst(pieces, piece_first[c], p);
  }
  free(tmp);
  free(order);
  return PROACT_OK;
}

/* Step 6: the image's header with device addresses, the host memory the
 * kernels write (the watchdog's flag, the trace's stamps, dma's queue),
 * then one upload, waited for. */
static proact_status_t ready_upload(int dev, const proact__ready_t *rd,
                                    const layout_t *l,
                                    proact__ready_img_t *img) {
  proact__ready_t *h = (proact__ready_t *)img->image;

  PROACT_CHECK(img_dev_alloc(dev, l->total, &img->dev_base));
  *h = *rd;
  ready_point_tables(h, img->dev_base, l);
  h->q_slots = NULL;
  h->q_len = img->nready;
  if (rd->mode == PROACT__READY_POLL || rd->mode == PROACT__READY_DMA) {
    /* The agents' watchdog starts when the kernel ended (kernel_done);
     * without such memory it counts from the agent's start. */
    void *dd;
    if (proact__dev_host_alloc(dev, sizeof(int), (void **)&img->done_host,
                               &dd) == PROACT_OK)
      h->kernel_done = dd;
    else
      img->done_host = NULL;
  }
  if (proact__trace_flags & PROACT__TRACE_RECORD) {
    /* Host memory the kernels and agent stamp directly, read after the
     * execution with no copy (ready_trace.c). A backend without it
     * traces no device times. */
    void *sd;
    if (proact__dev_host_alloc(dev,
                               3 * (size_t)(rd->ncounters + 1) *
                                   sizeof(unsigned long long),
                               (void **)&img->stamps_host, &sd) == PROACT_OK)
      h->stamps = sd;
    else
      img->stamps_host = NULL;
  }
  if (rd->mode == PROACT__READY_DMA) {
    void *qd;
    /* One slot per chunk to push (zeroed); the host thread empties
     * each one it takes. */
    PROACT_CHECK(proact__dev_host_alloc(
        dev, (size_t)(img->nready + 1) * sizeof(long long), &img->q_host,
        &qd));
    h->q_slots = qd;
  }
  img->host_view = *h;
  ready_point_tables(&img->host_view, img->image, l); /* q_tail: unused */
  PROACT_CHECK(
      proact__dev_copy_to_dev(dev, img->dev_base, img->image, l->total));
  return proact__dev_sync_dev(dev);
}

/* Builds part's state into img (image, device copy, dma queue), uploads it
 * and waits for the upload. On failure img keeps what it allocated, for
 * proact__ready_img_free. */
static proact_status_t ready_build(proact__loop_t *loop, int part,
                                   const part_plan_t *pl,
                                   proact__ready_img_t *img) {
  const int dev = loop->plan->devs[part];
  proact_status_t st = PROACT_ERR_NO_MEMORY;
  unsigned char *counted = NULL; /* per counter: some push covers it */
  long long nentries;
  proact__ready_t rd;
  layout_t l;

  if (ready_header(loop, part, pl, &rd) != PROACT_OK)
    goto out;
  rd.ncounters = ready_chunk_ranges(loop, part, pl, &rd);
  rd.nblocks = loop->plan->nblocks[part];
  ready_count_fits(loop, dev, rd.nblocks, "blocks", "PROACT_BLOCK_POINTS");
  ready_count_fits(loop, dev, rd.ncounters, "chunks",
                   "chunk(...) or PROACT_CHUNK");
  /* Step 4: the block table's size, then the image's layout. */
  if ((counted = ready_counted(loop, part, &rd)) == NULL ||
      (nentries = proact__ready_table_get(loop->file, loop->line, part, &rd,
                                          counted, NULL, NULL, NULL)) < 0)
    goto out;
  layout_of(&l, pl->nsites, rd.narrays, pl->nfwds, rd.ncounters, rd.nblocks,
            nentries, pl->npieces, loop->plan->teams[part]);
  if ((img->image = calloc(1, l.total)) == NULL)
    goto out;
  img->bytes = l.total;
  memcpy(img->image + l.sites, rd.sites,
         (size_t)pl->nsites * sizeof(*rd.sites));
  memcpy(img->image + l.arrays, rd.arrays,
         (size_t)rd.narrays * sizeof(*rd.arrays));
  {
    /* The block table; counters: one per (block, site) touching the
     * chunk, and a copy of them, the values they are restored to. */
    long long *blk_first = (void *)(img->image + l.blk_first);
    int *counters = (void *)(img->image + l.counters);
    if (proact__ready_table_get(loop->file, loop->line, part, &rd, counted,
                                blk_first, (void *)(img->image + l.blk_ctr),
                                counters) != nentries)
      goto out;
    memcpy(img->image + l.counters_init, counters,
           (size_t)rd.ncounters * sizeof(int));
    rd.blk_first = blk_first; /* the host's table, for the count; the
                                 image's header points at the device's */
    rd.ticketed = ready_ticketed(&rd);
    if (proact__ready_block_order(&rd, ready_serial_teams(loop, part, &rd),
                                  (int *)(img->image + l.order)))
      rd.order = (const int *)(img->image + l.order);
  }
  if (ready_pieces(loop, part, pl, &rd, img->image, &l, img) != PROACT_OK)
    goto out;
  st = PROACT_OK;

out:
  free(counted);
  free(rd.sites);
  free(rd.arrays);
  return st == PROACT_OK ? ready_upload(dev, &rd, &l, img) : st;
}

proact_status_t proact__ready_setup(proact__loop_t *loop, int part) {
  proact__part_ready_t *pr = &loop->mech_state->part[part];
  const int dev = loop->plan->devs[part];
  proact__ready_img_t *img;
  part_plan_t pl;
  long long *key;
  size_t key_len = 0;

  memset(pr, 0, sizeof(*pr));
  if (!proact__dev_is_local(dev))
    return PROACT_OK; /* another rank's part: that rank instruments it */
  PROACT_CHECK(plan_of(loop, part, &pl));
  if (pl.nfwds == 0 ||
      (pl.nsites == 0 && loop->mech_state->mode != PROACT__READY_INLINE)) {
    free(pl.pushes_of);
    return PROACT_OK; /* nothing to push: no instrumentation */
  }
  key = key_of(loop, part, &pl, &key_len);
  if (key == NULL) {
    free(pl.pushes_of);
    return PROACT_ERR_NO_MEMORY;
  }
  img = proact__ready_cache_take(loop->file, loop->line, part, dev, key,
                                 key_len);
  if (img != NULL) {
    free(key);
    proact__trace(PROACT__SUBSYS_MECH,
                  "%s:%d part %d: readiness state reused on device %d",
                  loop->file, loop->line, part, dev);
  } else {
    proact_status_t st = PROACT_ERR_NO_MEMORY;
    img = calloc(1, sizeof(*img));
    if (img != NULL) {
      img->file = loop->file;
      img->line = loop->line;
      img->part = part;
      img->dev = dev;
      img->key = key;
      img->key_len = key_len;
      key = NULL;
      st = ready_build(loop, part, &pl, img);
    }
    free(key);
    if (st != PROACT_OK) {
      free(pl.pushes_of);
      proact__ready_img_free(img);
      return st;
    }
    proact__ready_cache_add(img);
    proact__info(PROACT__SUBSYS_MECH,
                 "%s:%d part %d: readiness state built on device %d (%zu "
                 "bytes, %s; blocks by %s%s)",
                 loop->file, loop->line, part, dev, img->bytes,
                 img->cached ? "kept" : "not kept",
                 img->host_view.ticketed ? "ticket" : "team",
                 img->host_view.order != NULL ? ", pushed ones first" : "");
  }
  free(pl.pushes_of);
  pr->img = img;
  pr->dev_rd = img->dev_base;
  pr->host_view = img->host_view;
  pr->nready = img->nready;
  pr->kernel_done = img->done_host;
  pr->npushes = img->npushes;
  pr->push_bytes = img->push_bytes;
  pr->q_slots = img->q_host;
  return PROACT_OK;
}

void proact__ready_release(proact__loop_t *loop, int part) {
  proact__part_ready_t *pr = &loop->mech_state->part[part];
  proact__ready_cache_give(pr->img);
  memset(pr, 0, sizeof(*pr));
}

proact_status_t proact__ready_state_create(proact__loop_t *loop, int mode) {
  const proact__loop_desc_t *desc = loop->desc;
  const long long chunk = proact__param_get(PROACT__PARAM_CHUNK)->i;
  const long long threads = proact__param_get(PROACT__PARAM_THREADS)->i;
  proact__mech_state_t *st = calloc(1, sizeof(*st));
  if (st == NULL)
    return PROACT_ERR_NO_MEMORY;
  st->mode = mode;
  st->chunk_bytes = chunk > 0 ? chunk
                    : desc->chunk > 0 ? desc->chunk
                                      : (long long)1 << 20;
  st->agent_threads = threads > 0 ? (int)threads
                      : desc->threads > 0 ? desc->threads
                                          : 8192;
  loop->mech_state = st;
  return PROACT_OK;
}

void proact__ready_state_destroy(proact__loop_t *loop) {
  free(loop->mech_state);
  loop->mech_state = NULL;
}
