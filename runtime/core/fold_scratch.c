/* The scratch of reduction kernels (proact/detail/team_fold.h,
 * proact__loop_part_reduction) and the slots their results go to
 * (proact__loop_part_result): one allocation of each per device, grown when
 * a loop needs more and kept until exit, since a solver reduces a norm at
 * every iteration and a device allocation costs more than the fold. A
 * device runs one loop's kernel at a time (its part's host thread waits for
 * it), so loops share their device's scratch; the kernel that used it last
 * left its counter at 0. */
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "dev.h"
#include "dev_buffer.h"
#include "error_report.h"
#include "log.h"
#include "param.h"
#include "loop.h"

/* The thread slots' bytes a part's reduction may take in the scratch
 * before its teams are lowered (host devices, backends other than CUDA). */
#define PROACT__FOLD_BUDGET ((size_t)64 << 20)

/* The kernel that uses a scratch first finds its counter at 0. */
static proact__dev_buffer_t scratch =
    PROACT__DEV_BUFFER_INIT("reduction scratch", PROACT__FOLD_HEAD);

static int on_host(int dev) { return dev < 0 || dev >= proact__dev_count(); }

char *proact__loop_part_reduction(proact__loop_t *loop, int part,
                                  size_t bytes, int *teams, int threads) {
  char *ptr;
  size_t total, slots;
  int asked, dev, user_teams, gpu;
  const proact__device_t *device;

  if (part < 0 || part >= loop->nparts || *teams < 1 || threads < 1)
    proact__fatal(loop->file, loop->line, loop->col,
                  "no reduction kernel for part %d (%d parts) of %d teams of "
                  "%d threads",
                  part, loop->nparts, *teams, threads);
  asked = *teams;
  dev = loop->devs[part];
  device = on_host(dev) ? NULL : proact__dev_get(dev);
  user_teams = proact__param_get(PROACT__PARAM_TEAMS)->i != 0;
  /* A CUDA device's kernels fold their threads' copies in team-shared
   * memory where they fit (PROACT__FOLD_TEAM_SLOTS): the scratch then
   * holds team values only.
   * Elsewhere it holds every thread's slot as well, and the column walk's
   * teams (as many as blocks) would take teams x threads x bytes (4 GB
   * for a 32768^2 grid of doubles): teams beyond what PROACT__FOLD_BUDGET
   * holds (at least a GPU's teams of the flat walk) walk several tiles
   * each.
   * PROACT_TEAMS, when set, is the user's choice. The kernels' layout
   * must not need more than this: one compiled for NVPTX counts no thread
   * slots (PROACT__FOLD_SCRATCH_THREADS), so any backend but CUDA, which
   * may run NVPTX or host kernels, counts them. */
  /* dev is a device whose kernels may not be host code */
  gpu = device != NULL && device->kind != PROACT__DEVICE_HOST_CPU;
  slots = device != NULL && device->kind == PROACT__DEVICE_GPU &&
                  PROACT__FOLD_FITS_SHARED(bytes, threads)
              ? 0
              : (size_t)threads;
  /* The column walk's one team per tile pays a team's fold per tile;
   * two tiles per team halve those folds and still fill the GPU. */
  if (loop->tiles > 0 && *teams > 1 && *teams >= loop->nblocks[part] &&
      !user_teams && gpu)
    *teams = (*teams + 1) / 2;
  if (slots > 0 && !user_teams) {
    size_t fit = PROACT__FOLD_BUDGET / ((slots + 1) * (bytes + 1));
    size_t least =
        (size_t)proact__gpu_sms(dev) * (size_t)PROACT__TEAMS_PER_SM;
    size_t cap = fit > least ? fit : least;
    if ((size_t)*teams > cap)
      *teams = (int)cap;
  }
  if (*teams != asked)
    proact__info(PROACT__SUBSYS_PART,
                 "%s:%d part %d: the reduction's kernel runs %d teams "
                 "instead of %d",
                 loop->file, loop->line, part, *teams, asked);
  total = PROACT__FOLD_VARS(*teams);
  if ((size_t)*teams * (slots + 1) > (SIZE_MAX - total) / (bytes + 1))
    proact__fatal(loop->file, loop->line, loop->col,
                  "the reduction's slots for %d teams of %d threads do not "
                  "fit in memory",
                  *teams, threads);
  total += (size_t)*teams * (slots + 1) * bytes;
  ptr = proact__dev_buffer_get(&scratch, dev, total);
  if (ptr == NULL)
    proact__fatal(loop->file, loop->line, loop->col,
                  "out of memory on device %d for the reduction's %zu bytes",
                  dev, total);
  return ptr;
}

