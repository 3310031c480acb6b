/* Splitting a loop's iterations over devices of different speeds. Each
 * loop site (file, line, id) on each device set keeps the share of the
 * iterations every part gets under a BLOCK decomposition. The shares start
 * equal; after each window of executions the kernel time per iteration of
 * every part gives the devices' speeds, and the shares move to the split
 * that finishes all parts together when that is predicted to save at least
 * 3% (one H200 of a pair ran the 16384^2 Jacobi 21% slower than the other,
 * and with equal halves the fast one idled). Results do not depend on the
 * split: the validity maps move whatever a changed split needs. */
#ifndef PROACT_CORE_BALANCE_H
#define PROACT_CORE_BALANCE_H

#include <stdint.h>

#include "../base/param.h"

typedef struct proact__balance proact__balance_t;

/* Executions measured before the shares may change. */
#define PROACT__BALANCE_WINDOW 4
/* Changes per site at most, so a loop whose cost moves with the split
 * cannot keep its readiness states and windows churning. */
#define PROACT__BALANCE_MAX_CHANGES 16

/* The state of the loop at file:line (id: the plugin's hash) on devs[0..n),
 * created on first use; NULL when PROACT_BALANCE is 0 or n < 2. */
proact__balance_t *proact__balance_of(const char *file, int line,
                                      unsigned long long id, int n,
                                      const int *devs);

/* Part p's iterations [*lo_p, *hi_p) of trip under the current shares:
 * consecutive, covering [0, trip), the last part ending at trip. Equal
 * shares give proact__partition_block's split. */
void proact__balance_cut(const proact__balance_t *b, long long trip, int p,
                         long long *lo_p, long long *hi_p);

/* Records one execution: part p ran iters[p] iterations in ns[p]
 * nanoseconds (host-measured kernel time). Returns 1 when the shares
 * changed (the next execution splits differently). */
int proact__balance_observe(proact__balance_t *b, const long long *iters,
                            const uint64_t *ns);

/* Share of part p, in [0, 1] (for messages and tests). */
double proact__balance_share(const proact__balance_t *b, int p);

/* Forgets every site's state (tests; at exit). */
void proact__balance_clear(void);

#endif
