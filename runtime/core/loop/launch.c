/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* The parts' kernels of a loop launched at once (launch.h). The generated
 * code launches each part's kernel from its own host thread through
 * OpenMP's __tgt_target_kernel, which libproact defines as well and
 * reaches first (programs link it before libomptarget). A launch made
 * between part_begin and part_end of a part that may wait is recorded, not
 * run, and loop_end runs the recorded ones as one graph per GPU; the first
 * launch of each kernel on each device runs through OpenMP, watched, to
 * learn the kernel and check that its argument bytes are the launch's own
 * values. Every other launch passes straight on to libomptarget. */
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "core_param.h"
#include "dev.h"
#include "devices.h"
#include "error_report.h"
#include "host_check.h"
#include "launch.h"
#include "log.h"
#include "loop.h"
#include "omp_wait.h"
#include "rank.h"
#include "trace.h"

enum {
  TGT_ARGS_VERSION = 3,
  TGT_FLAG_NOWAIT = 1,
  /* by value, a kernel parameter, perhaps implicit: nothing to map */
  TGT_MAP_TARGET_PARAM = 0x20,
  TGT_MAP_LITERAL = 0x100,
  TGT_MAP_IMPLICIT = 0x200,
  /* the bytes before the arguments of a kernel launched as it is written
   * (a bare kernel): no launch environment */
  BARE_ENV = 8,
  MAX_ARGS = PROACT__KERNEL_ARG_BYTES / 8 - 1
};
static const uint64_t bare_env_word = UINT64_MAX;

typedef int (*tgt_kernel_fn_t)(void *loc, int64_t dev, int32_t teams,
                               int32_t threads, void *host_ptr,
                               proact__tgt_kernel_args_t *args);

static void *tgt_kernel_next; /* libomptarget's (omp_wait.h) */

/* The part this host thread is launching, while it may be recorded. */
static _Thread_local proact__loop_t *launch_loop
    __attribute__((tls_model("initial-exec")));
static _Thread_local int launch_part
    __attribute__((tls_model("initial-exec")));
/* This thread's part has a recorded launch: a second one would run first. */
static _Thread_local int launch_recorded
    __attribute__((tls_model("initial-exec")));

/* Each (OpenMP kernel, OpenMP device) seen in a part: whether it can be
 * recorded, and its driver handle. */
typedef struct kernel_slot {
  const void *host_ptr; /* NULL: free */
  int64_t dev;
  int state; /* 1: recordable; -1: not; 0: not yet watched; 2: being
                watched by another part's thread */
  void *func;
  size_t nbytes; /* the argument bytes the driver got: a kernel whose
                    compiled form dropped its last parameters gets those
                    of the launch's values only */
} kernel_slot_t;
enum { KERNEL_SLOTS = 4096, SITE_SLOTS = 1024 };
/* Kernels longer than this launch from their parts' threads: each starts
 * as soon as its part is ready, where a graph starts after the last part's
 * host work, and the launch a graph saves is a small share of them. */
static const uint64_t graph_max_kernel_ns = 100000;
/* One graph execution in this many is waited for at the loop's end and
 * timed, so that a site whose kernels grew long stops using graphs. */
enum { GRAPH_TIMED_EVERY = 16 };
/* PROACT_LAUNCH=auto buys CUPTI's set-up once the launch time graphs
 * would have saved (on one H200, about 5 us per execution and 2.8 per part,
 * from one to eight parts) reaches what it costs, and a site's watches once
 * its own would: a program that never gets there loses nothing, one that
 * does at most about as much again. */
static const uint64_t auto_loop_ns = 5000, auto_part_ns = 2800;
static const uint64_t auto_open_ns = 20000000; /* CUPTI's first subscription */
static const uint64_t auto_site_ns = 4000000;  /* a few kernels' watches */
static uint64_t auto_saved_ns; /* under launch_lock */
static int auto_opened;
static kernel_slot_t kernels[KERNEL_SLOTS];
/* Each loop's graphs, by its pragma. */
typedef struct site_slot {
  const char *file; /* NULL: free */
  int line;
  unsigned long long id;
  int busy;
  void *graph;
  /* The plan and mechanism of its last execution, which recorded every
   * part it ran here: the next one with both needs no thread per part. */
  const proact__plan_t *all_plan;
  const proact__mech_ops_t *all_mech;
  uint64_t kern_ns; /* its last timed execution's longest kernel */
  unsigned graphs;  /* executions run as graphs */
  uint64_t saved_ns; /* PROACT_LAUNCH=auto: what graphs would have saved */
} site_slot_t;
static site_slot_t sites[SITE_SLOTS];
static pthread_mutex_t launch_lock = PTHREAD_MUTEX_INITIALIZER;

