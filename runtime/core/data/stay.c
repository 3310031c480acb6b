/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* OpenMP target constructs that stay on one device while data regions or
 * spread 'target enter data' mappings hold arrays (spread mode's
 * constructs it does not spread, and any target construct of code built
 * without the plugin). OpenMP finds a held array
 * present on the construct's device, so the construct must see the
 * region's current values there and its writes must become the region's:
 * before it, every live region array is made current on that device, in
 * the copy OpenMP finds present (the first logical device's replica, or a
 * copy made and associated for the construct); after it, that copy is the
 * array's only current one, as after a loop that wrote all of it. The host
 * copy is left alone, as OpenMP leaves it. A construct that runs
 * asynchronously cannot be followed: the generated wrapper waits for it,
 * and one seen only through OMPT is an error. */
#include <dlfcn.h>
#include <omp.h>
#include <omp-tools.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dev.h"
#include "enter.h"
#include "devices.h"
#include "error_report.h"
#include "log.h"
#include "owner.h"
#include "presence.h"
#include "proact.h"
#include "replica.h"
#include "ompt_follow.h"
#include "stay.h"
#include "validity.h"
#include "window.h"

/* One held array made current on the construct's device. */
typedef struct stay_item {
  proact__present_t *entry;
  int pdev;    /* the PROACT device whose replica OpenMP finds, or -1 */
  void *tmp;   /* else: the copy made for the construct */
  int window;  /* index of a distributed window taken off the table */
  int hidden;  /* a spread mapping of another device: the copy PROACT
                  associated here, taken off the table for the construct,
                  or -1; nothing else done */
} stay_item_t;

struct proact__stay_state {
  const char *file;
  int line;
  int omp_dev;
  int n, cap;
  stay_item_t *items;
};

/* PROACT's own target regions (loops) and the wrapped constructs: OMPT's
 * callbacks leave them alone. Counters, since a loop's kernels run on other
 * threads. */
static int stay_paused;
static int stay_wrapped;
static __thread int stay_busy;
/* The construct this thread is inside (a 'target data' that stays, say):
 * the constructs within it find the arrays where it put them. */
static __thread struct proact__stay_state *stay_outer;
static pthread_mutex_t stay_lock = PTHREAD_MUTEX_INITIALIZER;

void proact__stay_pause(int delta) {
  __atomic_add_fetch(&stay_paused, delta, __ATOMIC_SEQ_CST);
}

static void held_one(proact__present_t *entry, void *arg) {
  int *n = arg;
  if (!entry->implicit)
    (*n)++;
}

static int stay_held(void) {
  int n = 0;
  /* Without devices there are no entries (and the callbacks of the
   * devices' start-up must not start them again). */
  proact__present_each(held_one, &n);
  return n;
}

static void stay_fail(const struct proact__stay_state *s,
                      const proact__present_t *entry, const char *why) {
  char what[640];
  /* The constructs seen through OMPT have no line: their code's address. */
  if (s->line > 0)
    snprintf(what, sizeof(what), "this OpenMP target construct");
  else
    snprintf(what, sizeof(what), "the OpenMP target construct at %s",
             s->file);
  proact__fatal(s->line > 0 ? s->file : NULL, s->line, 0,
                "%s stays on device %d, where OpenMP finds %s[%lld:%lld] "
                "present through the %s of %s:%d, but %s",
                what, s->omp_dev, entry->name, entry->lo, entry->len,
                entry->holds > 0 ? "data region" : "target enter data",
                entry->file, entry->line, why);
}

typedef struct stay_pull {
  proact__present_t *entry;
  int dst;
  char *to; /* offset 0 of dst's copy */
} stay_pull_t;

static proact_status_t stay_pull_piece(void *arg, uint64_t lo, uint64_t hi,
                                       proact__devmask_t mask) {
  stay_pull_t *p = arg;
  proact__present_t *entry = p->entry;
  int src;

  mask &= ~PROACT__DEVMASK_HOST;
  if (mask == 0) /* only the host holds it (a distributed array) */
    return proact__dev_copy_to_dev(p->dst, p->to + lo, entry->host_lo + lo,
                                   (size_t)(hi - lo));
  src = proact__devmask_first(mask);
  return proact__dev_copy_peer(p->dst, p->to + lo, src,
                               proact__present_dev_addr(entry, src,
                                                        entry->host_lo + lo),
                               (size_t)(hi - lo));
}

