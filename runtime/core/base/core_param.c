/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* The core's PROACT_* parameters (core_param.h). */
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "core_param.h"
#include "proact/detail/codegen.h"

PROACT__PARAM_SIZE_PARSER(parse_chunk, 256, 1LL << 30)
PROACT__PARAM_SIZE_PARSER(parse_teams, 1, 65536)
PROACT__PARAM_SIZE_PARSER(parse_team_threads, 1, 1024)
PROACT__PARAM_SIZE_PARSER(parse_block_points, 1, 1LL << 30)
PROACT__PARAM_SIZE_PARSER(parse_ready_cache, 1LL << 16, 1LL << 40)
static proact_status_t parse_balance_min_us(const char *text,
                                            proact__param_value_t *value_p,
                                            char *why, size_t why_len) {
  return proact__param_parse_plain(text, 0, 1000000, "microseconds",
                                   value_p, why, why_len);
}

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

static proact_status_t parse_timeout(const char *text,
                                     proact__param_value_t *value_p,
                                     char *why, size_t why_len) {
  return proact__param_parse_plain(text, 0, 31536000, "seconds", value_p,
                                   why, why_len);
}

const proact__param_t proact__param_distribute = {
    4, "PROACT_DISTRIBUTE", "0", "0 or 1",
    "1: every array of a data region is distributed, as if named in "
    "distribute(...): each device holds only the window its loops "
    "access, not a full replica",
    proact__param_parse_bool};
PROACT__PARAM_REGISTER(proact__param_distribute)

const proact__param_t proact__param_mech = {
    5, "PROACT_MECH", "clause",
    "clause, memcpy, inline, poll, trigger, dma or auto",
    "transfer mechanism of every loop, overriding mech(...) "
    "(clause: each loop's own, memcpy when it has none)",
    proact__param_parse_mech};
PROACT__PARAM_REGISTER(proact__param_mech)

const proact__param_t proact__param_chunk = {
    6, "PROACT_CHUNK", "0", "0, or 256 to 1G bytes (K, M, G suffixes)",
    "readiness chunk size, overriding chunk(...) (0: the clause, "
    "else 1M)",
    parse_chunk};
PROACT__PARAM_REGISTER(proact__param_chunk)

const proact__param_t proact__param_threads = {
    7, "PROACT_THREADS", "0", "0, or a multiple of 32 from 32 to 8192",
    "transfer threads of the poll agent, overriding threads(...) (0: "
    "the clause, else 8192), at most 256 per chunk a part pushes",
    parse_threads};
PROACT__PARAM_REGISTER(proact__param_threads)

const proact__param_t proact__param_teams = {
    8, "PROACT_TEAMS", "0", "0, or 1 to 65536",
    "teams of each generated kernel (0: 8 per multiprocessor on a GPU, "
    "1056 on an H100 or H200, one per multiprocessor for a loop whose "
    "iterations walk rows read from an array, one per block with the "
    "column walk, up to 4 on a host device, one per core, and one when "
    "the loop has as many parts; on a host device never more than libomp "
    "forms: one per core, or "
    "KMP_TEAMS_THREAD_LIMIT)",
    parse_teams};
PROACT__PARAM_REGISTER(proact__param_teams)

const proact__param_t proact__param_team_threads = {
    9, "PROACT_TEAM_THREADS", "0", "0, or 1 to 1024",
    "threads per team of each generated kernel (0: 512 on a GPU, 256 "
    "with the column walk, whose tiles are this wide; 1 on a host "
    "device, where teams times threads stays within that limit of "
    "PROACT_TEAMS)",
    parse_team_threads};
PROACT__PARAM_REGISTER(proact__param_team_threads)

const proact__param_t proact__param_block_points = {
    10, "PROACT_BLOCK_POINTS", "0", "0, or 1 to 1G",
    "iterations (points of a collapsed nest) per block, the unit of "
    "readiness (0: up to 8192 on a GPU and 64 on a host device, but "
    "no more than a part's points over its teams; with the column "
    "walk, rows of a tile: this over the tile's width, 0: 12 on a GPU, "
    "8 on a host device). A value set here is not capped: more than a "
    "part's points over its teams leaves teams without a block",
    parse_block_points};
PROACT__PARAM_REGISTER(proact__param_block_points)

const proact__param_t proact__param_elide = {
    12, "PROACT_ELIDE", "0", "0 or 1",
    "1: skip every device-to-device copy and push (each loop runs with "
    "memcpy), for the infinite-bandwidth bound of the benchmarks; the "
    "results are then wrong, and every run warns so",
    proact__param_parse_bool};
PROACT__PARAM_REGISTER(proact__param_elide)

const proact__param_t proact__param_decompose = {
    13, "PROACT_DECOMPOSE", "clause",
    "clause, auto, block, cyclic or block_cyclic:B (B iterations, K, "
    "M, G suffixes)",
    "how every loop's iterations are split over the devices, overriding "
    "decompose(...) (clause: each loop's own, auto when it has none)",
    parse_decompose};
PROACT__PARAM_REGISTER(proact__param_decompose)

const proact__param_t proact__param_ready_cache = {
    14, "PROACT_READY_CACHE", "64M",
    "0, or 64K to 1024G bytes (K, M, G suffixes)",
    "device memory per device for the readiness states kept between "
    "executions of the loops (least recently used evicted first; 0: "
    "none kept, each execution builds and uploads its own)",
    parse_ready_cache};
PROACT__PARAM_REGISTER(proact__param_ready_cache)

