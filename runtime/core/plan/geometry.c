/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* The kernel geometry of a loop's parts (plan.h). */
#include <limits.h>
#include <omp.h>
#include <stdlib.h>

#include "core_param.h"
#include "dev.h"
#include "devices.h"
#include "log.h"
#include "note_once.h"
#include "param.h"
#include "plan.h"

/* Iterations per block. PROACT_BLOCK_POINTS, when set, is taken as it is.
 * Otherwise a block has at most 8192 points on a GPU (64 on a host device,
 * so that tests see many blocks and chunks), but no more than a part's
 * share of the teams: a loop of few long iterations (a CSR row each) with
 * 8192-row blocks ran on 16 to 32 teams, each thread walking 16 rows in
 * turn, and a second device made it no faster, its half running on half
 * the teams at the same time per thread. A block keeps at least a team's
 * worth of points (every thread has one). */
static long long loop_block(const proact__plan_t *plan,
                            const proact__loop_desc_t *desc, long long teams,
                            long long nth, long long points, int host) {
  long long inner = desc->inner_trip > 0 ? desc->inner_trip : 1;
  long long part_trip = (desc->trip + plan->nparts - 1) / plan->nparts;
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

/* The column walk's blocks per row block (docs/design/lowering.md) with
 * tiles of `tile` innermost iterations, 0 where it cannot run: the tiles
 * times the outer collapsed loops' iterations, when that fits 32 bits (the
 * kernel takes a block number apart with 32-bit divisions only), and only
 * when at least `busy` quarters of the tiles' lanes are busy (a short
 * innermost loop, the 3 coordinates of a point, would leave most of a
 * tile's threads idle). */
static long long loop_tiles(const proact__loop_desc_t *desc, long long tile,
                            int busy) {
  long long last = desc->inner_last, outer, ntl;
  if (!desc->columns || last <= 0 || last > INT_MAX ||
      desc->inner_trip <= 0 || desc->inner_trip % last != 0)
    return 0; /* an empty inner loop: the flat walk runs nothing */
  outer = desc->inner_trip / last;
  ntl = (last + tile - 1) / tile;
  if (4 * last < busy * ntl * tile)
    return 0;
  return outer <= INT_MAX / ntl ? outer * ntl : 0;
}

int proact__plan_pushes_in_columns(const proact__plan_t *plan,
                                   const proact__loop_desc_t *desc) {
  /* One part pushes too, to replicas other devices read (push.c). */
  return desc->columns && plan->mech != NULL &&
         (plan->mech->caps & PROACT__MECH_CAP_PUSH);
}

/* Notes about a loop's walk, once per loop. */
static proact__note_once_t walk_notes;

/* The column walk's tiles per row block, 0 for the flat walk; *tile comes
 * in as the widest tile and leaves as the one chosen. PROACT_WALK picks:
 * auto takes proact__plan_column_width's tile, down to a warp on a GPU (a
 * host device keeps its 8 lanes), else the flat walk; a GPU width
 * PROACT_TEAM_THREADS fixes is kept. A nest that may push
 * (proact__plan_pushes_in_columns) has no flat readiness kernels: there
 * flat is auto, and auto narrows down to one lane on a host device and
 * takes a warp half busy; where none fits, proact__mech_check_plan falls
 * back to memcpy. */
static long long plan_tiles(const proact__plan_t *plan,
                            const proact__loop_desc_t *desc, int host,
                            long long nth, long long *tile) {
  const long long walk = proact__param_get(PROACT__PARAM_WALK)->i;
  const int pushes = proact__plan_pushes_in_columns(plan, desc);
  long long w, tiles;

  if (walk == PROACT__WALK_FLAT && !pushes)
    return 0;
  if (walk == PROACT__WALK_COLUMNS || nth > 0) {
    tiles = loop_tiles(desc, *tile, walk == PROACT__WALK_AUTO && !pushes ? 3
                                                                        : 0);
  } else {
    /* A host device's one thread per team gains nothing from a narrower
     * tile; a pushing nest's only other choice is memcpy. */
    w = proact__plan_column_width(desc, *tile,
                                  host ? (pushes ? 1 : *tile) : 32, pushes,
                                  &tiles);
    if (w > 0)
      *tile = w;
  }
  if (walk == PROACT__WALK_FLAT && tiles > 0 &&
      proact__note_once(&walk_notes, desc))
    proact__info(PROACT__SUBSYS_PART, "%s:%d: PROACT_WALK=flat: the loop "
                 "pushes from its column kernels only, so it walks columns",
                 desc->file, desc->line);
  return tiles;
}

long long proact__plan_column_width(const proact__loop_desc_t *desc,
                                    long long widest, long long narrowest,
                                    int half, long long *tiles) {
  long long w;
  for (w = widest; w >= narrowest && w > 0; w /= 2)
    if ((*tiles = loop_tiles(desc, w, 3)) > 0)
      return w;
  /* Else, for a nest that pushes, the narrowest tile half busy: a loop of
   * 33 to 47 iterations fits no tile 3/4 busy, and memcpy would give up
   * the loop's pushes. */
  w = narrowest > 0 ? narrowest : 1;
  *tiles = half ? loop_tiles(desc, w, 2) : 0;
  return *tiles > 0 ? w : 0;
}

/* The threads a host device's teams may have together: libomp's teams
 * limit (KMP_TEAMS_THREAD_LIMIT, else the cores), within its thread limit.
 * Past it libomp warns and forms fewer teams or threads. */
static long long host_threads(void) {
  static long long max; /* libomp reads its settings once, too */
  if (max == 0) {
    const char *env = getenv("KMP_TEAMS_THREAD_LIMIT");
    long long m = env != NULL && atoll(env) > 0 ? atoll(env)
                                                : omp_get_num_procs();
    if (omp_get_thread_limit() > 0 && omp_get_thread_limit() < m)
      m = omp_get_thread_limit();
    max = m > 0 ? m : 1;
  }
  return max;
}

/* A part's threads per team: nth, within host_max over its teams on a
 * host device. */
static int part_threads(int host, long long host_max, int teams,
                        long long nth) {
  if (host && teams > 0 && nth * teams > host_max)
    nth = host_max / teams > 1 ? host_max / teams : 1;
  return (int)nth;
}

/* Kernel geometry of each part: on a GPU 8 teams of 512 threads per
 * multiprocessor (two waves, whose stencil rows then stay in L2 for their
 * neighbours), but one team per multiprocessor when each iteration walks a
 * row read from an array (indexed_inner: a CSR row per thread, each thread
 * streaming its own row; with a full GPU of such threads their lines no
 * longer fit L2); on host
 * devices up to 4 teams (at most one per core: libomp's teams limit) of 1
 * thread (a host team's nested parallel region cannot grow past its
 * limits), one when a loop has as many parts. The block (in iterations of
 * the annotated loop) is the same for every part: see loop_block. */
void proact__plan_geometry(proact__plan_t *plan,
                           const proact__loop_desc_t *desc) {
  const proact__device_t *dev0 =
      proact__devices_count() > 0 ? proact__dev_get(plan->devs[0]) : NULL;
  int host = dev0 == NULL || dev0->kind == PROACT__DEVICE_HOST_CPU;
  long long teams = proact__param_get(PROACT__PARAM_TEAMS)->i;
  long long nth = proact__param_get(PROACT__PARAM_TEAM_THREADS)->i;
  long long points = proact__param_get(PROACT__PARAM_BLOCK_POINTS)->i;
  long long part_teams = 0; /* each part's teams, when not teams */

  const int host_teams = omp_get_num_procs() < 4 ? omp_get_num_procs() : 4;
  const long long host_max = host_threads();
  /* A part's teams past the first on a host device are a nested parallel
   * region that libomp forms anew at every launch. Once a loop has as many
   * parts as host_teams, the parts alone keep that many cores busy, and
   * each part runs one team. From nparts, the same on every rank. */
  const long long host_share = plan->nparts >= host_teams ? 1 : host_teams;

  if (plan->serial) /* plan.c: in order, one thread */
    teams = nth = 1;
  /* Set values past what a host device forms are bounded by it. */
  if (host && teams > host_max)
    teams = host_max;

  /* The column walk: one team of 256 threads per tile of 256 innermost
   * iterations x 12 rows on a GPU, as many teams as tiles (of the shapes
   * measured, the fastest for 2-D and 3-D stencils together: 8 rows ran
   * a sweep with a reduction, whose teams each fold once, far slower);
   * on a host device tiles of 8 x 8, walked by up to 4 teams of one
   * thread. */
  plan->tile = host ? 8 : nth > 0 ? nth : 256;
  /* Without devices the parts run as the target regions' host versions:
   * the flat plain kernel's walks the loop, the column kernels' have none
   * (docs/design/lowering.md). */
  plan->tiles = dev0 == NULL || plan->serial
                    ? 0
                    : plan_tiles(plan, desc, host, nth, &plan->tile);
  if (plan->tiles > 0) {
    plan->block = points > 0 ? (points / plan->tile > 0 ? points / plan->tile
                                                          : 1)
                  : host ? 8 : 12;
    proact__plan_split_all(plan);
    for (int p = 0; p < plan->nparts; p++)
      if (plan->nblocks[p] > INT_MAX)
        plan->tiles = 0; /* proact__tile_at takes 32-bit block numbers */
    if (plan->tiles > 0) {
      for (int p = 0; p < plan->nparts; p++) {
        long long nb = plan->nblocks[p] > 0 ? plan->nblocks[p] : 1;
        long long cap = teams > 0 ? teams : host ? host_share : INT_MAX;
        plan->teams[p] = (int)(nb < cap ? nb : cap);
        /* a GPU team is as wide as its tile */
        plan->team_threads[p] = part_threads(
            host, host_max, plan->teams[p],
            nth > 0 ? nth : host ? 1 : plan->tile);
      }
      return;
    }
  }
  if (teams == 0 && host)
    part_teams = host_share; /* the block still counts host_teams */
  if (teams == 0) {
    /* the smallest GPU of the loop's sets every part's geometry: the
     * block is the same for every part */
    int sms = INT_MAX;
    for (int p = 0; p < plan->nparts; p++)
      if (proact__gpu_sms(plan->devs[p]) < sms)
        sms = proact__gpu_sms(plan->devs[p]);
    teams = host                 ? host_teams
            : desc->indexed_inner ? sms
                                  : (long long)sms * PROACT__TEAMS_PER_SM;
  }
  if (nth == 0)
    nth = host ? 1 : 512;
  plan->block = loop_block(plan, desc, teams, nth, points, host);
  proact__plan_split_all(plan);
  if (part_teams == 0)
    part_teams = teams;
  for (int p = 0; p < plan->nparts; p++) {
    plan->teams[p] = (int)(plan->nblocks[p] < part_teams
                               ? (plan->nblocks[p] > 0 ? plan->nblocks[p] : 1)
                               : part_teams);
    plan->team_threads[p] = part_threads(host, host_max, plan->teams[p], nth);
  }
}

