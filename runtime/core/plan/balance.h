/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* Splitting loops' iterations over devices of different speeds (opt-in:
 * PROACT_BALANCE=1). The BLOCK loops of one trip count on one device set
 * share their shares of the iterations, so that a loop and the loop that
 * reads what it wrote keep the same boundaries (balanced per loop site, a
 * Jacobi's two sweeps would drift apart and move data on every sweep).
 * The shares start equal; after each window of executions the
 * kernel time per iteration of every part gives the devices' speeds, and
 * the shares move halfway to the split that would finish all parts
 * together, when that is predicted to save at least 3%. A window whose
 * slowest part took longer than under the best shares seen (kernel time is
 * not linear in the iterations) puts the best shares back for good. Results do not
 * depend on the split: the validity maps move what a changed split needs. */
#ifndef PROACT_CORE_BALANCE_H
#define PROACT_CORE_BALANCE_H

#include <stdint.h>

#include "param.h"

typedef struct proact__balance proact__balance_t;

/* Executions measured before the shares may change. */
#define PROACT__BALANCE_WINDOW 8
/* Changes of one state at most. */
#define PROACT__BALANCE_MAX_CHANGES 16

/* The shares of BLOCK loops of trip iterations on devs[0..n), created on
 * first use; NULL when PROACT_BALANCE is 0 or n < 2. */
proact__balance_t *proact__balance_of(long long trip, int n,
                                      const int *devs);

/* The shares at one moment, which one execution splits by. */
typedef struct proact__shares {
  int n;
  int equal;                       /* all 1/n */
  double cum[PROACT__DEV_MAX + 1]; /* cum[p]: shares of the parts before p */
} proact__shares_t;

/* Copies b's current shares, under its lock: another thread's observe
 * cannot make one execution's parts come from two different sets. */
void proact__balance_shares(const proact__balance_t *b,
                            proact__shares_t *out);

/* Part p's iterations [*lo_p, *hi_p) of trip under shares s: consecutive,
 * covering [0, trip), the last part ending at trip. Equal shares give
 * proact__partition_block's split. */
void proact__balance_cut(const proact__shares_t *s, long long trip, int p,
                         long long *lo_p, long long *hi_p);

/* Records one execution: part p ran iters[p] iterations in ns[p]
 * nanoseconds (host-measured kernel time). Returns 1 when the shares
 * changed (the next execution splits differently). */
int proact__balance_observe(proact__balance_t *b, const long long *iters,
                            const uint64_t *ns);

/* Share of part p, in [0, 1] (for messages and tests). */
double proact__balance_share(const proact__balance_t *b, int p);

#endif
