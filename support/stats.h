/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* Per-loop (and per update directive) statistics, keyed by the pragma's
 * file:line, printed to stderr at exit when PROACT_STATS=1 and written to
 * PROACT_STATS_FILE (JSON or CSV) when set. Counting compiles to nothing when PROACT_ENABLE_STATS is 0. */
#ifndef PROACT_BASE_STATS_H
#define PROACT_BASE_STATS_H

#include <stdint.h>

#ifndef PROACT_ENABLE_STATS
#define PROACT_ENABLE_STATS 1
#endif

typedef enum proact__stat {
  PROACT__STAT_EXECUTIONS,  /* times the loop ran */
  PROACT__STAT_PEER_BYTES,  /* bytes the host copied device to device
                               during an execution (pulls, dma's pushes,
                               drain), from loop_begin to loop_end */
  PROACT__STAT_COPIES,      /* copies the host issued (any direction) in
                               the same span */
  PROACT__STAT_BEGIN_NSEC,  /* nanoseconds spent pulling in loop_begin */
  PROACT__STAT_END_NSEC,    /* nanoseconds spent in loop_end transfers */
  PROACT__STAT_WHOLE_READS, /* executions with a read of unknown extent
                               (whole section) */
  PROACT__STAT_LOOP_NSEC,   /* nanoseconds from loop_begin to loop_end's
                               return */
  PROACT__STAT_KERN_MAX_NSEC, /* per execution, the longest part's kernel */
  PROACT__STAT_KERN_SUM_NSEC, /* per execution, all parts' kernels added */
  PROACT__STAT_PUSH_CHUNKS, /* chunks pushed to consumers */
  PROACT__STAT_PUSHES,      /* pushes: one per chunk and destination */
  PROACT__STAT_PUSH_BYTES,  /* bytes of those pushes (a chunk's bytes once
                               per destination) */
  PROACT__STAT_EXPOSED_NSEC, /* waiting for pushes after the kernels */
  PROACT__STAT_HIDDEN_NSEC,  /* agent copy time not exposed: overlapped
                                with the kernels */
  PROACT__STAT_AGENT_EXECS,  /* executions with an agent of its own (poll's
                                kernel, dma's host thread) */
  PROACT__STAT_AGENT_SLOT_NSEC, /* the agents' run time times their share
                                   of the device's SM thread slots */
  PROACT__STAT_SETUP_NSEC,   /* the mechanism's setup and arming before the
                                kernels (plans, readiness state, agents) */
  PROACT__STAT_WARM_LOOP_NSEC, /* LOOP_NSEC of the executions after the
                                  first PROACT__STATS_WARMUP: the steady
                                  state, without building readiness states
                                  and placing data */
  PROACT__STAT_HOST_BYTES,   /* bytes copied between the host and the
                                devices in the same span as PEER_BYTES
                                (an update directive's: all it copied) */
  PROACT__STAT_RANK_BYTES,   /* bytes sent to and received from other MPI
                                ranks in the same span (docs/user/cluster.md) */
  PROACT__STAT_RANK_DIRECT_BYTES, /* of those, device bytes given to MPI
                                     directly (PROACT_TRANSPORT mpi-direct) */
  PROACT__STAT_RANK_NCCL_BYTES,   /* of those, device bytes through NCCL */
  PROACT__STAT_RANK_PUSH_BYTES, /* of those, the bytes of the loop's pushes
                                   to and from other ranks, sent as each
                                   part's kernel ended (the rest: pulls) */
  PROACT__STAT_COUNT_
} proact__stat_t;

extern const char *const proact__stat_names[PROACT__STAT_COUNT_];

/* Executions of a loop that WARM_LOOP_NSEC leaves out (the benchmarks'
 * warmup iterations are as many). */
#define PROACT__STATS_WARMUP 2

typedef struct proact__stats_node proact__stats_node_t;

/* A line about the whole run (the ranks and their transport), printed
 * above the table and written as "context" in a JSON file; NULL: none.
 * text must stay valid. */
void proact__stats_set_context(const char *text);

/* The node of the loop at file:line with transfer mechanism mech (a static
 * string) and id (the plugin's hash of the loop, printed for proact-tune),
 * created on first use; NULL when neither PROACT_STATS nor
 * PROACT_STATS_FILE is set (counting then costs one test). */
proact__stats_node_t *proact__stats_node(const char *file, int line,
                                         const char *mech,
                                         unsigned long long id);
void proact__stats_add(proact__stats_node_t *node, proact__stat_t stat,
                       uint64_t value);
uint64_t proact__stats_read(const proact__stats_node_t *node,
                            proact__stat_t stat);

#if PROACT_ENABLE_STATS
#define PROACT__STATS_ADD(node, stat, value)                                  \
  do {                                                                        \
    if ((node) != NULL)                                                       \
      proact__stats_add((node), (stat), (uint64_t)(value));                   \
  } while (0)
#else
#define PROACT__STATS_ADD(node, stat, value)                                  \
  do {                                                                        \
  } while (0)
#endif

#endif
