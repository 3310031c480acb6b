/* The PROACT_* parameter table and its parsers. */
#include <ctype.h>
#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "check.h"
#include "error_report.h"
#include "param.h"
#include "proact/detail/codegen.h"
#include "proact.h"

#define PROACT_PARAM_SIZE_PARSER_(fn, lo, hi)                                 \
  static proact_status_t fn(const char *text, proact__param_value_t *value_p, \
                            char *why, size_t why_len) {                      \
    return proact__param_parse_size(text, lo, hi, value_p, why, why_len);     \
  }
PROACT_PARAM_SIZE_PARSER_(parse_chunk, 256, 1LL << 30)
PROACT_PARAM_SIZE_PARSER_(parse_teams, 1, 65536)
PROACT_PARAM_SIZE_PARSER_(parse_team_threads, 1, 1024)
PROACT_PARAM_SIZE_PARSER_(parse_block_points, 1, 1LL << 30)
PROACT_PARAM_SIZE_PARSER_(parse_ready_cache, 1LL << 16, 1LL << 40)
PROACT_PARAM_SIZE_PARSER_(parse_balance_min_us, 0, 1000000)
PROACT_PARAM_SIZE_PARSER_(parse_copy_queues, 1, PROACT__COPY_QUEUES_MAX)

/* The poll agent's transfer threads, by the rule of the threads(...)
 * clause: on a GPU the agent runs in blocks of whole warps, so a count
 * that is not a multiple of 32 cannot be honoured. */
static proact_status_t parse_threads(const char *text,
                                     proact__param_value_t *value_p,
                                     char *why, size_t why_len) {
  PROACT_CHECK(proact__param_parse_size(text, 32, 8192, value_p, why,
                                        why_len));
  if (value_p->i % 32 != 0) {
    snprintf(why, why_len, "%lld is not a multiple of 32 (a GPU warp)",
             value_p->i);
    return PROACT_ERR_INVALID_PARAM;
  }
  return PROACT_OK;
}

/* clause, auto, block, cyclic or block_cyclic:B. */
static proact_status_t parse_decompose(const char *text,
                                       proact__param_value_t *value_p,
                                       char *why, size_t why_len) {
  const char *bc = "block_cyclic:";
  if (strcmp(text, "clause") == 0) {
    value_p->i = -1;
  } else if (strcmp(text, "auto") == 0) {
    value_p->i = PROACT__DECOMP_AUTO;
  } else if (strcmp(text, "block") == 0) {
    value_p->i = PROACT__DECOMP_BLOCK;
  } else if (strcmp(text, "cyclic") == 0) {
    value_p->i = PROACT__DECOMP_BLOCK_CYCLIC | (1LL << 8);
  } else if (strncmp(text, bc, strlen(bc)) == 0) {
    PROACT_CHECK(proact__param_parse_size(text + strlen(bc), 1, 1LL << 40,
                                          value_p, why, why_len));
    if (value_p->i == 0) {
      snprintf(why, why_len, "a block of 0 iterations");
      return PROACT_ERR_INVALID_PARAM;
    }
    value_p->i = PROACT__DECOMP_BLOCK_CYCLIC | (value_p->i << 8);
  } else {
    snprintf(why, why_len, "'%s' is not a decomposition", text);
    return PROACT_ERR_INVALID_PARAM;
  }
  return PROACT_OK;
}

/* auto, flat or columns. */
static proact_status_t parse_walk(const char *text,
                                  proact__param_value_t *value_p, char *why,
                                  size_t why_len) {
  static const proact__param_name_t walks[] = {
      {"auto", PROACT__WALK_AUTO},
      {"flat", PROACT__WALK_FLAT},
      {"columns", PROACT__WALK_COLUMNS}};
  return proact__param_parse_named(text, walks,
                                   sizeof(walks) / sizeof(walks[0]), "walk",
                                   value_p, why, why_len);
}

/* replicas or unified (a proact__memory_t). */
static proact_status_t parse_memory(const char *text,
                                    proact__param_value_t *value_p, char *why,
                                    size_t why_len) {
  static const proact__param_name_t kinds[] = {
      {"replicas", PROACT__MEMORY_REPLICAS},
      {"unified", PROACT__MEMORY_UNIFIED}};
  return proact__param_parse_named(text, kinds,
                                   sizeof(kinds) / sizeof(kinds[0]),
                                   "kind of memory", value_p, why, why_len);
}

