/* Table of live replicated arrays: a host byte range and its replica on
 * each device of the region that created it. Lookups by host range give the
 * entry that contains a section, like OpenMP's present table. */
#ifndef PROACT_CORE_PRESENCE_H
#define PROACT_CORE_PRESENCE_H

#include <stddef.h>

#include "../base/param.h"
#include "validity.h"

typedef struct proact__present {
  struct proact__present *next;
  const char *name;    /* spelling in the pragma that created it */
  long long lo, len;   /* the section as written, for messages */
  size_t elem_size;    /* sizeof(name[0]), for messages */
  char *host_lo;       /* host bytes [host_lo, host_hi) */
  char *host_hi;
  int ndevs;           /* devices holding a replica, in region order */
  int devs[PROACT__DEV_MAX];
  void *ptrs[PROACT__DEV_MAX]; /* replica of host_lo on devs[i] */
  /* Which replicas hold the current value of each byte, over byte offsets
   * [0, host_hi - host_lo); NULL for implicit entries (every replica is
   * current from copy-in to the end of their loop). */
  proact__validity_t *valid;
  int kind;            /* PROACT__MAP_*, what happens at the end */
  int implicit;        /* created by a loop outside any data region */
  const char *file;    /* the directive that created it */
  int line;
} proact__present_t;

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

/* Device address of host_addr (inside the entry) on OpenMP device dev, or
 * NULL when the entry has no replica there. */
void *proact__present_dev_addr(const proact__present_t *entry, int dev,
                               const void *host_addr);

#endif