/* The slot of (host_ptr, dev), made where absent; NULL: the table is full
 * (the kernel then always launches through OpenMP). Under launch_lock. */
static kernel_slot_t *kernel_slot(const void *host_ptr, int64_t dev) {
  size_t h = (((uintptr_t)host_ptr >> 4) * 31u + (size_t)dev) % KERNEL_SLOTS;
  for (int k = 0; k < KERNEL_SLOTS; k++, h = (h + 1) % KERNEL_SLOTS) {
    kernel_slot_t *s = &kernels[h];
    if (s->host_ptr == host_ptr && s->dev == dev)
      return s;
    if (s->host_ptr == NULL) {
      s->host_ptr = host_ptr;
      s->dev = dev;
      return s;
    }
  }
  return NULL;
}

int proact__launch_by_value(const proact__tgt_kernel_args_t *a) {
  if (a == NULL || a->version != TGT_ARGS_VERSION || a->nargs > MAX_ARGS ||
      (a->flags & TGT_FLAG_NOWAIT) || a->teams[0] < 1 || a->teams[1] > 1 ||
      a->teams[2] > 1 || a->threads[0] < 1 || a->threads[0] > 1024 ||
      a->threads[1] > 1 || a->threads[2] > 1)
    return 0;
  for (uint32_t i = 0; i < a->nargs; i++) {
    const int64_t t = a->types[i];
    /* libomptarget passes a literal's base; the record, its value. */
    if ((t & ~(int64_t)(TGT_MAP_TARGET_PARAM | TGT_MAP_LITERAL |
                        TGT_MAP_IMPLICIT)) != 0 ||
        !(t & TGT_MAP_TARGET_PARAM) || !(t & TGT_MAP_LITERAL) ||
        (a->mappers != NULL && a->mappers[i] != NULL) ||
        (a->base_ptrs != NULL && a->base_ptrs[i] != a->ptrs[i]))
      return 0;
  }
  return 1;
}

void proact__launch_record(const proact__tgt_kernel_args_t *a, void *func,
                          proact__dev_kernel_rec_t *rec) {
  rec->func = func;
  rec->grid = a->teams[0];
  rec->block = a->threads[0];
  rec->shared = a->dyn_shared;
  rec->nargs = BARE_ENV + 8 * (size_t)a->nargs;
  memcpy(rec->args, &bare_env_word, 8);
  for (uint32_t i = 0; i < a->nargs; i++) {
    uint64_t v = (uint64_t)(uintptr_t)a->ptrs[i];
    memcpy(rec->args + BARE_ENV + 8 * i, &v, 8);
  }
}

typedef struct tgt_call {
  void *loc;
  int64_t dev;
  int32_t teams, threads;
  void *host_ptr;
  proact__tgt_kernel_args_t *args;
} tgt_call_t;

static int tgt_call(void *arg) {
  tgt_call_t *c = arg;
  tgt_kernel_fn_t f;
  *(void **)&f =
      proact__omp_next_entry("__tgt_target_kernel", &tgt_kernel_next);
  return f(c->loc, c->dev, c->teams, c->threads, c->host_ptr, c->args);
}

/* A launch through OpenMP, on its own stream: after the graphs a loop
 * left running, whose writes it may read. */
static int tgt_pass(tgt_call_t *c) {
  proact__dev_kernel_graph_wait();
  return tgt_call(c);
}

/* Why a watched launch cannot be replayed: what the driver got against
 * what the launch's values would give. */
