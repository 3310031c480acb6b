/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* The core's PROACT_* parameters (support/param.h), registered by this
 * layer before main; what each value means is in its documentation
 * (core_param.c) and below. */
#ifndef PROACT_CORE_PARAM_H
#define PROACT_CORE_PARAM_H

#include "param.h"

/* PROACT_WALK: how a kernel's threads walk a collapsed nest
 * (docs/design/lowering.md). */
typedef enum proact__walk {
  PROACT__WALK_AUTO = 0,   /* columns where emitted and the tiles' lanes
                              are at least 3/4 busy */
  PROACT__WALK_FLAT = 1,   /* always the flat walk */
  PROACT__WALK_COLUMNS = 2 /* columns wherever emitted */
} proact__walk_t;

/* PROACT_MEMORY: where data regions keep their arrays on the devices. */
typedef enum proact__memory {
  PROACT__MEMORY_REPLICAS = 0, /* a replica (or window) per device */
  PROACT__MEMORY_UNIFIED = 1   /* one shared allocation (unified.h) */
} proact__memory_t;

extern const proact__param_t proact__param_distribute, proact__param_mech,
    proact__param_chunk, proact__param_threads, proact__param_teams,
    proact__param_team_threads, proact__param_block_points,
    proact__param_elide, proact__param_decompose, proact__param_ready_cache,
    proact__param_balance, proact__param_balance_min_us, proact__param_walk,
    proact__param_memory, proact__param_info, proact__param_timeout,
    proact__param_read_check, proact__param_rank_push,
    proact__param_check_host, proact__param_plan_cache;
#define PROACT__PARAM_DISTRIBUTE (&proact__param_distribute)
#define PROACT__PARAM_MECH (&proact__param_mech)
#define PROACT__PARAM_CHUNK (&proact__param_chunk)
#define PROACT__PARAM_THREADS (&proact__param_threads)
#define PROACT__PARAM_TEAMS (&proact__param_teams)
#define PROACT__PARAM_TEAM_THREADS (&proact__param_team_threads)
#define PROACT__PARAM_BLOCK_POINTS (&proact__param_block_points)
#define PROACT__PARAM_ELIDE (&proact__param_elide)
#define PROACT__PARAM_DECOMPOSE (&proact__param_decompose)
#define PROACT__PARAM_READY_CACHE (&proact__param_ready_cache)
#define PROACT__PARAM_BALANCE (&proact__param_balance)
#define PROACT__PARAM_BALANCE_MIN_US (&proact__param_balance_min_us)
#define PROACT__PARAM_WALK (&proact__param_walk)
#define PROACT__PARAM_MEMORY (&proact__param_memory)
#define PROACT__PARAM_INFO (&proact__param_info)
#define PROACT__PARAM_TIMEOUT (&proact__param_timeout)
#define PROACT__PARAM_READ_CHECK (&proact__param_read_check)
#define PROACT__PARAM_RANK_PUSH (&proact__param_rank_push)
#define PROACT__PARAM_CHECK_HOST (&proact__param_check_host)
#define PROACT__PARAM_PLAN_CACHE (&proact__param_plan_cache)

#endif
