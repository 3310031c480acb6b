/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* Participating device list, built once from omp_get_num_devices() and
 * PROACT_DEVICES. */
#include <omp.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "dev.h"
#include "error_report.h"
#include "log.h"
#include "core_param.h"
#include "devices.h"
#include "omp_wait.h"
#include "info.h"
#include "validity.h"
#include "proact.h"
#include "rank.h"
#include "rank_xport.h"
#include "stats.h"

static pthread_once_t devices_once = PTHREAD_ONCE_INIT;
static int devices_n;
static int devices_ids[PROACT__DEV_MAX];

void proact__devices_format(const int *ids, int n, char *buf, size_t len) {
  size_t used = 0;
  buf[0] = '\0';
  for (int i = 0; i < n && used < len; i++)
    used += (size_t)snprintf(buf + used, len - used, "%s%d", i ? "," : "",
                             ids[i]);
}

/* Settings every rank must share: they decide how loops split and what
 * moves, and the ranks compute that each on its own (replicated control).
 * The others (PROACT_DEVICES, logs, statistics, timeouts) may differ. */
static const proact__param_t *const devices_shared[] = {
    PROACT__PARAM_DISTRIBUTE,   PROACT__PARAM_MECH,
    PROACT__PARAM_CHUNK,        PROACT__PARAM_TEAMS,
    PROACT__PARAM_TEAM_THREADS, PROACT__PARAM_BLOCK_POINTS,
    PROACT__PARAM_ELIDE,        PROACT__PARAM_DECOMPOSE,
    PROACT__PARAM_BALANCE,      PROACT__PARAM_WALK,
    PROACT__PARAM_MEMORY,       PROACT__PARAM_READ_CHECK,
    PROACT__PARAM_RANK_PUSH};
enum { DEVICES_NSHARED = sizeof(devices_shared) / sizeof(devices_shared[0]) };

/* FNV-1a of a setting's text, to compare the ranks' settings. */
static uint64_t devices_hash(const char *text) {
  uint64_t h = 1469598103934665603ull;
  for (; *text != '\0'; text++)
    h = (h ^ (unsigned char)*text) * 1099511628211ull;
  return h;
}

/* Under several ranks: every rank's participating devices, in rank order,
 * as global numbers (dev.h), into devices_ids; a setting that differs
 * between ranks ends every rank with an error naming it. */
static void devices_join_ranks(const int *local, int nlocal) {
  typedef struct devices_rank {
    int n;
    int ids[PROACT__DEV_MAX];
    uint64_t params[DEVICES_NSHARED];
  } devices_rank_t;
  const int ranks = proact__rank_count(), me = proact__rank_self();
  devices_rank_t *mine = calloc(1, sizeof(*mine));
  devices_rank_t *all = calloc((size_t)ranks, sizeof(*all));
  int base = 0;

  if (mine == NULL || all == NULL)
    proact__fatal(NULL, 0, 0, "out of host memory");
  mine->n = nlocal;
  for (int i = 0; i < nlocal; i++)
    mine->ids[i] = local[i];
  for (int k = 0; k < DEVICES_NSHARED; k++)
    mine->params[k] = devices_hash(proact__param_text(devices_shared[k]));
  proact__rank_allgather(mine, all, sizeof(*mine),
                         "exchanging the ranks' participating devices");
  for (int r = 0; r < ranks; r++)
    for (int k = 0; k < DEVICES_NSHARED; k++)
      if (all[r].params[k] != all[0].params[k])
        proact__fatal(NULL, 0, 0,
                      "%s differs between rank 0 and rank %d (this rank, "
                      "%d, has '%s'): every rank must run with the same "
                      "setting",
                      devices_shared[k]->name, r, me,
                      proact__param_text(devices_shared[k]));
  devices_n = 0;
  for (int r = 0; r < ranks; r++) {
    if (all[r].n == 0)
      proact__fatal(NULL, 0, 0,
                    "rank %d of %d has no participating device (see its "
                    "PROACT_DEVICES)",
                    r, ranks);
    for (int i = 0; i < all[r].n; i++)
      devices_ids[devices_n++] = base + all[r].ids[i];
    while (base < proact__dev_count() && proact__dev_rank(base) == r)
      base++;
  }
  free(mine);
  free(all);
}

