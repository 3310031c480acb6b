/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* The watch on loop executions (watch.h). A thread started with the first
 * loop looks at the executions in flight four times a second. The agents'
 * own watchdog catches a protocol stall once a kernel has ended; this one
 * covers what has no end to wait for: a kernel that runs on. Knowing only
 * elapsed time, it cannot tell a stuck kernel from a slow one, so it
 * compares with the loop's earlier executions and only warns, unless the
 * user set PROACT_TIMEOUT. */
#include <pthread.h>
#include <stdint.h>
#include <time.h>

#include "clock.h"
#include "error_report.h"
#include "log.h"
#include "core_param.h"
#include "watch.h"

#define WATCH_SLOTS 64   /* executions in flight at once (host threads) */
#define WATCH_SITES 4096 /* loop sites with a history (open addressing) */
#define WATCH_FACTOR 10  /* warn past this many times the mean ... */
#define WATCH_MIN_NS 1000000000ull /* ... and past a second */

typedef struct watch_site {
  const void *key;
  uint64_t n;        /* executions ended */
  uint64_t total_ns; /* their time */
} watch_site_t;

typedef struct watch_slot {
  int used;
  const char *file;
  int line;
  uint64_t t0;
  uint64_t mean_ns;      /* of the earlier executions, 0: none */
  uint64_t next_warn_ns; /* elapsed time of the next warning */
  watch_site_t *site;
} watch_slot_t;

static pthread_mutex_t watch_lock = PTHREAD_MUTEX_INITIALIZER;
static watch_slot_t watch_slots[WATCH_SLOTS];
static watch_site_t watch_sites[WATCH_SITES];
static pthread_once_t watch_once = PTHREAD_ONCE_INIT;

static watch_site_t *watch_site(const void *key) {
  uintptr_t h = ((uintptr_t)key >> 4) * 0x9e3779b97f4a7c15ull;
  for (unsigned i = 0; i < WATCH_SITES; i++) {
    watch_site_t *s = &watch_sites[(h + i) % WATCH_SITES];
    if (s->key == key || s->key == NULL) {
      s->key = key;
      return s;
    }
  }
  return NULL; /* full: this site has no history */
}

static void watch_check(uint64_t now, uint64_t timeout_ns) {
  for (int i = 0; i < WATCH_SLOTS; i++) {
    watch_slot_t *w = &watch_slots[i];
    uint64_t elapsed;
    if (!w->used)
      continue;
    elapsed = now - w->t0;
    if (timeout_ns != 0 && elapsed > timeout_ns) {
      pthread_mutex_unlock(&watch_lock);
      proact__fatal_hung(
          w->file, w->line,
          "this execution of the loop has run for %.1f s, past "
          "PROACT_TIMEOUT=%llu s%s; ending the program (its kernels or "
          "transfers may be stuck)",
          (double)elapsed / 1e9,
          (unsigned long long)(timeout_ns / 1000000000u),
          w->mean_ns != 0 ? "" : " (its first execution)");
    }
    if (w->mean_ns != 0 && elapsed > w->next_warn_ns) {
      proact__warn("%s:%d: this execution of the loop has run for %.1f s, "
                   "%.0fx its earlier executions (%.3f s on average); still "
                   "waiting for its kernels and transfers (PROACT_TIMEOUT "
                   "makes this an error)",
                   w->file, w->line, (double)elapsed / 1e9,
                   (double)elapsed / (double)w->mean_ns,
                   (double)w->mean_ns / 1e9);
      w->next_warn_ns = 2 * elapsed;
    }
  }
}

static void *watch_run(void *arg) {
  const uint64_t timeout_ns =
      (uint64_t)proact__param_get(PROACT__PARAM_TIMEOUT)->i * 1000000000u;
  (void)arg;
  for (;;) {
    const struct timespec quarter = {0, 250000000};
    nanosleep(&quarter, NULL);
    pthread_mutex_lock(&watch_lock);
    watch_check(proact__now_ns(), timeout_ns);
    pthread_mutex_unlock(&watch_lock);
  }
  return NULL;
}

/* Detached: it holds nothing at exit. A thread that cannot start leaves
 * the loops unwatched, with a warning. */
static void watch_start(void) {
  pthread_t thread;
  pthread_attr_t attr;
  int rc = pthread_attr_init(&attr);
  if (rc == 0) {
    pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
    rc = pthread_create(&thread, &attr, watch_run, NULL);
    pthread_attr_destroy(&attr);
  }
  if (rc != 0)
    proact__warn("cannot start the thread that watches loop executions "
                 "(pthread_create: error %d); long executions go unreported "
                 "and PROACT_TIMEOUT is not applied", rc);
  else
    pthread_setname_np(thread, "proact-watch");
}

int proact__watch_begin(const void *key, const char *file, int line,
                        uint64_t t0) {
  int slot = -1;
  pthread_once(&watch_once, watch_start);
  pthread_mutex_lock(&watch_lock);
  for (int i = 0; i < WATCH_SLOTS && slot < 0; i++) {
    watch_slot_t *w = &watch_slots[i];
    if (w->used)
      continue;
    w->used = 1;
    w->file = file;
    w->line = line;
    w->t0 = t0;
    w->site = watch_site(key);
    w->mean_ns = w->site != NULL && w->site->n > 0
                     ? w->site->total_ns / w->site->n
                     : 0;
    w->next_warn_ns = WATCH_FACTOR * w->mean_ns > WATCH_MIN_NS
                          ? WATCH_FACTOR * w->mean_ns
                          : WATCH_MIN_NS;
    slot = i;
  }
  pthread_mutex_unlock(&watch_lock);
  return slot;
}

void proact__watch_end(int slot, uint64_t ns) {
  if (slot < 0 || slot >= WATCH_SLOTS)
    return;
  pthread_mutex_lock(&watch_lock);
  if (watch_slots[slot].site != NULL) {
    watch_slots[slot].site->n++;
    watch_slots[slot].site->total_ns += ns;
  }
  watch_slots[slot].used = 0;
  pthread_mutex_unlock(&watch_lock);
}
