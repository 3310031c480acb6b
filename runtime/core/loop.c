/* Annotated loops: parts, replicas, write-span checks, the pulls that make
 * each part's replicas (or windows) current (pull.c), and the transfer
 * mechanism at the end.
 *
 * Consistency of region replicas (non-implicit entries) is lazy and
 * consumer-driven: each entry's validity map (validity.h) says which devices
 * hold the current value of each byte. Before the kernels (loop_begin), each
 * part pulls, device to device from the lowest-numbered valid device, the
 * bytes it needs and lacks: the spans of its reads (the whole section for a
 * non-affine read) and of its writes (it must hold current values for the
 * elements of a write span it does not write, since after the loop it is
 * the span's only owner). Distributed arrays first grow each part's window
 * to the hull of what the part needs (window.h), and pull from the host what
 * no device holds. After the kernels the mechanism records that each
 * part's write spans are valid only on its device (memcpy: in drain). Host
 * copies happen only at a region's end (gathered piece by piece from the
 * valid devices, replica.c). Loop-only (implicit) replicas are copied in
 * whole and their written spans copied back to the host, as before. */
#include <limits.h>
#include <omp.h>
#include <pthread.h>
#include <stddef.h>
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "dev.h"
#include "check.h"
#include "clock.h"
#include "error_report.h"
#include "grow.h"
#include "log.h"
#include "core_param.h"
#include "devices.h"
#include "amge.h"
#include "host_check.h"
#include "iterations.h"
#include "balance.h"
#include "loop.h"
#include "partition.h"
#include "trace.h"
#include "watch.h"
#include "pull.h"
#include "rank_push.h"
#include "push.h"
#include "rank.h"
#include "rank_xport.h"
#include "replica.h"
#include "runs.h"
#include "span.h"
#include "unified.h"
#include "validity.h"
#include "window.h"

/* Whether a store of the loop has an index that is not affine (whole = 1):
 * then it runs on one device with memcpy (lowering.h). */
static int loop_whole_write(const proact__loop_desc_t *desc) {
  for (int s = 0; s < desc->nwrites; s++)
    if (desc->writes[s].whole && !desc->writes[s].empty)
      return 1;
  return 0;
}

/* The loop's decomposition: PROACT_DECOMPOSE, else its decompose(...)
 * clause; auto starts as BLOCK and is chosen once the arrays are known
 * (amge.h). */
static void loop_decomp(proact__loop_t *loop, const proact__loop_desc_t *desc) {
  long long env = proact__param_get(PROACT__PARAM_DECOMPOSE)->i;
  int kind = env >= 0 ? (int)(env & 0xff) : desc->decomp;
  long long b = env >= 0 ? env >> 8 : desc->decomp_block;

  loop->decomp_auto = kind == PROACT__DECOMP_AUTO;
  if (kind == PROACT__DECOMP_AUTO)
    kind = PROACT__DECOMP_BLOCK;
  if (kind == PROACT__DECOMP_BLOCK_CYCLIC && b < 1)
    proact__fatal(desc->file, desc->line, desc->col,
                  "decompose(block_cyclic, B): B is %lld; it must be at "
                  "least 1", b);
  if (kind != PROACT__DECOMP_BLOCK && kind != PROACT__DECOMP_BLOCK_CYCLIC)
    proact__fatal(desc->file, desc->line, desc->col,
                  "invalid decomposition %d", kind);
  loop->decomp = kind;
  loop->decomp_block = kind == PROACT__DECOMP_BLOCK ? 0 : b;
}

/* The loop's devices: its devices(...) clause (participating devices, no
 * repeats) or every participating device; one device, the host, in the
 * fallback. A loop with a non-affine store keeps only the first. */
static void loop_parts(proact__loop_t *loop, const proact__loop_desc_t *desc) {
  int n = proact__devices_count();

  if (n == 0) {
    loop->devs[0] = omp_get_initial_device();
    loop->nparts = 1;
  } else {
    loop->nparts = proact__devices_of_clause(desc->devices, desc->ndevices,
                                             desc->file, desc->line,
                                             desc->col, loop->devs);
    if (loop_whole_write(desc))
      loop->nparts = 1;
  }
  loop_decomp(loop, desc);
}

/* The loops a kind of note was given about (notes that would repeat
 * every execution are given once per loop). */
typedef struct loop_notes {
  const char *files[256];
  int lines[256], n;
} loop_notes_t;

/* Whether this is the first note of its kind about the loop at desc. */
static int loop_first_note_in(loop_notes_t *notes,
                              const proact__loop_desc_t *desc) {
  static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
  int first = 1;
  pthread_mutex_lock(&lock);
  for (int i = 0; i < notes->n && first; i++)
    first = !(notes->lines[i] == desc->line &&
              strcmp(notes->files[i], desc->file) == 0);
  if (first && notes->n < 256) {
    notes->files[notes->n] = desc->file;
    notes->lines[notes->n++] = desc->line;
  }
  pthread_mutex_unlock(&lock);
  return first;
}

static int loop_first_note(const proact__loop_desc_t *desc) {
  static loop_notes_t notes;
  return loop_first_note_in(&notes, desc);
}

/* Whether the loop has the kernel mechanism mech needs
 * (-fplugin-arg-proact-mechanisms). */
static int loop_mech_built(const proact__loop_desc_t *desc, int mech) {
  return !(desc->mechs_left_out & (1u << mech));
}

/* The loop's mechanism: PROACT_MECH, else its mech(...) clause (or what a
 * proact-tune profile baked in; docs/user/tuning.md); auto, left when the
 * program was compiled without a profile, is inline when the loop has a
 * forwarding kernel, else poll
 * where the backend has an agent, else trigger.
 * A mechanism the backend or the loop cannot run falls back to trigger,
 * which runs wherever kernels do, with a note. A build that left out
 * kernels (-fplugin-arg-proact-mechanisms): auto picks among the rest,
 * a fallback to trigger without its kernel becomes memcpy, and asking for
 * a mechanism left out is an error naming the loop. */
static void loop_mech(proact__loop_t *loop, const proact__loop_desc_t *desc) {
  long long env = proact__param_get(PROACT__PARAM_MECH)->i;
  long long chunk = proact__param_get(PROACT__PARAM_CHUNK)->i;
  long long threads = proact__param_get(PROACT__PARAM_THREADS)->i;
  int mech = env >= 0 ? (int)env : desc->mech;
  const char *why = NULL;

  if (mech < 0 || mech >= PROACT_MECH_COUNT_)
    proact__fatal(desc->file, desc->line, desc->col,
                  "invalid mechanism %d", mech);
  if (mech == PROACT_MECH_AUTO) /* the usual best (docs/design/mechanisms.md),
                                  among the mechanisms built */
    mech = desc->inline_ok && loop_mech_built(desc, PROACT_MECH_INLINE)
               ? PROACT_MECH_INLINE
           : !loop_mech_built(desc, PROACT_MECH_POLL) ? PROACT_MECH_MEMCPY
           : proact__dev_has_agent()                  ? PROACT_MECH_POLL
                                                      : PROACT_MECH_TRIGGER;
  if (proact__param_get(PROACT__PARAM_ELIDE)->i)
    mech = PROACT_MECH_MEMCPY; /* no transfers at all (pull.c) */
  if (proact__unified()) { /* the driver moves the data (unified.h) */
    if (mech != PROACT_MECH_MEMCPY && loop_first_note(desc))
      proact__info(PROACT__SUBSYS_MECH, "%s:%d: mech(%s) -> memcpy: arrays "
                   "are in unified memory", desc->file, desc->line,
                   proact_mech_name(mech));
    mech = PROACT_MECH_MEMCPY;
  }
  if (loop_whole_write(desc)) { /* the compiler warned already */
    if (mech != PROACT_MECH_MEMCPY && loop_first_note(desc))
      proact__info(PROACT__SUBSYS_MECH, "%s:%d: mech(%s) -> memcpy: a store "
                   "index is not affine, so the loop runs on one device",
                   desc->file, desc->line, proact_mech_name(mech));
    mech = PROACT_MECH_MEMCPY;
  }
  /* after the overrides above, which pick memcpy: always built */
  if (!loop_mech_built(desc, mech))
    proact__fatal(desc->file, desc->line, desc->col,
                  "%s%s%s asks for mechanism %s, whose kernel this loop was "
                  "compiled without (-fplugin-arg-proact-mechanisms); add %s "
                  "to that list or choose another mechanism",
                  env >= 0 ? "PROACT_MECH=" : "mech(",
                  proact_mech_name(mech), env >= 0 ? "" : ")",
                  proact_mech_name(mech), proact_mech_name(mech));
  if (mech == PROACT_MECH_POLL && !proact__dev_has_agent())
    why = "this device backend has no poll agent";
  else if (mech == PROACT_MECH_DMA && !proact__dev_has_host_queue())
    why = "this device backend has no host queue";
  else if (mech == PROACT_MECH_INLINE && !desc->inline_ok)
    why = "a store of the loop is not a statement of its own, so it cannot "
          "be forwarded";
  if (why != NULL && proact__devices_count() > 0) {
    /* trigger runs wherever kernels do; memcpy where the build left out
     * its kernel as well */
    int to = loop_mech_built(desc, PROACT_MECH_TRIGGER) ? PROACT_MECH_TRIGGER
                                                        : PROACT_MECH_MEMCPY;
    if (loop_first_note(desc))
      proact__warn("%s:%d: mech(%s) falls back to %s: %s", desc->file,
                   desc->line, proact_mech_name(mech), proact_mech_name(to),
                   why);
    mech = to;
  }
  loop->mech = proact__mech_ops((proact_mech_t)mech);
  loop->ready_mode = loop->mech->ready_mode;
  loop->chunk_bytes = chunk > 0 ? chunk
                      : desc->chunk > 0 ? desc->chunk
                                        : (long long)1 << 20;
  loop->agent_threads = threads > 0 ? (int)threads
                        : desc->threads > 0 ? desc->threads
                                            : 8192;
}

