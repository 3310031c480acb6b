/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* Shares of a loop's iterations per device, from measured speeds
 * (balance.h). */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "error_report.h"
#include "log.h"
#include "core_param.h"
#include "balance.h"
#include "partition.h"

struct proact__balance {
  proact__balance_t *next;
  long long trip;
  int n;
  int devs[PROACT__DEV_MAX];
  int equal;                     /* shares all 1/n: partition_block's split */
  double share[PROACT__DEV_MAX]; /* sums to 1 */
  double cum[PROACT__DEV_MAX + 1]; /* cum[p]: shares of parts before p */
  int window;                    /* executions measured in this window */
  double iters[PROACT__DEV_MAX]; /* and their iterations and ns per part */
  double ns[PROACT__DEV_MAX];
  double slowest;                /* and their slowest parts' ns, added */
  int have_best;
  double best_time;              /* a window's slowest part, mean ns */
  double best[PROACT__DEV_MAX];  /* under these shares */
  int best_equal;
  int frozen;                    /* the best shares were put back */
  int changes;
};

static proact__balance_t *balance_sites;
static pthread_mutex_t balance_lock = PTHREAD_MUTEX_INITIALIZER;

static void balance_set(proact__balance_t *b, const double *share) {
  b->cum[0] = 0;
  for (int p = 0; p < b->n; p++) {
    b->share[p] = share[p];
    b->cum[p + 1] = b->cum[p] + share[p];
  }
}

/* Starts a new window of measurements. */
static void balance_window_reset(proact__balance_t *b) {
  b->window = 0;
  b->slowest = 0;
  memset(b->iters, 0, sizeof(b->iters));
  memset(b->ns, 0, sizeof(b->ns));
}

proact__balance_t *proact__balance_of(long long trip, int n,
                                      const int *devs) {
  proact__balance_t *b;
  double equal[PROACT__DEV_MAX];

  if (n < 2 || !proact__param_get(PROACT__PARAM_BALANCE)->i)
    return NULL;
  pthread_mutex_lock(&balance_lock);
  for (b = balance_sites; b != NULL; b = b->next)
    if (b->trip == trip && b->n == n &&
        memcmp(b->devs, devs, (size_t)n * sizeof(*devs)) == 0)
      break;
  if (b == NULL && (b = calloc(1, sizeof(*b))) != NULL) {
    b->trip = trip;
    b->n = n;
    memcpy(b->devs, devs, (size_t)n * sizeof(*devs));
    b->equal = 1;
    for (int p = 0; p < n; p++)
      equal[p] = 1.0 / n;
    balance_set(b, equal);
    b->next = balance_sites;
    balance_sites = b;
  }
  pthread_mutex_unlock(&balance_lock);
  if (b == NULL)
    proact__fatal(NULL, 0, 0, "out of host memory");
  return b;
}

void proact__balance_shares(const proact__balance_t *b,
                            proact__shares_t *out) {
  pthread_mutex_lock(&balance_lock);
  out->n = b->n;
  out->equal = b->equal;
  memcpy(out->cum, b->cum, sizeof(out->cum));
  pthread_mutex_unlock(&balance_lock);
}

void proact__balance_cut(const proact__shares_t *s, long long trip, int p,
                         long long *lo_p, long long *hi_p) {
  if (s->equal) {
    proact__partition_block(trip, s->n, p, lo_p, hi_p);
    return;
  }
  /* long double: 64 bits of mantissa, exact for any trip count */
  *lo_p = p == 0 ? 0 : (long long)((long double)trip * s->cum[p]);
  *hi_p = p == s->n - 1 ? trip
                        : (long long)((long double)trip * s->cum[p + 1]);
  if (*lo_p > trip)
    *lo_p = trip;
  if (*hi_p > trip)
    *hi_p = trip;
  if (*hi_p < *lo_p)
    *hi_p = *lo_p;
}