static proact_status_t parse_watchdog(const char *text,
                                      proact__param_value_t *value_p,
                                      char *why, size_t why_len) {
  PROACT_CHECK(proact__param_parse_size(text, 1, 86400000, value_p, why,
                                        why_len));
  if (value_p->i == 0) {
    snprintf(why, why_len, "0 would stop every agent at once");
    return PROACT_ERR_INVALID_PARAM;
  }
  return PROACT_OK;
}

static proact_status_t parse_mpi(const char *text,
                                 proact__param_value_t *value_p, char *why,
                                 size_t why_len) {
  static const proact__param_name_t names[] = {
      {"auto", PROACT__MPI_AUTO}, {"0", PROACT__MPI_OFF},
      {"1", PROACT__MPI_ON}};
  return proact__param_parse_named(text, names, sizeof(names) / sizeof(*names),
                                   "PROACT_MPI value", value_p, why, why_len);
}

static proact_status_t parse_mpi_timeout(const char *text,
                                         proact__param_value_t *value_p,
                                         char *why, size_t why_len) {
  proact_status_t st =
      proact__param_parse_size(text, 1, 86400, value_p, why, why_len);
  if (st == PROACT_OK && value_p->i == 0) {
    if (why != NULL && why_len > 0)
      snprintf(why, why_len, "0 would wait forever for a rank that died");
    return PROACT_ERR_INVALID_PARAM;
  }
  return st;
}

static proact_status_t parse_timeout(const char *text,
                                     proact__param_value_t *value_p,
                                     char *why, size_t why_len) {
  return proact__param_parse_size(text, 0, 31536000, value_p, why, why_len);
}

/* none, or a path whose extension names the format: tools read the file by
 * it, so a path without one would leave them guessing. */
static proact_status_t parse_stats_file(const char *text,
                                        proact__param_value_t *value_p,
                                        char *why, size_t why_len) {
  size_t n = strlen(text);
  if (strcmp(text, "none") == 0)
    value_p->i = PROACT__STATS_FORMAT_NONE;
  else if (n > 5 && strcmp(text + n - 5, ".json") == 0)
    value_p->i = PROACT__STATS_FORMAT_JSON;
  else if (n > 4 && strcmp(text + n - 4, ".csv") == 0)
    value_p->i = PROACT__STATS_FORMAT_CSV;
  else {
    snprintf(why, why_len, "'%s' ends neither in .json nor in .csv", text);
    return PROACT_ERR_INVALID_PARAM;
  }
  return PROACT_OK;
}

/* stderr, or a path whose only escapes are %h, %p and %%: an unknown one
 * is more likely a typo than a wish for a literal '%'. */
static proact_status_t parse_debug_file(const char *text,
                                        proact__param_value_t *value_p,
                                        char *why, size_t why_len) {
  for (const char *p = strchr(text, '%'); p != NULL;
       p = strchr(p + 2, '%')) {
    if (p[1] != 'h' && p[1] != 'p' && p[1] != '%') {
      snprintf(why, why_len, "unknown escape '%%%.1s' (%%h, %%p, %%%%)",
               p + 1);
      return PROACT_ERR_INVALID_PARAM;
    }
  }
  value_p->i = strcmp(text, "stderr") != 0;
  return PROACT_OK;
}

/* off, or a path with the escapes of PROACT_DEBUG_FILE. */
static proact_status_t parse_trace(const char *text,
                                   proact__param_value_t *value_p, char *why,
                                   size_t why_len) {
  PROACT_CHECK(parse_debug_file(text, value_p, why, why_len));
  value_p->i = strcmp(text, "off") != 0;
  return PROACT_OK;
}

static proact_status_t parse_transport(const char *text,
                                       proact__param_value_t *value_p,
                                       char *why, size_t why_len) {
  static const proact__param_name_t names[] = {
      {"auto", PROACT__TRANSPORT_AUTO},
      {"mpi", PROACT__TRANSPORT_MPI},
      {"mpi-direct", PROACT__TRANSPORT_MPI_DIRECT},
      {"nccl", PROACT__TRANSPORT_NCCL}};
  return proact__param_parse_named(text, names, sizeof(names) / sizeof(*names),
                                   "transport", value_p, why, why_len);
}

/* The default soname, or a path for dlopen. */
static proact_status_t parse_nccl_library(const char *text,
                                          proact__param_value_t *value_p,
                                          char *why, size_t why_len) {
  (void)why;
  (void)why_len;
  value_p->i = strcmp(text, "libnccl.so.2") != 0;
  return PROACT_OK;
}

