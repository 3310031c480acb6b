/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* The transports between ranks' devices (rank_xport.h). */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "error_report.h"
#include "log.h"
#include "nccl/transport_nccl.h"
#include "param.h"
#include "rank.h"
#include "rank_xport.h"

static proact_status_t parse_transport(const char *text,
                                       proact__param_value_t *value_p,
                                       char *why, size_t why_len) {
  static const proact__param_name_t names[] = {
      {"auto", PROACT__TRANSPORT_AUTO},
      {"mpi", PROACT__TRANSPORT_MPI},
      {"mpi-direct", PROACT__TRANSPORT_MPI_DIRECT},
      {"nccl", PROACT__TRANSPORT_NCCL}};
  return proact__param_parse_named(text, names, sizeof(names) / sizeof(*names),
                                   "transport", value_p, why, why_len);
}

const proact__param_t proact__param_transport = {
    32, "PROACT_TRANSPORT", "auto", "auto, mpi, mpi-direct or nccl",
    "how device data moves between two ranks' devices: auto chooses "
    "per pair of ranks, the same on every rank (NCCL where every rank "
    "loads it and all devices are CUDA GPUs, else CUDA-aware MPI "
    "between GPUs where both ranks' MPI takes device pointers, else "
    "MPI through host memory); mpi: MPI through host memory; "
    "mpi-direct: device pointers to MPI; nccl: NCCL between every "
    "pair. A forced choice that some pair cannot use is an error on "
    "every rank (docs/user/cluster.md)",
    parse_transport};
PROACT__PARAM_REGISTER(proact__param_transport)

static proact__xport_plan_t xport_plan; /* all MPI until chosen */
static int xport_ranks = 1;
static char xport_text[320] = "none";
static unsigned long long xport_bytes[PROACT__XPORT_COUNT_];

static double xport_timeout(void) {
  return (double)proact__param_get(PROACT__PARAM_MPI_TIMEOUT)->i;
}

/* The abort proact__fatal calls after its message, while
 * xport_fatal_together's error ends the job. */
static void (*xport_abort_next)(void);

static void xport_abort_together(void) {
  char none = 0, all[PROACT__RANKS_MAX];
  proact__rank_allgather(&none, all, 1, "ending every rank together");
  xport_abort_next();
}

/* An error every rank finds from the same gathered facts: each prints it
 * before any ends the job, since the first rank's abort would cut the
 * others' messages short. */
static _Noreturn void xport_fatal_together(const char *text) {
  xport_abort_next = proact__fatal_abort;
  if (xport_abort_next != NULL)
    proact__fatal_abort = xport_abort_together;
  proact__fatal(NULL, 0, 0, "rank %d of %d: %s", proact__rank_self(),
                proact__rank_count(), text);
}

/* This rank's facts: its setting, its devices, its MPI, its NCCL. */
static void xport_facts(const proact__xport_devs_t *devs, int shared_gpu,
                        proact__rank_facts_t *f) {
  memset(f, 0, sizeof(*f));
  f->mode = (int)proact__param_get(PROACT__PARAM_TRANSPORT)->i;
  f->mem = devs->mem;
  f->cuda_aware = proact__rank_cuda_aware();
  f->nccl = PROACT__NCCL_ABSENT;
  /* NCCL takes one GPU per member of its communicator. */
  if (shared_gpu)
    snprintf(f->why, sizeof(f->why),
             "logical devices share a GPU (PROACT_DEVICES=D*K), which NCCL "
             "does not allow");
  else if (f->mode == PROACT__TRANSPORT_AUTO ||
           f->mode == PROACT__TRANSPORT_NCCL)
    f->nccl = proact__nccl_load(f->mem, f->why, sizeof(f->why));
  else
    snprintf(f->why, sizeof(f->why), "PROACT_TRANSPORT=%s",
             proact__param_text(PROACT__PARAM_TRANSPORT));
}

/* Sets up NCCL on every rank; on failure, the first failing rank's
 * number and cause (every rank learns the same), else -1. */
