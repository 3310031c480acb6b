/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* PROACT_CHECK_HOST=1: catches host code inside a data region that reads
 * an element of a region array a loop changed on the devices and no
 * `update host(...)` brought back, and host writes that no `update
 * device(...)` took to the devices before a loop reads them or a copy back
 * overwrites them.
 *
 * Between PROACT calls the host pages of every region array are protected:
 * pages holding a stale element (one whose host bytes differ from the
 * current value on the devices) take no access, the others are read-only.
 * A fault on a stale element read is the error; a write is recorded and
 * let through (stepped over one instruction on x86-64, so the page is
 * protected again at once). Every PROACT call lifts the protection on
 * entry (proact__host_check_enter) and sets it again on return
 * (proact__host_check_leave), comparing each array's host bytes with the
 * devices' current ones. A debugging mode: each return copies every region
 * array from the devices. */
#ifndef PROACT_CORE_HOST_CHECK_H
#define PROACT_CORE_HOST_CHECK_H

#include "presence.h"
#include "proact/detail/codegen.h"

/* Whether the check runs (PROACT_CHECK_HOST=1 and devices present). */
int proact__host_check_on(void);

/* On entry to a PROACT call that touches host arrays: lifts every page's
 * protection and collects the host writes seen since the last return. */
void proact__host_check_enter(void);

/* On return from it to the program: what the call at file:line changed on
 * the devices is now stale on the host; protects the pages again. */
void proact__host_check_leave(const char *file, int line);

/* Iterations [klo, khi) of a loop, run on device dev. */
typedef struct proact__host_check_piece {
  int dev;
  long long klo, khi;
} proact__host_check_piece_t;

/* Before a loop's kernels: an error when a piece (pieces[0..npieces-1], in
 * the order of the parts) reads an element the host wrote and no update
 * device(...) made current. entries: the region entry of each of desc's
 * arrays, NULL for none. */
void proact__host_check_loop(const proact__loop_desc_t *desc,
                             proact__present_t *const *entries,
                             const proact__host_check_piece_t *pieces,
                             long long npieces);

/* Before bytes [lo, hi) of entry are copied from the devices to the host
 * (update host(...), or a copy back at the region's end): an error when
 * that overwrites a host write with a different value. what and
 * file:line:col say which directive copies. */
void proact__host_check_copy_back(proact__present_t *entry, uint64_t lo,
                                  uint64_t hi, const char *what,
                                  const char *file, int line, int col);

/* update device(...) sent bytes [lo, hi) of entry: the host's writes there
 * reached the devices. */
void proact__host_check_sent(proact__present_t *entry, uint64_t lo,
                             uint64_t hi);

/* entry is freed. */
void proact__host_check_forget(proact__present_t *entry);

#endif