const proact__param_t proact__params[PROACT__PARAM_COUNT_] = {
    [PROACT__PARAM_DEVICES] =
        {"PROACT_DEVICES", "all",
         "'all' or a comma list of OpenMP device numbers and ranges "
         "(e.g. '0-2,3'), numbers 0-63, each device at most once; D*K "
         "makes device D K logical devices (e.g. '0*4', '0-3*2')",
         "OpenMP devices annotated loops are spread over, in this order",
         proact__param_parse_devices},
    [PROACT__PARAM_DEBUG] = {"PROACT_DEBUG", "warn", "warn, info or trace",
                             "how much PROACT logs (to stderr, or "
                             "PROACT_DEBUG_FILE)",
                             proact__param_parse_level},
    [PROACT__PARAM_DEBUG_SUBSYS] =
        {"PROACT_DEBUG_SUBSYS", "all",
         "'all' or a comma list of init, region, part, mech, agent, copy, "
         "env",
         "subsystems whose info and trace messages are printed",
         proact__param_parse_subsys},
    [PROACT__PARAM_STATS] = {"PROACT_STATS", "0", "0 or 1",
                             "1: print per-loop statistics at exit",
                             proact__param_parse_bool},
    [PROACT__PARAM_DISTRIBUTE] =
        {"PROACT_DISTRIBUTE", "0", "0 or 1",
         "1: every array of a data region is distributed, as if named in "
         "distribute(...): each device holds only the window its loops "
         "access, not a full replica",
         proact__param_parse_bool},
    [PROACT__PARAM_MECH] =
        {"PROACT_MECH", "clause",
         "clause, memcpy, inline, poll, trigger, dma or auto",
         "transfer mechanism of every loop, overriding mech(...) "
         "(clause: each loop's own, memcpy when it has none)",
         proact__param_parse_mech},
    [PROACT__PARAM_CHUNK] =
        {"PROACT_CHUNK", "0", "0, or 256 to 1G bytes (K, M, G suffixes)",
         "readiness chunk size, overriding chunk(...) (0: the clause, "
         "else 1M)",
         parse_chunk},
    [PROACT__PARAM_THREADS] =
        {"PROACT_THREADS", "0", "0, or a multiple of 32 from 32 to 8192",
         "transfer threads of the poll agent, overriding threads(...) (0: "
         "the clause, else 8192)",
         parse_threads},
    [PROACT__PARAM_TEAMS] =
        {"PROACT_TEAMS", "0", "0, or 1 to 65536",
         "teams of each generated kernel (0: 8 per multiprocessor on a GPU, "
         "1056 on an H100 or H200, one per multiprocessor for a loop whose "
         "iterations walk rows read from an array, one per block with the "
         "column walk, up to 4 on a host device, one per core)",
         parse_teams},
    [PROACT__PARAM_TEAM_THREADS] =
        {"PROACT_TEAM_THREADS", "0", "0, or 1 to 1024",
         "threads per team of each generated kernel (0: 512 on a GPU, 256 "
         "with the column walk, whose tiles are this wide; 1 on a host "
         "device)",
         parse_team_threads},
    [PROACT__PARAM_BLOCK_POINTS] =
        {"PROACT_BLOCK_POINTS", "0", "0, or 1 to 1G",
         "iterations (points of a collapsed nest) per block, the unit of "
         "readiness (0: up to 8192 on a GPU and 64 on a host device, but "
         "no more than a part's points over its teams; with the column "
         "walk, rows of a tile: this over the tile's width, 0: 12 on a GPU, "
         "8 on a host device). A value set here is not capped: more than a "
         "part's points over its teams leaves teams without a block",
         parse_block_points},
    [PROACT__PARAM_WATCHDOG_MS] =
        {"PROACT_WATCHDOG_MS", "2000", "1 to 86400000",
         "an agent that still waits for a chunk this long after the part's "
         "kernel ended reports a stall naming the loop, device and chunk, "
         "and the program ends (a kernel that runs long is not a stall)",
         parse_watchdog},
    [PROACT__PARAM_ELIDE] =
        {"PROACT_ELIDE", "0", "0 or 1",
         "1: skip every device-to-device copy and push (each loop runs with "
         "memcpy), for the infinite-bandwidth bound of the benchmarks; the "
         "results are then wrong, and every run warns so",
         proact__param_parse_bool},
    [PROACT__PARAM_DECOMPOSE] =
        {"PROACT_DECOMPOSE", "clause",
         "clause, auto, block, cyclic or block_cyclic:B (B iterations, K, "
         "M, G suffixes)",
         "how every loop's iterations are split over the devices, overriding "
         "decompose(...) (clause: each loop's own, auto when it has none)",
         parse_decompose},
    [PROACT__PARAM_READY_CACHE] =
        {"PROACT_READY_CACHE", "64M",
         "0, or 64K to 1024G bytes (K, M, G suffixes)",
         "device memory per device for the readiness states kept between "
         "executions of the loops (least recently used evicted first; 0: "
         "none kept, each execution builds and uploads its own)",
         parse_ready_cache},
    [PROACT__PARAM_READY_CHECK] =
        {"PROACT_READY_CHECK", "0", "0 or 1",
         "1: after each execution of a loop with readiness counters, read "
         "its state back and stop with an error unless every counter, "
         "owner and queue slot is back at its initial value (a test aid)",
         proact__param_parse_bool},
    [PROACT__PARAM_BALANCE] =
        {"PROACT_BALANCE", "0", "0 or 1",
         "1: loops split in contiguous parts (decompose(block)) give each "
         "device a share of the iterations from its measured speed "
         "(docs/user/tuning.md); 0: equal parts",
         proact__param_parse_bool},
    [PROACT__PARAM_BALANCE_MIN_US] =
        {"PROACT_BALANCE_MIN_US", "100", "0 to 1000000",
         "executions whose longest part's kernel takes less than this many "
         "microseconds do not count toward balancing (launch cost would "
         "dominate the speeds)",
         parse_balance_min_us},
    [PROACT__PARAM_CUDA_WAIT] =
        {"PROACT_CUDA_WAIT", "auto", "auto, spin, yield or blocking",
         "how host threads wait for CUDA devices, set on every device's "
         "primary context at PROACT's first call (auto: CUDA's choice, "
         "spinning while there are fewer contexts than cores; libomptarget "
         "alone gives a device it initializes a blocking wait, which adds "
         "to every kernel)",
         NULL /* the cuda backend's (cuda/dev_cuda.c) */},
    [PROACT__PARAM_COPY_QUEUES] =
        {"PROACT_COPY_QUEUES", "4", "1 to 16",
         "copy queues (CUDA streams) per GPU for device-to-device copies, "
         "which take them in turn so that copies overlap (1: every copy "
         "from a GPU waits for the one before)",
         parse_copy_queues},
    [PROACT__PARAM_WALK] =
        {"PROACT_WALK", "auto", "auto, flat or columns",
         "how a kernel walks a collapsed nest whose body is one assignment "
         "or ends in its one store: "
         "columns (one team per tile of innermost iterations, each thread "
         "walking its column down the annotated loop's rows) or flat (a "
         "team's threads stride through a block's points); auto: columns "
         "when the innermost loop keeps 3/4 of a tile's threads busy",
         parse_walk},
    [PROACT__PARAM_CUDA_CACHE] =
        {"PROACT_CUDA_CACHE", "auto", "auto, l1, shared or equal",
         "the L1 / shared memory split CUDA devices prefer for the "
         "program's kernels, set on every device's primary context at "
         "PROACT's first call (auto: CUDA's choice; gathering kernels are "
         "sensitive to it)",
         NULL /* the cuda backend's (cuda/dev_cuda.c) */},
    [PROACT__PARAM_MEMORY] =
        {"PROACT_MEMORY", "replicas", "replicas or unified",
         "unified: every array of a data region is one allocation that all "
         "devices share (CUDA managed memory, placed with hints; "
         "docs/user/gpu.md), and every loop runs with memcpy, which then "
         "copies nothing: the driver moves the pages. The benchmarks' "
         "Unified Memory baseline. Where the devices have no such memory "
         "it warns and keeps replicas",
         parse_memory},
    [PROACT__PARAM_INFO] =
        {"PROACT_INFO", "0", "0 or 1",
         "1: print to stderr at the first PROACT call what proact-info "
         "prints: the version, the devices with their properties and peer "
         "access, and every PROACT_* setting with its source",
         proact__param_parse_bool},
    [PROACT__PARAM_STATS_FILE] =
        {"PROACT_STATS_FILE", "none",
         "none, or a path ending in .json or .csv",
         "write the per-loop statistics to this file at exit, as JSON or "
         "CSV by its extension (docs/user/tuning.md); implies collecting "
         "them. A path that cannot be written is an error at start-up",
         parse_stats_file},
    [PROACT__PARAM_DEBUG_FILE] =
        {"PROACT_DEBUG_FILE", "stderr",
         "stderr, or a path; %h: the host name, %p: the process id, %%: %",
         "where PROACT's log lines go, each prefixed host:pid:tid; errors "
         "also go to stderr. A path that cannot be opened is an error at "
         "start-up",
         parse_debug_file},
    [PROACT__PARAM_DEBUG_PREFIX] =
        {"PROACT_DEBUG_PREFIX", "0", "0 or 1",
         "1: log lines on stderr are prefixed host:pid:tid too (and [dev] "
         "on a device's agent thread), as in PROACT_DEBUG_FILE",
         proact__param_parse_bool},
    [PROACT__PARAM_TRACE] =
        {"PROACT_TRACE", "off",
         "off, or a path; %h: the host name, %p: the process id, %%: %",
         "write a timeline of loops, kernels, copies, chunks seen ready and "
         "agent jobs to this file at exit, as Chrome trace-event JSON for "
         "Perfetto (docs/user/tracing.md). A path that cannot be written is "
         "an error at start-up",
         parse_trace},
    [PROACT__PARAM_TIMEOUT] =
        {"PROACT_TIMEOUT", "0", "0, or 1 to 31536000 (seconds)",
         "0: a loop execution may run as long as it needs (one that runs "
         "10 times longer than its earlier executions, and at least a "
         "second, gets a warning, again each time its run time doubles); "
         "N: an execution still running after N seconds is an error that "
         "names the loop and ends the program, for batch jobs",
         parse_timeout},
    [PROACT__PARAM_READ_CHECK] =
        {"PROACT_READ_CHECK", "1", "0 or 1",
         "1: the kernels compare each load that the runtime cannot check "
         "before them (one after a condition or jump of the loop body, one "
         "through an index that is not affine: docs/user/directives.md) "
         "with its array's section, or with what the array's reads(...) "
         "clause names, and the first load outside stops the program with "
         "an error naming it; 0: no such checks (such a load then reads "
         "whatever the device holds there). A loop compiled with "
         "-fplugin-arg-proact-read-check=on checks whatever this says, one "
         "compiled with =off never (an explicit 1 is then an error)",
         proact__param_parse_bool},
    [PROACT__PARAM_MPI] =
        {"PROACT_MPI", "auto", "auto, 0 or 1",
         "auto: the process is one rank of several when its launcher says so "
         "(OMPI_COMM_WORLD_SIZE, PMI_SIZE, PMIX_SIZE, or SLURM_NTASKS "
         "under srun, above 1), and then loads libproact-mpi; 1: always "
         "through MPI, even as a single rank; 0: never, each process runs "
         "alone on its own devices (docs/user/cluster.md)",
         parse_mpi},
    [PROACT__PARAM_MPI_TIMEOUT] =
        {"PROACT_MPI_TIMEOUT", "60", "1 to 86400 (seconds)",
         "a rank that waits this long for another rank's data or start-up "
         "(a rank that died, stalled or left early) ends every rank with an "
         "error naming the rank it waited for",
         parse_mpi_timeout},
    [PROACT__PARAM_TRANSPORT] =
        {"PROACT_TRANSPORT", "auto", "auto, mpi, mpi-direct or nccl",
         "how device data moves between two ranks' devices: auto chooses "
         "per pair of ranks, the same on every rank (NCCL where every rank "
         "loads it and all devices are CUDA GPUs, else CUDA-aware MPI "
         "between GPUs where both ranks' MPI takes device pointers, else "
         "MPI through host memory); mpi: MPI through host memory; "
         "mpi-direct: device pointers to MPI; nccl: NCCL between every "
         "pair. A forced choice that some pair cannot use is an error on "
         "every rank (docs/user/cluster.md)",
         parse_transport},
    [PROACT__PARAM_NCCL_LIBRARY] =
        {"PROACT_NCCL_LIBRARY", "libnccl.so.2", "a library name or path",
         "the NCCL library that transfers between ranks load at run time "
         "(dlopen: a name is searched in LD_LIBRARY_PATH and the system's "
         "directories)",
         parse_nccl_library},
    [PROACT__PARAM_RANK_PUSH] =
        {"PROACT_RANK_PUSH", "1", "0 or 1",
         "1: under poll, trigger, dma and inline, a part sends what devices "
         "of other ranks read of its writes during the loop (dma: as each "
         "chunk is ready; the others: when the part's kernel ends), and "
         "they receive it while their kernels run; 0: across ranks, data "
         "moves only in the pulls before the loop that reads it "
         "(docs/user/cluster.md). Must be the same on every rank",
         proact__param_parse_bool},
    [PROACT__PARAM_CHECK_HOST] =
        {"PROACT_CHECK_HOST", "0", "0 or 1",
         "1: host code inside a data region that reads an element a loop "
         "changed on the devices, with no update host(...) in between, "
         "stops the program with an error naming the array, the element and "
         "the line (from the program's debug information); so do host "
         "writes that no update device(...) sends before a loop reads them "
         "or a copy back overwrites them. For debugging: every PROACT call "
         "then copies each region array from the devices and compares "
         "(docs/user/troubleshooting.md)",
         proact__param_parse_bool},
    [PROACT__PARAM_OUTPUT_STRICT] =
        {"PROACT_OUTPUT_STRICT", "1", "0 or 1",
         "1: a write error on PROACT_DEBUG_FILE, PROACT_STATS_FILE or "
         "PROACT_TRACE is reported and makes the program's exit status 1; "
         "0: it is only reported",
         proact__param_parse_bool},
};

