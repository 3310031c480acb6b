/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* Ranks (rank.h): the launcher's variables, the transport module, and the
 * ordered host transfers between ranks. */
#include <dlfcn.h>
#include <limits.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "error_report.h"
#include "log.h"
#include "param.h"
#include "poll_wait.h"
#include "rank.h"
#include "rank_transport.h"

static proact_status_t parse_mpi(const char *text,
                                 proact__param_value_t *value_p, char *why,
                                 size_t why_len) {
  static const proact__param_name_t names[] = {
      {"auto", PROACT__MPI_AUTO}, {"0", PROACT__MPI_OFF},
      {"1", PROACT__MPI_ON}};
  return proact__param_parse_named(text, names, sizeof(names) / sizeof(*names),
                                   "PROACT_MPI value", value_p, why, why_len);
}

static proact_status_t parse_mpi_timeout(const char *text,
                                         proact__param_value_t *value_p,
                                         char *why, size_t why_len) {
  proact_status_t st =
      proact__param_parse_plain(text, 1, 86400, "seconds", value_p, why,
                                why_len);
  if (st == PROACT_OK && value_p->i == 0) {
    if (why != NULL && why_len > 0)
      snprintf(why, why_len, "0 would wait forever for a rank that died");
    return PROACT_ERR_INVALID_PARAM;
  }
  return st;
}

const proact__param_t proact__param_mpi = {
    30, "PROACT_MPI", "auto", "auto, 0 or 1",
    "auto: the process is one rank of several when its launcher says so "
    "(OMPI_COMM_WORLD_SIZE, PMI_SIZE, PMIX_SIZE, or SLURM_NTASKS "
    "under srun, above 1), and then loads libproact-mpi; 1: always "
    "through MPI, even as a single rank; 0: never, each process runs "
    "alone on its own devices (docs/user/cluster.md)",
    parse_mpi};
PROACT__PARAM_REGISTER(proact__param_mpi)

const proact__param_t proact__param_mpi_timeout = {
    31, "PROACT_MPI_TIMEOUT", "60", "1 to 86400 (seconds)",
    "a rank that waits this long for another rank's data or start-up "
    "(a rank that died, stalled or left early) ends every rank with an "
    "error naming the rank it waited for",
    parse_mpi_timeout};
PROACT__PARAM_REGISTER(proact__param_mpi_timeout)

/* More ranks than participating devices cannot be (every rank brings at
 * least one device, and at most 63 take part). */
#define RANK_MAX 64

static pthread_once_t rank_once = PTHREAD_ONCE_INIT;
static pthread_mutex_t rank_lock = PTHREAD_MUTEX_INITIALIZER;
static const proact__transport_t *rank_tp;
static int rank_n = 1, rank_me = 0, rank_owns;
static unsigned rank_send_seq[RANK_MAX], rank_recv_seq[RANK_MAX];
static proact__rank_counters_t rank_counters;

/* The launcher's count of ranks, 0 when no launcher says; *var_p names
 * the variable that said. */
static long rank_launcher_size(const char **var_p) {
  static const char *const vars[] = {"OMPI_COMM_WORLD_SIZE", "PMI_SIZE",
                                     "PMIX_SIZE"};
  for (size_t i = 0; i < sizeof(vars) / sizeof(vars[0]); i++) {
    const char *v = getenv(vars[i]);
    if (v != NULL && *v != '\0') {
      *var_p = vars[i];
      return strtol(v, NULL, 10);
    }
  }
  /* srun sets SLURM_PROCID for each task; SLURM_NTASKS alone is also set
   * in a batch script's own shell. */
  if (getenv("SLURM_PROCID") != NULL && getenv("SLURM_NTASKS") != NULL) {
    *var_p = "SLURM_NTASKS";
    return strtol(getenv("SLURM_NTASKS"), NULL, 10);
  }
  *var_p = NULL;
  return 0;
}

/* The module beside libproact (or this program, when it is linked in
 * statically), else wherever the dynamic loader finds it. */