/* Each device's result slots (slot PROACT__DEV_MAX: loops that fall back to
 * the host). Host memory the kernels write, where the device layer has it:
 * the host reads the results once the kernel has ended, with no copy. Else
 * device memory, copied to the host once the kernel has ended. A device
 * runs one loop's kernel at a time, so loops share a device's slots, as
 * they share its scratch. */
typedef struct {
  char *host;  /* what the host reads: the slots, or a copy of them */
  char *dev;   /* what the kernels write */
  size_t bytes;
  int mapped;  /* host and dev are the same memory */
} result_slots_t;

static pthread_mutex_t results_lock = PTHREAD_MUTEX_INITIALIZER;
static result_slots_t results[PROACT__DEV_MAX + 1];
static pthread_once_t results_once = PTHREAD_ONCE_INIT;

/* Frees slot d's memory (slot PROACT__DEV_MAX: the host's). */
static void results_release(int d) {
  result_slots_t *r = &results[d];
  if (r->bytes > 0) {
    if (d == PROACT__DEV_MAX) {
      free(r->host);
    } else if (r->mapped) {
      proact__dev_host_free(d, r->host);
    } else {
      proact__dev_free(d, r->dev, r->bytes);
      free(r->host);
    }
  }
  memset(r, 0, sizeof(*r));
}

static void results_free(void) {
  for (int d = 0; d <= PROACT__DEV_MAX; d++)
    results_release(d);
}

static void results_register(void) { atexit(results_free); }

/* Slot d's memory replaced by at least bytes for device dev
 * (results_lock held); 0 when out of memory, the old memory kept. */
static int results_grow(int dev, int d, size_t bytes) {
  void *host = NULL, *ptr = NULL;
  int mapped = 1;
  if (d == PROACT__DEV_MAX) {
    if ((host = calloc(1, bytes)) == NULL)
      return 0;
    ptr = host;
  } else if (proact__dev_host_alloc(dev, bytes, &host, &ptr) != PROACT_OK) {
    mapped = 0;
    if ((host = calloc(1, bytes)) == NULL)
      return 0;
    if (proact__dev_alloc(dev, bytes, &ptr) != PROACT_OK) {
      free(host);
      return 0;
    }
  }
  results_release(d);
  results[d].host = host;
  results[d].dev = ptr;
  results[d].bytes = bytes;
  results[d].mapped = mapped;
  proact__info(PROACT__SUBSYS_PART,
               "reduction results on device %d: %zu bytes of %s memory", dev,
               bytes, mapped ? "host" : "device");
  return 1;
}

static int result_slot(const proact__loop_t *loop, int part) {
  if (part < 0 || part >= loop->nparts)
    proact__fatal(loop->file, loop->line, loop->col,
                  "no reduction results for part %d (%d parts)", part,
                  loop->nparts);
  return on_host(loop->devs[part]) ? PROACT__DEV_MAX : loop->devs[part];
}

char *proact__loop_part_result(proact__loop_t *loop, int part, size_t bytes) {
  const int d = result_slot(loop, part);
  char *ptr;

  pthread_once(&results_once, results_register);
  pthread_mutex_lock(&results_lock);
  if (results[d].bytes < bytes &&
      !results_grow(loop->devs[part], d, bytes > 64 ? bytes : 64)) {
    pthread_mutex_unlock(&results_lock);
    proact__fatal(loop->file, loop->line, loop->col,
                  "out of memory on device %d for the reduction's %zu bytes "
                  "of results",
                  loop->devs[part], bytes);
  }
  ptr = results[d].dev;
  pthread_mutex_unlock(&results_lock);
  return ptr;
}

const char *proact__loop_part_result_host(proact__loop_t *loop, int part) {
  const int d = result_slot(loop, part);
  result_slots_t r;

  pthread_mutex_lock(&results_lock);
  r = results[d];
  pthread_mutex_unlock(&results_lock);
  if (r.bytes == 0)
    proact__fatal(loop->file, loop->line, loop->col,
                  "part %d read reduction results it was given no memory for",
                  part);
  if (!r.mapped &&
      (proact__dev_copy_to_host(r.host, loop->devs[part], r.dev, r.bytes) !=
           PROACT_OK ||
       proact__dev_sync_dev(loop->devs[part]) != PROACT_OK))
    proact__fatal(loop->file, loop->line, loop->col,
                  "could not copy the reduction's results from device %d",
                  loop->devs[part]);
  return r.host;
}