static const char *const subsys_names[] = {"init",  "region", "part", "mech",
                                           "agent", "copy",   "env"};

static void set_why(char *why, size_t why_len, const char *fmt, ...)
    PROACT__PRINTF(3, 4);
static void set_why(char *why, size_t why_len, const char *fmt, ...) {
  va_list ap;
  if (why == NULL || why_len == 0)
    return;
  va_start(ap, fmt);
  vsnprintf(why, why_len, fmt, ap);
  va_end(ap);
}

/* Reads a decimal device number at *s, advancing *s. */
static int parse_devnum(const char **s, int *num_p, char *why,
                        size_t why_len) {
  const char *p = *s;
  long v = 0;

  if (!isdigit((unsigned char)*p)) {
    set_why(why, why_len, "expected a device number at '%s'", p);
    return -1;
  }
  while (isdigit((unsigned char)*p)) {
    v = v * 10 + (*p - '0');
    if (v >= PROACT__DEV_MAX) {
      set_why(why, why_len, "device number at '%s' is above %d", *s,
              PROACT__DEV_MAX - 1);
      return -1;
    }
    p++;
  }
  *s = p;
  *num_p = (int)v;
  return 0;
}

proact_status_t proact__param_parse_devices(const char *text,
                                            proact__param_value_t *value_p,
                                            char *why, size_t why_len) {
  proact__devlist_t list = {0};
  unsigned long long seen = 0; /* PROACT__DEV_MAX == 64 bits */
  const char *p = text;

  if (strcasecmp(text, "all") == 0) {
    list.all = 1;
    value_p->devices = list;
    return PROACT_OK;
  }
  for (;;) {
    int from, to, copies = 1;
    if (parse_devnum(&p, &from, why, why_len) != 0)
      return PROACT_ERR_INVALID_PARAM;
    to = from;
    if (*p == '-') {
      p++;
      if (parse_devnum(&p, &to, why, why_len) != 0)
        return PROACT_ERR_INVALID_PARAM;
      if (to < from) {
        set_why(why, why_len, "range %d-%d is descending", from, to);
        return PROACT_ERR_INVALID_PARAM;
      }
    }
    if (*p == '*') {
      const char *at = ++p;
      if (parse_devnum(&p, &copies, why, why_len) != 0 || copies == 0) {
        set_why(why, why_len,
                "expected a count of logical devices from 1 to %d at '%s'",
                PROACT__DEV_MAX - 1, at);
        return PROACT_ERR_INVALID_PARAM;
      }
    }
    for (int d = from; d <= to; d++) {
      if (seen & (1ull << d)) {
        set_why(why, why_len,
                "device %d is listed twice (write %d*K for K logical "
                "devices on it)",
                d, d);
        return PROACT_ERR_INVALID_PARAM;
      }
      seen |= 1ull << d;
      list.total += copies;
      /* The device layer stops a list past the validity masks' limit with
       * the devices there are; this only bounds the count. */
      if (list.total > PROACT__DEV_MAX) {
        set_why(why, why_len,
                "the list asks for %d or more devices; at most %d can take "
                "part, logical ones included",
                list.total, PROACT__DEV_MAX - 1);
        return PROACT_ERR_INVALID_PARAM;
      }
      list.copies[list.count] = copies;
      list.ids[list.count++] = d;
    }
    if (*p == '\0')
      break;
    if (*p != ',') {
      set_why(why, why_len, "unexpected '%c'", *p);
      return PROACT_ERR_INVALID_PARAM;
    }
    p++;
  }
  value_p->devices = list;
  return PROACT_OK;
}