/* Whether inline's forwards deliver every element of the parts' write
 * ranges, which its consumers are then taken to hold: each store runs at
 * every iteration and writes one run of consecutive elements per piece,
 * and the runs of an array's stores leave no gap between them. A gap (a
 * strided or column store, a row the inner loop skips) or a store after a
 * condition would leave a consumer marked current for an element nobody
 * forwarded, holding an older value. */
typedef struct loop_run_span {
  int array;
  __int128 lo, hi;
} loop_run_span_t;

static int run_span_cmp(const void *pa, const void *pb) {
  const loop_run_span_t *a = pa, *b = pb;
  if (a->array != b->array)
    return a->array - b->array;
  return (a->lo > b->lo) - (a->lo < b->lo);
}

static int loop_forwards_cover(const proact__loop_t *loop,
                               const proact__loop_desc_t *desc) {
  loop_run_span_t *sp;
  int ok = 1;
  for (int s = 0; s < desc->nwrites; s++)
    if (desc->writes[s].guarded || desc->writes[s].whole)
      return 0;
  sp = malloc(((size_t)desc->nwrites + 1) * sizeof(*sp));
  if (sp == NULL)
    proact__fatal(desc->file, desc->line, desc->col, "out of host memory");
  for (int p = 0; p < loop->nparts && ok; p++)
    for (long long j = 0; j < loop->npieces[p] && ok; j++) {
      long long klo, khi;
      int n = 0;
      proact__loop_part_piece(loop, p, j, &klo, &khi);
      for (int s = 0; s < desc->nwrites && ok; s++) {
        proact__runs_t r;
        int exact = 0;
        if (desc->writes[s].empty ||
            !proact__runs_of_site(&desc->writes[s], desc->first, desc->step,
                                  klo, khi, &r, &exact))
          continue;
        ok = exact && r.nlevels == 0; /* one run of consecutive elements */
        sp[n++] = (loop_run_span_t){desc->writes[s].array, r.start,
                                    r.start + r.len - 1};
      }
      /* Per array, the runs sorted by start must leave no gap. */
      qsort(sp, (size_t)n, sizeof(*sp), run_span_cmp);
      for (int k = 1; k < n && ok; k++)
        if (sp[k].array == sp[k - 1].array) {
          ok = sp[k].lo <= sp[k - 1].hi + 1;
          if (sp[k].hi < sp[k - 1].hi)
            sp[k].hi = sp[k - 1].hi;
        }
    }
  free(sp);
  return ok;
}

/* Inline cannot run the loop exactly (loop_forwards_cover): what auto picks
 * without inline (poll where the backend has an agent), else trigger, whose
 * pushes copy whole chunks from the writer's replica, which holds the
 * elements between the stores; memcpy where the build left that kernel
 * out. Asked for by name, it says so once. */
static void loop_inline_fallback(proact__loop_t *loop,
                                 const proact__loop_desc_t *desc) {
  long long env = proact__param_get(PROACT__PARAM_MECH)->i;
  const int asked = env >= 0 ? (int)env : desc->mech;
  int to = loop_mech_built(desc, PROACT_MECH_TRIGGER) ? PROACT_MECH_TRIGGER
                                                      : PROACT_MECH_MEMCPY;
  if (asked == PROACT_MECH_AUTO && loop_mech_built(desc, PROACT_MECH_POLL) &&
      proact__dev_has_agent())
    to = PROACT_MECH_POLL;
  /* The loop's own clause asked: a warning. PROACT_MECH, which sets every
   * loop of a run (tests, proact-tune), or auto: a note. */
  if (loop_first_note(desc)) {
    if (asked == PROACT_MECH_INLINE && env < 0)
      proact__warn("%s:%d: mech(inline) falls back to %s: its stores leave "
                   "elements of their range unwritten (a gap, or a store "
                   "after a condition), which forwarding would not deliver",
                   desc->file, desc->line, proact_mech_name(to));
    else
      proact__info(PROACT__SUBSYS_MECH,
                   "%s:%d: mech(%s) -> %s: the stores leave elements of "
                   "their range unwritten, which forwarding would not "
                   "deliver",
                   desc->file, desc->line, proact_mech_name(asked),
                   proact_mech_name(to));
  }
  loop->mech = proact__mech_ops((proact_mech_t)to);
  loop->ready_mode = loop->mech->ready_mode;
}

/* Iterations per block. PROACT_BLOCK_POINTS, when set, is taken as it is.
 * Otherwise a block has at most 8192 points on a GPU (64 on a host device,
 * so that tests see many blocks and chunks), but no more than a part's
 * share of the teams: a loop of few long iterations (a CSR row each) with
 * 8192-row blocks ran on 16 to 32 teams, each thread walking 16 rows in
 * turn, and a second device made it no faster, its half running on half
 * the teams at the same time per thread. A block keeps at least a team's
 * worth of points (every thread has one). */
static long long loop_block(const proact__loop_t *loop,
                            const proact__loop_desc_t *desc, long long teams,
                            long long nth, long long points, int host) {
  long long inner = desc->inner_trip > 0 ? desc->inner_trip : 1;
  long long part_trip = (desc->trip + loop->nparts - 1) / loop->nparts;
  long long block;

  if (points == 0) {
    /* the part's points over its teams, 128-bit: trip * inner may pass
     * 2^63 */
    __int128 share = ((__int128)part_trip * inner + teams - 1) / teams;
    points = host ? 64 : 8192;
    if (share < points)
      points = share > nth ? (long long)share : nth;
  }
  block = (points + inner - 1) / inner;
  return block < 1 ? 1 : block;
}

/* The column walk's blocks per row block (docs/design/lowering.md), 0 for the
 * flat walk: where the lowering emitted column kernels, the tiles of
 * `tile` innermost iterations times the outer collapsed loops'
 * iterations, when that fits 32 bits (the kernel takes a block number
 * apart with 32-bit divisions only). PROACT_WALK=auto also wants 3/4 of
 * the tiles' lanes busy: a short innermost loop (3 coordinates of a point)
 * would leave most of a tile's threads idle; flat never. */