const proact__param_t proact__param_balance = {
    16, "PROACT_BALANCE", "0", "0 or 1",
    "1: loops split in contiguous parts (decompose(block)) give each "
    "device a share of the iterations from its measured speed "
    "(docs/user/tuning.md); 0: equal parts",
    proact__param_parse_bool};
PROACT__PARAM_REGISTER(proact__param_balance)

const proact__param_t proact__param_balance_min_us = {
    17, "PROACT_BALANCE_MIN_US", "100", "0 to 1000000",
    "executions whose longest part's kernel takes less than this many "
    "microseconds do not count toward balancing (launch cost would "
    "dominate the speeds)",
    parse_balance_min_us};
PROACT__PARAM_REGISTER(proact__param_balance_min_us)

const proact__param_t proact__param_walk = {
    20, "PROACT_WALK", "auto", "auto, flat or columns",
    "how a kernel walks a collapsed nest whose body is one assignment "
    "or ends in its one store: "
    "columns (one team per tile of innermost iterations, each thread "
    "walking its column down the annotated loop's rows) or flat (a "
    "team's threads stride through a block's points); auto: columns "
    "when the innermost loop keeps 3/4 of a tile's threads busy (on a "
    "GPU in tiles of 256, 128, 64 or 32 threads, the widest that does). A "
    "program without devices walks flat; such a nest under poll, "
    "trigger, dma or inline walks columns under auto and flat too, in "
    "tiles narrowed to keep their threads busy, else runs memcpy",
    parse_walk};
PROACT__PARAM_REGISTER(proact__param_walk)

const proact__param_t proact__param_memory = {
    22, "PROACT_MEMORY", "replicas", "replicas or unified",
    "unified: every array of a data region is one allocation that all "
    "devices share (CUDA managed memory, placed with hints; "
    "docs/user/gpu.md), and every loop runs with memcpy, which then "
    "copies nothing: the driver moves the pages. The benchmarks' "
    "Unified Memory baseline. Where the devices have no such memory "
    "it warns and keeps replicas",
    parse_memory};
PROACT__PARAM_REGISTER(proact__param_memory)

const proact__param_t proact__param_info = {
    23, "PROACT_INFO", "0", "0 or 1",
    "1: print to stderr at the first PROACT call what proact-info "
    "prints: the version, lowering ABI, commit and build configuration, "
    "the devices with their properties and peer access, and every "
    "PROACT_* setting with its source",
    proact__param_parse_bool};
PROACT__PARAM_REGISTER(proact__param_info)

const proact__param_t proact__param_timeout = {
    28, "PROACT_TIMEOUT", "0", "0, or 1 to 31536000 (seconds)",
    "0: a loop execution may run as long as it needs (one that runs "
    "10 times longer than its earlier executions, and at least a "
    "second, gets a warning, again each time its run time doubles); "
    "N: an execution still running after N seconds is an error that "
    "names the loop and ends the program, for batch jobs",
    parse_timeout};
PROACT__PARAM_REGISTER(proact__param_timeout)

const proact__param_t proact__param_read_check = {
    29, "PROACT_READ_CHECK", "1", "0 or 1",
    "1: the kernels compare each load that the runtime cannot check "
    "before them (one after a condition or jump of the loop body, one "
    "through an index that is not affine: docs/user/directives.md) "
    "with its array's section, or with what the array's reads(...) "
    "clause names, and each update of an array reduction with the "
    "reduced section; a load or update outside stops the program with "
    "an error naming one such load or update (the first a thread "
    "recorded, which need not be the earliest iteration); 0: no such "
    "checks (such a load "
    "then reads whatever the device holds there, such an update lands "
    "outside the thread's copy). A loop compiled with "
    "-fplugin-arg-proact-read-check=on checks whatever this says, one "
    "compiled with =off never (an explicit 1 is then an error)",
    proact__param_parse_bool};
PROACT__PARAM_REGISTER(proact__param_read_check)

const proact__param_t proact__param_rank_push = {
    34, "PROACT_RANK_PUSH", "1", "0 or 1",
    "1: under poll, trigger, dma and inline, a part sends what devices "
    "of other ranks read of its writes during the loop (dma: as each "
    "chunk is ready; the others: when the part's kernel ends), and "
    "they receive it while their kernels run; 0: across ranks, data "
    "moves only in the pulls before the loop that reads it "
    "(docs/user/cluster.md). Must be the same on every rank",
    proact__param_parse_bool};
PROACT__PARAM_REGISTER(proact__param_rank_push)

const proact__param_t proact__param_check_host = {
    35, "PROACT_CHECK_HOST", "0", "0 or 1",
    "1: host code inside a data region that reads an element a loop "
    "changed on the devices, with no update host(...) in between, "
    "stops the program with an error naming the array, the element and "
    "the line (from the program's debug information); so do host "
    "writes that no update device(...) sends before a loop reads them "
    "or a copy back overwrites them. For debugging: every PROACT call "
    "then copies each region array from the devices and compares "
    "(docs/user/troubleshooting.md)",
    proact__param_parse_bool};
PROACT__PARAM_REGISTER(proact__param_check_host)

const proact__param_t proact__param_plan_cache = {
    37, "PROACT_PLAN_CACHE", "1", "0 or 1",
    "1: a loop that runs again with the same sizes, sections, subscripts "
    "and region entries reuses the plan (parts, split, geometry, write "
    "spans, mechanism) it built the first time instead of building it "
    "again; 0: every execution builds its plan",
    proact__param_parse_bool};
PROACT__PARAM_REGISTER(proact__param_plan_cache)