proact_status_t proact__param_parse_level(const char *text,
                                          proact__param_value_t *value_p,
                                          char *why, size_t why_len) {
  static const char *const names[] = {"warn", "info", "trace"};
  for (int i = 0; i < 3; i++) {
    if (strcasecmp(text, names[i]) == 0) {
      value_p->i = i;
      return PROACT_OK;
    }
  }
  set_why(why, why_len, "unknown level '%s'", text);
  return PROACT_ERR_INVALID_PARAM;
}

proact_status_t proact__param_parse_subsys(const char *text,
                                           proact__param_value_t *value_p,
                                           char *why, size_t why_len) {
  const size_t nnames = sizeof(subsys_names) / sizeof(subsys_names[0]);
  unsigned mask = 0;
  const char *p = text;

  for (;;) {
    size_t n = strcspn(p, ",");
    size_t i;
    if (n == 3 && strncasecmp(p, "all", 3) == 0) {
      mask = PROACT__SUBSYS_ALL;
    } else {
      for (i = 0; i < nnames; i++) {
        if (strlen(subsys_names[i]) == n &&
            strncasecmp(p, subsys_names[i], n) == 0)
          break;
      }
      if (i == nnames) {
        set_why(why, why_len, "unknown subsystem '%.*s'", (int)n, p);
        return PROACT_ERR_INVALID_PARAM;
      }
      mask |= 1u << i;
    }
    if (p[n] == '\0')
      break;
    p += n + 1;
  }
  value_p->mask = mask;
  return PROACT_OK;
}