static long long loop_tiles(const proact__loop_desc_t *desc, long long tile) {
  const long long walk = proact__param_get(PROACT__PARAM_WALK)->i;
  long long last = desc->inner_last, outer, ntl;
  if (!desc->columns || walk == PROACT__WALK_FLAT || last <= 0 ||
      last > INT_MAX || desc->inner_trip <= 0 ||
      desc->inner_trip % last != 0)
    return 0; /* an empty inner loop: the flat walk runs nothing */
  outer = desc->inner_trip / last;
  ntl = (last + tile - 1) / tile;
  if (walk == PROACT__WALK_AUTO && 4 * last < 3 * ntl * tile)
    return 0;
  return outer <= INT_MAX / ntl ? outer * ntl : 0;
}

/* Kernel geometry of each part: on a GPU 8 teams of 512 threads per
 * multiprocessor (two waves, whose stencil rows then stay in L2 for their
 * neighbours), but one team per multiprocessor when each iteration walks a
 * row read from an array (indexed_inner: a CSR row per thread, each thread
 * streaming its own row; with a full GPU of such threads their lines no
 * longer fit L2); on host
 * devices up to 4 teams (at most one per core: libomp's teams limit) of 1
 * thread (a host team's nested parallel region cannot grow past its
 * limits). The block (in iterations of the annotated loop) is the same for
 * every part: see loop_block. */
static void loop_geometry(proact__loop_t *loop,
                          const proact__loop_desc_t *desc) {
  const proact__device_t *dev0 =
      proact__devices_count() > 0 ? proact__dev_get(loop->devs[0]) : NULL;
  int host = dev0 == NULL || dev0->kind == PROACT__DEVICE_HOST_CPU;
  long long teams = proact__param_get(PROACT__PARAM_TEAMS)->i;
  long long nth = proact__param_get(PROACT__PARAM_TEAM_THREADS)->i;
  long long points = proact__param_get(PROACT__PARAM_BLOCK_POINTS)->i;

  const int host_teams = omp_get_num_procs() < 4 ? omp_get_num_procs() : 4;

  /* The column walk: one team of 256 threads per tile of 256 innermost
   * iterations x 12 rows on a GPU, as many teams as tiles (of the shapes
   * measured, the fastest for 2-D and 3-D stencils together: 8 rows ran
   * a sweep with a reduction, whose teams each fold once, far slower);
   * on a host device tiles of 8 x 8, walked by up to 4 teams of one
   * thread. */
  loop->tile = host ? 8 : nth > 0 ? nth : 256;
  loop->tiles = loop_tiles(desc, loop->tile);
  if (loop->tiles > 0) {
    loop->block = points > 0 ? (points / loop->tile > 0 ? points / loop->tile
                                                          : 1)
                  : host ? 8 : 12;
    proact__loop_split_all(loop);
    for (int p = 0; p < loop->nparts; p++)
      if (loop->nblocks[p] > INT_MAX)
        loop->tiles = 0; /* proact__tile_at takes 32-bit block numbers */
    if (loop->tiles > 0) {
      for (int p = 0; p < loop->nparts; p++) {
        long long nb = loop->nblocks[p] > 0 ? loop->nblocks[p] : 1;
        long long cap = teams > 0 ? teams : host ? host_teams : INT_MAX;
        loop->teams[p] = (int)(nb < cap ? nb : cap);
        /* a GPU team is as wide as its tile */
        loop->team_threads[p] =
            nth > 0 ? (int)nth : host ? 1 : (int)loop->tile;
      }
      return;
    }
  }
  if (teams == 0) {
    /* the smallest GPU of the loop's sets every part's geometry: the
     * block is the same for every part */
    int sms = INT_MAX;
    for (int p = 0; p < loop->nparts; p++)
      if (proact__gpu_sms(loop->devs[p]) < sms)
        sms = proact__gpu_sms(loop->devs[p]);
    teams = host                 ? host_teams
            : desc->indexed_inner ? sms
                                  : (long long)sms * PROACT__TEAMS_PER_SM;
  }
  if (nth == 0)
    nth = host ? 1 : 512;
  loop->block = loop_block(loop, desc, teams, nth, points, host);
  proact__loop_split_all(loop);
  for (int p = 0; p < loop->nparts; p++) {
    loop->teams[p] = (int)(loop->nblocks[p] < teams
                               ? (loop->nblocks[p] > 0 ? loop->nblocks[p] : 1)
                               : teams);
    loop->team_threads[p] = (int)nth;
  }
}

/* Finds array's replicas on every loop device, or creates loop-only ones.
 * Returns NULL when there is nothing to replicate (host fallback, empty
 * section). */
static proact__present_t *loop_array(proact__loop_t *loop,
                                     const proact__loop_desc_t *desc,
                                     const proact__array_t *array) {
  proact__present_t *entry = NULL;
  char *lo, *hi;

  proact__array_bytes(array, desc->file, desc->line, desc->col, &lo, &hi);
  if (proact__devices_count() == 0 || lo == hi)
    return NULL;
  switch (proact__present_find(lo, hi, &entry)) {
  case PROACT__PRESENT_CONTAINS:
    for (int p = 0; p < loop->nparts; p++)
      if (proact__present_dev_index(entry, loop->devs[p]) < 0)
        proact__fatal(desc->file, desc->line, desc->col,
                      "%s[%lld:%lld] is in the region of %s:%d, which has no "
                      "replica on device %d where the loop runs",
                      array->name, array->lo, array->len, entry->file,
                      entry->line, loop->devs[p]);
    return entry;
  case PROACT__PRESENT_PARTIAL:
    proact__fatal(desc->file, desc->line, desc->col,
                  "%s[%lld:%lld] partially overlaps %s[%lld:%lld] of the "
                  "region of %s:%d",
                  array->name, array->lo, array->len, entry->name, entry->lo,
                  entry->len, entry->file, entry->line);
  case PROACT__PRESENT_NONE:
    break;
  }
  /* Copied in now; only the written spans go back, in loop_end. */
  entry = proact__replica_create(array, loop->devs, loop->nparts,
                                 PROACT__MAP_COPYIN, 1, 0, desc->file,
                                 desc->line, desc->col);
  loop->implicit[loop->nimplicit++] = entry;
  return entry;
}

/* Whether elements [lo, hi] of array lie in the host bytes [blo, bhi). */
static int loop_inside(const proact__array_t *array, __int128 lo, __int128 hi,
                       const char *blo, const char *bhi) {
  __int128 base = (__int128)(uintptr_t)array->base;
  return base + lo * (__int128)array->elem_size >= (__int128)(uintptr_t)blo &&
         base + (hi + 1) * (__int128)array->elem_size <=
             (__int128)(uintptr_t)bhi;
}

/* Every affine load, over the whole loop, must lie in its array's section:
 * a device holds only that, so a load outside it would read whatever the
 * device memory holds there instead of the host's value. A load whose
 * index is not affine (whole = 1), or that may not run at every iteration
 * (guarded), is checked by the kernels instead (read_check.c). */
static void loop_check_reads(const proact__loop_desc_t *desc,
                             proact__present_t *const *entries) {
  char b1[48], b2[48];

  for (int r = 0; r < desc->nreads; r++) {
    const proact__access_t *site = &desc->reads[r];
    const proact__array_t *array;
    const proact__present_t *entry;
    proact__span_t span;
    if (site->array < 0 || site->array >= desc->narrays)
      proact__fatal(desc->file, site->line, site->col,
                    "load refers to array %d of %d", site->array,
                    desc->narrays);
    array = &desc->arrays[site->array];
    if (site->whole || site->guarded ||
        !proact__span_of_site(site, desc->first, desc->step, 0, desc->trip,
                              &span))
      continue;
    if (span.lo >= array->lo && span.hi < (__int128)array->lo + array->len)
      continue;
    /* The message gives the hull of all the array's affine loads. */
    for (int q = 0; q < desc->nreads; q++) {
      proact__span_t other;
      if (desc->reads[q].array == site->array && !desc->reads[q].whole &&
          !desc->reads[q].guarded &&
          proact__span_of_site(&desc->reads[q], desc->first, desc->step, 0,
                               desc->trip, &other)) {
        span.lo = other.lo < span.lo ? other.lo : span.lo;
        span.hi = other.hi > span.hi ? other.hi : span.hi;
      }
    }
    proact__span_format(span.lo, b1);
    proact__span_format(span.hi - span.lo + 1, b2);
    entry = entries != NULL ? entries[site->array] : NULL;
    if (entry != NULL && !entry->implicit &&
        !loop_inside(array, span.lo, span.hi, entry->host_lo, entry->host_hi))
      proact__fatal(desc->file, desc->line, 0,
                    "the loop reads %s[%s:%s] (line %d) but the data region "
                    "maps %s[%lld:%lld] (%s:%d)",
                    array->name, b1, b2, site->line, entry->name, entry->lo,
                    entry->len, entry->file, entry->line);
    proact__fatal(desc->file, desc->line, 0,
                  "the loop reads %s[%s:%s] (line %d) but region(...) names "
                  "%s[%lld:%lld]",
                  array->name, b1, b2, site->line, array->name, array->lo,
                  array->len);
  }
}

