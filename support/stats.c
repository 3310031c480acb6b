/* Statistics nodes: a list of loops (few per program), printed at exit. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "param.h"
#include "stats.h"

const char *const proact__stat_names[PROACT__STAT_COUNT_] = {
    [PROACT__STAT_EXECUTIONS] = "execs",
    [PROACT__STAT_PEER_BYTES] = "peer MB",
    [PROACT__STAT_COPIES] = "copies",
    [PROACT__STAT_BEGIN_NSEC] = "begin s",
    [PROACT__STAT_END_NSEC] = "end s",
    [PROACT__STAT_WHOLE_READS] = "whole rd",
    [PROACT__STAT_LOOP_NSEC] = "loop s",
    [PROACT__STAT_KERN_MAX_NSEC] = "kern max",
    [PROACT__STAT_KERN_SUM_NSEC] = "kern sum",
    [PROACT__STAT_PUSH_CHUNKS] = "pushes",
    [PROACT__STAT_PUSH_BYTES] = "push MB",
    [PROACT__STAT_EXPOSED_NSEC] = "exposed s",
    [PROACT__STAT_HIDDEN_NSEC] = "hidden s",
    [PROACT__STAT_AGENT_EXECS] = "agent execs",
    [PROACT__STAT_AGENT_SLOT_NSEC] = "agent SM%",
    [PROACT__STAT_SETUP_NSEC] = "setup s",
    [PROACT__STAT_WARM_LOOP_NSEC] = "warm s",
};

struct proact__stats_node {
  struct proact__stats_node *next;
  const char *file;
  const char *mech;
  int line;
  unsigned long long id;
  uint64_t counters[PROACT__STAT_COUNT_];
};

static pthread_mutex_t stats_lock = PTHREAD_MUTEX_INITIALIZER;
static proact__stats_node_t *stats_head; /* in creation order */
static proact__stats_node_t **stats_tail = &stats_head;

/* One line per loop; "loop s" is the whole time of its executions, "begin
 * s" the time pulling what the parts read (loop_begin), "end s" the time in
 * loop_end's transfers; "kern max" adds up each execution's longest part
 * kernel (host-timed), "kern sum" all parts' kernels: with N devices whose
 * kernels overlap, kern sum is about N x kern max and loop s about begin s +
 * kern max + end s. "whole rd" counts executions that read some array in
 * whole (reads of unknown extent). "pushes" and "push MB" count the chunks
 * and bytes the proactive mechanisms sent to their consumers (peer MB adds
 * up the copies the host issued: pulls, and dma's pushes); "exposed s" is
 * the time loop_end waited for the agents after the kernels, "hidden s" the
 * agents' copy time beyond that (overlapped with the kernels). "agent SM%"
 * is the share of the devices' SM thread slots (cores on host devices) the
 * poll agents held during the kernels: their threads over the slots, times
 * their run time over the kernels' (0 for dma, whose agent is a host thread;
 * "-" where transfers run inside the loop's own kernel or after it). "setup
 * s" is the mechanism's setup and arming before the kernels. "warm s" is
 * loop s without each loop's first PROACT__STATS_WARMUP executions, which
 * build readiness states and place data once. "loop
 * id" identifies the loop's source (the plugin's hash) for proact-tune. */
static void stats_agent_share(const proact__stats_node_t *n, char *out,
                              size_t size) {
  uint64_t kern = n->counters[PROACT__STAT_KERN_SUM_NSEC];
  if (n->counters[PROACT__STAT_AGENT_EXECS] == 0 || kern == 0)
    snprintf(out, size, "-");
  else
    snprintf(out, size, "%.2f",
             100.0 * (double)n->counters[PROACT__STAT_AGENT_SLOT_NSEC] /
                 (double)kern);
}