/* The array's current value in host memory buf (not the host array, which
 * OpenMP leaves as it is). */
static void stay_current_into(proact__present_t *entry, char *buf) {
  size_t bytes = (size_t)(entry->host_hi - entry->host_lo);
  /* Pieces the host holds are left to the host copy by the gather, whose
   * copies a GPU makes asynchronously: buf is read once they landed. */
  memcpy(buf, entry->host_lo, bytes);
  proact__replica_gather_to(entry, 0, bytes, buf);
  if (proact__dev_sync_all() != PROACT_OK)
    proact__fatal(entry->file, entry->line, 0,
                  "copying %s[%lld:%lld] from the devices failed",
                  entry->name, entry->lo, entry->len);
}

/* A new item of s for entry, nothing done yet. */
static stay_item_t *stay_item_new(struct proact__stay_state *s,
                                  proact__present_t *entry) {
  stay_item_t *it;
  if (s->n == s->cap) {
    s->cap = s->cap ? 2 * s->cap : 8;
    s->items = realloc(s->items, (size_t)s->cap * sizeof(*s->items));
    if (s->items == NULL)
      proact__fatal(s->file, s->line, 0, "out of host memory");
  }
  it = &s->items[s->n++];
  memset(it, 0, sizeof(*it));
  it->entry = entry;
  it->pdev = -1;
  it->window = -1;
  it->hidden = -1;
  return it;
}

static void stay_enter_one(struct proact__stay_state *s,
                           proact__present_t *entry) {
  size_t bytes = (size_t)(entry->host_hi - entry->host_lo);
  int pdev = proact__dev_of_omp(s->omp_dev);
  int i = pdev >= 0 ? proact__present_dev_index(entry, pdev) : -1;
  stay_item_t *it;

  if (bytes == 0)
    return;
  it = stay_item_new(s, entry);
  if (i >= 0 && !entry->distribute && entry->ptrs[i] != NULL &&
      proact__devices_associated(pdev)) {
    /* The replica OpenMP finds: bring it what it lacks. */
    it->pdev = pdev;
    if (!entry->unified && proact__present_tracked(entry)) {
      stay_pull_t p = {entry, pdev, entry->ptrs[i]};
      proact_status_t st = proact__validity_walk_lacking(
          entry->valid, 0, bytes, pdev, stay_pull_piece, &p);
      if (st == PROACT_OK)
        st = proact__dev_sync_all();
      if (st != PROACT_OK)
        stay_fail(s, entry, "making it current there failed");
      if (proact__validity_add(entry->valid, 0, bytes,
                               PROACT__DEVMASK(pdev)) != PROACT_OK)
        proact__fatal(s->file, s->line, 0, "out of host memory");
    }
    return;
  }
  /* No replica there (another device, or a distributed array's window):
   * a copy of the current value, associated for the construct. */
  {
    char *buf = malloc(bytes);
    if (buf == NULL)
      proact__fatal(s->file, s->line, 0, "out of host memory");
    stay_current_into(entry, buf);
    if (i >= 0 && entry->ptrs[i] != NULL && proact__devices_associated(pdev)) {
      if (omp_target_disassociate_ptr(entry->host_lo + entry->wlo[i],
                                      s->omp_dev) != 0)
        stay_fail(s, entry, "its window there could not be set aside");
      it->window = i;
    }
    it->tmp = omp_target_alloc(bytes, s->omp_dev);
    if (it->tmp == NULL ||
        omp_target_memcpy(it->tmp, buf, bytes, 0, 0, s->omp_dev,
                          omp_get_initial_device()) != 0 ||
        omp_target_associate_ptr(entry->host_lo, it->tmp, bytes, 0,
                                 s->omp_dev) != 0) {
      free(buf);
      stay_fail(s, entry,
                "PROACT could not place a copy of it there (out of device "
                "memory, or an OpenMP data directive of the program maps "
                "part of it on that device)");
    }
    free(buf);
  }
}