static void capture_report(const proact__loop_t *loop, int part, int dv,
                           int rc, const proact__dev_kernel_rec_t *got,
                           const proact__dev_kernel_rec_t *want) {
  size_t off = 0;
  uint64_t g = 0, w = 0;

  if (rc != 0 || got->func == NULL) {
    proact__info(PROACT__SUBSYS_PART,
                 "%s:%d: part %d's kernel on device %d launches through "
                 "OpenMP (%s)", loop->file, loop->line, part, dv,
                 rc != 0 ? "its launch failed" : "no launch was seen");
    return;
  }
  while (off + 8 <= want->nargs && off + 8 <= got->nargs &&
         memcmp(got->args + off, want->args + off, 8) == 0)
    off += 8;
  if (off + 8 <= got->nargs)
    memcpy(&g, got->args + off, 8);
  if (off + 8 <= want->nargs)
    memcpy(&w, want->args + off, 8);
  proact__info(PROACT__SUBSYS_PART,
               "%s:%d: part %d's kernel on device %d launches through "
               "OpenMP: the driver got grid %u, block %u, %u shared bytes, "
               "%zu argument bytes (0x%llx at byte %zu), where its values "
               "give %u, %u, %u, %zu (0x%llx)",
               loop->file, loop->line, part, dv, got->grid, got->block,
               got->shared, got->nargs, (unsigned long long)g, off,
               want->grid, want->block, want->shared, want->nargs,
               (unsigned long long)w);
}

__attribute__((visibility("default"))) int
__tgt_target_kernel(void *loc, int64_t dev, int32_t teams, int32_t threads,
                    void *host_ptr, proact__tgt_kernel_args_t *args) {
  proact__loop_t *loop = launch_loop;
  const int part = launch_part;
  kernel_slot_t *slot, seen = {0};
  tgt_call_t call = {loc, dev, teams, threads, host_ptr, args};

  if (loop == NULL)
    return tgt_pass(&call);
  if (launch_recorded)
    proact__fatal(loop->file, loop->line, loop->col,
                  "part %d launched a second kernel while its first waits "
                  "for the loop's graph (PROACT_LAUNCH=omp launches them in "
                  "order); please report it", part);
  launch_loop = NULL; /* one launch per part; a recorded one says so */
  if (!proact__launch_by_value(args))
    return tgt_pass(&call);
  pthread_mutex_lock(&launch_lock);
  slot = kernel_slot(host_ptr, dev);
  if (slot != NULL) {
    seen = *slot;
    if (slot->state == 0)
      slot->state = 2; /* this thread watches it; the others go on */
  }
  pthread_mutex_unlock(&launch_lock);
  if (slot == NULL || seen.state < 0 || seen.state == 2)
    return tgt_pass(&call);
  if (seen.state == 0) {
    /* Watched once: recordable where the driver got exactly the bytes
     * launch_record would give it. */
    proact__dev_kernel_rec_t got = {0}, want;
    const int dv = loop->plan->devs[part];
    int rc = proact__dev_kernel_capture(dv, tgt_call, &call, &got);
    loop->watched = 1; /* its time is the watch's, not the kernel's */
    int ok = rc == 0 && got.func != NULL;
    if (ok) {
      proact__launch_record(args, got.func, &want);
      ok = got.nargs >= BARE_ENV && got.nargs <= want.nargs &&
           got.nargs % 8 == 0 && got.grid == want.grid &&
           got.block == want.block && got.shared == want.shared &&
           memcmp(got.args, want.args, got.nargs) == 0;
    }
    pthread_mutex_lock(&launch_lock);
    slot->state = ok ? 1 : got.busy && rc == 0 ? 0 : -1;
    slot->func = got.func;
    slot->nbytes = got.nargs;
    pthread_mutex_unlock(&launch_lock);
    if (got.busy && rc == 0)
      return rc; /* watched at a later launch */
    if (ok)
      proact__info(PROACT__SUBSYS_PART,
                   "%s:%d: part %d's kernel on device %d will launch in a "
                   "graph", loop->file, loop->line, part, dv);
    else
      capture_report(loop, part, dv, rc, &got, &want);
    return rc;
  }
  proact__launch_record(args, seen.func, &loop->deferred[part]);
  loop->deferred[part].nargs = seen.nbytes;
  launch_loop = loop;
  launch_recorded = 1;
  return 0;
}