/* A reads(...) clause replaces the loop's affine loads of its array
 * (desc->implied) in the pulls, so each of them must lie inside the clause's
 * section at every iteration, or a device would compute with stale values.
 * Both ends are affine in the iteration, so the first and the last
 * iteration decide. */
static void loop_check_implied(const proact__loop_desc_t *desc) {
  const long long ks[2] = {0, desc->trip - 1};
  char b1[48], b2[48], b3[48], b4[48];

  for (int x = 0; x < desc->nimplied && desc->trip > 0; x++) {
    const proact__access_t *site = &desc->implied[x];
    const proact__access_t *clause = NULL;
    if (site->whole || site->guarded || site->array < 0 ||
        site->array >= desc->narrays)
      continue;
    for (int r = 0; r < desc->nreads; r++)
      if (desc->reads[r].array == site->array && !desc->reads[r].whole)
        clause = &desc->reads[r];
    if (clause == NULL)
      continue;
    for (int e = 0; e < 2; e++) {
      proact__span_t got, named = {0, 0};
      int has_named;
      if (!proact__span_of_site(site, desc->first, desc->step, ks[e],
                                ks[e] + 1, &got))
        continue;
      has_named = proact__span_of_site(clause, desc->first, desc->step,
                                       ks[e], ks[e] + 1, &named);
      if (has_named && named.lo <= got.lo && got.hi <= named.hi)
        continue;
      /* The message gives the hull of the array's loads there. */
      for (int q = 0; q < desc->nimplied; q++) {
        proact__span_t other;
        if (desc->implied[q].array == site->array &&
            !desc->implied[q].whole && !desc->implied[q].guarded &&
            proact__span_of_site(&desc->implied[q], desc->first, desc->step,
                                 ks[e], ks[e] + 1, &other)) {
          got.lo = other.lo < got.lo ? other.lo : got.lo;
          got.hi = other.hi > got.hi ? other.hi : got.hi;
        }
      }
      proact__fatal(desc->file, desc->line, 0,
                    "at loop index %lld the loop reads %s[%s:%s] (line %d) "
                    "but reads(...) names %s[%s:%s] (line %d)",
                    desc->first + ks[e] * desc->step,
                    desc->arrays[site->array].name,
                    proact__span_format(got.lo, b1),
                    proact__span_format(got.hi - got.lo + 1, b2), site->line,
                    desc->arrays[site->array].name,
                    proact__span_format(has_named ? named.lo : 0, b3),
                    proact__span_format(has_named ? named.hi - named.lo + 1
                                                  : 0, b4),
                    clause->line);
    }
  }
}

/* The write hull of one (site, piece) as host bytes, before merging. */
typedef struct loop_write {
  const void *key; /* the replica entry, or the array when none */
  proact__present_t *entry; /* NULL: no replicas, nothing to transfer */
  int part;
  int site;
  long long klo; /* the piece's iterations */
  long long khi;
  int meets; /* its hull meets another part's: recorded run by run */
  char *lo;
  char *hi;
} loop_write_t;

/* Region arrays by serial, the same order on every rank (their writes
 * become transfers); arrays of no entry, which move nothing, after them
 * by address. */
static int write_cmp_key(const loop_write_t *a, const loop_write_t *b) {
  if (a->entry != NULL && b->entry != NULL)
    return proact__present_order(a->entry, b->entry);
  if ((a->entry == NULL) != (b->entry == NULL))
    return a->entry == NULL ? 1 : -1;
  return (uintptr_t)a->key < (uintptr_t)b->key ? -1 : 1;
}

static int write_cmp_addr(const void *pa, const void *pb) {
  const loop_write_t *a = pa, *b = pb;
  if (a->key != b->key)
    return write_cmp_key(a, b);
  if (a->lo != b->lo)
    return a->lo < b->lo ? -1 : 1;
  return a->part - b->part;
}

static int write_cmp_part(const void *pa, const void *pb) {
  const loop_write_t *a = pa, *b = pb;
  if (a->key != b->key)
    return write_cmp_key(a, b);
  if (a->part != b->part)
    return a->part - b->part;
  return a->lo < b->lo ? -1 : a->lo > b->lo;
}

/* Whether stores s and t of one array (s == t: one store) never write, in
 * one iteration of the loop, an element another iteration writes: then no
 * two parts write the same element, whatever the split. Proved when t's
 * index is s's moved by a constant delta (same coefficients and inner
 * loops) and the map (iteration, inner iterations, which store) -> element
 * is one-to-one by the mixed-radix test of runs.h; a column store
 * `a[j*n + i]` passes, a store `a[j]` made by every i does not. */
static int loop_sites_disjoint(const proact__loop_desc_t *desc, int s,
                               int t) {
  const proact__access_t *a = &desc->writes[s], *b = &desc->writes[t];
  proact__term_t ta[PROACT__RUNS_LEVELS + 1], tb[PROACT__RUNS_LEVELS];
  __int128 la, lb, delta = (__int128)b->off_min - a->off_min;
  int na, nb;
  if (a->empty || b->empty)
    return 1;
  na = proact__site_terms(a, desc->step, 0, desc->trip, ta, &la);
  nb = proact__site_terms(b, desc->step, 0, desc->trip, tb, &lb);
  if (na < 0 || nb < 0)
    return 0;
  if (s != t) {
    if (a->coef != b->coef || a->ndims != b->ndims || la != lb)
      return 0;
    for (int d = 0; d < a->ndims; d++)
      if (a->dim_stride[d] != b->dim_stride[d] ||
          a->dim_count[d] != b->dim_count[d])
        return 0;
    if (delta != 0)
      ta[na++] = (proact__term_t){delta, 2};
  }
  return proact__runs_injective(la, ta, na);
}

/* What loop_write_t.key is for store s. */
static const void *loop_site_key(const proact__loop_desc_t *desc,
                                 proact__present_t *const *entries, int s) {
  int a = desc->writes[s].array;
  return entries[a] != NULL ? (const void *)entries[a]
                            : (const void *)&desc->arrays[a];
}

/* Marks each write of writes[g0, g1) (one array, sorted by address) whose
 * hull meets a write hull of another part: before it, some other part's
 * hull ends after its start; after it, some other part's starts before its
 * end. */
static void loop_mark_meets(const proact__loop_t *loop, loop_write_t *writes,
                            int g0, int g1) {
  char *edge[PROACT__DEV_MAX];
  for (int p = 0; p < loop->nparts; p++)
    edge[p] = NULL;
  for (int i = g0; i < g1; i++) {
    for (int p = 0; p < loop->nparts; p++)
      if (p != writes[i].part && edge[p] != NULL && edge[p] > writes[i].lo)
        writes[i].meets = 1;
    if (edge[writes[i].part] == NULL || writes[i].hi > edge[writes[i].part])
      edge[writes[i].part] = writes[i].hi;
  }
  for (int p = 0; p < loop->nparts; p++)
    edge[p] = NULL;
  for (int i = g1 - 1; i >= g0; i--) {
    for (int p = 0; p < loop->nparts; p++)
      if (p != writes[i].part && edge[p] != NULL && edge[p] < writes[i].hi)
        writes[i].meets = 1;
    if (edge[writes[i].part] == NULL || writes[i].lo < edge[writes[i].part])
      edge[writes[i].part] = writes[i].lo;
  }
}