/* A spread construct's mapping is OpenMP's on the device it was made for:
 * a construct of another device does not find it present, and maps its
 * own copies from the host, as OpenMP would. */
static void stay_hide_one(struct proact__stay_state *s,
                          proact__present_t *entry) {
  int pdev = proact__dev_of_omp(s->omp_dev);
  int i = pdev >= 0 ? proact__present_dev_index(entry, pdev) : -1;
  stay_item_t *it;

  if (i < 0 || entry->ptrs[i] == NULL || !proact__devices_associated(pdev))
    return;
  it = stay_item_new(s, entry);
  it->hidden = i;
  if (omp_target_disassociate_ptr(entry->host_lo + entry->wlo[i],
                                  s->omp_dev) != 0)
    stay_fail(s, entry, "its copy there could not be set aside");
}

static void stay_collect(proact__present_t *entry, void *arg) {
  struct proact__stay_state *s = arg;
  if (entry->implicit)
    return;
  if (entry->omp_dev1 > 0 && entry->omp_dev1 - 1 != s->omp_dev)
    stay_hide_one(s, entry);
  else
    stay_enter_one(s, entry);
}

typedef struct stay_span {
  uint64_t lo, hi;
} stay_span_t;

static int stay_span_cmp(const void *pa, const void *pb) {
  const stay_span_t *a = pa, *b = pb;
  return (a->lo > b->lo) - (a->lo < b->lo);
}

/* Whether window i of a distributed entry holds bytes in this process. */
static int stay_window_here(const proact__present_t *entry, int i) {
  return entry->ptrs[i] != NULL && entry->wlo[i] < entry->whi[i] &&
         proact__dev_is_local(entry->devs[i]);
}

/* Whether buf differs from the host array outside every local window of
 * a distributed entry. */
static int stay_changed_outside(const proact__present_t *entry,
                                const char *buf, size_t bytes) {
  stay_span_t spans[PROACT__DEV_MAX];
  uint64_t at = 0;
  int n = 0;

  for (int i = 0; i < entry->ndevs; i++)
    if (stay_window_here(entry, i))
      spans[n++] = (stay_span_t){entry->wlo[i], entry->whi[i]};
  qsort(spans, (size_t)n, sizeof(*spans), stay_span_cmp);
  for (int k = 0; k <= n; k++) {
    uint64_t gap_hi = k < n ? spans[k].lo : (uint64_t)bytes;
    if (gap_hi > at &&
        memcmp(buf + at, entry->host_lo + at, (size_t)(gap_hi - at)) != 0)
      return 1;
    if (k < n && spans[k].hi > at)
      at = spans[k].hi;
  }
  return 0;
}

/* A distributed array's value after the construct (buf) goes to the
 * devices' windows, which then hold it; a byte outside every window stays
 * the host's. The host array is the program's, which OpenMP leaves as it
 * was: where the construct changed bytes outside the windows, the first
 * local device's window grows to the whole array to keep them. */
static void stay_back_distributed(struct proact__stay_state *s,
                                  proact__present_t *entry, const char *buf,
                                  size_t bytes) {
  proact_status_t st = PROACT_OK;

  if (stay_changed_outside(entry, buf, bytes)) {
    int i0 = -1;
    for (int i = 0; i < entry->ndevs && i0 < 0; i++)
      if (proact__dev_is_local(entry->devs[i]))
        i0 = i;
    if (i0 < 0)
      stay_fail(s, entry, "no device of this process holds a window of it");
    proact__window_cover(entry, i0, 0, (uint64_t)bytes, s->file, s->line, 0);
  }
  if (proact__validity_set(entry->valid, 0, bytes, PROACT__DEVMASK_HOST) !=
      PROACT_OK)
    proact__fatal(s->file, s->line, 0, "out of host memory");
  for (int i = 0; i < entry->ndevs && st == PROACT_OK; i++)
    if (stay_window_here(entry, i)) {
      st = proact__dev_copy_to_dev(entry->devs[i], entry->ptrs[i],
                                   buf + entry->wlo[i],
                                   (size_t)(entry->whi[i] - entry->wlo[i]));
      if (st == PROACT_OK &&
          proact__validity_set(entry->valid, entry->wlo[i], entry->whi[i],
                               0) != PROACT_OK)
        proact__fatal(s->file, s->line, 0, "out of host memory");
    }
  for (int i = 0; i < entry->ndevs && st == PROACT_OK; i++)
    if (stay_window_here(entry, i) &&
        proact__validity_add(entry->valid, entry->wlo[i], entry->whi[i],
                             PROACT__DEVMASK(entry->devs[i])) != PROACT_OK)
      proact__fatal(s->file, s->line, 0, "out of host memory");
  if (st == PROACT_OK)
    st = proact__dev_sync_all();
  if (st != PROACT_OK)
    stay_fail(s, entry, "taking its value back from there failed");
}

