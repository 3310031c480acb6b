/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* The persistent agent threads (agent_thread.h): one per role and device,
 * a mutex and two condition variables to hand each a job and wait for it,
 * joined at exit. */
#include <errno.h>
#include <pthread.h>
#include <stdint.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "agent_thread.h"
#include "log.h"
#include "param.h"
#include "trace.h"

struct proact__agent_thread {
  pthread_mutex_t lock;
  pthread_cond_t wake; /* a job was posted, or the process exits */
  pthread_cond_t idle; /* the job returned */
  pthread_t thread;
  void (*fn)(void *); /* the job not yet taken; NULL: none */
  void *arg;
  int busy;     /* a job was posted and has not returned */
  int posted;   /* fn is set: what the idle thread spins on */
  int sleeping; /* the thread waits on wake */
  int waiting;  /* the loop's thread waits on idle */
  int quit;
  char name[16]; /* the kernel keeps 15 characters */
  proact__agent_thread_t **slot; /* where its owner keeps it */
  proact__agent_thread_t *next;
};

/* Every thread created, so that exit joins them all; creation only runs
 * under the lock. */
static pthread_mutex_t registry_lock = PTHREAD_MUTEX_INITIALIZER;
static proact__agent_thread_t *registry;
static pthread_once_t hooks_once = PTHREAD_ONCE_INIT;
static int quitting;

int proact__agent_thread_quitting(void) {
  return __atomic_load_n(&quitting, __ATOMIC_RELAXED);
}

/* How long an idle thread and a waiter spin before they sleep: longer
 * than the host's work between two loops, so that a loop run after
 * another hands its agent the next job, and learns that the job is done,
 * without a system call on either side. */
#define AGENT_SPIN_NS 100000u

/* Spins until *flag (read without the lock) equals want or AGENT_SPIN_NS
 * pass; returns whether it does. */
static int agent_spin(const int *flag, int want) {
  const uint64_t t0 = proact__now_ns();
  unsigned n = 0;
  while (__atomic_load_n(flag, __ATOMIC_ACQUIRE) != want) {
    if ((++n & 63u) == 0 && proact__now_ns() - t0 > AGENT_SPIN_NS)
      return 0;
    sched_yield();
  }
  return 1;
}

static void *agent_thread_main(void *arg) {
  proact__agent_thread_t *t = arg;

  if (PROACT__TRACING())
    proact__trace_thread_name(t->name);
  pthread_mutex_lock(&t->lock);
  for (;;) {
    void (*fn)(void *);
    if (t->fn == NULL && !t->quit) {
      pthread_mutex_unlock(&t->lock);
      agent_spin(&t->posted, 1);
      pthread_mutex_lock(&t->lock);
    }
    while (t->fn == NULL && !t->quit) {
      t->sleeping = 1;
      pthread_cond_wait(&t->wake, &t->lock);
      t->sleeping = 0;
    }
    /* A job posted before exit still runs, so its waiter returns. */
    if (t->fn == NULL)
      break;
    fn = t->fn;
    t->fn = NULL;
    __atomic_store_n(&t->posted, 0, __ATOMIC_RELAXED);
    pthread_mutex_unlock(&t->lock);
    if (PROACT__TRACING()) {
      proact__trace_ev_t ev = {.kind = PROACT__TEV_JOB, .name = "job"};
      ev.t0 = proact__trace_begin(t->name, NULL, 0);
      fn(t->arg);
      proact__trace_end(&ev);
    } else {
      fn(t->arg);
    }
    pthread_mutex_lock(&t->lock);
    __atomic_store_n(&t->busy, 0, __ATOMIC_RELEASE);
    if (t->waiting)
      pthread_cond_signal(&t->idle);
  }
  pthread_mutex_unlock(&t->lock);
  return NULL;
}

/* At exit: jobs that poll return (quitting), idle threads wake and end,
 * and each is joined. A thread that called exit itself is not. */
static void agent_threads_exit(void) {
  __atomic_store_n(&quitting, 1, __ATOMIC_RELAXED);
  pthread_mutex_lock(&registry_lock);
  for (proact__agent_thread_t *t = registry; t != NULL; t = t->next) {
    pthread_mutex_lock(&t->lock);
    t->quit = 1;
    pthread_cond_signal(&t->wake);
    pthread_mutex_unlock(&t->lock);
  }
  for (proact__agent_thread_t *t = registry; t != NULL; t = t->next) {
    int rc;
    if (pthread_equal(t->thread, pthread_self()))
      continue;
    if ((rc = pthread_join(t->thread, NULL)) != 0)
      proact__warn("cannot join the agent thread %s: %s", t->name,
                   strerror(rc));
  }
  pthread_mutex_unlock(&registry_lock);
}

/* A child of fork has none of its parent's threads: its owners create new
 * ones on first use instead of waiting on threads that do not exist. */
static void agent_threads_forget(void) {
  for (proact__agent_thread_t *t = registry; t != NULL; t = t->next)
    *t->slot = NULL;
  registry = NULL;
  pthread_mutex_init(&registry_lock, NULL);
}