proact_status_t proact__param_parse_bool(const char *text,
                                         proact__param_value_t *value_p,
                                         char *why, size_t why_len) {
  if (strcmp(text, "0") == 0 || strcmp(text, "1") == 0) {
    value_p->i = text[0] - '0';
    return PROACT_OK;
  }
  set_why(why, why_len, "'%s' is not 0 or 1", text);
  return PROACT_ERR_INVALID_PARAM;
}

proact_status_t proact__param_parse_mech(const char *text,
                                         proact__param_value_t *value_p,
                                         char *why, size_t why_len) {
  if (strcmp(text, "clause") == 0) {
    value_p->i = -1;
    return PROACT_OK;
  }
  for (int m = 0; m < PROACT_MECH_COUNT_; m++)
    if (strcmp(text, proact_mech_name((proact_mech_t)m)) == 0) {
      value_p->i = m;
      return PROACT_OK;
    }
  set_why(why, why_len, "'%s' is not a mechanism", text);
  return PROACT_ERR_INVALID_PARAM;
}

proact_status_t proact__param_parse_named(const char *text,
                                          const proact__param_name_t *names,
                                          size_t n, const char *what,
                                          proact__param_value_t *value_p,
                                          char *why, size_t why_len) {
  for (size_t i = 0; i < n; i++)
    if (strcmp(text, names[i].name) == 0) {
      value_p->i = names[i].value;
      return PROACT_OK;
    }
  set_why(why, why_len, "'%s' is not a %s", text, what);
  return PROACT_ERR_INVALID_PARAM;
}