/* After the construct: the copy OpenMP found holds the current value. */
static void stay_exit_one(struct proact__stay_state *s, stay_item_t *it) {
  proact__present_t *entry = it->entry;
  size_t bytes = (size_t)(entry->host_hi - entry->host_lo);
  proact__devmask_t holders;

  if (it->hidden >= 0) {
    const int i = it->hidden;
    if (omp_target_associate_ptr(entry->host_lo + entry->wlo[i],
                                 entry->ptrs[i],
                                 (size_t)(entry->whi[i] - entry->wlo[i]), 0,
                                 s->omp_dev) != 0)
      stay_fail(s, entry, "its copy there could not be put back");
    return;
  }

  if (it->pdev >= 0) {
    holders = proact__present_holders(entry, it->pdev);
  } else {
    char *buf = malloc(bytes);
    proact_status_t st = PROACT_OK;
    if (buf == NULL)
      proact__fatal(s->file, s->line, 0, "out of host memory");
    omp_target_disassociate_ptr(entry->host_lo, s->omp_dev);
    if (omp_target_memcpy(buf, it->tmp, bytes, 0, 0,
                          omp_get_initial_device(), s->omp_dev) != 0)
      st = PROACT_ERR_INVALID_PARAM;
    omp_target_free(it->tmp, s->omp_dev);
    /* The window back in OpenMP's table before it may grow. */
    if (it->window >= 0 &&
        omp_target_associate_ptr(entry->host_lo + entry->wlo[it->window],
                                 entry->ptrs[it->window],
                                 (size_t)(entry->whi[it->window] -
                                          entry->wlo[it->window]),
                                 0, s->omp_dev) != 0)
      stay_fail(s, entry, "its window there could not be put back");
    if (st == PROACT_OK && entry->distribute) {
      stay_back_distributed(s, entry, buf, bytes);
      holders = 0; /* set per window above */
    } else if (st == PROACT_OK) {
      int d0 = entry->devs[0];
      st = proact__dev_copy_to_dev(d0, entry->ptrs[0], buf, bytes);
      if (st == PROACT_OK)
        st = proact__dev_sync_all();
      holders = proact__present_holders(entry, d0);
    }
    free(buf);
    if (st != PROACT_OK)
      stay_fail(s, entry, "taking its value back from there failed");
  }
  if (entry->valid != NULL &&
      ((!(it->pdev < 0 && entry->distribute) &&
        proact__validity_set(entry->valid, 0, bytes, holders) != PROACT_OK) ||
       proact__validity_set(entry->readers, 0, bytes, 0) != PROACT_OK))
    proact__fatal(s->file, s->line, 0, "out of host memory");
}

static void entered_one(proact__present_t *entry, void *arg) {
  proact__present_t **first = arg;
  if (entry->refs > 0 &&
      (*first == NULL || proact__present_order(entry, *first) < 0))
    *first = entry;
}

/* A 'target exit data' left to OpenMP while spread 'target enter data'
 * mappings are open: OpenMP cannot end them (it finds PROACT's copies
 * present for good), so what it should copy back would be lost. */