static void *rank_open_module(char *why, size_t len) {
  Dl_info info;
  void *h = NULL;
  why[0] = '\0';
  if (dladdr((void *)&proact__rank_init, &info) != 0 &&
      info.dli_fname != NULL) {
    char path[PATH_MAX];
    const char *slash = strrchr(info.dli_fname, '/');
    if (slash != NULL) {
      snprintf(path, sizeof(path), "%.*s/libproact-mpi.so",
               (int)(slash - info.dli_fname), info.dli_fname);
      h = dlopen(path, RTLD_NOW | RTLD_LOCAL);
      /* The module is there but does not load (its MPI library missing,
       * say): that reason, not the search by name after it, is the one
       * to report. */
      if (h == NULL && access(path, F_OK) == 0)
        snprintf(why, len, "%s", dlerror());
    }
  }
  if (h == NULL)
    h = dlopen("libproact-mpi.so", RTLD_NOW | RTLD_LOCAL);
  if (h == NULL && why[0] == '\0')
    snprintf(why, len, "%s", dlerror());
  return h;
}

static void rank_abort(void) {
  if (rank_tp != NULL)
    rank_tp->abort(EXIT_FAILURE);
}

/* Transfers posted and not seen complete yet, oldest first, and the
 * thread that tests them while the loop's kernels run (rank_progress). */
static proact__rank_req_t *rank_live;
static pthread_cond_t rank_live_cond = PTHREAD_COND_INITIALIZER;
static pthread_t rank_progress_thread;
static int rank_progress_started, rank_progress_stop;

static void rank_progress_end(void) {
  pthread_mutex_lock(&rank_lock);
  rank_progress_stop = 1;
  pthread_cond_broadcast(&rank_live_cond);
  pthread_mutex_unlock(&rank_lock);
  if (rank_progress_started)
    pthread_join(rank_progress_thread, NULL);
}

static void rank_finalize(void) {
  rank_progress_end(); /* no MPI call after MPI_Finalize */
  if (rank_tp != NULL && rank_owns)
    rank_tp->finalize();
}

static void rank_init_once(void) {
  const long long mode = proact__param_get(PROACT__PARAM_MPI)->i;
  const char *var = NULL;
  const long launched = rank_launcher_size(&var);
  char why[512] = "";
  proact__transport_func_t get;
  void *h;

  if (mode == PROACT__MPI_OFF ||
      (mode == PROACT__MPI_AUTO && launched <= 1))
    return;
  h = rank_open_module(why, sizeof(why));
  if (h == NULL) {
    if (mode == PROACT__MPI_ON)
      proact__fatal(NULL, 0, 0,
                    "PROACT_MPI=1 but the MPI module cannot be loaded (%s); "
                    "build PROACT where MPI is installed (libopenmpi-dev)",
                    why);
    proact__fatal(NULL, 0, 0,
                  "this process is one of %ld ranks (%s=%ld) but "
                  "libproact-mpi.so cannot be loaded (%s): build PROACT "
                  "where MPI is installed (libopenmpi-dev), or set "
                  "PROACT_MPI=0 to run each rank alone on its own devices",
                  launched, var, launched, why);
  }
  get = (proact__transport_func_t)(uintptr_t)dlsym(h,
                                                    PROACT__TRANSPORT_SYMBOL);
  if (get == NULL || get() == NULL || get()->abi != PROACT__TRANSPORT_ABI)
    proact__fatal(NULL, 0, 0,
                  "libproact-mpi.so does not match this libproact (transport "
                  "ABI %d): install both from one build",
                  PROACT__TRANSPORT_ABI);
  rank_tp = get();
  if (rank_tp->init(&rank_me, &rank_n, &rank_owns, why, sizeof(why)) != 0)
    proact__fatal(NULL, 0, 0, "joining the MPI job failed: %s", why);
  /* From here a fatal error on any rank ends every rank. */
  proact__fatal_abort = rank_abort;
  if (rank_owns)
    atexit(rank_finalize);
  if (rank_n > RANK_MAX - 1)
    proact__fatal(NULL, 0, 0,
                  "%d ranks: at most %d devices take part, so at most %d "
                  "ranks",
                  rank_n, RANK_MAX - 1, RANK_MAX - 1);
  proact__info(PROACT__SUBSYS_INIT, "rank %d of %d, transport %s (%s)",
               rank_me, rank_n, rank_tp->name, rank_tp->library());
}

