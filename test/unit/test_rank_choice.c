/* The choice of transport between ranks (transport/
 * rank_choice.h): every rank's facts in, one transport per pair of ranks
 * out, or an error naming PROACT_TRANSPORT. */
#include <stdio.h>
#include <string.h>

#include "param.h"
#include "rank_choice.h"
#include "runner.h"

static proact__rank_facts_t facts[4];
static proact__xport_plan_t plan;
static char err[768];

/* n ranks of memory kind mem, each with mode, CUDA-aware or not, NCCL in
 * state nccl. */
static void set_ranks(int n, int mode, int mem, int aware, int nccl) {
  memset(facts, 0, sizeof(facts));
  for (int r = 0; r < n; r++) {
    facts[r].mode = mode;
    facts[r].mem = mem;
    facts[r].cuda_aware = aware;
    facts[r].nccl = nccl;
    snprintf(facts[r].why, sizeof(facts[r].why), "reason of rank %d", r);
  }
  err[0] = '\0';
}

/* Every pair of distinct ranks of n uses x. */
static int all_pairs(int n, proact__xport_t x) {
  for (int a = 0; a < n; a++)
    for (int b = 0; b < n; b++)
      if (a != b && plan.pair[a][b] != x)
        return 0;
  return 1;
}

TEST_IMPL(rank_choice_auto) {
  /* Host-offload devices: MPI through host memory, silently, whatever
   * NCCL a rank has (real NCCL cannot move their memory). */
  set_ranks(3, PROACT__TRANSPORT_AUTO, PROACT__RANK_MEM_HOST, 0,
            PROACT__NCCL_UNFIT);
  ASSERT_EQ(proact__xport_choose(facts, 3, &plan, err, sizeof(err)),
            PROACT_OK);
  ASSERT_TRUE(all_pairs(3, PROACT__XPORT_MPI));
  ASSERT_EQ(plan.nccl, 0);
  ASSERT_STR_EQ(plan.note, "");
  /* GPUs with NCCL everywhere: NCCL, even where MPI is CUDA-aware. */
  set_ranks(2, PROACT__TRANSPORT_AUTO, PROACT__RANK_MEM_CUDA, 1,
            PROACT__NCCL_USABLE);
  ASSERT_EQ(proact__xport_choose(facts, 2, &plan, err, sizeof(err)),
            PROACT_OK);
  ASSERT_TRUE(all_pairs(2, PROACT__XPORT_NCCL));
  ASSERT_EQ(plan.nccl, 1);
  ASSERT_STR_EQ(plan.note, "");
  /* A rank without NCCL: every rank falls back, CUDA-aware MPI where
   * both ranks' MPI is, with one note naming that rank; a warning, since
   * the others had NCCL. */
  set_ranks(3, PROACT__TRANSPORT_AUTO, PROACT__RANK_MEM_CUDA, 1,
            PROACT__NCCL_USABLE);
  facts[1].nccl = PROACT__NCCL_ABSENT;
  facts[2].cuda_aware = 0;
  ASSERT_EQ(proact__xport_choose(facts, 3, &plan, err, sizeof(err)),
            PROACT_OK);
  ASSERT_EQ(plan.nccl, 0);
  ASSERT_EQ(plan.pair[0][1], PROACT__XPORT_MPI_DIRECT);
  ASSERT_EQ(plan.pair[1][0], PROACT__XPORT_MPI_DIRECT);
  ASSERT_EQ(plan.pair[0][2], PROACT__XPORT_MPI);
  ASSERT_EQ(plan.pair[2][1], PROACT__XPORT_MPI);
  ASSERT_EQ(plan.note_is_warning, 1);
  ASSERT_STR_EQ(plan.note,
                "NCCL is not used between ranks (rank 1 has no NCCL: "
                "reason of rank 1); devices of different ranks exchange "
                "through CUDA-aware MPI where both ranks' MPI takes device "
                "pointers, else MPI through host memory");
  /* GPUs, no NCCL anywhere, MPI not CUDA-aware: staged, with the note as
   * information only. */
  set_ranks(2, PROACT__TRANSPORT_AUTO, PROACT__RANK_MEM_CUDA, 0,
            PROACT__NCCL_ABSENT);
  ASSERT_EQ(proact__xport_choose(facts, 2, &plan, err, sizeof(err)),
            PROACT_OK);
  ASSERT_TRUE(all_pairs(2, PROACT__XPORT_MPI));
  ASSERT_EQ(plan.note_is_warning, 0);
  ASSERT_TRUE(strstr(plan.note, "through MPI through host memory") != NULL);
  /* The stand-in on host-offload devices counts as NCCL. */
  set_ranks(2, PROACT__TRANSPORT_AUTO, PROACT__RANK_MEM_HOST, 0,
            PROACT__NCCL_USABLE);
  ASSERT_EQ(proact__xport_choose(facts, 2, &plan, err, sizeof(err)),
            PROACT_OK);
  ASSERT_TRUE(all_pairs(2, PROACT__XPORT_NCCL));
}