static void stay_exit_data(const char *file, int line) {
  proact__present_t *first = NULL;
  proact__present_each(entered_one, &first);
  if (first == NULL)
    return;
  if (line > 0)
    proact__fatal(file, line, 0,
                  "this 'target exit data' stays OpenMP's while a spread "
                  "'target enter data' maps %s[%lld:%lld] (%s:%d): OpenMP "
                  "would not end PROACT's mappings; remove the clause that "
                  "keeps it OpenMP's (nowait, depend, device, if, a map "
                  "modifier), so that it spreads",
                  first->name, first->lo, first->len, first->file,
                  first->line);
  proact__fatal(NULL, 0, 0,
                "the 'target exit data' at %s stays OpenMP's while a spread "
                "'target enter data' maps %s[%lld:%lld] (%s:%d): OpenMP "
                "would not end PROACT's mappings; build that file in spread "
                "mode",
                file, first->name, first->lo, first->len, first->file,
                first->line);
}

static struct proact__stay_state *stay_begin(const char *file, int line,
                                             int omp_dev, int exit_data) {
  struct proact__stay_state *s;

  if (exit_data)
    stay_exit_data(file, line);

  if (omp_dev < 0 || omp_dev >= omp_get_num_devices() || stay_held() == 0)
    return NULL;
  if (stay_outer != NULL) {
    if (stay_outer->omp_dev == omp_dev)
      return NULL;
    proact__fatal(file, line, 0,
                  "this OpenMP target construct on device %d stands inside "
                  "one on device %d (%s:%d) while data regions hold arrays: "
                  "PROACT keeps their current values on one device at a "
                  "time; run both on one device",
                  omp_dev, stay_outer->omp_dev,
                  stay_outer->file != NULL ? stay_outer->file : "?",
                  stay_outer->line);
  }
  /* Constructs of several threads (an omp parallel loop around them) take
   * their turns: each makes the arrays current for itself. */
  pthread_mutex_lock(&stay_lock);
  s = calloc(1, sizeof(*s));
  if (s == NULL)
    proact__fatal(file, line, 0, "out of host memory");
  s->file = file;
  s->line = line;
  s->omp_dev = omp_dev;
  proact__owner_enter(file, line, 0, "OpenMP target construct");
  proact__enter_reap_freed();
  proact__info(PROACT__SUBSYS_REGION,
               "%s:%d an OpenMP target construct on device %d: the data "
               "regions' arrays are made current there",
               file != NULL ? file : "?", line, omp_dev);
  proact__present_each(stay_collect, s);
  stay_outer = s;
  return s;
}

static void stay_end(struct proact__stay_state *s) {
  if (s == NULL)
    return;
  stay_outer = NULL;
  for (int i = 0; i < s->n; i++)
    stay_exit_one(s, &s->items[i]);
  proact__owner_leave();
  free(s->items);
  free(s);
  pthread_mutex_unlock(&stay_lock);
}

proact__stay_t proact__omp_stay_begin(const char *file, int line, int dev,
                                      int flags) {
  proact__stay_t st = {1, flags, NULL};

  if (dev == PROACT__STAY_DEFAULT_DEVICE)
    dev = omp_get_default_device();
  __atomic_add_fetch(&stay_wrapped, 1, __ATOMIC_SEQ_CST);
  stay_busy++;
  if (!(flags & PROACT__STAY_HANDOFF))
    st.state =
        stay_begin(file, line, dev, (flags & PROACT__STAY_EXIT_DATA) != 0);
  stay_busy--;
  return st;
}

void proact__omp_stay_end(proact__stay_t *st) {
  st->once = 0;
  /* An asynchronous construct must have finished first, so that what it
   * did (and OMPT's report of it) falls inside this window. */
  if (st->flags & PROACT__STAY_NOWAIT) {
#pragma omp taskwait
  }
  if (st->state != NULL) {
    stay_busy++;
    stay_end(st->state);
    stay_busy--;
    st->state = NULL;
  }
  __atomic_sub_fetch(&stay_wrapped, 1, __ATOMIC_SEQ_CST);
}

/* OMPT: the target constructs of code built without the plugin (LLVM 22's
 * libomptarget reports them; LLVM 16's does not). */