/* Runs of the smaller set an exact overlap test walks before it gives up
 * (only stores that loop_sites_disjoint cannot clear get there). */
#define LOOP_MEET_MAX_RUNS ((long long)1 << 22)

/* Says once per loop why it runs on one device: stores a and b (maybe
 * the same) follow inner loops whose bounds move with i, and their hulls
 * meet across devices. */
static void loop_unproven_note(const proact__loop_desc_t *desc,
                               const proact__access_t *a,
                               const proact__access_t *b) {
  static loop_notes_t notes;
  if (!loop_first_note_in(&notes, desc))
    return;
  if (a->line == b->line && a->col == b->col)
    proact__info(PROACT__SUBSYS_PART,
                 "%s:%d:%d: the store to '%s' follows an inner loop whose "
                 "bounds move with the loop's variable, so PROACT cannot "
                 "tell which elements each device stores; the loop at line "
                 "%d runs on one device. Give the inner loop bounds that do "
                 "not move with the loop's variable to split it",
                 desc->file, b->line, b->col, desc->arrays[b->array].name,
                 desc->line);
  else
    proact__info(PROACT__SUBSYS_PART,
                 "%s:%d:%d: this store to '%s' and the one at line %d "
                 "follow inner loops whose bounds move with the loop's "
                 "variable, so PROACT cannot tell that different devices "
                 "store different elements; the loop at line %d runs on one "
                 "device. Put each store in a loop of its own to split them",
                 desc->file, b->line, b->col, desc->arrays[b->array].name,
                 a->line, desc->line);
}

/* The iteration of [klo, khi) in which site touches element at, or -1
 * (not found among the first 2^22). */
static long long loop_iteration_of(const proact__loop_desc_t *desc,
                                   const proact__access_t *site,
                                   long long klo, long long khi,
                                   __int128 at) {
  for (long long k = klo; k < khi && k - klo < ((long long)1 << 22); k++) {
    proact__runs_t runs;
    int exact;
    __int128 hit;
    if (proact__runs_of_site(site, desc->first, desc->step, k, k + 1, &runs,
                             &exact) &&
        proact__runs_first_in(&runs, at, at, &hit))
      return k;
  }
  return -1;
}

/* Two writes of different parts whose hulls meet: fatal unless their exact
 * sets are disjoint. A store after an inner loop whose bounds move with i
 * (inexact) has only a hull, which proves nothing: *unproven is set and
 * the caller runs the loop on one device. */
static void loop_check_pair(const proact__loop_t *loop,
                            const proact__loop_desc_t *desc,
                            const loop_write_t *w, const loop_write_t *v,
                            int *unproven) {
  const proact__access_t *site = &desc->writes[v->site];
  const proact__array_t *array = &desc->arrays[site->array];
  proact__runs_t ra, rb;
  int ea = 0, eb = 0, met = 1;
  __int128 at = (__int128)((v->lo - (char *)array->base) /
                           (long long)array->elem_size);
  char b1[48];

  /* Exact sets are element indices of their own array: two names of one
   * replica compare by their byte hulls only. */
  if (desc->writes[w->site].array == site->array &&
      proact__runs_of_site(&desc->writes[w->site], desc->first, desc->step,
                           w->klo, w->khi, &ra, &ea) &&
      proact__runs_of_site(site, desc->first, desc->step, v->klo, v->khi,
                           &rb, &eb) &&
      ea && eb)
    met = proact__runs_meet(&ra, &rb, LOOP_MEET_MAX_RUNS, &at);
  if (met == 0)
    return;
  if (desc->writes[w->site].inexact || site->inexact) {
    if (!*unproven) {
      *unproven = 1;
      loop_unproven_note(desc, &desc->writes[w->site], site);
    }
    return;
  }
  if (met < 0)
    proact__fatal(desc->file, site->line, site->col,
                  "writes of '%s' by devices %d and %d may overlap: more "
                  "than %lld strided runs to compare; write the index so "
                  "that each iteration's elements follow one pattern",
                  array->name, loop->devs[w->part], loop->devs[v->part],
                  LOOP_MEET_MAX_RUNS);
  {
    const long long kw = loop_iteration_of(desc, &desc->writes[w->site],
                                           w->klo, w->khi, at);
    const long long kv = loop_iteration_of(desc, site, v->klo, v->khi, at);
    char b2[48], b3[48];
    if (kw >= 0 && kv >= 0)
      proact__fatal(desc->file, site->line, site->col,
                    "iterations %s (device %d, the store at line %d) and %s "
                    "(device %d, this store) of the loop at line %d both "
                    "store %s[%s]: its iterations must be independent. Make "
                    "each iteration store only elements no other iteration "
                    "stores, or accumulate into the array with "
                    "reduction(+: %s[lo:len])",
                    proact__span_format((__int128)desc->first +
                                            (__int128)kw * desc->step,
                                        b2),
                    loop->devs[w->part], desc->writes[w->site].line,
                    proact__span_format((__int128)desc->first +
                                            (__int128)kv * desc->step,
                                        b3),
                    loop->devs[v->part], desc->line, array->name,
                    proact__span_format(at, b1), array->name);
  }
  proact__fatal(desc->file, site->line, site->col,
                "writes of '%s' by devices %d and %d overlap at %s[%s]: "
                "the loop is not parallel over its iterations or the "
                "index cannot be split",
                array->name, loop->devs[w->part], loop->devs[v->part],
                array->name, proact__span_format(at, b1));
}

/* The write hull of every (site, piece), checked against the array's
 * section and, where the hulls of different parts meet, against the other
 * parts' writes element-exactly (runs.h). */
static int loop_writes(const proact__loop_t *loop,
                       const proact__loop_desc_t *desc,
                       proact__present_t *const *entries,
                       loop_write_t *writes, int *unproven) {
  int n = 0;
  char b1[48], b2[48];
  unsigned char *ok;

  for (int s = 0; s < desc->nwrites; s++) {
    const proact__access_t *site = &desc->writes[s];
    const proact__array_t *array;
    if (site->array < 0 || site->array >= desc->narrays)
      proact__fatal(desc->file, site->line, site->col,
                    "store refers to array %d of %d", site->array,
                    desc->narrays);
    if (site->ndims < -1 || site->ndims > PROACT__ACCESS_DIMS)
      proact__fatal(desc->file, site->line, site->col,
                    "store has %d inner-loop terms (at most %d)", site->ndims,
                    PROACT__ACCESS_DIMS);
    array = &desc->arrays[site->array];
    for (int p = 0; p < loop->nparts; p++)
    for (long long j = 0; j < loop->npieces[p]; j++) {
      proact__span_t span;
      long long klo, khi;
      proact__loop_part_piece(loop, p, j, &klo, &khi);
      if (site->whole) { /* the only part: it may write any element */
        if (site->empty || array->len <= 0 || klo >= khi)
          continue;
        span.lo = array->lo;
        span.hi = (__int128)array->lo + array->len - 1;
      } else if (!proact__span_of_site(site, desc->first, desc->step, klo,
                                       khi, &span)) {
        continue;
      } else if (span.lo < array->lo ||
                 span.hi >= (__int128)array->lo + array->len) {
        /* Report the whole loop's range: the part split is no concern of
         * the user's. */
        proact__span_of_site(site, desc->first, desc->step, 0, desc->trip,
                             &span);
        proact__fatal(desc->file, site->line, site->col,
                      "loop writes %s[%s..%s] outside region(%s[%lld:%lld])",
                      array->name, proact__span_format(span.lo, b1),
                      proact__span_format(span.hi, b2), array->name,
                      array->lo, array->len);
      }
      /* Inside the section, so these byte offsets fit. */
      writes[n].entry = entries[site->array];
      writes[n].key = writes[n].entry != NULL ? (const void *)writes[n].entry
                                              : (const void *)array;
      writes[n].part = p;
      writes[n].site = s;
      writes[n].klo = klo;
      writes[n].khi = khi;
      writes[n].meets = 0;
      writes[n].lo = (char *)array->base +
                     (ptrdiff_t)(span.lo * (__int128)array->elem_size);
      writes[n].hi = (char *)array->base +
                     (ptrdiff_t)((span.hi + 1) * (__int128)array->elem_size);
      n++;
    }
  }

  /* Pairs of stores proved never to write one element in two iterations
   * need no comparison of their parts' writes. */
  ok = calloc((size_t)desc->nwrites * (size_t)desc->nwrites + 1, 1);
  if (ok == NULL)
    proact__fatal(desc->file, desc->line, desc->col, "out of host memory");
  for (int s = 0; s < desc->nwrites && loop->nparts > 1; s++)
    for (int t = s; t < desc->nwrites; t++)
      ok[s * desc->nwrites + t] = ok[t * desc->nwrites + s] =
          (unsigned char)(loop_site_key(desc, entries, s) !=
                              loop_site_key(desc, entries, t) ||
                          (desc->writes[s].array == desc->writes[t].array &&
                           loop_sites_disjoint(desc, s, t)));

  /* Sorted by address, per array: two parts' hulls meet iff some hull
   * starts before an earlier one of another part ends. */
  qsort(writes, (size_t)n, sizeof(*writes), write_cmp_addr);
  for (int g0 = 0, g1; g0 < n; g0 = g1) {
    int proved = 1;
    for (g1 = g0; g1 < n && writes[g1].key == writes[g0].key; g1++)
      ;
    for (int s = 0; s < desc->nwrites; s++)
      for (int t = 0; t < desc->nwrites; t++)
        if (loop_site_key(desc, entries, s) == writes[g0].key &&
            loop_site_key(desc, entries, t) == writes[g0].key &&
            !ok[s * desc->nwrites + t])
          proved = 0;
    loop_mark_meets(loop, writes, g0, g1);
    for (int i = g0; i < g1 && !proved; i++) {
      if (!writes[i].meets)
        continue;
      for (int j = i + 1; j < g1 && writes[j].lo < writes[i].hi; j++)
        if (writes[j].part != writes[i].part &&
            !ok[writes[i].site * desc->nwrites + writes[j].site])
          loop_check_pair(loop, desc, &writes[i], &writes[j], unproven);
    }
  }
  free(ok);
  return n;
}

