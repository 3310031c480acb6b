/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* The scratch of reduction kernels (proact/detail/team_fold.h,
 * proact__loop_part_reduction): one allocation per device, grown when a
 * loop needs more and kept until exit, since a solver reduces a norm at
 * every iteration and a device allocation costs more than the fold. A
 * device runs one loop's kernel at a time (its part's host thread waits for
 * it), so loops share their device's scratch; the kernel that used it last
 * left its counter at 0. */
#include <stdint.h>
#include <stdlib.h>

#include "dev.h"
#include "dev_buffer.h"
#include "error_report.h"
#include "log.h"
#include "core_param.h"
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

  if (part < 0 || part >= loop->plan->nparts || *teams < 1 || threads < 1)
    proact__fatal(loop->file, loop->line, loop->col,
                  "no reduction kernel for part %d (%d parts) of %d teams of "
                  "%d threads",
                  part, loop->plan->nparts, *teams, threads);
  loop->nodefer[part] = 1; /* the host reads its result after it */
  asked = *teams;
  dev = loop->plan->devs[part];
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
  if (loop->plan->tiles > 0 && *teams > 1 &&
      *teams >= loop->plan->nblocks[part] && !user_teams && gpu)
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