static int xport_nccl_setup(const proact__xport_devs_t *devs, int base,
                            int nlocal, int total, char *why, size_t len) {
  typedef struct xport_boot {
    int rc;
    char id[PROACT__NCCL_ID_BYTES];
    char why[192];
  } xport_boot_t;
  const int ranks = proact__rank_count(), me = proact__rank_self();
  xport_boot_t mine, *all = calloc((size_t)ranks, sizeof(*all));
  int failed = -1;

  if (all == NULL)
    proact__fatal(NULL, 0, 0, "out of host memory");
  memset(&mine, 0, sizeof(mine));
  if (me == 0)
    mine.rc = proact__nccl_unique_id(mine.id, mine.why, sizeof(mine.why));
  proact__rank_allgather(&mine, all, sizeof(mine),
                         "sending NCCL's id to every rank");
  if (all[0].rc != 0) {
    snprintf(why, len, "%s", all[0].why);
    free(all);
    return 0;
  }
  memset(&mine, 0, sizeof(mine));
  mine.rc = proact__nccl_init(all[0].id, total, base, nlocal, devs,
                              xport_timeout(), mine.why, sizeof(mine.why));
  proact__rank_allgather(&mine, all, sizeof(mine),
                         "setting up NCCL's communicators");
  for (int r = 0; r < ranks && failed < 0; r++)
    if (all[r].rc != 0) {
      failed = r;
      snprintf(why, len, "%s%s", all[r].why,
               all[r].rc == 1 ? " (PROACT_MPI_TIMEOUT)" : "");
    }
  if (failed >= 0)
    proact__nccl_abort();
  free(all);
  return failed;
}

/* xport_text from the plan. */
static void xport_describe(void) {
  const int ranks = xport_ranks;
  const proact__xport_t first = (proact__xport_t)xport_plan.pair[0][1];
  for (int a = 0; a < ranks; a++)
    for (int b = 0; b < ranks; b++)
      if (a != b && xport_plan.pair[a][b] != first) {
        snprintf(xport_text, sizeof(xport_text), "mixed");
        return;
      }
  if (first == PROACT__XPORT_NCCL)
    snprintf(xport_text, sizeof(xport_text), "nccl (%s)",
             proact__nccl_library());
  else
    snprintf(xport_text, sizeof(xport_text), "%s",
             proact__xport_name(first));
}

void proact__xport_init(const proact__xport_devs_t *devs, int base,
                        int nlocal, int total, int shared_gpu) {
  const int ranks = proact__rank_count(), me = proact__rank_self();
  proact__rank_facts_t mine, *all = calloc((size_t)ranks, sizeof(*all));
  proact__xport_plan_t plan;
  char err[768];

  if (all == NULL)
    proact__fatal(NULL, 0, 0, "out of host memory");
  xport_facts(devs, shared_gpu, &mine);
  proact__rank_allgather(&mine, all, sizeof(mine),
                         "choosing the transport between ranks");
  if (proact__xport_choose(all, ranks, &plan, err, sizeof(err)) != PROACT_OK)
    xport_fatal_together(err);
  if (plan.nccl) {
    const int failed =
        xport_nccl_setup(devs, base, nlocal, total, err, sizeof(err));
    if (failed >= 0) {
      if (mine.mode == PROACT__TRANSPORT_NCCL) {
        char text[1024];
        snprintf(text, sizeof(text),
                 "PROACT_TRANSPORT=nccl: rank %d cannot set NCCL up: %s",
                 failed, err);
        xport_fatal_together(text);
      }
      /* That rank counts as one without NCCL: every rank falls back. */
      all[failed].nccl = PROACT__NCCL_ABSENT;
      snprintf(all[failed].why, sizeof(all[failed].why),
               "setting NCCL up failed: %s", err);
      if (proact__xport_choose(all, ranks, &plan, err, sizeof(err)) !=
          PROACT_OK)
        xport_fatal_together(err);
    }
  }
  xport_plan = plan;
  xport_ranks = ranks;
  xport_describe();
  /* One note for the job. */
  if (plan.note[0] != '\0' && me == 0) {
    if (plan.note_is_warning)
      proact__warn("%s", plan.note);
    else
      proact__info(PROACT__SUBSYS_INIT, "%s", plan.note);
  }
  proact__info(PROACT__SUBSYS_INIT, "devices of different ranks: %s",
               xport_text);
  free(all);
}

proact__xport_t proact__xport_between(int a, int b) {
  if (a < 0 || b < 0 || a >= PROACT__RANKS_MAX || b >= PROACT__RANKS_MAX)
    return PROACT__XPORT_MPI;
  return (proact__xport_t)xport_plan.pair[a][b];
}

const char *proact__xport_summary(void) { return xport_text; }

void proact__xport_count(proact__xport_t xport, size_t bytes) {
  if (xport >= 0 && xport < PROACT__XPORT_COUNT_)
    __atomic_fetch_add(&xport_bytes[xport], bytes, __ATOMIC_RELAXED);
}

void proact__xport_get_bytes(
    unsigned long long bytes_p[PROACT__XPORT_COUNT_]) {
  proact__rank_counters_t c;
  proact__rank_get_counters(&c);
  for (int x = 0; x < PROACT__XPORT_COUNT_; x++)
    bytes_p[x] = __atomic_load_n(&xport_bytes[x], __ATOMIC_RELAXED);
  /* Every MPI message is counted by the rank layer; the direct ones here
   * too. */
  bytes_p[PROACT__XPORT_MPI] =
      c.sent_bytes + c.recv_bytes - bytes_p[PROACT__XPORT_MPI_DIRECT];
}