typedef struct loop_run_walk {
  loop_write_t *ranges;
  int n, cap;
  const loop_write_t *w;
  const proact__array_t *array;
} loop_run_walk_t;

static int loop_add_range(loop_run_walk_t *rw, char *lo, char *hi) {
  if (proact__grow((void **)&rw->ranges, &rw->cap, rw->n,
                   sizeof(*rw->ranges)) != PROACT_OK)
    return 1;
  rw->ranges[rw->n] = *rw->w;
  rw->ranges[rw->n].lo = lo;
  rw->ranges[rw->n++].hi = hi;
  return 0;
}

static int loop_add_run(void *arg, __int128 lo, __int128 hi) {
  loop_run_walk_t *rw = arg;
  const size_t es = rw->array->elem_size;
  return loop_add_range(
      rw, (char *)rw->array->base + (ptrdiff_t)(lo * (__int128)es),
      (char *)rw->array->base + (ptrdiff_t)((hi + 1) * (__int128)es));
}

/* Merges the ranges of each (entry, part) into the loop's transfer list;
 * arrays without replicas need no transfer. A write whose hull no other
 * part's meets is taken whole: its part pulled the hull's current values
 * first (pull.c), so it may own the gaps too, one range whatever the
 * stride. One whose hull meets another part's is taken run by run, so
 * that each device owns exactly the elements it wrote. */
static void loop_xfers(proact__loop_t *loop, loop_write_t *writes, int n,
                       const proact__loop_desc_t *desc) {
  loop_run_walk_t rw = {NULL, 0, 0, NULL, NULL};
  for (int i = 0; i < n; i++) {
    const proact__access_t *site = &desc->writes[writes[i].site];
    proact__runs_t runs;
    int exact = 0, fail;
    if (writes[i].entry == NULL)
      continue;
    rw.w = &writes[i];
    rw.array = &desc->arrays[site->array];
    if (writes[i].meets &&
        proact__runs_of_site(site, desc->first, desc->step, writes[i].klo,
                             writes[i].khi, &runs, &exact) &&
        exact)
      fail = proact__runs_each(&runs, loop_add_run, &rw);
    else
      fail = loop_add_range(&rw, writes[i].lo, writes[i].hi);
    if (fail)
      proact__fatal(desc->file, desc->line, desc->col, "out of host memory");
  }
  qsort(rw.ranges, (size_t)rw.n, sizeof(*rw.ranges), write_cmp_part);
  loop->xfers = calloc((size_t)(rw.n > 0 ? rw.n : 1), sizeof(*loop->xfers));
  if (loop->xfers == NULL)
    proact__fatal(desc->file, desc->line, desc->col, "out of host memory");
  for (int i = 0; i < rw.n; i++) {
    const loop_write_t *r = &rw.ranges[i];
    proact__loop_xfer_t *last =
        loop->nxfers > 0 ? &loop->xfers[loop->nxfers - 1] : NULL;
    if (last != NULL && last->entry == r->entry && last->part == r->part &&
        r->lo <= last->host_hi) {
      if (r->hi > last->host_hi)
        last->host_hi = r->hi;
      continue;
    }
    loop->xfers[loop->nxfers].entry = r->entry;
    loop->xfers[loop->nxfers].part = r->part;
    loop->xfers[loop->nxfers].host_lo = r->lo;
    loop->xfers[loop->nxfers].host_hi = r->hi;
    loop->nxfers++;
  }
  free(rw.ranges);
}

/* The shares per device of BLOCK loops of this trip count on these
 * devices (balance.h), or NULL for equal parts: when balancing is off, with
 * one part, or when an array is distributed (a moved boundary would grow
 * the windows, and near a device's capacity that may not fit). */
static proact__balance_t *loop_balance(const proact__loop_t *loop,
                                       const proact__loop_desc_t *desc,
                                       proact__present_t *const *entries) {
  for (int a = 0; a < desc->narrays; a++)
    if (entries[a] != NULL && entries[a]->distribute)
      return NULL;
  /* Shares measured on each rank's clock would differ between ranks, and
   * every rank must split each loop the same way. */
  if (proact__rank_count() > 1)
    return NULL;
  return proact__balance_of(desc->trip, loop->nparts, loop->devs);
}

/* Bytes sent to and received from other ranks so far, by transport. */
static void loop_rank_bytes(unsigned long long bytes_p[PROACT__XPORT_COUNT_]) {
  proact__xport_get_bytes(bytes_p);
}

