/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* The transport between two ranks' devices (rank_choice.h). */
#include <stdio.h>
#include <string.h>

#include "rank_choice.h"

const char *proact__xport_name(proact__xport_t xport) {
  switch (xport) {
  case PROACT__XPORT_MPI:
    return "mpi";
  case PROACT__XPORT_MPI_DIRECT:
    return "mpi-direct";
  case PROACT__XPORT_NCCL:
    return "nccl";
  case PROACT__XPORT_COUNT_:
    break;
  }
  return "unknown";
}

static const char *choice_mode_name(int mode) {
  switch (mode) {
  case PROACT__TRANSPORT_MPI:
    return "mpi";
  case PROACT__TRANSPORT_MPI_DIRECT:
    return "mpi-direct";
  case PROACT__TRANSPORT_NCCL:
    return "nccl";
  default:
    return "auto";
  }
}

/* Whether MPI can take r's device pointers; why not into err. */
static int choice_direct_ok(const proact__rank_facts_t *f, int r, char *err,
                            size_t len) {
  if (f->mem == PROACT__RANK_MEM_HOST ||
      (f->mem == PROACT__RANK_MEM_CUDA && f->cuda_aware))
    return 1;
  if (f->mem == PROACT__RANK_MEM_CUDA)
    snprintf(err, len,
             "rank %d's devices are CUDA GPUs and its MPI library is not "
             "CUDA-aware (MPIX_Query_cuda_support, or built without "
             "mpi-ext.h)",
             r);
  else
    snprintf(err, len,
             "rank %d's devices are driven by the generic OpenMP backend, "
             "whose device addresses MPI cannot take",
             r);
  return 0;
}

/* The first rank whose NCCL is not usable, -1 when every rank's is. */
static int choice_nccl_missing(const proact__rank_facts_t *facts, int ranks) {
  for (int r = 0; r < ranks; r++)
    if (facts[r].nccl != PROACT__NCCL_USABLE)
      return r;
  return -1;
}

/* What NCCL lacks on rank r, for a message. */
static void choice_nccl_why(const proact__rank_facts_t *f, int r, char *out,
                            size_t len) {
  snprintf(out, len, "rank %d %s%.*s", r,
           f->nccl == PROACT__NCCL_ABSENT ? "has no NCCL: " : "",
           (int)sizeof(f->why), f->why);
}

proact_status_t proact__xport_choose(const proact__rank_facts_t *facts,
                                     int ranks, proact__xport_plan_t *plan_p,
                                     char *err, size_t len) {
  static proact__xport_plan_t plan; /* large: not on the stack */
  char why[384] = "";
  int mode, missing, cuda_ranks = 0, usable = 0;

  if (ranks < 1 || ranks > PROACT__RANKS_MAX) {
    snprintf(err, len, "%d ranks (1 to %d)", ranks, PROACT__RANKS_MAX);
    return PROACT_ERR_INVALID_PARAM;
  }
  mode = facts[0].mode;
  for (int r = 1; r < ranks; r++)
    if (facts[r].mode != mode) {
      snprintf(err, len,
               "PROACT_TRANSPORT differs between rank 0 ('%s') and rank %d "
               "('%s'): every rank must run with the same setting",
               choice_mode_name(mode), r, choice_mode_name(facts[r].mode));
      return PROACT_ERR_INVALID_PARAM;
    }
  memset(&plan, 0, sizeof(plan));
  for (int r = 0; r < ranks; r++) {
    cuda_ranks += facts[r].mem == PROACT__RANK_MEM_CUDA;
    usable += facts[r].nccl == PROACT__NCCL_USABLE;
  }
  missing = choice_nccl_missing(facts, ranks);

  switch (mode) {
  case PROACT__TRANSPORT_MPI:
    break; /* every pair PROACT__XPORT_MPI, as memset */
  case PROACT__TRANSPORT_MPI_DIRECT:
    for (int r = 0; r < ranks; r++)
      if (!choice_direct_ok(&facts[r], r, why, sizeof(why))) {
        snprintf(err, len, "PROACT_TRANSPORT=mpi-direct: %s", why);
        return PROACT_ERR_INVALID_PARAM;
      }
    memset(plan.pair, PROACT__XPORT_MPI_DIRECT, sizeof(plan.pair));
    break;
  case PROACT__TRANSPORT_NCCL:
    if (missing >= 0) {
      choice_nccl_why(&facts[missing], missing, why, sizeof(why));
      snprintf(err, len, "PROACT_TRANSPORT=nccl: %s", why);
      return PROACT_ERR_INVALID_PARAM;
    }
    plan.nccl = 1;
    memset(plan.pair, PROACT__XPORT_NCCL, sizeof(plan.pair));
    break;
  default: /* auto */
    /* NCCL spans every device of the job or none: one communicator. */
    if (missing < 0) {
      plan.nccl = 1;
      memset(plan.pair, PROACT__XPORT_NCCL, sizeof(plan.pair));
      break;
    }
    for (int a = 0; a < ranks; a++)
      for (int b = 0; b < ranks; b++)
        if (facts[a].mem == PROACT__RANK_MEM_CUDA &&
            facts[b].mem == PROACT__RANK_MEM_CUDA && facts[a].cuda_aware &&
            facts[b].cuda_aware)
          plan.pair[a][b] = PROACT__XPORT_MPI_DIRECT;
    /* A note where NCCL would have served: GPUs, or a rank that has it. */
    if (cuda_ranks == ranks || usable > 0) {
      choice_nccl_why(&facts[missing], missing, why, sizeof(why));
      plan.note_is_warning = usable > 0;
      int direct = 0;
      for (int a = 0; a < ranks; a++)
        for (int b = 0; b < ranks; b++)
          direct += a != b && plan.pair[a][b] == PROACT__XPORT_MPI_DIRECT;
      snprintf(plan.note, sizeof(plan.note),
               "NCCL is not used between ranks (%s); devices of different "
               "ranks exchange through %s",
               why,
               direct == 0 ? "MPI through host memory"
               : direct == ranks * (ranks - 1)
                   ? "CUDA-aware MPI"
                   : "CUDA-aware MPI where both ranks' MPI takes device "
                     "pointers, else MPI through host memory");
    }
    break;
  }
  *plan_p = plan;
  return PROACT_OK;
}
