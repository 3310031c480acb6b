/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* Whether libomp started PROACT's tool with the target callbacks, and
 * whether libomptarget delivers them: it connects to libomp by loading
 * "libomp.so", which only the OpenMP runtime's development files provide,
 * and without it reports nothing. A data op during the probe shows it.
 * Apart from stay.c, so that the info report can ask without depending
 * on what stay.c depends on. */
#include <omp.h>
#include <pthread.h>
#include <stddef.h>

#include "dev.h"
#include "log.h"
#include "ompt_follow.h"

static int ompt_started; /* libomp called the tool's initializer */
static int ompt_tool_on;
static int ompt_probing;
static int ompt_probe_seen;

void proact__ompt_follow_started(void) { ompt_started = 1; }

static void ompt_on_data_op(ompt_scope_endpoint_t ep, ompt_data_t *task,
                            ompt_data_t *target_task, ompt_id_t *host_op,
                            ompt_target_data_op_t op, void *src, int src_dev,
                            void *dst, int dst_dev, size_t bytes,
                            const void *codeptr_ra) {
  (void)ep;
  (void)task;
  (void)target_task;
  (void)host_op;
  (void)op;
  (void)src;
  (void)src_dev;
  (void)dst;
  (void)dst_dev;
  (void)bytes;
  (void)codeptr_ra;
  if (__atomic_load_n(&ompt_probing, __ATOMIC_ACQUIRE))
    __atomic_store_n(&ompt_probe_seen, 1, __ATOMIC_RELEASE);
}

static pthread_mutex_t ompt_probe_lock = PTHREAD_MUTEX_INITIALIZER;
static int ompt_probed;
static int ompt_connected = 1;
static int ompt_warned;

/* libomptarget copies the tool's callbacks when it connects, at start-up:
 * a device allocation made now on OpenMP device omp_dev reaches ours only
 * if it did. Once per process; the devices are set up by the caller. */
static void ompt_probe(int omp_dev) {
  void *p;

  pthread_mutex_lock(&ompt_probe_lock);
  if (!ompt_probed && ompt_tool_on && omp_dev >= 0) {
    ompt_probed = 1;
    __atomic_store_n(&ompt_probing, 1, __ATOMIC_RELEASE);
    p = omp_target_alloc(1, omp_dev);
    if (p != NULL)
      omp_target_free(p, omp_dev);
    __atomic_store_n(&ompt_probing, 0, __ATOMIC_RELEASE);
    ompt_connected =
        p == NULL || __atomic_load_n(&ompt_probe_seen, __ATOMIC_ACQUIRE);
  }
  pthread_mutex_unlock(&ompt_probe_lock);
}

void proact__ompt_follow_check(const char *file, int line, int ndevs,
                                 int dev) {
  if (ndevs < 2)
    return; /* one device's replica is the copy OpenMP finds, always current */
  ompt_probe(proact__dev_omp_id(dev));
  if (ompt_connected ||
      __atomic_exchange_n(&ompt_warned, 1, __ATOMIC_ACQ_REL))
    return;
  proact__warn("%s:%d: this construct spreads its arrays over %d devices, "
               "but libomptarget does not report OpenMP target constructs "
               "to PROACT: it could not load libomp.so, which the OpenMP "
               "runtime's development package installs (libomp-NN-dev on "
               "Debian and Ubuntu). A target construct of a file built "
               "without spread mode that uses the region's arrays would "
               "compute with stale copies. Install that package, or put a "
               "link named libomp.so to libomp.so.5 in a directory of "
               "LD_LIBRARY_PATH",
               file != NULL ? file : "?", line, ndevs);
}

const char *proact__ompt_follow_why(int dev) {
  ompt_probe(proact__dev_omp_id(dev));
  if (!ompt_started)
    return "PROACT's OMPT tool did not start (OMP_TOOL=disabled, or "
           "another tool took its place)";
  if (!ompt_tool_on)
    return "this libomptarget reports no target constructs to tools";
  if (!ompt_connected)
    return "libomptarget could not load libomp.so (install the OpenMP "
           "runtime's development package, e.g. libomp-NN-dev)";
  return NULL;
}

void proact__ompt_follow_register(ompt_set_callback_t set) {
  ompt_tool_on = set(ompt_callback_target_data_op_emi,
                     (ompt_callback_t)ompt_on_data_op) == ompt_set_always;
}