proact__loop_t *proact__loop_begin(const proact__loop_desc_t *desc) {
  proact__loop_t *loop = calloc(1, sizeof(*loop));
  proact__present_t **entries = NULL;
  loop_write_t *writes = NULL;
  proact_status_t st;
  unsigned serial;
  int nwrites;

  proact__devices_require_serial(desc->file, desc->line, desc->col, "loop");
  proact__devices_init();
  proact__host_check_enter();
  if (loop != NULL) {
    loop->t_begin = PROACT__TRACING()
                        ? proact__trace_begin("loop", desc->file, desc->line)
                        : proact__now_ns();
    loop->watch = proact__watch_begin(desc, desc->file, desc->line,
                                      loop->t_begin);
  }
  if (loop == NULL ||
      (entries = calloc((size_t)desc->narrays + 1, sizeof(*entries))) ==
          NULL ||
      (loop->implicit = calloc((size_t)desc->narrays + 1,
                               sizeof(*loop->implicit))) == NULL ||
      (loop->arrays = calloc((size_t)desc->narrays + 1,
                             sizeof(*loop->arrays))) == NULL)
    proact__fatal(desc->file, desc->line, desc->col, "out of host memory");
  loop->file = desc->file;
  loop->line = desc->line;
  loop->col = desc->col;
  if (desc->trip < 0 || desc->step == 0)
    proact__fatal(desc->file, desc->line, desc->col,
                  "invalid loop: trip %lld, step %lld", desc->trip,
                  desc->step);
  loop->desc = desc;
  /* PROACT_READ_CHECK=1 by default: only an explicit 1 asks for checks a
   * loop compiled without them cannot make */
  if (desc->read_check == PROACT__READ_CHECK_OFF &&
      proact__param_from_env(PROACT__PARAM_READ_CHECK) &&
      proact__param_get(PROACT__PARAM_READ_CHECK)->i)
    proact__fatal(desc->file, desc->line, desc->col,
                  "PROACT_READ_CHECK=1 asks for read checks, but this loop "
                  "was compiled without them "
                  "(-fplugin-arg-proact-read-check=off); rebuild with "
                  "read-check=runtime or on, or unset PROACT_READ_CHECK");
  loop_mech(loop, desc);
  loop_parts(loop, desc);
  for (int a = 0; a < desc->narrays; a++) {
    entries[a] = loop_array(loop, desc, &desc->arrays[a]);
    loop->arrays[a] = desc->arrays[a];
  }
  loop->narrays = desc->narrays;
  loop->entries = entries;
  loop_check_reads(desc, entries);
  loop_check_implied(desc);
  proact__loop_check_iterations(desc);
  loop->balance = loop_balance(loop, desc, entries);
  if (loop->balance != NULL)
    proact__balance_shares(loop->balance, &loop->shares);
  loop_geometry(loop, desc);
  if (loop->decomp_auto && loop->nparts > 1 &&
      proact__amge_choose(loop, desc, entries))
    loop_geometry(loop, desc);
  for (;;) {
    long long pieces = 0;
    int unproven = 0;
    for (int p = 0; p < loop->nparts; p++)
      pieces += loop->npieces[p];
    if ((writes = calloc((size_t)desc->nwrites * (size_t)(pieces + 1) + 1,
                         sizeof(*writes))) == NULL)
      proact__fatal(desc->file, desc->line, desc->col, "out of host memory");
    nwrites = loop_writes(loop, desc, entries, writes, &unproven);
    if (!unproven || loop->nparts == 1)
      break;
    /* Stores whose devices' hulls meet and prove nothing: one device. */
    free(writes);
    loop->nparts = 1;
    loop->balance = NULL;
    loop_geometry(loop, desc);
  }
  loop_xfers(loop, writes, nwrites, desc);
  free(writes);
  if (loop->mech->id == PROACT_MECH_INLINE && !loop_forwards_cover(loop, desc))
    loop_inline_fallback(loop, desc);
  for (int x = 0; x < loop->nxfers; x++) { /* AMGE's next candidates */
    loop->xfers[x].entry->last_decomp = loop->decomp;
    loop->xfers[x].entry->last_block = loop->decomp_block;
  }

  if (loop->nimplicit > 0 && proact__dev_sync_all() != PROACT_OK)
    proact__fatal(desc->file, desc->line, desc->col,
                  "copying the loop's arrays to the devices failed");
  loop->stats = proact__stats_node(desc->file, desc->line, proact_mech_name(loop->mech->id),
                                   desc->id);
  PROACT__STATS_ADD(loop->stats, PROACT__STAT_EXECUTIONS, 1);
  /* Copies are counted from here to the end of loop_end: a dma agent's
   * pushes are issued while the kernels run, between the two. */
  proact__dev_get_counters(&loop->copies0);
  loop_rank_bytes(loop->rank_bytes0);
  {
    uint64_t t0 = proact__now_ns();
    proact__trace_phase_t phase;
    proact__trace_phase_begin(&phase, "pull", "pull", desc->file, desc->line);
    proact__host_check_loop(loop, desc, entries);
    if (proact__loop_pull(loop, desc, entries))
      PROACT__STATS_ADD(loop->stats, PROACT__STAT_WHOLE_READS, 1);
    proact__unified_place(loop);
    proact__trace_phase_end(&phase);
    PROACT__STATS_ADD(loop->stats, PROACT__STAT_BEGIN_NSEC,
                      proact__now_ns() - t0);
  }
  {
    uint64_t t0 = proact__now_ns();
    proact__trace_phase_t phase; /* its copies upload readiness states */
    proact__trace_phase_begin(&phase, "setup", "readiness state", desc->file,
                              desc->line);
    serial = proact__last_error_serial();
    st = loop->mech->setup != NULL ? loop->mech->setup(loop) : PROACT_OK;
    if (st == PROACT_OK) /* before the agents take chunks */
      proact__rank_push_post(loop);
    for (int p = 0; p < loop->nparts && st == PROACT_OK && loop->mech->arm;
         p++)
      st = loop->mech->arm(loop, p);
    PROACT__STATS_ADD(loop->stats, PROACT__STAT_SETUP_NSEC,
                      proact__now_ns() - t0);
    proact__trace_phase_end(&phase);
  }
  if (st == PROACT_ERR_UNSUPPORTED)
    proact__fatal(desc->file, desc->line, desc->col,
                  "mechanism '%s' is not implemented", proact_mech_name(loop->mech->id));
  /* The cause recorded on the way (an agent thread's pthread_create
   * error) says more than the status. */
  if (st != PROACT_OK)
    proact__fatal(desc->file, desc->line, desc->col,
                  "mechanism '%s' failed to start: %s",
                  proact_mech_name(loop->mech->id),
                  proact__last_error_serial() != serial
                      ? proact_get_last_error()
                      : proact_status_string(st));

  for (int p = 0; p < loop->nparts; p++) {
    char shape[64] = "";
    if (loop->tiles > 0)
      snprintf(shape, sizeof(shape), " x %lld innermost", loop->tile);
    proact__info(PROACT__SUBSYS_PART, "%s:%d part %d: device %d, k in "
                 "[%lld, %lld), %s walk: %lld blocks of %lld rows%s, %d "
                 "teams of %d threads",
                 desc->file, desc->line, p, loop->devs[p], loop->lo[p],
                 loop->hi[p], loop->tiles > 0 ? "column" : "flat",
                 loop->nblocks[p], loop->block, shape, loop->teams[p],
                 loop->team_threads[p]);
  }
  if (PROACT__TRACING())
    loop->t_launch = proact__now_ns();
  return loop;
}

int proact__loop_nparts(const proact__loop_t *loop) { return loop->nparts; }

int proact__loop_part_device(const proact__loop_t *loop, int part) {
  /* The host fallback's part runs on omp_get_initial_device(). */
  if (proact__devices_count() == 0)
    return loop->devs[part];
  return proact__dev_omp_id(loop->devs[part]);
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
         proact__dev_is_local(loop->devs[part]);
}

