/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* The presence table: a short list (one entry per live array section). */
#include <omp.h>
#include <pthread.h>
#include <stddef.h>

#include "error_report.h"
#include "presence.h"
#include "proact.h"

static pthread_mutex_t present_lock = PTHREAD_MUTEX_INITIALIZER;
static proact__present_t *present_head;

/* The live entries' host ranges, for free() and realloc() (free_watch.c),
 * which run on any thread and inside this table's own calls: a sequence
 * lock over a fixed array, so that a reader neither locks nor reads an
 * entry that is being freed. Writers hold present_lock. */
#define HELD_MAX 1024
static proact__held_t held[HELD_MAX];
static unsigned held_n, held_seq;
static int held_overflow; /* more live entries than HELD_MAX */

static void held_rebuild(void) {
  unsigned n = 0;
  __atomic_store_n(&held_seq, held_seq + 1, __ATOMIC_RELAXED);
  __atomic_thread_fence(__ATOMIC_RELEASE);
  held_overflow = 0;
  for (proact__present_t *e = present_head; e != NULL; e = e->next) {
    if (n == HELD_MAX) {
      held_overflow = 1;
      break;
    }
    __atomic_store_n(&held[n].lo, e->host_lo, __ATOMIC_RELAXED);
    __atomic_store_n(&held[n].hi, e->host_hi, __ATOMIC_RELAXED);
    __atomic_store_n(&held[n].name, e->name, __ATOMIC_RELAXED);
    __atomic_store_n(&held[n].sec_lo, e->lo, __ATOMIC_RELAXED);
    __atomic_store_n(&held[n].sec_len, e->len, __ATOMIC_RELAXED);
    __atomic_store_n(&held[n].file, e->file, __ATOMIC_RELAXED);
    __atomic_store_n(&held[n].line, e->line, __ATOMIC_RELAXED);
    __atomic_store_n(&held[n].implicit, e->implicit, __ATOMIC_RELAXED);
    __atomic_store_n(&held[n].entered, e->refs > 0 && e->holds == 0,
                     __ATOMIC_RELAXED);
    n++;
  }
  __atomic_store_n(&held_n, n, __ATOMIC_RELAXED);
  __atomic_store_n(&held_seq, held_seq + 1, __ATOMIC_RELEASE);
}

/* free()d entered blocks, one slot per note: a writer claims a slot by
 * its ticket, fills it, then marks it ready; the owner thread reads the
 * slots in ticket order. */
#define FREED_MAX 256
static struct {
  const char *lo, *hi;
  unsigned ready; /* the ticket + 1 of the note it holds */
} freed[FREED_MAX];
static unsigned freed_head, freed_tail;
static int freed_lost;

int proact__present_note_freed(const char *lo, const char *hi) {
  const unsigned t = __atomic_fetch_add(&freed_head, 1u, __ATOMIC_ACQ_REL);
  if (t - __atomic_load_n(&freed_tail, __ATOMIC_ACQUIRE) >= FREED_MAX) {
    __atomic_store_n(&freed_lost, 1, __ATOMIC_RELEASE);
    return 0;
  }
  freed[t % FREED_MAX].lo = lo;
  freed[t % FREED_MAX].hi = hi;
  __atomic_store_n(&freed[t % FREED_MAX].ready, t + 1, __ATOMIC_RELEASE);
  return 1;
}

int proact__present_take_freed(const char **lo, const char **hi, int *lost) {
  const unsigned t = __atomic_load_n(&freed_tail, __ATOMIC_RELAXED);
  *lost = __atomic_load_n(&freed_lost, __ATOMIC_ACQUIRE);
  if (t == __atomic_load_n(&freed_head, __ATOMIC_ACQUIRE))
    return 0;
  /* A claimed slot is filled right after its claim; a ticket that did not
   * fit never is, and is passed over. */
  while (__atomic_load_n(&freed[t % FREED_MAX].ready, __ATOMIC_ACQUIRE) !=
         t + 1) {
    if (__atomic_load_n(&freed_lost, __ATOMIC_ACQUIRE)) {
      *lost = 1;
      __atomic_store_n(&freed_tail, t + 1, __ATOMIC_RELEASE);
      return 0;
    }
  }
  *lo = freed[t % FREED_MAX].lo;
  *hi = freed[t % FREED_MAX].hi;
  __atomic_store_n(&freed_tail, t + 1, __ATOMIC_RELEASE);
  return 1;
}

int proact__present_held_any(void) {
  return __atomic_load_n(&held_n, __ATOMIC_RELAXED) != 0;
}