static void devices_build(void) {
  const proact__devlist_t *list =
      &proact__param_get(PROACT__PARAM_DEVICES)->devices;
  const int count = proact__dev_local_count();
  const int base = proact__dev_local_base();
  char buf[256];

  if (count == 0 && proact__rank_count() == 1) {
    if (proact__omp_images() == 0)
      proact__warn("the program registered no device code, so annotated "
                   "loops run on the host: objects taken from a static "
                   "library keep theirs only when linked whole "
                   "(-Wl,--whole-archive -lNAME -Wl,--no-whole-archive) or "
                   "as a shared library (docs/user/building.md)");
    else
      proact__warn("no offload device; annotated loops run on the host");
    return;
  }
  /* The device layer numbers logical devices (dev.h): D*K gives K in a
   * row from the first of OpenMP device D. */
  if (list->all) {
    for (int d = 0; d < count; d++)
      devices_ids[devices_n++] = d;
  } else {
    for (int i = 0; i < list->count; i++) {
      const int omp_id = list->ids[i];
      if (omp_id >= proact__dev_omp_count())
        proact__fatal(NULL, 0, 0,
                      "PROACT_DEVICES names device %d but there are %d "
                      "openmp devices (0-%d)",
                      omp_id, proact__dev_omp_count(),
                      proact__dev_omp_count() - 1);
      if (proact__dev_of_omp(omp_id) < 0)
        proact__fatal(NULL, 0, 0,
                      "PROACT_DEVICES names device %d: devices %d and above "
                      "cannot participate (bit %d of validity masks stands "
                      "for the host)",
                      omp_id, PROACT__DEVMASK_HOST_BIT,
                      PROACT__DEVMASK_HOST_BIT);
      for (int k = 0, first = proact__dev_of_omp(omp_id) - base;
           k < list->copies[i]; k++)
        devices_ids[devices_n++] = first + k;
    }
  }
  if (proact__rank_count() > 1) {
    static char context[256];
    devices_join_ranks(devices_ids, devices_n);
    snprintf(context, sizeof(context),
             "rank %d of %d, transport %s (%s), devices between ranks: %s, "
             "devices %d-%d of %d here",
             proact__rank_self(), proact__rank_count(),
             proact__rank_transport(), proact__rank_library(),
             proact__xport_summary(),
             proact__dev_local_base(),
             proact__dev_local_base() + proact__dev_local_count() - 1,
             proact__dev_count());
    proact__stats_set_context(context);
  }
  else {
    static char context[640];
    int omp_ids[PROACT__DEV_MAX], logical = 0;
    char omps[256];
    for (int i = 0; i < devices_n; i++) {
      const proact__device_t *d;
      devices_ids[i] += base; /* 0 alone */
      d = proact__dev_get(devices_ids[i]);
      omp_ids[i] = d->omp_id;
      logical |= d->slots > 1;
    }
    /* The statistics say which devices share an OpenMP device. */
    if (logical) {
      proact__devices_format(devices_ids, devices_n, buf, sizeof(buf));
      proact__devices_format(omp_ids, devices_n, omps, sizeof(omps));
      snprintf(context, sizeof(context),
               "devices %s (PROACT_DEVICES=%s) on OpenMP devices %s (logical "
               "devices share them)",
               buf, proact__param_text(PROACT__PARAM_DEVICES), omps);
      proact__stats_set_context(context);
    }
  }
  proact__devices_format(devices_ids, devices_n, buf, sizeof(buf));
  proact__info(PROACT__SUBSYS_INIT, "participating devices %s (backend %s)",
               buf, proact__dev_backend_name());
  /* Peer access between every pair now, before any data region: enabled
   * lazily, its cost would land in the first loop that copies. */
  for (int a = 0; a < devices_n; a++)
    for (int b = 0; b < devices_n; b++)
      proact__dev_peer_access(devices_ids[a], devices_ids[b]);
}