void proact__loop_share(proact__loop_t *loop, void *parts, size_t each) {
  const int me = proact__rank_self(), ranks = proact__rank_count();
  if (ranks == 1 || each == 0 || proact__devices_count() == 0)
    return;
  /* Every rank walks the parts in the same order: each value goes from
   * the rank that ran the part to every other, matched by order. */
  for (int p = 0; p < loop->nparts; p++) {
    char *slot = (char *)parts + (size_t)p * each;
    int owner = proact__dev_rank(loop->devs[p]);
    if (loop->lo[p] >= loop->hi[p])
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
  return loop->lo[part];
}

long long proact__loop_part_hi(const proact__loop_t *loop, int part) {
  return loop->hi[part];
}

void proact__loop_part_kernel(proact__loop_t *loop, int part, int *teams,
                              int *threads, proact__part_iters_t *iters,
                              long long *nblocks, proact__ready_t **ready,
                              int *forward) {
  if (part < 0 || part >= loop->nparts)
    proact__fatal(loop->file, loop->line, loop->col,
                  "no kernel of part %d (%d parts)", part, loop->nparts);
  *teams = loop->teams[part];
  *threads = loop->team_threads[part];
  *iters = loop->iters[part];
  *nblocks = loop->nblocks[part];
  *ready = loop->ready[part].dev_rd;
  *forward = *ready != NULL && loop->ready_mode == PROACT__READY_INLINE;
}

void proact__loop_part_section(const proact__loop_t *loop, int part,
                               int array, long long *lo_p,
                               long long *len_p) {
  const proact__present_t *entry;

  if (part < 0 || part >= loop->nparts || array < 0 ||
      array >= loop->narrays)
    proact__fatal(loop->file, loop->line, loop->col,
                  "no section of array %d in part %d (%d arrays, %d parts)",
                  array, part, loop->narrays, loop->nparts);
  entry = loop->entries[array];
  if (entry != NULL && entry->distribute) {
    proact__window_section(entry, loop->devs[part], &loop->arrays[array],
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

  if (part < 0 || part >= loop->nparts || array < 0 ||
      array >= loop->narrays)
    proact__fatal(loop->file, loop->line, loop->col,
                  "no base of array %d in part %d (%d arrays, %d parts)",
                  array, part, loop->narrays, loop->nparts);
  /* The host fallback's kernels index the host arrays themselves. */
  if (proact__devices_count() == 0)
    return loop->arrays[array].base;
  entry = loop->entries[array];
  /* No copy on the device (an empty section or window): the part's
   * kernels load and store none of the array's elements. */
  if (entry == NULL ||
      (i = proact__present_dev_index(entry, loop->devs[part])) < 0 ||
      entry->ptrs[i] == NULL)
    return NULL;
  /* ptrs[i] holds the host bytes from host_lo + wlo[i] on; element 0 may
   * lie outside them, so the offset wraps in uintptr_t. */
  return (void *)((uintptr_t)entry->ptrs[i] +
                  ((uintptr_t)loop->arrays[array].base -
                   (uintptr_t)(entry->host_lo + entry->wlo[i])));
}

/* Each part's host thread writes only its own slots. */
void proact__loop_part_begin(proact__loop_t *loop, int part) {
  loop->part_t0[part] = PROACT__TRACING()
                            ? proact__trace_begin("kernel", loop->file,
                                                  loop->line)
                            : proact__now_ns();
}

void proact__loop_part_end(proact__loop_t *loop, int part) {
  loop->part_ns[part] = proact__now_ns() - loop->part_t0[part];
  proact__read_check_collect(loop, part);
  if (loop->ready[part].kernel_done != NULL) /* the agent's watchdog */
    __atomic_store_n(loop->ready[part].kernel_done, 1, __ATOMIC_RELEASE);
  if (loop->nrpushes > 0)
    proact__rank_push_send(loop, part);
  if (PROACT__TRACING()) {
    proact__trace_ev_t ev = {.kind = PROACT__TEV_KERNEL,
                             .file = loop->file, .line = loop->line,
                             .id = loop->desc->id,
                             .t0 = loop->part_t0[part],
                             .t1 = loop->part_t0[part] + loop->part_ns[part],
                             .dev = loop->devs[part], .part = part};
    proact__trace_end(&ev);
  }
}

void proact__loop_end(proact__loop_t *loop) {
  proact__dev_counters_t after;
  uint64_t t0 = proact__now_ns();
  proact_status_t st;
  proact__trace_phase_t phase;

  if (PROACT__TRACING()) {
    /* From the end of loop_begin to here the thread ran the parts'
     * kernels (or waited for them). */
    proact__trace_ev_t kernels = {.kind = PROACT__TEV_PHASE,
                                  .name = "kernels", .file = loop->file,
                                  .line = loop->line, .t0 = loop->t_launch,
                                  .t1 = t0};
    if (kernels.t0 != 0 && kernels.t1 > kernels.t0)
      proact__trace_add(&kernels);
  }
  proact__trace_phase_begin(&phase, "drain", "drain", loop->file, loop->line);
  st = loop->mech->drain(loop);
  if (st != PROACT_OK)
    proact__fatal(loop->file, loop->line, loop->col,
                  "mechanism '%s' failed to deliver the loop's writes: %s",
                  proact_mech_name(loop->mech->id), proact_status_string(st));
  /* Once the agents are done, before the writes count as current: a
   * kernel that loaded outside what its device holds computed with
   * zeros there. */
  proact__read_check_report(loop);
  proact__rank_push_finish(loop);
  proact__push_commit(loop, loop->pushes_delivered);
  st = loop->mech->cleanup != NULL ? loop->mech->cleanup(loop) : PROACT_OK;
  if (st != PROACT_OK)
    proact__warn("mechanism '%s' cleanup failed: %s", proact_mech_name(loop->mech->id),
                 proact_status_string(st));
  for (int i = loop->nimplicit - 1; i >= 0; i--)
    proact__replica_destroy(loop->implicit[i]);
  proact__dev_get_counters(&after);
  proact__trace_phase_end(&phase);

  uint64_t t1 = proact__now_ns(), kmax = 0, ksum = 0;
  for (int p = 0; p < loop->nparts; p++) {
    ksum += loop->part_ns[p];
    kmax = loop->part_ns[p] > kmax ? loop->part_ns[p] : kmax;
    proact__info(PROACT__SUBSYS_PART, "%s:%d part %d kernel on device %d: "
                 "%.1f us",
                 loop->file, loop->line, p, loop->devs[p],
                 (double)loop->part_ns[p] / 1e3);
  }
  if (loop->balance != NULL && proact__loop_contiguous(loop)) {
    long long iters[PROACT__DEV_MAX];
    for (int p = 0; p < loop->nparts; p++)
      iters[p] = loop->hi[p] - loop->lo[p];
    proact__balance_observe(loop->balance, iters, loop->part_ns);
  }
  proact__watch_end(loop->watch, t1 - loop->t_begin);
  PROACT__STATS_ADD(loop->stats, PROACT__STAT_END_NSEC, t1 - t0);
  PROACT__STATS_ADD(loop->stats, PROACT__STAT_LOOP_NSEC, t1 - loop->t_begin);
  if (loop->stats != NULL &&
      proact__stats_read(loop->stats, PROACT__STAT_EXECUTIONS) >
          PROACT__STATS_WARMUP)
    PROACT__STATS_ADD(loop->stats, PROACT__STAT_WARM_LOOP_NSEC,
                      t1 - loop->t_begin);
  PROACT__STATS_ADD(loop->stats, PROACT__STAT_KERN_MAX_NSEC, kmax);
  PROACT__STATS_ADD(loop->stats, PROACT__STAT_KERN_SUM_NSEC, ksum);
  PROACT__STATS_ADD(loop->stats, PROACT__STAT_PEER_BYTES,
                    after.peer_bytes - loop->copies0.peer_bytes);
  PROACT__STATS_ADD(loop->stats, PROACT__STAT_COPIES,
                    after.copies - loop->copies0.copies);
  if (loop->stats != NULL) {
    unsigned long long rb[PROACT__XPORT_COUNT_], all = 0;
    loop_rank_bytes(rb);
    for (int x = 0; x < PROACT__XPORT_COUNT_; x++)
      all += rb[x] - loop->rank_bytes0[x];
    PROACT__STATS_ADD(loop->stats, PROACT__STAT_RANK_BYTES, all);
    PROACT__STATS_ADD(loop->stats, PROACT__STAT_RANK_DIRECT_BYTES,
                      rb[PROACT__XPORT_MPI_DIRECT] -
                          loop->rank_bytes0[PROACT__XPORT_MPI_DIRECT]);
    PROACT__STATS_ADD(loop->stats, PROACT__STAT_RANK_NCCL_BYTES,
                      rb[PROACT__XPORT_NCCL] -
                          loop->rank_bytes0[PROACT__XPORT_NCCL]);
  }
  PROACT__STATS_ADD(loop->stats, PROACT__STAT_HOST_BYTES,
                    (after.h2d_bytes - loop->copies0.h2d_bytes) +
                        (after.d2h_bytes - loop->copies0.d2h_bytes));
  if (PROACT__TRACING()) {
    proact__trace_ev_t ev = {.kind = PROACT__TEV_LOOP, .file = loop->file,
                             .line = loop->line, .id = loop->desc->id,
                             .mech = proact_mech_name(loop->mech->id),
                             .t0 = loop->t_begin, .t1 = t1,
                             .part = loop->nparts};
    proact__trace_end(&ev);
  }
  proact__host_check_leave(loop->file, loop->line);
  free(loop->xfers);
  free(loop->pushes);
  free(loop->rpushes);
  free(loop->readrecs);
  free(loop->implicit);
  free(loop->entries);
  free(loop->arrays);
  free(loop->array_partials);
  free(loop);
}