void proact__rank_init(void) { pthread_once(&rank_once, rank_init_once); }

int proact__rank_count(void) {
  proact__rank_init();
  return rank_n;
}

int proact__rank_self(void) {
  proact__rank_init();
  return rank_me;
}

const char *proact__rank_transport(void) {
  proact__rank_init();
  return rank_tp != NULL ? rank_tp->name : "none";
}

const char *proact__rank_library(void) {
  proact__rank_init();
  return rank_tp != NULL ? rank_tp->library() : "";
}

int proact__rank_cuda_aware(void) {
  proact__rank_init();
  return rank_tp != NULL && rank_tp->cuda_aware();
}

static double rank_timeout(void) {
  return (double)proact__param_get(PROACT__PARAM_MPI_TIMEOUT)->i;
}

void proact__rank_allgather(const void *mine, void *all, size_t bytes,
                            const char *what) {
  char why[512];
  int rc;
  proact__rank_init();
  if (rank_tp == NULL) {
    memcpy(all, mine, bytes);
    return;
  }
  pthread_mutex_lock(&rank_lock);
  rc = rank_tp->allgather(mine, all, bytes, rank_timeout(), why, sizeof(why));
  pthread_mutex_unlock(&rank_lock);
  if (rc != 0)
    proact__fatal(NULL, 0, 0,
                  "rank %d of %d: %s: %s%s", rank_me, rank_n, what, why,
                  rc == 1 ? " (PROACT_MPI_TIMEOUT): a rank died, stalled, "
                            "or does not run the same program"
                          : "");
}

/* The directive whose transfers run (proact__rank_context). Kept as set,
 * on every directive of every program: hashed only for a tag. */
static const char *_Atomic rank_ctx_file;
static _Atomic int rank_ctx_line;

void proact__rank_context(const char *file, int line) {
  atomic_store(&rank_ctx_file, file);
  atomic_store(&rank_ctx_line, line);
}

/* The tag of the next message of a pair: its position in the pair's
 * sequence, offset by a hash of the directive's file's base name and line,
 * below the smallest MPI_TAG_UB the standard allows. */
static int rank_tag(unsigned *seq) {
  const char *file = atomic_load(&rank_ctx_file);
  const char *base = file != NULL ? strrchr(file, '/') : NULL;
  unsigned h = 2166136261u;
  base = base != NULL ? base + 1 : file;
  for (const char *p = base; p != NULL && *p != '\0'; p++)
    h = (h ^ (unsigned char)*p) * 16777619u;
  h = (h ^ (unsigned)atomic_load(&rank_ctx_line)) * 16777619u;
  return (int)(((*seq)++ + h % 32767u) % 32767u);
}

static void rank_failed(const char *verb, int peer, size_t bytes, int rc,
                        const char *why) {
  const char *file = atomic_load(&rank_ctx_file);
  proact__fatal(file, file != NULL ? atomic_load(&rank_ctx_line) : 0, 0,
                "rank %d of %d: %s %zu bytes %s rank %d: %s%s", rank_me,
                rank_n, verb, bytes, verb[0] == 's' ? "to" : "from", peer,
                why,
                rc == 1 ? " (PROACT_MPI_TIMEOUT): that rank died, stalled, "
                          "left early, or runs other loops, data regions or "
                          "updates than this one"
                : strstr(why, "TRUNCATE") != NULL
                    ? " (the ranks run other loops, data regions or updates "
                      "here, or the same ones over other sizes)"
                    : "");
}

void proact__rank_send(int peer, const void *buf, size_t bytes) {
  char why[512];
  int rc, tag;
  if (rank_tp == NULL || peer < 0 || peer >= rank_n || peer == rank_me)
    proact__fatal(NULL, 0, 0, "rank %d of %d: no rank %d to send to",
                  rank_me, rank_n, peer);
  pthread_mutex_lock(&rank_lock);
  tag = rank_tag(&rank_send_seq[peer]);
  rc = rank_tp->send(buf, bytes, peer, tag, rank_timeout(), why, sizeof(why));
  rank_counters.sent_bytes += bytes;
  rank_counters.messages++;
  pthread_mutex_unlock(&rank_lock);
  proact__info(PROACT__SUBSYS_COPY, "rank %d -> rank %d: %zu bytes (tag %d)",
               rank_me, peer, bytes, tag);
  if (rc != 0)
    rank_failed("sending", peer, bytes, rc, why);
}