/* The slot of loop's pragma, made where absent; NULL: the table is full.
 * Under launch_lock. */
static site_slot_t *site_find(const proact__loop_t *loop) {
  const proact__loop_desc_t *d = loop->desc;
  size_t h = (size_t)(d->id % SITE_SLOTS);

  for (int k = 0; k < SITE_SLOTS; k++, h = (h + 1) % SITE_SLOTS) {
    site_slot_t *s = &sites[h];
    if (s->file == NULL) {
      s->file = d->file;
      s->line = d->line;
      s->id = d->id;
      return s;
    }
    if (s->id == d->id && s->line == d->line && s->file == d->file)
      return s;
  }
  return NULL;
}

int proact__launch_auto_due(uint64_t total_ns, uint64_t site_ns) {
  return total_ns >= auto_open_ns && site_ns >= auto_site_ns;
}

void proact__launch_prepare(proact__loop_t *loop) {
  const proact__plan_t *plan = loop->plan;
  proact__replay_mode_t mode = PROACT__REPLAY_NEVER;
  site_slot_t *site;
  int any, open = 0;

  loop->deferred = NULL;
  loop->replay = 0;
  for (int p = 0; p < plan->nparts && mode == PROACT__REPLAY_NEVER; p++)
    mode = proact__dev_replay_mode(plan->devs[p]);
  /* The balance and the trace time each part's kernel alone. */
  if (mode == PROACT__REPLAY_NEVER || PROACT__TRACING() ||
      proact__param_get(PROACT__PARAM_BALANCE)->i || loop->nrpushes > 0 ||
      loop->mech->part_end != NULL)
    return;
  loop->replay = 1; /* its kernels are timed for the site (launch_done) */
  /* From the second execution on, where the first one's kernels were
   * short: a long loop never pays for watching its kernels. */
  pthread_mutex_lock(&launch_lock);
  site = site_find(loop);
  any = site != NULL && site->kern_ns > 0 &&
        site->kern_ns <= graph_max_kernel_ns;
  if (any && mode == PROACT__REPLAY_AUTO) {
    const uint64_t ns = auto_loop_ns + auto_part_ns * (uint64_t)plan->nparts;
    site->saved_ns += ns;
    auto_saved_ns += ns;
    any = proact__launch_auto_due(auto_saved_ns, site->saved_ns);
    open = any && !auto_opened;
    auto_opened |= any;
  }
  pthread_mutex_unlock(&launch_lock);
  /* Here, before the loop's parts start: no agent of it runs yet. */
  if (open)
    proact__dev_replay_open(plan->devs[0]);
  if (!any)
    return;
  any = 0;
  for (int p = 0; p < plan->nparts && !any; p++)
    any = proact__dev_can_replay(plan->devs[p]);
  if (any)
    loop->deferred = calloc((size_t)plan->nparts, sizeof(*loop->deferred));
}

void proact__launch_arm(proact__loop_t *loop, int part) {
  if (loop->deferred == NULL || loop->nodefer[part] ||
      loop->faults[part] != NULL ||
      !proact__dev_can_replay(loop->plan->devs[part]))
    return;
  launch_loop = loop;
  launch_part = part;
}

void proact__launch_disarm(void) {
  launch_loop = NULL;
  launch_recorded = 0;
}

/* A host-offload device, and the host when there is none, runs a target
 * region's teams on the launching thread. libomp leaves its teams state set
 * when they ran inside a parallel region of one thread, and the program's
 * next parallel reduction on the host stops at an assertion: such a loop
 * gets a second host thread, which runs no part. */
static int host_threads_for(const proact__loop_t *loop, int threads) {
  const proact__device_t *d;
  if (threads != 1)
    return threads;
  d = proact__devices_count() > 0 ? proact__dev_get(loop->plan->devs[0])
                                  : NULL;
  return d == NULL || d->kind == PROACT__DEVICE_HOST_CPU ? 2 : 1;
}

