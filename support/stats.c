/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* Statistics nodes: a list of loops (few per program), printed at exit
 * (PROACT_STATS=1) and written to PROACT_STATS_FILE. */
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "build_info.h"
#include "error_report.h"
#include "log.h"
#include "output_path.h"
#include "output_status.h"

#include "param.h"
#include "stats.h"

const char *const proact__stat_names[PROACT__STAT_COUNT_] = {
    [PROACT__STAT_EXECUTIONS] = "execs",
    [PROACT__STAT_PEER_BYTES] = "copied",
    [PROACT__STAT_COPIES] = "copies",
    [PROACT__STAT_BEGIN_NSEC] = "begin s",
    [PROACT__STAT_END_NSEC] = "end s",
    [PROACT__STAT_WHOLE_READS] = "whole rd",
    [PROACT__STAT_LOOP_NSEC] = "loop s",
    [PROACT__STAT_KERN_MAX_NSEC] = "kern max",
    [PROACT__STAT_KERN_SUM_NSEC] = "kern sum",
    [PROACT__STAT_PUSH_CHUNKS] = "chunks",
    [PROACT__STAT_PUSHES] = "pushes",
    [PROACT__STAT_PUSH_BYTES] = "pushed",
    [PROACT__STAT_EXPOSED_NSEC] = "exposed s",
    [PROACT__STAT_HIDDEN_NSEC] = "hidden s",
    [PROACT__STAT_AGENT_EXECS] = "agent execs",
    [PROACT__STAT_AGENT_SLOT_NSEC] = "agent SM%",
    [PROACT__STAT_SETUP_NSEC] = "setup s",
    [PROACT__STAT_WARM_LOOP_NSEC] = "warm s",
    [PROACT__STAT_HOST_BYTES] = "host",
    [PROACT__STAT_RANK_BYTES] = "ranks",
    [PROACT__STAT_RANK_DIRECT_BYTES] = "ranks_direct",
    [PROACT__STAT_RANK_NCCL_BYTES] = "ranks_nccl",
    [PROACT__STAT_RANK_PUSH_BYTES] = "rank push",
};

static const char *stats_context;