void proact__rank_recv(int peer, void *buf, size_t bytes) {
  char why[512];
  int rc, tag;
  if (rank_tp == NULL || peer < 0 || peer >= rank_n || peer == rank_me)
    proact__fatal(NULL, 0, 0, "rank %d of %d: no rank %d to receive from",
                  rank_me, rank_n, peer);
  pthread_mutex_lock(&rank_lock);
  tag = rank_tag(&rank_recv_seq[peer]);
  rc = rank_tp->recv(buf, bytes, peer, tag, rank_timeout(), why, sizeof(why));
  rank_counters.recv_bytes += bytes;
  rank_counters.messages++;
  pthread_mutex_unlock(&rank_lock);
  proact__info(PROACT__SUBSYS_COPY, "rank %d <- rank %d: %zu bytes (tag %d)",
               rank_me, peer, bytes, tag);
  if (rc != 0)
    rank_failed("receiving", peer, bytes, rc, why);
}

struct proact__rank_req {
  void *tp; /* the module's handle; NULL once complete */
  int peer;
  int tag;
  int sending;
  size_t bytes;
  int rc;        /* the test's failure, reported by waitall */
  char why[256];
  struct proact__rank_req *next; /* in rank_live while tp != NULL */
};

/* Under rank_lock: req leaves rank_live. */
static void rank_unlink(proact__rank_req_t *req) {
  for (proact__rank_req_t **q = &rank_live; *q != NULL; q = &(*q)->next)
    if (*q == req) {
      *q = req->next;
      return;
    }
}

/* Under rank_lock: tests req once; it leaves rank_live when complete or
 * failed (rc, why). */
static void rank_test_locked(proact__rank_req_t *req) {
  int done = 0;
  if (req->tp == NULL || req->rc != 0)
    return;
  req->rc = rank_tp->test(req->tp, &done, req->why, sizeof(req->why));
  if (req->rc != 0 || done) {
    if (done)
      req->tp = NULL;
    rank_unlink(req);
  }
}

/* MPI libraries move a large message (a rendezvous) only while both
 * ranks call into MPI: this thread tests the oldest open transfer every
 * few tens of microseconds while any is open, so that pushes and pulls
 * progress while the kernels run rather than in loop_end. It sleeps
 * while nothing is open, when the program may call MPI itself. */
static void *rank_progress(void *arg) {
  long nap = 10000;
  (void)arg;
  pthread_mutex_lock(&rank_lock);
  for (;;) {
    while (rank_live == NULL && !rank_progress_stop)
      pthread_cond_wait(&rank_live_cond, &rank_lock);
    if (rank_progress_stop)
      break;
    proact__rank_req_t *q = rank_live;
    rank_test_locked(q);
    nap = rank_live != q ? 10000 : (nap < 200000 ? 2 * nap : nap);
    pthread_mutex_unlock(&rank_lock);
    struct timespec ts = {0, nap};
    nanosleep(&ts, NULL);
    pthread_mutex_lock(&rank_lock);
  }
  pthread_mutex_unlock(&rank_lock);
  return NULL;
}

int proact__rank_reserve(int peer, int sending) {
  int tag;
  if (rank_tp == NULL || peer < 0 || peer >= rank_n || peer == rank_me)
    proact__fatal(NULL, 0, 0, "rank %d of %d: no rank %d to %s", rank_me,
                  rank_n, peer, sending ? "send to" : "receive from");
  pthread_mutex_lock(&rank_lock);
  tag = rank_tag(sending ? &rank_send_seq[peer] : &rank_recv_seq[peer]);
  pthread_mutex_unlock(&rank_lock);
  return tag;
}