TEST_IMPL(rank_choice_forced) {
  set_ranks(2, PROACT__TRANSPORT_MPI, PROACT__RANK_MEM_CUDA, 1,
            PROACT__NCCL_USABLE);
  ASSERT_EQ(proact__xport_choose(facts, 2, &plan, err, sizeof(err)),
            PROACT_OK);
  ASSERT_TRUE(all_pairs(2, PROACT__XPORT_MPI));
  ASSERT_EQ(plan.nccl, 0);
  /* mpi-direct: host memory always, GPUs with CUDA-aware MPI only. */
  set_ranks(2, PROACT__TRANSPORT_MPI_DIRECT, PROACT__RANK_MEM_HOST, 0,
            PROACT__NCCL_ABSENT);
  ASSERT_EQ(proact__xport_choose(facts, 2, &plan, err, sizeof(err)),
            PROACT_OK);
  ASSERT_TRUE(all_pairs(2, PROACT__XPORT_MPI_DIRECT));
  set_ranks(2, PROACT__TRANSPORT_MPI_DIRECT, PROACT__RANK_MEM_CUDA, 1,
            PROACT__NCCL_ABSENT);
  facts[1].cuda_aware = 0;
  memset(&plan, 7, sizeof(plan));
  ASSERT_EQ(proact__xport_choose(facts, 2, &plan, err, sizeof(err)),
            PROACT_ERR_INVALID_PARAM);
  ASSERT_STR_EQ(err, "PROACT_TRANSPORT=mpi-direct: rank 1's devices are "
                     "CUDA GPUs and its MPI library is not CUDA-aware "
                     "(MPIX_Query_cuda_support, or built without "
                     "mpi-ext.h)");
  ASSERT_EQ(plan.nccl, 0x07070707); /* untouched */
  set_ranks(2, PROACT__TRANSPORT_MPI_DIRECT, PROACT__RANK_MEM_OTHER, 1,
            PROACT__NCCL_ABSENT);
  ASSERT_EQ(proact__xport_choose(facts, 2, &plan, err, sizeof(err)),
            PROACT_ERR_INVALID_PARAM);
  ASSERT_TRUE(strstr(err, "rank 0's devices are driven by the generic "
                          "OpenMP backend") != NULL);
  /* nccl: every rank must have it. */
  set_ranks(3, PROACT__TRANSPORT_NCCL, PROACT__RANK_MEM_CUDA, 0,
            PROACT__NCCL_USABLE);
  ASSERT_EQ(proact__xport_choose(facts, 3, &plan, err, sizeof(err)),
            PROACT_OK);
  ASSERT_TRUE(all_pairs(3, PROACT__XPORT_NCCL));
  ASSERT_EQ(plan.nccl, 1);
  facts[2].nccl = PROACT__NCCL_ABSENT;
  ASSERT_EQ(proact__xport_choose(facts, 3, &plan, err, sizeof(err)),
            PROACT_ERR_INVALID_PARAM);
  ASSERT_STR_EQ(err, "PROACT_TRANSPORT=nccl: rank 2 has no NCCL: reason "
                     "of rank 2");
  set_ranks(2, PROACT__TRANSPORT_NCCL, PROACT__RANK_MEM_HOST, 0,
            PROACT__NCCL_UNFIT);
  ASSERT_EQ(proact__xport_choose(facts, 2, &plan, err, sizeof(err)),
            PROACT_ERR_INVALID_PARAM);
  ASSERT_STR_EQ(err, "PROACT_TRANSPORT=nccl: rank 0 reason of rank 0");
}

TEST_IMPL(rank_choice_settings_differ) {
  set_ranks(3, PROACT__TRANSPORT_AUTO, PROACT__RANK_MEM_HOST, 0,
            PROACT__NCCL_ABSENT);
  facts[2].mode = PROACT__TRANSPORT_NCCL;
  ASSERT_EQ(proact__xport_choose(facts, 3, &plan, err, sizeof(err)),
            PROACT_ERR_INVALID_PARAM);
  ASSERT_STR_EQ(err, "PROACT_TRANSPORT differs between rank 0 ('auto') and "
                     "rank 2 ('nccl'): every rank must run with the same "
                     "setting");
  ASSERT_EQ(proact__xport_choose(facts, 0, &plan, err, sizeof(err)),
            PROACT_ERR_INVALID_PARAM);
  ASSERT_STR_EQ(proact__xport_name(PROACT__XPORT_MPI_DIRECT), "mpi-direct");
}