void proact__stats_set_context(const char *text) { stats_context = text; }

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
 * whole (reads of unknown extent). "copied" is the bytes of the copies the
 * host issued between devices during the executions (pulls, dma's pushes,
 * the drain); "host" the bytes copied between the host and the devices
 * in the same span (pulls of what only the host holds; an update
 * directive's row: everything it copied); "pushes" counts the proactive mechanisms' pushes, one per
 * chunk and destination, and "pushed" their bytes, whoever moved them (the
 * devices' own stores under poll, trigger and inline, copies under dma,
 * which "copied" counts too); "exposed s" is
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

/* bytes with a unit a reader takes in at a glance: B below 1000, then kB,
 * MB, GB with three significant digits (powers of 1000, as before). */
static void stats_bytes(uint64_t b, char *out, size_t size) {
  static const char *const units[] = {"kB", "MB", "GB", "TB", "PB"};
  double v = (double)b;
  int u = -1;
  if (b < 1000) {
    snprintf(out, size, "%lluB", (unsigned long long)b);
    return;
  }
  while (v >= 999.5 && u < 4) {
    v /= 1000.0;
    u++;
  }
  snprintf(out, size, v < 9.995 ? "%.2f%s" : v < 99.95 ? "%.1f%s" : "%.0f%s",
           v, units[u]);
}

static void stats_print(void) {
  if (stats_context != NULL)
    fprintf(stderr, "proact: stats: %s\n", stats_context);
  fprintf(stderr,
          "proact: stats: %-28s %-7s %8s %9s %8s %9s %10s %10s %10s %10s "
          "%10s %8s %8s %9s %10s %10s %10s %9s %10s %16s\n",
          "loop", "mech", proact__stat_names[PROACT__STAT_EXECUTIONS],
          proact__stat_names[PROACT__STAT_PEER_BYTES],
          proact__stat_names[PROACT__STAT_COPIES],
          proact__stat_names[PROACT__STAT_HOST_BYTES],
          proact__stat_names[PROACT__STAT_LOOP_NSEC],
          proact__stat_names[PROACT__STAT_BEGIN_NSEC],
          proact__stat_names[PROACT__STAT_KERN_MAX_NSEC],
          proact__stat_names[PROACT__STAT_KERN_SUM_NSEC],
          proact__stat_names[PROACT__STAT_END_NSEC],
          proact__stat_names[PROACT__STAT_WHOLE_READS],
          proact__stat_names[PROACT__STAT_PUSHES],
          proact__stat_names[PROACT__STAT_PUSH_BYTES],
          proact__stat_names[PROACT__STAT_EXPOSED_NSEC],
          proact__stat_names[PROACT__STAT_HIDDEN_NSEC],
          proact__stat_names[PROACT__STAT_SETUP_NSEC],
          proact__stat_names[PROACT__STAT_AGENT_SLOT_NSEC],
          proact__stat_names[PROACT__STAT_WARM_LOOP_NSEC], "loop id");
  for (proact__stats_node_t *n = stats_head; n != NULL; n = n->next) {
    char key[512], share[32], copied[16], pushed[16], host[16];
    const char *base = strrchr(n->file, '/');
    snprintf(key, sizeof(key), "%s:%d", base != NULL ? base + 1 : n->file,
             n->line);
    stats_agent_share(n, share, sizeof(share));
    stats_bytes(n->counters[PROACT__STAT_PEER_BYTES], copied, sizeof(copied));
    stats_bytes(n->counters[PROACT__STAT_PUSH_BYTES], pushed, sizeof(pushed));
    stats_bytes(n->counters[PROACT__STAT_HOST_BYTES], host, sizeof(host));
    fprintf(stderr,
            "proact: stats: %-28s %-7s %8llu %9s %8llu %9s %10.6f %10.6f "
            "%10.6f %10.6f %10.6f %8llu %8llu %9s %10.6f %10.6f %10.6f "
            "%9s %10.6f %016llx\n",
            key, n->mech != NULL ? n->mech : "?",
            (unsigned long long)n->counters[PROACT__STAT_EXECUTIONS],
            copied,
            (unsigned long long)n->counters[PROACT__STAT_COPIES], host,
            (double)n->counters[PROACT__STAT_LOOP_NSEC] / 1e9,
            (double)n->counters[PROACT__STAT_BEGIN_NSEC] / 1e9,
            (double)n->counters[PROACT__STAT_KERN_MAX_NSEC] / 1e9,
            (double)n->counters[PROACT__STAT_KERN_SUM_NSEC] / 1e9,
            (double)n->counters[PROACT__STAT_END_NSEC] / 1e9,
            (unsigned long long)n->counters[PROACT__STAT_WHOLE_READS],
            (unsigned long long)n->counters[PROACT__STAT_PUSHES], pushed,
            (double)n->counters[PROACT__STAT_EXPOSED_NSEC] / 1e9,
            (double)n->counters[PROACT__STAT_HIDDEN_NSEC] / 1e9,
            (double)n->counters[PROACT__STAT_SETUP_NSEC] / 1e9, share,
            (double)n->counters[PROACT__STAT_WARM_LOOP_NSEC] / 1e9, n->id);
  }
}

/* PROACT_STATS_FILE: what a row holds, in the order of the CSV columns;
 * units are in the names (seconds, bytes; counts have none). */
typedef enum stats_kind { KIND_COUNT, KIND_SECONDS, KIND_PERCENT } stats_kind_t;
static const struct stats_field {
  const char *name;
  proact__stat_t stat;
  stats_kind_t kind;
} stats_fields[] = {
    {"executions", PROACT__STAT_EXECUTIONS, KIND_COUNT},
    {"loop_seconds", PROACT__STAT_LOOP_NSEC, KIND_SECONDS},
    {"warm_loop_seconds", PROACT__STAT_WARM_LOOP_NSEC, KIND_SECONDS},
    {"begin_seconds", PROACT__STAT_BEGIN_NSEC, KIND_SECONDS},
    {"kernel_max_seconds", PROACT__STAT_KERN_MAX_NSEC, KIND_SECONDS},
    {"kernel_sum_seconds", PROACT__STAT_KERN_SUM_NSEC, KIND_SECONDS},
    {"end_seconds", PROACT__STAT_END_NSEC, KIND_SECONDS},
    {"setup_seconds", PROACT__STAT_SETUP_NSEC, KIND_SECONDS},
    {"exposed_seconds", PROACT__STAT_EXPOSED_NSEC, KIND_SECONDS},
    {"hidden_seconds", PROACT__STAT_HIDDEN_NSEC, KIND_SECONDS},
    {"peer_bytes", PROACT__STAT_PEER_BYTES, KIND_COUNT},
    {"copies", PROACT__STAT_COPIES, KIND_COUNT},
    {"host_bytes", PROACT__STAT_HOST_BYTES, KIND_COUNT},
    {"pushed_chunks", PROACT__STAT_PUSH_CHUNKS, KIND_COUNT},
    {"pushes", PROACT__STAT_PUSHES, KIND_COUNT},
    {"pushed_bytes", PROACT__STAT_PUSH_BYTES, KIND_COUNT},
    {"whole_read_executions", PROACT__STAT_WHOLE_READS, KIND_COUNT},
    {"agent_executions", PROACT__STAT_AGENT_EXECS, KIND_COUNT},
    {"agent_sm_percent", PROACT__STAT_AGENT_SLOT_NSEC, KIND_PERCENT},
    {"rank_bytes", PROACT__STAT_RANK_BYTES, KIND_COUNT},
    {"rank_mpi_direct_bytes", PROACT__STAT_RANK_DIRECT_BYTES, KIND_COUNT},
    {"rank_nccl_bytes", PROACT__STAT_RANK_NCCL_BYTES, KIND_COUNT},
    {"rank_push_bytes", PROACT__STAT_RANK_PUSH_BYTES, KIND_COUNT},
};

static char stats_path[4096];  /* PROACT_STATS_FILE, "" when none */
static int stats_format;       /* a proact__stats_format_t */
static pid_t stats_pid;        /* a forked child does not write it */

/* value as its field shows it: nanoseconds as exact decimal seconds; the
 * agents' share empty when they had none (the table's "-"). */
static void stats_value(const proact__stats_node_t *n,
                        const struct stats_field *fd, char *out,
                        size_t size) {
  uint64_t v = n->counters[fd->stat];
  if (fd->kind == KIND_SECONDS)
    snprintf(out, size, "%llu.%09llu", (unsigned long long)(v / 1000000000u),
             (unsigned long long)(v % 1000000000u));
  else if (fd->kind == KIND_PERCENT) {
    stats_agent_share(n, out, size);
    if (strcmp(out, "-") == 0)
      out[0] = '\0';
  } else
    snprintf(out, size, "%llu", (unsigned long long)v);
}

/* s as a JSON string, or as a CSV field (quoted where it must be). */
static void stats_put_string(FILE *f, const char *s, int json) {
  if (!json && strpbrk(s, ",\"\r\n") == NULL) {
    fputs(s, f);
    return;
  }
  fputc('"', f);
  for (const unsigned char *p = (const unsigned char *)s; *p != '\0'; p++) {
    if (json && (*p == '"' || *p == '\\'))
      fprintf(f, "\\%c", *p);
    else if (json && *p < 0x20)
      fprintf(f, "\\u%04x", *p);
    else if (!json && *p == '"')
      fputs("\"\"", f);
    else
      fputc(*p, f);
  }
  fputc('"', f);
}

static void stats_write_rows(FILE *f, int json) {
  size_t nf = sizeof(stats_fields) / sizeof(stats_fields[0]);
  if (json) {
    fprintf(f, "{\n  \"format\": \"proact-stats\",\n  \"version\": 1,\n");
    fputs("  \"proact\": ", f);
    stats_put_string(f, proact__build_identity(), 1);
    fputs(",\n", f);
    if (stats_context != NULL) {
      fputs("  \"context\": ", f);
      stats_put_string(f, stats_context, 1);
      fputs(",\n", f);
    }
    fprintf(f, "  \"warmup_executions\": %d,\n  \"loops\": [",
            PROACT__STATS_WARMUP);
  }
  else {
    fputs("loop,file,line,mech,loop_id", f);
    for (size_t i = 0; i < nf; i++)
      fprintf(f, ",%s", stats_fields[i].name);
    fputc('\n', f);
  }
  for (proact__stats_node_t *n = stats_head; n != NULL; n = n->next) {
    char key[512], id[24], v[64];
    const char *base = strrchr(n->file, '/');
    snprintf(key, sizeof(key), "%s:%d", base != NULL ? base + 1 : n->file,
             n->line);
    snprintf(id, sizeof(id), "%016llx", n->id);
    if (json) {
      fputs(n == stats_head ? "\n    {\"loop\": " : ",\n    {\"loop\": ", f);
      stats_put_string(f, key, 1);
      fputs(", \"file\": ", f);
      stats_put_string(f, n->file, 1);
      fprintf(f, ", \"line\": %d, \"mech\": ", n->line);
      stats_put_string(f, n->mech != NULL ? n->mech : "?", 1);
      fprintf(f, ", \"loop_id\": \"%s\"", id);
      for (size_t i = 0; i < nf; i++) {
        stats_value(n, &stats_fields[i], v, sizeof(v));
        fprintf(f, ", \"%s\": %s", stats_fields[i].name,
                v[0] != '\0' ? v : "null");
      }
      fputc('}', f);
    } else {
      stats_put_string(f, key, 0);
      fputc(',', f);
      stats_put_string(f, n->file, 0);
      fprintf(f, ",%d,%s,%s", n->line, n->mech != NULL ? n->mech : "?", id);
      for (size_t i = 0; i < nf; i++) {
        stats_value(n, &stats_fields[i], v, sizeof(v));
        fprintf(f, ",%s", v);
      }
      fputc('\n', f);
    }
  }
  if (json)
    fputs(stats_head != NULL ? "\n  ]\n}\n" : "]\n}\n", f);
}

/* Into PATH.PID.tmp, renamed over PATH: a reader never sees half a file,
 * and two processes writing the same PATH do not mix their rows. */
static void stats_tmp_path(char *out, size_t size) {
  snprintf(out, size, "%s.%ld.tmp", stats_path, (long)stats_pid);
}

static void stats_write_file(void) {
  char tmp[4200];
  FILE *f;
  int err = 0;
  if (stats_path[0] == '\0' || getpid() != stats_pid)
    return;
  stats_tmp_path(tmp, sizeof(tmp));
  if ((f = fopen(tmp, "w")) == NULL) {
    err = errno;
  } else {
    pthread_mutex_lock(&stats_lock);
    stats_write_rows(f, stats_format == PROACT__STATS_FORMAT_JSON);
    pthread_mutex_unlock(&stats_lock);
    if (ferror(f))
      err = errno != 0 ? errno : EIO;
    if (fclose(f) != 0 && err == 0)
      err = errno;
    if (err == 0 && rename(tmp, stats_path) != 0)
      err = errno;
    if (err != 0)
      unlink(tmp);
  }
  if (err != 0)
    proact__output_failed("the statistics (PROACT_STATS_FILE)", stats_path,
                          err);
}

/* At start-up: a path that cannot be written stops the program before it
 * works, not after. The check leaves nothing behind. */
__attribute__((constructor)) static void stats_file_open(void) {
  char tmp[4200], clash[8192];
  struct stat st;
  FILE *f;
  const char *path;
  if (!PROACT_ENABLE_STATS || getenv("PROACT_STATS_FILE") == NULL ||
      proact__param_get(PROACT__PARAM_STATS_FILE)->i ==
          PROACT__STATS_FORMAT_NONE)
    return;
  path = proact__param_text(PROACT__PARAM_STATS_FILE);
  if (proact__output_path_expand(path, stats_path, sizeof(stats_path)) != 0)
    proact__fatal(NULL, 0, 0, "PROACT_STATS_FILE='%s' is too long", path);
  if (stat(stats_path, &st) == 0 && S_ISDIR(st.st_mode)) {
    stats_path[0] = '\0';
    proact__fatal(NULL, 0, 0, "cannot write PROACT_STATS_FILE='%s': %s",
                  path, strerror(EISDIR));
  }
  stats_pid = getpid();
  stats_format = (int)proact__param_get(PROACT__PARAM_STATS_FILE)->i;
  stats_tmp_path(tmp, sizeof(tmp));
  if ((f = fopen(tmp, "w")) == NULL) {
    int err = errno;
    stats_path[0] = '\0';
    proact__fatal(NULL, 0, 0,
                  "cannot write PROACT_STATS_FILE='%s' (its temporary file "
                  "%s): %s",
                  path, tmp, strerror(err));
  }
  fclose(f);
  unlink(tmp);
  if (proact__output_clash("PROACT_STATS_FILE", path, stats_path, clash,
                           sizeof(clash)))
    proact__warn("%s", clash);
  if (atexit(stats_write_file) != 0)
    proact__fatal(NULL, 0, 0, "cannot register the writing of "
                              "PROACT_STATS_FILE at exit");
}

proact__stats_node_t *proact__stats_node(const char *file, int line,
                                         const char *mech,
                                         unsigned long long id) {
  static int registered;
  proact__stats_node_t *n;

  if (!PROACT_ENABLE_STATS ||
      (!proact__param_get(PROACT__PARAM_STATS)->i &&
       proact__param_get(PROACT__PARAM_STATS_FILE)->i ==
           PROACT__STATS_FORMAT_NONE))
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
    if (!registered && proact__param_get(PROACT__PARAM_STATS)->i) {
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