static proact__rank_req_t *rank_post(int peer, int tag, void *buf,
                                     size_t bytes, int sending) {
  proact__rank_req_t *q = calloc(1, sizeof(*q));
  char why[512];
  int rc;
  if (q == NULL)
    proact__fatal(NULL, 0, 0, "out of host memory");
  q->peer = peer;
  q->tag = tag;
  q->sending = sending;
  q->bytes = bytes;
  pthread_mutex_lock(&rank_lock);
  rc = sending ? rank_tp->isend(buf, bytes, peer, tag, &q->tp, why,
                                sizeof(why))
               : rank_tp->irecv(buf, bytes, peer, tag, &q->tp, why,
                                sizeof(why));
  if (rc == 0) {
    proact__rank_req_t **tail = &rank_live;
    while (*tail != NULL)
      tail = &(*tail)->next;
    *tail = q;
    if (!rank_progress_started && !rank_progress_stop)
      rank_progress_started =
          pthread_create(&rank_progress_thread, NULL, rank_progress, NULL) ==
          0; /* without it, transfers progress in waitall */
    pthread_cond_signal(&rank_live_cond);
  }
  if (sending)
    rank_counters.sent_bytes += bytes;
  else
    rank_counters.recv_bytes += bytes;
  rank_counters.messages++;
  pthread_mutex_unlock(&rank_lock);
  proact__info(PROACT__SUBSYS_COPY, "rank %d %s rank %d: %zu bytes (tag %d, "
               "posted)", rank_me, sending ? "->" : "<-", peer, bytes, tag);
  if (rc != 0)
    rank_failed(sending ? "sending" : "receiving", peer, bytes, rc, why);
  return q;
}

proact__rank_req_t *proact__rank_isend(int peer, int tag, const void *buf,
                                       size_t bytes) {
  return rank_post(peer, tag, (void *)(uintptr_t)buf, bytes, 1);
}

proact__rank_req_t *proact__rank_irecv(int peer, int tag, void *buf,
                                       size_t bytes) {
  return rank_post(peer, tag, buf, bytes, 0);
}

/* The transfers proact__rank_waitall awaits; open: the first one still
 * open after the last look. */
typedef struct rank_await {
  proact__rank_req_t **reqs;
  int n;
  proact__rank_req_t *open;
} rank_await_t;

/* Tests every transfer not yet complete; a failed one ends the job, so
 * this poll never returns -1. */
static int rank_all_done(void *arg, const char *what, char *why,
                         size_t len) {
  rank_await_t *w = arg;
  (void)what;
  (void)why;
  (void)len;
  w->open = NULL;
  for (int i = 0; i < w->n; i++) {
    proact__rank_req_t *q = w->reqs[i];
    if (q == NULL)
      continue;
    pthread_mutex_lock(&rank_lock);
    rank_test_locked(q);
    pthread_mutex_unlock(&rank_lock);
    if (q->rc != 0)
      rank_failed(q->sending ? "sending" : "receiving", q->peer, q->bytes,
                  q->rc, q->why);
    if (q->tp != NULL && w->open == NULL)
      w->open = q;
  }
  return w->open != NULL;
}

/* Polls every transfer until all completed or the deadline passed; the
 * first one still open then is the one named. */
void proact__rank_waitall(proact__rank_req_t **reqs, int n) {
  rank_await_t w = {reqs, n, NULL};
  if (proact__poll_wait(rank_all_done, &w, rank_timeout(), NULL, NULL, 0)) {
    char why[512];
    snprintf(why, sizeof(why), "%s (tag %d): nothing for %.0f s",
             w.open->sending ? "sending (MPI_Isend)" : "receiving (MPI_Irecv)",
             w.open->tag, rank_timeout());
    rank_failed(w.open->sending ? "sending" : "receiving", w.open->peer,
                w.open->bytes, 1, why);
  }
  for (int i = 0; i < n; i++) {
    free(reqs[i]);
    reqs[i] = NULL;
  }
}

void proact__rank_get_counters(proact__rank_counters_t *counters_p) {
  pthread_mutex_lock(&rank_lock);
  *counters_p = rank_counters;
  pthread_mutex_unlock(&rank_lock);
}