int proact__loop_threads(const proact__loop_t *loop) {
  const site_slot_t *s;
  int one = 0;

  /* Each part's pulls are waited for in its thread: in parallel. */
  if (loop->deferred == NULL || loop->npull_copies > 0)
    return host_threads_for(loop, loop->plan->nparts);
  pthread_mutex_lock(&launch_lock);
  s = site_find(loop);
  one = s != NULL && s->all_plan == loop->plan && s->all_mech == loop->mech;
  pthread_mutex_unlock(&launch_lock);
  return host_threads_for(loop, one ? 1 : loop->plan->nparts);
}

int proact__launch_may_leave(const proact__loop_t *loop) {
  if (proact__rank_count() > 1 || loop->nimplicit > 0 ||
      proact__host_check_on() || proact__omp_device_ptrs_out())
    return 0;
  for (int a = 0; a < loop->narrays; a++)
    if (loop->entries[a] != NULL && loop->entries[a]->unified)
      return 0;
  return 1;
}

void proact__launch_run(proact__loop_t *loop) {
  const proact__plan_t *plan = loop->plan;
  proact__dev_kernel_rec_t *recs = loop->deferred;
  int devs[PROACT__DEV_MAX], parts[PROACT__DEV_MAX], n = 0, ran = 0;
  int wait = 1;
  proact__dev_graph_origin_t origin;
  site_slot_t *site;
  void *graph = NULL;
  uint64_t ns = 0;
  proact_status_t st;

  if (recs == NULL)
    return;
  /* The records, packed in part order, and the parts that ran here. */
  for (int p = 0; p < plan->nparts; p++) {
    ran += plan->lo[p] < plan->hi[p] && proact__loop_part_here(loop, p);
    if (recs[p].func == NULL)
      continue;
    if (n != p)
      recs[n] = recs[p];
    devs[n] = plan->devs[p];
    parts[n++] = p;
  }
  /* The site's graphs, taken (busy) for this run; none kept where the
   * table is full or another thread runs this loop now. */
  pthread_mutex_lock(&launch_lock);
  site = site_find(loop);
  if (site != NULL) {
    site->all_plan = n == ran ? plan : NULL;
    site->all_mech = loop->mech;
    if (n == 0 || site->busy) {
      site = NULL;
    } else {
      site->busy = 1;
      wait = site->graphs++ % GRAPH_TIMED_EVERY == 0;
    }
  }
  pthread_mutex_unlock(&launch_lock);
  if (n == 0)
    return;
  if (site != NULL)
    graph = site->graph;
  /* Left running only where every part that ran here is in the graph. */
  wait = wait || site == NULL || n != ran || !proact__launch_may_leave(loop);
  origin.file = loop->file;
  origin.line = loop->line;
  origin.limit_ns =
      (uint64_t)proact__param_get(PROACT__PARAM_TIMEOUT)->i * 1000000000u;
  st = proact__dev_kernel_graph_run(&graph, n, devs, recs, wait, &origin,
                                    &ns);
  if (site != NULL) {
    pthread_mutex_lock(&launch_lock);
    site->graph = graph;
    site->busy = 0;
    pthread_mutex_unlock(&launch_lock);
  } else {
    proact__dev_kernel_graph_free(graph);
  }
  if (st != PROACT_OK)
    proact__fatal(loop->file, loop->line, loop->col,
                  "launching the loop's kernels as one CUDA graph failed: %s "
                  "(PROACT_LAUNCH=omp launches them through OpenMP)",
                  proact_status_string(st));
  /* Left running, the kernels' time is unknown: 0. */
  loop->unwaited = !wait;
  for (int i = 0; i < n; i++)
    loop->part_ns[parts[i]] = ns;
}

void proact__launch_done(proact__loop_t *loop) {
  uint64_t kmax = 0;
  site_slot_t *site;

  if (!loop->replay || loop->watched || loop->unwaited)
    return;
  for (int p = 0; p < loop->plan->nparts; p++)
    kmax = loop->part_ns[p] > kmax ? loop->part_ns[p] : kmax;
  pthread_mutex_lock(&launch_lock);
  site = site_find(loop);
  if (site != NULL)
    site->kern_ns = kmax;
  pthread_mutex_unlock(&launch_lock);
}

void proact__launch_free(proact__loop_t *loop) {
  free(loop->deferred);
  loop->deferred = NULL;
}