static void devices_init_once(void) {
  /* Every variable the environment sets, before anything uses them. */
  for (int i = 0; i < proact__param_count(); i++)
    if (proact__param_from_env(proact__param_at(i)))
      proact__info(PROACT__SUBSYS_ENV, "%s=%s", proact__param_at(i)->name,
                   proact__param_text(proact__param_at(i)));
  /* Every run, not once per user: results computed without transfers must
   * never pass for real ones. */
  if (proact__param_get(PROACT__PARAM_ELIDE)->i)
    proact__warn("PROACT_ELIDE=1: every copy between devices is skipped, so "
                 "this run's results are wrong (the benchmarks' "
                 "infinite-bandwidth bound)");
  devices_build();
  /* One report for the job, from rank 0. */
  if (proact__param_get(PROACT__PARAM_INFO)->i && proact__rank_self() == 0)
    proact__info_report(stderr, devices_ids, devices_n);
}

void proact__devices_init(void) {
  pthread_once(&devices_once, devices_init_once);
}

int proact__devices_count(void) {
  proact__devices_init();
  return devices_n;
}

int proact__devices_id(int i) {
  proact__devices_init();
  return i >= 0 && i < devices_n ? devices_ids[i] : -1;
}

int proact__devices_participates(int dev) {
  proact__devices_init();
  for (int i = 0; i < devices_n; i++)
    if (devices_ids[i] == dev)
      return 1;
  return 0;
}

int proact__devices_associated(int dev) {
  const proact__device_t *d = proact__dev_get(dev);
  return d != NULL && d->slot == 0;
}

int proact_num_devices(void) { return proact__devices_count(); }

void proact_print_info(FILE *out) {
  proact__devices_init();
  if (proact__rank_self() != 0) /* one report for the job */
    return;
  proact__info_report(out != NULL ? out : stdout, devices_ids, devices_n);
}

int proact_device_id(int i) { return proact__devices_id(i); }

int proact__devices_of_clause(const int *devices, int ndevices,
                              const char *file, int line, int col,
                              int *devs_p) {
  if (devices == NULL) {
    for (int i = 0; i < proact__devices_count(); i++)
      devs_p[i] = proact__devices_id(i);
    return proact__devices_count();
  }
  if (ndevices <= 0 || ndevices > PROACT__DEV_MAX)
    proact__fatal(file, line, col, "devices(...) lists %d devices",
                  ndevices);
  for (int i = 0; i < ndevices; i++) {
    int dev = devices[i];
    if (!proact__devices_participates(dev))
      proact__fatal(file, line, col,
                    "device %d in devices(...) is not a participating device "
                    "(see PROACT_DEVICES and omp_get_num_devices())",
                    dev);
    for (int j = 0; j < i; j++)
      if (devs_p[j] == dev)
        proact__fatal(file, line, col,
                      "device %d is listed twice in devices(...)", dev);
    devs_p[i] = dev;
  }
  return ndevices;
}

void proact__devices_require_serial(const char *file, int line, int col,
                                    const char *what) {
  if (omp_in_parallel() && omp_get_num_threads() > 1)
    proact__fatal(file, line, col,
                  "this PROACT %s (a '#pragma proact' directive, or an "
                  "OpenMP construct spread mode runs as one) runs inside an "
                  "OpenMP parallel region of %d threads: it starts parallel "
                  "and target regions of its own, which cannot run inside "
                  "one, whether every thread calls it or one ('omp single', "
                  "'masked'); call it outside '#pragma omp parallel' (in "
                  "spread mode, a device(...) clause leaves a construct to "
                  "OpenMP)",
                  what, omp_get_num_threads());
}
