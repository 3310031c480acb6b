/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* Table of live region arrays: a host byte range and its copy on each
 * device of the region that created it, a full replica or, for a
 * distributed array, a window that grows with what the device's loops use
 * (window.h). Lookups by host range give the entry that contains a section,
 * like OpenMP's present table. */
#ifndef PROACT_CORE_PRESENCE_H
#define PROACT_CORE_PRESENCE_H

#include <stddef.h>
#include <stdint.h>

#include "param.h"
#include "validity.h"

typedef struct proact__present {
  struct proact__present *next;
  const char *name;    /* spelling in the pragma that created it */
  long long lo, len;   /* the section as written, for messages */
  size_t elem_size;    /* sizeof(name[0]), for messages */
  char *host_lo;       /* host bytes [host_lo, host_hi) */
  char *host_hi;
  int ndevs;           /* devices of the region, in region order */
  int devs[PROACT__DEV_MAX];
  /* devs[i] holds byte offsets [wlo[i], whi[i]) of the section at ptrs[i]
   * (NULL when empty): all of it for a replica, a window when distributed. */
  void *ptrs[PROACT__DEV_MAX];
  uint64_t wlo[PROACT__DEV_MAX];
  uint64_t whi[PROACT__DEV_MAX];
  int distribute;      /* windows instead of replicas */
  int unified;         /* one shared allocation, ptrs[] all equal
                          (unified.h) */
  struct proact__unified_hints *hints; /* unified: the last hints given */
  /* Which devices hold the current value of each byte, over byte offsets
   * [0, host_hi - host_lo); PROACT__DEVMASK_HOST too for distributed
   * entries. NULL for implicit entries (every replica is current from
   * copy-in to the end of their loop). */
  proact__validity_t *valid;
  /* Which devices read each byte since it was last written (the mask is
   * the set of readers): the consumers a mechanism pushes new values to
   * (push.h). NULL exactly when valid is. */
  proact__validity_t *readers;
  int kind;            /* PROACT__MAP_*, what happens at the end */
  int last_decomp;     /* how the last loop that wrote it was split */
  long long last_block; /* (PROACT__DECOMP_*, BLOCK_CYCLIC's block) */
  int implicit;        /* created by a loop outside any data region */
  /* OpenMP's two reference counts: refs, the spread 'target enter data'
   * mappings not exited yet (enter.c); holds, the live data regions that
   * name it. The entry goes when both are zero, with the copy back of the
   * construct that ended the last one. */
  int refs;
  int holds;
  /* 1 + the OpenMP device a spread construct mapped it for (its default
   * device then); 0: a PROACT data region's. An OpenMP construct of
   * another device does not find it present (stay.c). */
  int omp_dev1;
  /* Deleted ('target exit data map(delete:)') while regions held it: out
   * of the table and without replicas, kept only for those regions'
   * ends, which copy nothing back (OpenMP finds nothing present there). */
  int gone;
  const char *file;    /* the directive that created it */
  int line;
  /* Creation order: the same on every rank, unlike the entry's address,
   * so that loops that walk several entries do it in the same order
   * everywhere and the ranks' transfers match (docs/design/ranks.md). */
  uint64_t serial;
  struct proact__host_check *host_check; /* PROACT_CHECK_HOST's state */
} proact__present_t;

/* What free() and realloc() learn of a live entry whose host bytes a
 * block overlaps (free_watch.c): copies, as the entry may go meanwhile. */
typedef struct proact__held {
  const char *lo, *hi; /* host bytes [lo, hi) */
  const char *name;
  long long sec_lo, sec_len;
  const char *file;
  int line;
  int implicit;
  int entered; /* held by 'target enter data' mappings alone */
} proact__held_t;

/* free() of the host bytes [lo, hi) of an entry only 'target enter data'
 * mappings hold: noted, from any thread, for the owner thread to end
 * those mappings at PROACT's next call (proact__enter_reap_freed). 0
 * when the note does not fit (more such frees than slots between two
 * calls). */
int proact__present_note_freed(const char *lo, const char *hi);

/* Takes the next note: 1 and its bytes, or 0 when none is left; *lost
 * is set when a note did not fit. Owner thread only. */
int proact__present_take_freed(const char **lo, const char **hi, int *lost);

/* Whether any entry is live, without a lock: free()'s fast path. */
int proact__present_held_any(void);

/* Whether a live entry's host bytes overlap [lo, hi); *out then describes
 * one. Lock-free, callable from any thread and from inside the table's
 * own calls. */
int proact__present_held_overlap(const char *lo, const char *hi,
                                 proact__held_t *out);

typedef enum proact__present_match {
  PROACT__PRESENT_NONE,     /* no live entry touches the range */
  PROACT__PRESENT_CONTAINS, /* one live entry holds the whole range */
  PROACT__PRESENT_PARTIAL   /* a live entry overlaps only part of it */
} proact__present_match_t;

/* Looks up host bytes [lo, hi); *entry_p is the containing entry, or the
 * partially overlapping one. */
proact__present_match_t proact__present_find(const char *lo, const char *hi,
                                             proact__present_t **entry_p);
void proact__present_insert(proact__present_t *entry);
void proact__present_remove(proact__present_t *entry);
/* After an entry's refs or holds changed: what free() learns of it. */
void proact__present_refresh(void);
/* Calls func on every live entry. */
void proact__present_each(void (*func)(proact__present_t *entry, void *arg),
                          void *arg);

/* Orders entries by serial (-1, 0, 1); NULL first. */
static inline int proact__present_order(const proact__present_t *a,
                                        const proact__present_t *b) {
  if (a == b)
    return 0;
  if (a == NULL || b == NULL)
    return a == NULL ? -1 : 1;
  return a->serial < b->serial ? -1 : a->serial > b->serial;
}

/* Index i of OpenMP device dev in entry->devs, -1 when it is not one of
 * the entry's devices. */
int proact__present_dev_index(const proact__present_t *entry, int dev);

/* Device address of host_addr (inside the entry) on OpenMP device dev, or
 * NULL when dev's copy does not cover it. */
void *proact__present_dev_addr(const proact__present_t *entry, int dev,
                               const void *host_addr);

/* Whether loops keep entry's copies consistent through its validity map:
 * region entries with several replicas, or distributed (the host is then
 * a holder too). */
static inline int proact__present_tracked(const proact__present_t *entry) {
  return entry != NULL && entry->valid != NULL &&
         (entry->ndevs > 1 || entry->distribute);
}

/* The devices that hold what dev wrote into entry: dev, or every device
 * of a unified entry (they share its memory). */
static inline proact__devmask_t
proact__present_holders(const proact__present_t *entry, int dev) {
  proact__devmask_t mask = PROACT__DEVMASK(dev);
  if (entry->unified)
    for (int i = 0; i < entry->ndevs; i++)
      mask |= PROACT__DEVMASK(entry->devs[i]);
  return mask;
}

/* Stops the program with a clear message (out of device memory, or the
 * driver's reason) when allocating the replica or window ('what') of entry
 * on device dev failed with st; returns when st is PROACT_OK. */
void proact__present_alloc_check(proact_status_t st, const char *what,
                                 const proact__present_t *entry, int dev,
                                 size_t bytes, const char *file, int line,
                                 int col);

/* A spread construct at file:line:col finds entry present for
 * name[lo:len]: an error when the entry was mapped for another OpenMP
 * default device than the current one. */
void proact__present_same_device(const proact__present_t *entry,
                                 const char *name, long long lo,
                                 long long len, const char *file, int line,
                                 int col);

#endif
