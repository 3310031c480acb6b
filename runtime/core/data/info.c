/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* What PROACT found and will use, for proact-info, PROACT_INFO=1 and
 * programs that call proact_print_info() (devices.c, which owns the device
 * list this report is given). */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "build_info.h"
#include "dev.h"
#include "info.h"
#include "ompt_follow.h"
#include "param.h"
#include "proact.h"
#include "proact/detail/codegen.h"
#include "rank.h"
#include "rank_xport.h"

/* project()'s version (runtime/core/CMakeLists.txt), which the public
 * header's macros must repeat: a program compiled against the header
 * compares them with proact_version(). */
_Static_assert(PROACT_VERSION_MAJOR == PROACT_PROJECT_VERSION_MAJOR &&
                   PROACT_VERSION_MINOR == PROACT_PROJECT_VERSION_MINOR &&
                   PROACT_VERSION_PATCH == PROACT_PROJECT_VERSION_PATCH,
               "include/proact.h's PROACT_VERSION_* differ from the "
               "version in CMakeLists.txt's project()");

const char *proact_version(void) { return PROACT_PROJECT_VERSION; }

/* A count, or "?" where the backend could not tell (0). */
static const char *info_count(char *buf, size_t len, long long value) {
  if (value > 0)
    snprintf(buf, len, "%lld", value);
  else
    snprintf(buf, len, "?");
  return buf;
}

static const char *info_memory(char *buf, size_t len, uint64_t bytes) {
  if (bytes > 0)
    snprintf(buf, len, "%.1f GiB", (double)bytes / (double)(1ull << 30));
  else
    snprintf(buf, len, "?");
  return buf;
}

static void info_devices(FILE *out, const int *ids, int n) {
  char mp[16], nth[16], nq[16], mem[32], omp[32];

  fprintf(out, "devices: %d participating\n", n);
  fprintf(out,
          "  %-4s %-9s %-8s %-10s %-12s %-11s %-10s %-10s %-10s %-16s %s\n",
          "dev", "kind", "backend", "multiproc", "team threads",
          "copy queues", "poll agent", "host queue", "memory",
          "openmp device", "name");
  for (int i = 0; i < n; i++) {
    const proact__device_t *d = proact__dev_get(ids[i]);
    if (d == NULL)
      continue;
    /* Logical devices (PROACT_DEVICES=D*K) say which share a device. */
    if (d->slots > 1)
      snprintf(omp, sizeof(omp), "%d (%d of %d)", d->omp_id, d->slot + 1,
               d->slots);
    else
      snprintf(omp, sizeof(omp), "%d", d->omp_id);
    if (proact__rank_count() > 1)
      snprintf(omp + strlen(omp), sizeof(omp) - strlen(omp), " rank %d",
               d->rank);
    fprintf(out,
            "  %-4d %-9s %-8s %-10s %-12s %-11s %-10s %-10s %-10s %-16s %s\n",
            d->id, proact__device_kind_name(d->kind), d->backend,
            info_count(mp, sizeof(mp), d->multiprocessors),
            info_count(nth, sizeof(nth), d->max_team_threads),
            info_count(nq, sizeof(nq), d->copy_queues),
            d->has_agent ? "yes" : "no", d->has_host_queue ? "yes" : "no",
            info_memory(mem, sizeof(mem), d->memory_bytes), omp, d->name);
  }
  fprintf(out, "peer access (row: from, column: to; yes: direct, no: "
               "staged through the host):\n");
  fprintf(out, "  %4s", "");
  for (int j = 0; j < n; j++)
    fprintf(out, " %4d", ids[j]);
  fputc('\n', out);
  for (int i = 0; i < n; i++) {
    fprintf(out, "  %4d", ids[i]);
    for (int j = 0; j < n; j++)
      fprintf(out, " %4s",
              i == j ? "-"
              : proact__dev_can_peer(ids[i], ids[j]) ? "yes"
                                                     : "no");
    fputc('\n', out);
  }
}

void proact__info_report(FILE *out, const int *ids, int n) {
  const int ndev = proact__dev_count();

  /* An invalid setting ends the program with its own message: before any
   * of the report, not in the middle of it. */
  for (int i = 0; i < proact__param_count(); i++)
    proact__param_get(proact__param_at(i));
  fprintf(out, "PROACT %s\n", proact_version());
  fprintf(out, "lowering ABI: %d\n", PROACT_LOWERING_ABI);
  fprintf(out, "commit: %s\n", proact__build_commit());
  fprintf(out, "build: %s\n", proact__build_config());
  if (proact__rank_count() > 1)
    fprintf(out, "backend: %s, %d devices in all ranks\n",
            proact__dev_backend_name(), ndev);
  else if (ndev != proact__dev_omp_count())
    fprintf(out, "backend: %s, %d OpenMP device%s as %d devices (logical "
                 "devices, PROACT_DEVICES=D*K)\n",
            proact__dev_backend_name(), proact__dev_omp_count(),
            proact__dev_omp_count() == 1 ? "" : "s", ndev);
  else
    fprintf(out, "backend: %s, %d OpenMP device%s\n",
            proact__dev_backend_name(), ndev, ndev == 1 ? "" : "s");
  if (proact__rank_count() > 1) {
    fprintf(out, "ranks: %d, transport %s (%s%s); this report is rank %d's\n",
            proact__rank_count(), proact__rank_transport(),
            proact__rank_library(),
            proact__rank_cuda_aware() ? ", CUDA-aware" : "",
            proact__rank_self());
    /* The global device numbers (dev.h) each rank's devices take. */
    for (int r = 0, d = 0; r < proact__rank_count(); r++) {
      int first = d;
      while (d < ndev && proact__dev_rank(d) == r)
        d++;
      fprintf(out, "  rank %d: devices %d-%d\n", r, first, d - 1);
    }
    /* How device bytes move between ranks (PROACT_TRANSPORT). */
    fprintf(out, "devices between ranks: %s (PROACT_TRANSPORT=%s)\n",
            proact__xport_summary(),
            proact__param_text(PROACT__PARAM_TRANSPORT));
    if (strcmp(proact__xport_summary(), "mixed") == 0)
      for (int a = 0; a < proact__rank_count(); a++)
        for (int b = a + 1; b < proact__rank_count(); b++)
          fprintf(out, "  ranks %d and %d: %s\n", a, b,
                  proact__xport_name(proact__xport_between(a, b)));
  } else
    fprintf(out, "ranks: 1, transport none (PROACT_MPI=%s)\n",
            proact__param_text(PROACT__PARAM_MPI));
  if (n > 0) {
    const char *why = proact__ompt_follow_why(ids[0]);
    fprintf(out, "OpenMP target constructs outside spread mode: %s%s\n",
            why != NULL ? "not followed: " : "followed through OMPT",
            why != NULL ? why : "");
    info_devices(out, ids, n);
  }
  else
    fprintf(out, "devices: none participating; annotated loops run on "
                 "the host\n");
  fprintf(out, "settings (per-loop clauses apply where a setting says "
               "clause or 0):\n");
  for (int i = 0; i < proact__param_count(); i++) {
    const proact__param_t *param = proact__param_at(i);
    fprintf(out, "  %-22s %-14s %s\n", param->name,
            proact__param_text(param),
            proact__param_from_env(param) ? "env" : "default");
  }
  fflush(out);
}