int proact__present_held_overlap(const char *lo, const char *hi,
                                 proact__held_t *out) {
  for (;;) {
    const unsigned s0 = __atomic_load_n(&held_seq, __ATOMIC_ACQUIRE);
    unsigned n;
    int found = 0;
    if (s0 & 1u)
      continue; /* a writer is at work: a few stores */
    n = __atomic_load_n(&held_n, __ATOMIC_RELAXED);
    for (unsigned i = 0; i < n && !found; i++) {
      const char *l = __atomic_load_n(&held[i].lo, __ATOMIC_RELAXED);
      const char *h = __atomic_load_n(&held[i].hi, __ATOMIC_RELAXED);
      if (lo < h && l < hi) {
        out->lo = l;
        out->hi = h;
        out->name = __atomic_load_n(&held[i].name, __ATOMIC_RELAXED);
        out->sec_lo = __atomic_load_n(&held[i].sec_lo, __ATOMIC_RELAXED);
        out->sec_len = __atomic_load_n(&held[i].sec_len, __ATOMIC_RELAXED);
        out->file = __atomic_load_n(&held[i].file, __ATOMIC_RELAXED);
        out->line = __atomic_load_n(&held[i].line, __ATOMIC_RELAXED);
        out->implicit = __atomic_load_n(&held[i].implicit, __ATOMIC_RELAXED);
        out->entered = __atomic_load_n(&held[i].entered, __ATOMIC_RELAXED);
        found = 1;
      }
    }
    __atomic_thread_fence(__ATOMIC_ACQUIRE);
    if (__atomic_load_n(&held_seq, __ATOMIC_RELAXED) == s0)
      return found;
  }
}

proact__present_match_t proact__present_find(const char *lo, const char *hi,
                                             proact__present_t **entry_p) {
  proact__present_match_t match = PROACT__PRESENT_NONE;

  pthread_mutex_lock(&present_lock);
  for (proact__present_t *e = present_head; e != NULL; e = e->next) {
    if (lo >= e->host_lo && hi <= e->host_hi) {
      match = PROACT__PRESENT_CONTAINS;
      *entry_p = e;
      break;
    }
    if (lo < e->host_hi && e->host_lo < hi) {
      match = PROACT__PRESENT_PARTIAL;
      *entry_p = e; /* keep looking: a containing entry wins */
    }
  }
  pthread_mutex_unlock(&present_lock);
  return match;
}

void proact__present_insert(proact__present_t *entry) {
  pthread_mutex_lock(&present_lock);
  entry->next = present_head;
  present_head = entry;
  held_rebuild();
  pthread_mutex_unlock(&present_lock);
}

void proact__present_remove(proact__present_t *entry) {
  pthread_mutex_lock(&present_lock);
  for (proact__present_t **p = &present_head; *p != NULL; p = &(*p)->next) {
    if (*p == entry) {
      *p = entry->next;
      break;
    }
  }
  held_rebuild();
  pthread_mutex_unlock(&present_lock);
}

void proact__present_refresh(void) {
  pthread_mutex_lock(&present_lock);
  held_rebuild();
  pthread_mutex_unlock(&present_lock);
}

void proact__present_each(void (*func)(proact__present_t *entry, void *arg),
                          void *arg) {
  pthread_mutex_lock(&present_lock);
  for (proact__present_t *e = present_head; e != NULL; e = e->next)
    func(e, arg);
  pthread_mutex_unlock(&present_lock);
}

int proact__present_dev_index(const proact__present_t *entry, int dev) {
  for (int i = 0; i < entry->ndevs; i++)
    if (entry->devs[i] == dev)
      return i;
  return -1;
}

void *proact__present_dev_addr(const proact__present_t *entry, int dev,
                               const void *host_addr) {
  int i = proact__present_dev_index(entry, dev);
  uint64_t off = (uint64_t)((const char *)host_addr - entry->host_lo);

  if (i < 0 || entry->ptrs[i] == NULL || off < entry->wlo[i] ||
      off > entry->whi[i])
    return NULL;
  return (char *)entry->ptrs[i] + (off - entry->wlo[i]);
}

void proact__present_alloc_check(proact_status_t st, const char *what,
                                 const proact__present_t *entry, int dev,
                                 size_t bytes, const char *file, int line,
                                 int col) {
  if (st == PROACT_ERR_NO_MEMORY)
    proact__fatal(file, line, col,
                  "out of device memory: the %s of %s[%lld:%lld] needs %zu "
                  "bytes (%.1f GiB) on device %d",
                  what, entry->name, entry->lo, entry->len, bytes,
                  (double)bytes / (1024.0 * 1024.0 * 1024.0), dev);
  if (st != PROACT_OK)
    proact__fatal(file, line, col,
                  "cannot allocate %zu bytes for the %s of %s[%lld:%lld] on "
                  "device %d: %s",
                  bytes, what, entry->name, entry->lo, entry->len, dev,
                  proact_status_string(st));
}

/* A spread construct (data region or loop at file:line:col) that finds
 * entry present for name[lo:len]: OpenMP would map a construct of another
 * default device its own copies, which one entry per host array cannot
 * hold beside these, so that is an error rather than a shared copy. */
void proact__present_same_device(const proact__present_t *entry,
                                 const char *name, long long lo,
                                 long long len, const char *file, int line,
                                 int col) {
  const int dev = omp_get_default_device();
  if (entry->omp_dev1 <= 0 || entry->omp_dev1 - 1 == dev)
    return;
  proact__fatal(file, line, col,
                "this spread construct runs on default device %d, but "
                "%s[%lld:%lld] is mapped for device %d (%s:%d): OpenMP would "
                "give the construct its own copy on device %d, which spread "
                "mode cannot hold beside the other; keep the default device "
                "that mapped it, or build this file without spread mode",
                dev, name, lo, len, entry->omp_dev1 - 1, entry->file,
                entry->line, dev);
}