static void balance_log(const proact__balance_t *b, const char *what,
                        double saving) {
  char buf[512];
  size_t used = 0;
  if (!proact__log_enabled(PROACT__LOG_INFO, PROACT__SUBSYS_PART))
    return;
  for (int p = 0; p < b->n && used < sizeof(buf); p++)
    used += (size_t)snprintf(buf + used, sizeof(buf) - used, "%s%d:%.3f",
                             p ? " " : "", b->devs[p], b->share[p]);
  proact__info(PROACT__SUBSYS_PART,
               "balance of %lld iterations: %s, shares per device %s "
               "(change %d; slowest part %+.1f%%)",
               b->trip, what, buf, b->changes, -100.0 * saving);
}

/* Ends a window. Its slowest part against the best window's: longer by
 * more than 1% puts the best shares back for good; shorter makes these
 * the best. Then the shares move halfway to those that finish every part
 * together at the measured speeds (each at least 1/(8n), so that every
 * device keeps being measured; a part held there leaves the rest to the
 * others by speed), when that is predicted to save at least 3%. */
static int balance_decide(proact__balance_t *b) {
  double speed[PROACT__DEV_MAX], target[PROACT__DEV_MAX];
  int held[PROACT__DEV_MAX] = {0}, nheld = 0, again = 1;
  double now = 0, then = 0, time = b->slowest / b->window;
  const double floor_share = 1.0 / (8.0 * b->n);

  for (int p = 0; p < b->n; p++)
    speed[p] = b->iters[p] / b->ns[p];
  balance_window_reset(b);
  if (b->frozen || b->changes >= PROACT__BALANCE_MAX_CHANGES)
    return 0;
  if (b->have_best && time > 1.01 * b->best_time) {
    balance_set(b, b->best);
    b->equal = b->best_equal;
    b->frozen = 1;
    b->changes++;
    balance_log(b, "slower than before, best shares back",
                1.0 - time / b->best_time);
    return 1;
  }
  if (!b->have_best || time < b->best_time) {
    b->have_best = 1;
    b->best_time = time;
    b->best_equal = b->equal;
    memcpy(b->best, b->share, sizeof(b->best));
  }
  while (again) { /* at most n rounds: each holds one more part */
    double free_speed = 0, rest = 1.0 - nheld * floor_share;
    again = 0;
    for (int p = 0; p < b->n; p++)
      free_speed += held[p] ? 0 : speed[p];
    for (int p = 0; p < b->n; p++) {
      target[p] = held[p] ? floor_share : rest * speed[p] / free_speed;
      if (!held[p] && target[p] < floor_share) {
        held[p] = 1;
        nheld++;
        again = 1;
      }
    }
  }
  for (int p = 0; p < b->n; p++) {
    target[p] = 0.5 * (b->share[p] + target[p]);
    now = b->share[p] / speed[p] > now ? b->share[p] / speed[p] : now;
    then = target[p] / speed[p] > then ? target[p] / speed[p] : then;
  }
  if (then > 0.97 * now)
    return 0;
  balance_set(b, target);
  b->equal = 0;
  b->changes++;
  balance_log(b, "moved toward the speeds", 1.0 - then / now);
  return 1;
}

int proact__balance_observe(proact__balance_t *b, const long long *iters,
                            const uint64_t *ns) {
  const uint64_t min_ns =
      (uint64_t)proact__param_get(PROACT__PARAM_BALANCE_MIN_US)->i * 1000u;
  uint64_t longest = 0;
  int changed = 0, measured = 1;

  if (b == NULL)
    return 0;
  for (int p = 0; p < b->n; p++) {
    measured &= iters[p] > 0 && ns[p] > 0; /* an empty part has no speed */
    longest = ns[p] > longest ? ns[p] : longest;
  }
  pthread_mutex_lock(&balance_lock);
  if (!measured || longest < min_ns) {
    /* too short to tell kernel time from launch cost: start over */
    balance_window_reset(b);
  } else {
    for (int p = 0; p < b->n; p++) {
      b->iters[p] += (double)iters[p];
      b->ns[p] += (double)ns[p];
    }
    b->slowest += (double)longest;
    if (++b->window >= PROACT__BALANCE_WINDOW)
      changed = balance_decide(b);
  }
  pthread_mutex_unlock(&balance_lock);
  return changed;
}

double proact__balance_share(const proact__balance_t *b, int p) {
  double share;
  pthread_mutex_lock(&balance_lock);
  share = b->share[p];
  pthread_mutex_unlock(&balance_lock);
  return share;
}