static void agent_threads_hooks(void) {
  int rc;
  if (atexit(agent_threads_exit) != 0)
    proact__warn("cannot register the agent threads' end at exit; they "
                 "are not joined");
  if ((rc = pthread_atfork(NULL, NULL, agent_threads_forget)) != 0)
    proact__warn("cannot register the agent threads' reset in a forked "
                 "child: %s", strerror(rc));
}

/* Creates the thread of role and dev into *slot; under registry_lock. */
static proact_status_t agent_thread_create(proact__agent_thread_t **slot,
                                           const char *role, int dev) {
  proact__agent_thread_t *t;
  int rc;

  if (proact__agent_thread_quitting()) {
    proact__error("no %s agent thread for device %d: the process is "
                  "exiting", role, dev);
    return PROACT_ERR_DEVICE;
  }
  pthread_once(&hooks_once, agent_threads_hooks);
  if ((t = calloc(1, sizeof(*t))) == NULL) {
    proact__error("out of host memory for the %s agent thread of device %d",
                  role, dev);
    return PROACT_ERR_NO_MEMORY;
  }
  snprintf(t->name, sizeof(t->name), "proact-%s-%d", role, dev);
  if ((rc = pthread_mutex_init(&t->lock, NULL)) != 0 ||
      (rc = pthread_cond_init(&t->wake, NULL)) != 0 ||
      (rc = pthread_cond_init(&t->idle, NULL)) != 0) {
    proact__error("cannot set up the %s agent thread of device %d: %s", role,
                  dev, strerror(rc));
    free(t);
    return PROACT_ERR_DEVICE;
  }
  if ((rc = pthread_create(&t->thread, NULL, agent_thread_main, t)) != 0) {
    /* Recorded, not logged: the loop that wanted the thread ends the
     * program with this as its cause (loop.c). EAGAIN is a limit on
     * threads or memory, not a fault of the device. */
    proact__set_last_error(
        "cannot start the %s agent thread of device %d: pthread_create: "
        "%s%s",
        role, dev, strerror(rc),
        rc == EAGAIN ? " (a limit on threads or virtual memory: see ulimit "
                       "-u and ulimit -v)"
                     : "");
    free(t); /* the thread did not start */
    return rc == EAGAIN || rc == ENOMEM ? PROACT_ERR_NO_MEMORY
                                        : PROACT_ERR_DEVICE;
  }
  if ((rc = pthread_setname_np(t->thread, t->name)) != 0)
    proact__warn("cannot name the agent thread %s: %s", t->name,
                 strerror(rc));
  /* Woken by a post, a SCHED_OTHER thread would preempt the poster (the
   * loop's thread, about to launch the kernels) where cores are few;
   * SCHED_BATCH drops only that wake-up preemption, not its share. */
  {
    const struct sched_param param = {0};
    if ((rc = pthread_setschedparam(t->thread, SCHED_BATCH, &param)) != 0)
      proact__warn("cannot make the agent thread %s SCHED_BATCH: %s",
                   t->name, strerror(rc));
  }
  t->slot = slot;
  t->next = registry;
  registry = t;
  __atomic_store_n(slot, t, __ATOMIC_RELEASE);
  return PROACT_OK;
}

proact_status_t proact__agent_thread_post(proact__agent_thread_t **thread_p,
                                          const char *role, int dev,
                                          void (*fn)(void *), void *arg) {
  proact__agent_thread_t *t = __atomic_load_n(thread_p, __ATOMIC_ACQUIRE);
  int sleeping;

  if (t == NULL) {
    proact_status_t st = PROACT_OK;
    pthread_mutex_lock(&registry_lock);
    if (*thread_p == NULL)
      st = agent_thread_create(thread_p, role, dev);
    pthread_mutex_unlock(&registry_lock);
    if (st != PROACT_OK)
      return st;
    t = *thread_p;
  }
  pthread_mutex_lock(&t->lock);
  if (t->busy || t->quit) {
    int busy = t->busy;
    pthread_mutex_unlock(&t->lock);
    if (!busy)
      proact__error("agent thread %s: the process is exiting", t->name);
    return busy ? PROACT_ERR_INVALID_PARAM : PROACT_ERR_DEVICE;
  }
  t->fn = fn;
  t->arg = arg;
  __atomic_store_n(&t->busy, 1, __ATOMIC_RELAXED);
  __atomic_store_n(&t->posted, 1, __ATOMIC_RELEASE);
  sleeping = t->sleeping;
  pthread_mutex_unlock(&t->lock);
  /* Outside the lock, so the thread it wakes does not block on it. */
  if (sleeping)
    pthread_cond_signal(&t->wake);
  return PROACT_OK;
}

void proact__agent_thread_wait(proact__agent_thread_t *t) {
  if (t == NULL)
    return;
  agent_spin(&t->busy, 0);
  pthread_mutex_lock(&t->lock);
  while (t->busy) {
    t->waiting = 1;
    pthread_cond_wait(&t->idle, &t->lock);
  }
  t->waiting = 0;
  pthread_mutex_unlock(&t->lock);
}