proact_status_t proact__param_parse_size(const char *text, long long lo,
                                         long long hi,
                                         proact__param_value_t *value_p,
                                         char *why, size_t why_len) {
  long long v = 0, scale = 1;
  const char *p = text;

  if (!isdigit((unsigned char)*p)) {
    set_why(why, why_len, "'%s' is not a number", text);
    return PROACT_ERR_INVALID_PARAM;
  }
  for (; isdigit((unsigned char)*p); p++) {
    if (__builtin_mul_overflow(v, 10, &v) ||
        __builtin_add_overflow(v, *p - '0', &v)) {
      set_why(why, why_len, "'%s' does not fit 64 bits", text);
      return PROACT_ERR_INVALID_PARAM;
    }
  }
  if (*p == 'K' || *p == 'k')
    scale = 1LL << 10;
  else if (*p == 'M' || *p == 'm')
    scale = 1LL << 20;
  else if (*p == 'G' || *p == 'g')
    scale = 1LL << 30;
  if (scale > 1)
    p++;
  if (*p != '\0') {
    set_why(why, why_len, "unexpected '%s' after the number", p);
    return PROACT_ERR_INVALID_PARAM;
  }
  /* A product that wraps would pass for a small value (2^34 G is 0). */
  if (__builtin_mul_overflow(v, scale, &v)) {
    set_why(why, why_len, "'%s' does not fit 64 bits", text);
    return PROACT_ERR_INVALID_PARAM;
  }
  if (v != 0 && (v < lo || v > hi)) {
    set_why(why, why_len, "%lld is outside [%lld, %lld]", v, lo, hi);
    return PROACT_ERR_INVALID_PARAM;
  }
  value_p->i = v;
  return PROACT_OK;
}

