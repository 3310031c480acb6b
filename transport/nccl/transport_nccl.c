/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* The NCCL transport between ranks (transport_nccl.h). The
 * communicators are non-blocking, so that no call waits inside NCCL: an
 * operation is issued, then its communicator's state and the device's
 * transfer queue are polled until the deadline. */
#include <dlfcn.h>
#include <errno.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "log.h"
#include "nccl_api.h"
#include "param.h"
#include "poll_wait.h"
#include "proact.h"
#include "rank_choice.h"
#include "transport_nccl.h"

typedef struct nccl_funcs {
#define NCCL_FIELD_(name, params) ncclResult_t(*name) params;
  PROACT_NCCL_FUNCS(NCCL_FIELD_)
#undef NCCL_FIELD_
  const char *(*ncclGetErrorString)(ncclResult_t result);
} nccl_funcs_t;

/* The default soname, or a path for dlopen. */
static proact_status_t parse_nccl_library(const char *text,
                                          proact__param_value_t *value_p,
                                          char *why, size_t why_len) {
  (void)why;
  (void)why_len;
  value_p->i = strcmp(text, "libnccl.so.2") != 0;
  return PROACT_OK;
}

static const proact__param_t nccl_library_param = {
    33, "PROACT_NCCL_LIBRARY", "libnccl.so.2", "a library name or path",
    "the NCCL library that transfers between ranks load at run time "
    "(dlopen: a name is searched in LD_LIBRARY_PATH and the system's "
    "directories)",
    parse_nccl_library};
PROACT__PARAM_REGISTER(nccl_library_param)

static nccl_funcs_t nccl;
static char nccl_text[256];
static int nccl_nlocal;
static ncclComm_t nccl_comm[PROACT__DEV_MAX];
static proact__xport_devs_t nccl_devs;
/* One operation at a time: each is issued and waited for whole. */
static pthread_mutex_t nccl_lock = PTHREAD_MUTEX_INITIALIZER;

static const char *nccl_reason(ncclResult_t res) {
  const char *s = nccl.ncclGetErrorString != NULL
                      ? nccl.ncclGetErrorString(res)
                      : NULL;
  return s != NULL ? s : "unknown NCCL error";
}