static void stats_print(void) {
  fprintf(stderr,
          "proact: stats: %-28s %-7s %8s %12s %8s %10s %10s %10s %10s %10s "
          "%8s %8s %10s %10s %10s %10s %9s %10s %16s\n",
          "loop", "mech", proact__stat_names[PROACT__STAT_EXECUTIONS],
          proact__stat_names[PROACT__STAT_PEER_BYTES],
          proact__stat_names[PROACT__STAT_COPIES],
          proact__stat_names[PROACT__STAT_LOOP_NSEC],
          proact__stat_names[PROACT__STAT_BEGIN_NSEC],
          proact__stat_names[PROACT__STAT_KERN_MAX_NSEC],
          proact__stat_names[PROACT__STAT_KERN_SUM_NSEC],
          proact__stat_names[PROACT__STAT_END_NSEC],
          proact__stat_names[PROACT__STAT_WHOLE_READS],
          proact__stat_names[PROACT__STAT_PUSH_CHUNKS],
          proact__stat_names[PROACT__STAT_PUSH_BYTES],
          proact__stat_names[PROACT__STAT_EXPOSED_NSEC],
          proact__stat_names[PROACT__STAT_HIDDEN_NSEC],
          proact__stat_names[PROACT__STAT_SETUP_NSEC],
          proact__stat_names[PROACT__STAT_AGENT_SLOT_NSEC],
          proact__stat_names[PROACT__STAT_WARM_LOOP_NSEC], "loop id");
  for (proact__stats_node_t *n = stats_head; n != NULL; n = n->next) {
    char key[512], share[32];
    const char *base = strrchr(n->file, '/');
    snprintf(key, sizeof(key), "%s:%d", base != NULL ? base + 1 : n->file,
             n->line);
    stats_agent_share(n, share, sizeof(share));
    fprintf(stderr,
            "proact: stats: %-28s %-7s %8llu %12.3f %8llu %10.6f %10.6f "
            "%10.6f %10.6f %10.6f %8llu %8llu %10.3f %10.6f %10.6f %10.6f "
            "%9s %10.6f %016llx\n",
            key, n->mech != NULL ? n->mech : "?",
            (unsigned long long)n->counters[PROACT__STAT_EXECUTIONS],
            (double)n->counters[PROACT__STAT_PEER_BYTES] / 1e6,
            (unsigned long long)n->counters[PROACT__STAT_COPIES],
            (double)n->counters[PROACT__STAT_LOOP_NSEC] / 1e9,
            (double)n->counters[PROACT__STAT_BEGIN_NSEC] / 1e9,
            (double)n->counters[PROACT__STAT_KERN_MAX_NSEC] / 1e9,
            (double)n->counters[PROACT__STAT_KERN_SUM_NSEC] / 1e9,
            (double)n->counters[PROACT__STAT_END_NSEC] / 1e9,
            (unsigned long long)n->counters[PROACT__STAT_WHOLE_READS],
            (unsigned long long)n->counters[PROACT__STAT_PUSH_CHUNKS],
            (double)n->counters[PROACT__STAT_PUSH_BYTES] / 1e6,
            (double)n->counters[PROACT__STAT_EXPOSED_NSEC] / 1e9,
            (double)n->counters[PROACT__STAT_HIDDEN_NSEC] / 1e9,
            (double)n->counters[PROACT__STAT_SETUP_NSEC] / 1e9, share,
            (double)n->counters[PROACT__STAT_WARM_LOOP_NSEC] / 1e9, n->id);
  }
}

proact__stats_node_t *proact__stats_node(const char *file, int line,
                                         const char *mech,
                                         unsigned long long id) {
  static int registered;
  proact__stats_node_t *n;

  if (!PROACT_ENABLE_STATS || !proact__param_get(PROACT__PARAM_STATS)->i)
    return NULL;
  if (file == NULL)
    file = "?";
  pthread_mutex_lock(&stats_lock);
  for (n = stats_head; n != NULL; n = n->next)
    if (n->line == line && strcmp(n->file, file) == 0)
      break;
  if (n == NULL) {
    n = calloc(1, sizeof(*n));
    if (n != NULL) {
      n->file = file; /* a string literal in the generated code */
      n->line = line;
      n->mech = mech;
      n->id = id;
      *stats_tail = n;
      stats_tail = &n->next;
    }
    if (!registered) {
      registered = 1;
      atexit(stats_print);
    }
  }
  pthread_mutex_unlock(&stats_lock);
  return n;
}

void proact__stats_add(proact__stats_node_t *node, proact__stat_t stat,
                       uint64_t value) {
  __atomic_fetch_add(&node->counters[stat], value, __ATOMIC_RELAXED);
}

uint64_t proact__stats_read(const proact__stats_node_t *node,
                            proact__stat_t stat) {
  return __atomic_load_n(&node->counters[stat], __ATOMIC_RELAXED);
}
