/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* The interface the core drives a transfer mechanism through (UCX's
 * uct_iface_ops_t model). The mechanisms live in the layer above
 * (runtime/mech) and register their tables here, so the core never names
 * one: it chooses a loop's mechanism by asking the tables what they can do
 * (their capabilities, ranks and can_run, as NCCL asks a transport's
 * canConnect), and what a mechanism keeps for one execution (its readiness
 * states) is its own state, created by setup and freed by cleanup. Every op
 * is called on the thread that runs the loop unless it says otherwise. An
 * op may be NULL where a mechanism has nothing to do then, so that no table
 * carries an op that does nothing; drain may not. */
#ifndef PROACT_CORE_MECHANISM_H
#define PROACT_CORE_MECHANISM_H

#include "proact.h"
#include "proact/detail/codegen.h"

typedef struct proact__loop proact__loop_t;
typedef struct proact__plan proact__plan_t;

/* A mechanism's state for one execution, defined by the mechanisms. */
typedef struct proact__mech_state proact__mech_state_t;

/* Capabilities of a table. */
enum {
  /* Moves what the kernels write while they run. A loop whose writes
   * cannot be pushed (no transfers at all, unified memory, a non-affine
   * store) runs under the table without it, the baseline. */
  PROACT__MECH_CAP_PUSH = 1u << 0,
};

typedef struct proact__mech_ops {
  proact_mech_t id;
  unsigned caps; /* PROACT__MECH_CAP_* */
  /* auto runs the loop under the table of the highest auto_rank that the
   * loop was compiled for and that can run it; 0: auto never picks it. */
  int auto_rank;
  /* A mechanism that cannot run the loop falls back to the table of the
   * highest fallback_rank that can; 0: never a fallback. */
  int fallback_rank;
  /* Whether the mechanism runs the loop of desc on this backend (NULL:
   * always); where not, *why_p says why, for the fallback's warning. */
  int (*can_run)(const proact__loop_desc_t *desc, const char **why_p);
  /* Once the parts and write spans are known: whether the mechanism
   * delivers plan, of the loop of desc, exactly (NULL: always); where not,
   * *why_p says why in a warning and *note_p in a note. */
  int (*plan_fits)(const proact__plan_t *plan,
                   const proact__loop_desc_t *desc, const char **why_p,
                   const char **note_p);
  /* loop_begin, once the plan is built and the pulls are done (and, for
   * a PROACT__MECH_CAP_PUSH one, the pushes planned: push.h; with none,
   * the baseline runs the execution instead): creates the mechanism's
   * state (loop->mech_state). */
  proact_status_t (*setup)(proact__loop_t *loop);
  /* Before part's kernel is launched. */
  proact_status_t (*arm)(proact__loop_t *loop, int part);
  /* What part's kernel is given: its readiness state (device address;
   * NULL: the plain kernel) and whether it runs the forwarding kernel.
   * NULL: the plain kernel. */
  void (*part_kernel)(const proact__loop_t *loop, int part,
                      proact__ready_t **ready_p, int *forward_p);
  /* On part's host thread, once its kernel returned. */
  void (*part_end)(proact__loop_t *loop, int part);
  /* Whether part's agent sends its pushes to other ranks' devices itself,
   * piece by piece as they become ready (rank_push.h); NULL: never, they
   * are sent as the part's kernel ends. */
  int (*sends_rank_pushes)(const proact__loop_t *loop, int part);
  /* loop_end, after every kernel completed: delivers what remains and
   * records where the written values now are. For region replicas, the
   * part's device must end up in the validity map of each byte it wrote
   * (memcpy: as its only device; the core pulls what later loops read, in
   * loop_begin); for loop-only replicas the host must be current when it
   * returns. It sets loop->pushes_delivered when every planned push was
   * delivered. */
  proact_status_t (*drain)(proact__loop_t *loop);
  /* Releases what setup acquired, loop->mech_state with it; after drain. */
  proact_status_t (*cleanup)(proact__loop_t *loop);
} proact__mech_ops_t;

/* Makes ops the table of mechanism ops->id (called by each mechanism when
 * the library loads). */
void proact__mech_register(const proact__mech_ops_t *ops);

/* The table of mech (a concrete mechanism, not auto); ends the program
 * when none was registered. */
const proact__mech_ops_t *proact__mech_ops(proact_mech_t mech);

/* Of the registered tables that the loop of desc was compiled for, other
 * than except (may be NULL) and that can run it, the one of the highest
 * rank (auto_rank, or fallback_rank with by_fallback); NULL when none has
 * a rank. */
const proact__mech_ops_t *proact__mech_best(const proact__loop_desc_t *desc,
                                            int by_fallback,
                                            const proact__mech_ops_t *except);

/* The registered table without PROACT__MECH_CAP_PUSH; ends the program
 * when there is none. */
const proact__mech_ops_t *proact__mech_baseline(void);

/* Whether the loop of desc was compiled with the kernel ops's mechanism
 * needs (-fplugin-arg-proact-mechanisms). */
int proact__mech_built(const proact__loop_desc_t *desc,
                       const proact__mech_ops_t *ops);

#endif