int proact__nccl_load(int mem, char *why, size_t len) {
  const char *path = proact__param_text(&nccl_library_param);
  void *lib = dlopen(path, RTLD_NOW | RTLD_LOCAL);
  const char *stand_in;
  int version = 0;

  if (lib == NULL) {
    snprintf(why, len, "cannot load %s: %s", path, dlerror());
    return PROACT__NCCL_ABSENT;
  }
#define NCCL_LOAD_(name, params)                                              \
  *(void **)&nccl.name = dlsym(lib, #name);                                   \
  if (nccl.name == NULL) {                                                    \
    snprintf(why, len, "%s lacks %s (NCCL 2.14 or later is needed)", path,    \
             #name);                                                          \
    memset(&nccl, 0, sizeof(nccl));                                           \
    dlclose(lib);                                                             \
    return PROACT__NCCL_ABSENT;                                               \
  }
  PROACT_NCCL_FUNCS(NCCL_LOAD_)
#undef NCCL_LOAD_
  *(void **)&nccl.ncclGetErrorString = dlsym(lib, "ncclGetErrorString");
  stand_in = dlsym(lib, PROACT__NCCL_STAND_IN_SYMBOL);
  if (stand_in != NULL)
    snprintf(nccl_text, sizeof(nccl_text), "%s", stand_in);
  else if (nccl.ncclGetVersion(&version) == ncclSuccess)
    /* NCCL_VERSION: X*1000 + Y*100 + Z up to 2.8, X*10000 + Y*100 + Z
     * from 2.9. */
    snprintf(nccl_text, sizeof(nccl_text), "NCCL %d.%d.%d",
             version >= 10000 ? version / 10000 : version / 1000,
             version >= 10000 ? version / 100 % 100 : version / 100 % 10,
             version % 100);
  else
    snprintf(nccl_text, sizeof(nccl_text), "NCCL (%s)", path);
  /* lib stays open: the process keeps using it. */
  if (stand_in != NULL && mem != PROACT__RANK_MEM_HOST) {
    snprintf(why, len,
             "has NCCL's stand-in (%s), which moves host memory only, but "
             "its devices are not host-offload devices",
             path);
    return PROACT__NCCL_UNFIT;
  }
  if (stand_in == NULL && mem != PROACT__RANK_MEM_CUDA) {
    snprintf(why, len,
             "has %s (%s), but its devices are not CUDA GPUs: NCCL moves GPU "
             "memory only",
             nccl_text, path);
    return PROACT__NCCL_UNFIT;
  }
  return PROACT__NCCL_USABLE;
}

const char *proact__nccl_library(void) { return nccl_text; }

int proact__nccl_unique_id(void *id, char *why, size_t len) {
  ncclUniqueId uid;
  ncclResult_t res = nccl.ncclGetUniqueId(&uid);
  if (res != ncclSuccess) {
    snprintf(why, len, "ncclGetUniqueId failed: %s", nccl_reason(res));
    return -1;
  }
  memcpy(id, &uid, sizeof(uid));
  return 0;
}

/* Makes local_dev's context current on this thread; its transfer queue
 * (NULL: the backend's copies are synchronous). */
static void *nccl_queue(int local_dev) {
  return nccl_devs.queue != NULL ? nccl_devs.queue(local_dev) : NULL;
}

/* What nccl_wait awaits. */
typedef struct nccl_await {
  ncclComm_t comm;
  int local_dev;
  int queue;
} nccl_await_t;

static int nccl_issued(void *arg, const char *what, char *why, size_t len) {
  nccl_await_t *w = arg;
  ncclResult_t state = ncclSuccess;
  ncclResult_t res = nccl.ncclCommGetAsyncError(w->comm, &state);
  if (res != ncclSuccess ||
      (state != ncclSuccess && state != ncclInProgress)) {
    snprintf(why, len, "%s: %s", what,
             nccl_reason(res != ncclSuccess ? res : state));
    return -1;
  }
  if (state != ncclSuccess)
    return 1;
  proact_status_t st = w->queue && nccl_devs.query != NULL
                           ? nccl_devs.query(w->local_dev)
                           : PROACT_OK;
  if (st < 0) {
    snprintf(why, len, "%s: the device's transfer queue failed (%s)", what,
             proact_status_string(st));
    return -1;
  }
  return st == PROACT_OK ? 0 : 1;
}

/* Waits until comm has issued everything (its state leaves
 * ncclInProgress) and, when queue, until local_dev's transfer queue has
 * run it, polling until the deadline (poll_wait.h). */
static int nccl_wait(ncclComm_t comm, int local_dev, int queue,
                     double timeout_s, const char *what, char *why,
                     size_t len) {
  nccl_await_t w = {comm, local_dev, queue};
  return proact__poll_wait(nccl_issued, &w, timeout_s, what, why, len);
}

int proact__nccl_init(const void *id, int total, int base, int nlocal,
                      const proact__xport_devs_t *devs, double timeout_s,
                      char *why, size_t len) {
  proact__nccl_config_t config = {sizeof(config), PROACT__NCCL_MAGIC,
                                  PROACT__NCCL_CONFIG_VERSION, 0};
  ncclUniqueId uid;
  ncclResult_t res;
  int rc = 0;

  if (nlocal > PROACT__DEV_MAX) {
    snprintf(why, len, "%d devices on one rank", nlocal);
    return -1;
  }
  memcpy(&uid, id, sizeof(uid));
  nccl_devs = *devs;
  nccl.ncclGroupStart();
  for (int i = 0; i < nlocal; i++) {
    nccl_queue(i); /* the device the communicator belongs to */
    res = nccl.ncclCommInitRankConfig(&nccl_comm[i], total, uid, base + i,
                                      &config);
    if (res != ncclSuccess && res != ncclInProgress) {
      snprintf(why, len, "ncclCommInitRankConfig (device %d) failed: %s",
               base + i, nccl_reason(res));
      rc = -1;
      break;
    }
  }
  res = nccl.ncclGroupEnd();
  nccl_nlocal = nlocal;
  if (rc != 0)
    return rc;
  if (res != ncclSuccess && res != ncclInProgress) {
    snprintf(why, len, "ncclGroupEnd (communicators) failed: %s",
             nccl_reason(res));
    return -1;
  }
  for (int i = 0; i < nlocal && rc == 0; i++) {
    char what[96];
    snprintf(what, sizeof(what), "ncclCommInitRankConfig (device %d)",
             base + i);
    rc = nccl_wait(nccl_comm[i], i, 0, timeout_s, what, why, len);
  }
  return rc;
}

/* One send or receive, as a group of one on local_dev's queue. */
static int nccl_p2p(int send, int local_dev, void *buf, size_t bytes,
                    int peer, double timeout_s, char *why, size_t len) {
  ncclComm_t comm;
  ncclResult_t res;
  void *queue;
  int rc;

  if (local_dev < 0 || local_dev >= nccl_nlocal ||
      nccl_comm[local_dev] == NULL) {
    snprintf(why, len, "no NCCL communicator for this rank's device %d",
             local_dev);
    return -1;
  }
  comm = nccl_comm[local_dev];
  pthread_mutex_lock(&nccl_lock);
  queue = nccl_queue(local_dev);
  nccl.ncclGroupStart();
  res = send ? nccl.ncclSend(buf, bytes, ncclInt8, peer, comm, queue)
             : nccl.ncclRecv(buf, bytes, ncclInt8, peer, comm, queue);
  ncclResult_t end = nccl.ncclGroupEnd();
  if (res != ncclSuccess && res != ncclInProgress) {
    snprintf(why, len, "%s failed: %s", send ? "ncclSend" : "ncclRecv",
             nccl_reason(res));
    rc = -1;
  } else if (end != ncclSuccess && end != ncclInProgress) {
    snprintf(why, len, "ncclGroupEnd (%s) failed: %s",
             send ? "ncclSend" : "ncclRecv", nccl_reason(end));
    rc = -1;
  } else
    rc = nccl_wait(comm, local_dev, 1, timeout_s,
                   send ? "sending (ncclSend)" : "receiving (ncclRecv)", why,
                   len);
  pthread_mutex_unlock(&nccl_lock);
  return rc;
}

int proact__nccl_send(int local_dev, const void *buf, size_t bytes, int peer,
                      double timeout_s, char *why, size_t len) {
  return nccl_p2p(1, local_dev, (void *)(uintptr_t)buf, bytes, peer,
                  timeout_s, why, len);
}

int proact__nccl_recv(int local_dev, void *buf, size_t bytes, int peer,
                      double timeout_s, char *why, size_t len) {
  return nccl_p2p(0, local_dev, buf, bytes, peer, timeout_s, why, len);
}

static void *nccl_abort_all(void *arg) {
  (void)arg;
  for (int i = 0; i < nccl_nlocal; i++)
    if (nccl_comm[i] != NULL)
      nccl.ncclCommAbort(nccl_comm[i]);
  return NULL;
}

void proact__nccl_abort(void) {
  pthread_t t;
  struct timespec until;
  if (nccl.ncclCommAbort == NULL || nccl_nlocal == 0)
    return;
  /* An abort that waits on a device that no longer answers must not keep
   * the job from ending: the rank layer's abort follows either way. */
  if (pthread_create(&t, NULL, nccl_abort_all, NULL) != 0)
    return;
  clock_gettime(CLOCK_REALTIME, &until);
  until.tv_sec += 5;
  if (pthread_timedjoin_np(t, NULL, &until) != 0) {
    proact__warn("ncclCommAbort did not return within 5 s; ending the job "
                 "without it");
    pthread_detach(t);
    return;
  }
  memset(nccl_comm, 0, sizeof(nccl_comm));
  nccl_nlocal = 0;
}