static struct proact__stay_state *ompt_state;
static char ompt_where[512];

static const char *ompt_describe(const void *codeptr) {
  Dl_info info;
  if (codeptr != NULL && dladdr(codeptr, &info) != 0 &&
      info.dli_fname != NULL) {
    /* addr2line -f -e FILE OFFSET names the function and line. */
    snprintf(ompt_where, sizeof(ompt_where), "%s+0x%llx%s%s%s",
             info.dli_fname,
             (unsigned long long)((const char *)codeptr -
                                  (const char *)info.dli_fbase),
             info.dli_sname != NULL ? " (in " : "",
             info.dli_sname != NULL ? info.dli_sname : "",
             info.dli_sname != NULL ? ")" : "");
  } else {
    snprintf(ompt_where, sizeof(ompt_where), "an unknown place");
  }
  return ompt_where;
}

static void ompt_on_target(ompt_target_t kind, ompt_scope_endpoint_t ep,
                           int device_num, ompt_data_t *task_data,
                           ompt_data_t *target_task_data,
                           ompt_data_t *target_data, const void *codeptr_ra) {
  (void)task_data;
  (void)target_task_data;
  (void)target_data;
  if (stay_busy || __atomic_load_n(&stay_paused, __ATOMIC_SEQ_CST) > 0 ||
      __atomic_load_n(&stay_wrapped, __ATOMIC_SEQ_CST) > 0)
    return;
  stay_busy++;
  if (ep == ompt_scope_begin) {
    /* A deferred target task may run on another thread. */
    if (kind == ompt_target_nowait || kind == ompt_target_enter_data_nowait ||
        kind == ompt_target_exit_data_nowait ||
        kind == ompt_target_update_nowait || proact__owner_elsewhere()) {
      if (device_num >= 0 && device_num < omp_get_num_devices() &&
          stay_held() > 0)
        /* exit's handlers would wait for OpenMP's task, which waits
         * here: end the process at once. */
        proact__fatal_hung(NULL, 0,
                      "an asynchronous (nowait) OpenMP target construct at "
                      "%s runs while a data region holds arrays, which the "
                      "construct may use on device %d: PROACT cannot keep "
                      "them current for it; remove 'nowait' there, or build "
                      "that file in spread mode (its construct then waits)",
                      ompt_describe(codeptr_ra), device_num);
    } else if (ompt_state == NULL) {
      static char where[512];
      snprintf(where, sizeof(where), "%s", ompt_describe(codeptr_ra));
      ompt_state = stay_begin(where, 0, device_num,
                              kind == ompt_target_exit_data);
    }
  } else if (ompt_state != NULL) {
    stay_end(ompt_state);
    ompt_state = NULL;
  }
  stay_busy--;
}

static int ompt_init(ompt_function_lookup_t lookup, int initial_device,
                     ompt_data_t *tool_data) {
  ompt_set_callback_t set;
  (void)initial_device;
  (void)tool_data;
  proact__ompt_follow_started();
  set = (ompt_set_callback_t)lookup("ompt_set_callback");
  if (set == NULL)
    return 0;
  /* Without the callback (LLVM 16) the tool has nothing to do: 0 turns
   * it off. */
  if (set(ompt_callback_target_emi, (ompt_callback_t)ompt_on_target) !=
      ompt_set_always)
    return 0;
  proact__ompt_follow_register(set);
  return 1;
}

static void ompt_fini(ompt_data_t *tool_data) { (void)tool_data; }

/* libomp looks this up at start-up; a tool of the program's own, found
 * first, takes its place (docs/user/limits.md). libomp loads the tools
 * OMP_TOOL_LIBRARIES names (profilers) only when this returns NULL. */
PROACT_API ompt_start_tool_result_t *
ompt_start_tool(unsigned int omp_version, const char *runtime_version) {
  static ompt_start_tool_result_t result = {ompt_init, ompt_fini, {0}};
  const char *libs = getenv("OMP_TOOL_LIBRARIES");
  (void)omp_version;
  (void)runtime_version;
  return libs != NULL && libs[0] != '\0' ? NULL : &result;
}