static pthread_mutex_t param_lock = PTHREAD_MUTEX_INITIALIZER;
static int param_loaded[PROACT__PARAM_COUNT_];
static int param_from_env[PROACT__PARAM_COUNT_];
/* The environment's text, copied where memory allows: the program may
 * change its environment after the first read. */
static const char *param_env_text[PROACT__PARAM_COUNT_];
static proact__param_value_t param_values[PROACT__PARAM_COUNT_];
static proact__param_parse_func_t param_registered[PROACT__PARAM_COUNT_];

void proact__param_register_parser(proact__param_id_t id,
                                   proact__param_parse_func_t parse) {
  pthread_mutex_lock(&param_lock);
  param_registered[id] = parse;
  pthread_mutex_unlock(&param_lock);
}

static proact__param_parse_func_t param_parser_locked(proact__param_id_t id) {
  return proact__params[id].parse != NULL ? proact__params[id].parse
                                          : param_registered[id];
}

proact__param_parse_func_t proact__param_parser(proact__param_id_t id) {
  proact__param_parse_func_t parse;
  pthread_mutex_lock(&param_lock);
  parse = param_parser_locked(id);
  pthread_mutex_unlock(&param_lock);
  return parse;
}

/* Parses text as id's value into *value_p; on failure writes the whole
 * message for the user into msg. Under param_lock. */
static proact_status_t param_parse_locked(proact__param_id_t id,
                                          const char *text,
                                          proact__param_value_t *value_p,
                                          char *msg, size_t msg_len) {
  const proact__param_t *param = &proact__params[id];
  proact__param_parse_func_t parse = param_parser_locked(id);
  char why[256] = "";

  if (parse == NULL) {
    snprintf(msg, msg_len,
             "%s cannot be read: the device backend that owns its values "
             "registered no parser for it",
             param->name);
    return PROACT_ERR_UNSUPPORTED;
  }
  if (parse(text, value_p, why, sizeof(why)) != PROACT_OK) {
    snprintf(msg, msg_len, "invalid %s='%s': %s; valid values: %s",
             param->name, text, why, param->range);
    return PROACT_ERR_INVALID_PARAM;
  }
  return PROACT_OK;
}

const proact__param_value_t *proact__param_get(proact__param_id_t id) {
  const proact__param_t *param = &proact__params[id];

  pthread_mutex_lock(&param_lock);
  if (!param_loaded[id]) {
    char msg[1024];
    const char *text = param->dflt;
    const char *env = getenv(param->name);
    if (env != NULL && env[0] != '\0') {
      const char *copy = strdup(env);
      text = param_env_text[id] = copy != NULL ? copy : env;
      param_from_env[id] = 1;
    }
    if (param_parse_locked(id, text, &param_values[id], msg, sizeof(msg)) !=
        PROACT_OK) {
      pthread_mutex_unlock(&param_lock);
      proact__fatal(NULL, 0, 0, "%s", msg);
    }
    param_loaded[id] = 1;
  }
  pthread_mutex_unlock(&param_lock);
  return &param_values[id];
}

proact_status_t proact__param_check_env(proact__param_id_t id, char *msg,
                                        size_t msg_len) {
  const char *env = getenv(proact__params[id].name);
  proact__param_value_t value;
  proact_status_t st;

  if (env == NULL || env[0] == '\0')
    return PROACT_OK;
  pthread_mutex_lock(&param_lock);
  st = param_parse_locked(id, env, &value, msg, msg_len);
  pthread_mutex_unlock(&param_lock);
  return st;
}

int proact__param_from_env(proact__param_id_t id) {
  proact__param_get(id);
  return param_from_env[id];
}

const char *proact__param_text(proact__param_id_t id) {
  proact__param_get(id);
  return param_from_env[id] ? param_env_text[id] : proact__params[id].dflt;
}

void proact__param_print_docs(FILE *stream) {
  for (int i = 0; i < PROACT__PARAM_COUNT_; i++) {
    const proact__param_t *param = &proact__params[i];
    fprintf(stream, "| `%s` | `%s` | %s | %s |\n", param->name, param->dflt,
            param->doc, param->range);
  }
}
