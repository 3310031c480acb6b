/* PROACT_* environment variables: one table (param.c) gives each its name,
 * default, valid range, documentation and parser. Every variable the
 * environment sets is checked before main (param_env.c); each is read
 * once, on first use, and cached; an invalid value is a fatal error that
 * names the variable and its valid range. */
#ifndef PROACT_BASE_PARAM_H
#define PROACT_BASE_PARAM_H

#include <stddef.h>
#include <stdio.h>

#include "proact/status.h"

/* Largest number of OpenMP devices PROACT handles (device numbers 0..63). */
#define PROACT__DEV_MAX 64

typedef struct proact__devlist {
  int all;   /* "all": every OpenMP device, ids unused */
  int count; /* number of ids, in the user's order */
  int ids[PROACT__DEV_MAX];
  /* How many logical devices ids[i] is (D*K; 1 when written alone): each
   * one a PROACT device of its own on the same OpenMP device. */
  int copies[PROACT__DEV_MAX];
  int total; /* the sum of copies[]: the devices the list asks for */
} proact__devlist_t;

typedef enum proact__log_level {
  PROACT__LOG_WARN = 0,
  PROACT__LOG_INFO = 1,
  PROACT__LOG_TRACE = 2
} proact__log_level_t;

/* Subsystems for PROACT_DEBUG_SUBSYS; the names are in param.c. */
typedef enum proact__subsys {
  PROACT__SUBSYS_INIT = 1u << 0,
  PROACT__SUBSYS_REGION = 1u << 1,
  PROACT__SUBSYS_PART = 1u << 2,
  PROACT__SUBSYS_MECH = 1u << 3,
  PROACT__SUBSYS_AGENT = 1u << 4,
  PROACT__SUBSYS_COPY = 1u << 5,
  PROACT__SUBSYS_ENV = 1u << 6,
  PROACT__SUBSYS_ALL = (1u << 7) - 1
} proact__subsys_t;

/* PROACT_WALK: how a kernel's threads walk a collapsed nest
 * (docs/design/lowering.md). */
typedef enum proact__walk {
  PROACT__WALK_AUTO = 0,   /* columns where emitted and the tiles' lanes
                              are at least 3/4 busy */
  PROACT__WALK_FLAT = 1,   /* always the flat walk */
  PROACT__WALK_COLUMNS = 2 /* columns wherever emitted */
} proact__walk_t;

/* PROACT_MEMORY: where data regions keep their arrays on the devices. */
typedef enum proact__memory {
  PROACT__MEMORY_REPLICAS = 0, /* a replica (or window) per device */
  PROACT__MEMORY_UNIFIED = 1   /* one shared allocation (unified.h) */
} proact__memory_t;

/* PROACT_STATS_FILE: the format its extension names. */
/* PROACT_MPI: whether the process is one rank of several (rank.h). */
typedef enum proact__mpi_mode {
  PROACT__MPI_AUTO = 0, /* when a launcher says there are several ranks */
  PROACT__MPI_OFF = 1,  /* never: each process runs alone */
  PROACT__MPI_ON = 2    /* always through MPI, even with one rank */
} proact__mpi_mode_t;

/* PROACT_TRANSPORT: how device bytes move between ranks (rank_choice.h
 * has the choice). */
typedef enum proact__transport_mode {
  PROACT__TRANSPORT_AUTO = 0,       /* per pair of ranks, by their devices */
  PROACT__TRANSPORT_MPI = 1,        /* MPI through host memory */
  PROACT__TRANSPORT_MPI_DIRECT = 2, /* device pointers to MPI */
  PROACT__TRANSPORT_NCCL = 3        /* NCCL between every pair */
} proact__transport_mode_t;

typedef enum proact__stats_format {
  PROACT__STATS_FORMAT_NONE = 0,
  PROACT__STATS_FORMAT_JSON = 1,
  PROACT__STATS_FORMAT_CSV = 2
} proact__stats_format_t;

typedef enum proact__param_id {
  PROACT__PARAM_DEVICES,
  PROACT__PARAM_DEBUG,
  PROACT__PARAM_DEBUG_SUBSYS,
  PROACT__PARAM_STATS,
  PROACT__PARAM_DISTRIBUTE,
  PROACT__PARAM_MECH,
  PROACT__PARAM_CHUNK,
  PROACT__PARAM_THREADS,
  PROACT__PARAM_TEAMS,
  PROACT__PARAM_TEAM_THREADS,
  PROACT__PARAM_BLOCK_POINTS,
  PROACT__PARAM_WATCHDOG_MS,
  PROACT__PARAM_ELIDE,
  PROACT__PARAM_DECOMPOSE,
  PROACT__PARAM_READY_CACHE,
  PROACT__PARAM_READY_CHECK,
  PROACT__PARAM_BALANCE,
  PROACT__PARAM_BALANCE_MIN_US,
  PROACT__PARAM_CUDA_WAIT,
  PROACT__PARAM_COPY_QUEUES,
  PROACT__PARAM_WALK,
  PROACT__PARAM_CUDA_CACHE,
  PROACT__PARAM_MEMORY,
  PROACT__PARAM_INFO,
  PROACT__PARAM_STATS_FILE,
  PROACT__PARAM_DEBUG_FILE,
  PROACT__PARAM_DEBUG_PREFIX,
  PROACT__PARAM_TRACE,
  PROACT__PARAM_TIMEOUT,
  PROACT__PARAM_READ_CHECK,
  PROACT__PARAM_MPI,
  PROACT__PARAM_MPI_TIMEOUT,
  PROACT__PARAM_TRANSPORT,
  PROACT__PARAM_NCCL_LIBRARY,
  PROACT__PARAM_RANK_PUSH,
  PROACT__PARAM_CHECK_HOST,
  PROACT__PARAM_OUTPUT_STRICT,
  PROACT__PARAM_COUNT_
} proact__param_id_t;

typedef union proact__param_value {
  long long i;                 /* PROACT_STATS, PROACT_DISTRIBUTE,
                                  PROACT_DEBUG (a level), PROACT_MECH (a
                                  proact_mech_t, -1: the loop's clause),
                                  PROACT_DECOMPOSE (-1: the clause, else
                                  PROACT__DECOMP_* | block << 8),
                                  PROACT_CUDA_WAIT and PROACT_CUDA_CACHE
                                  (the cuda backend's values),
                                  PROACT_WALK (a proact__walk_t),
                                  PROACT_MEMORY (a proact__memory_t),
                                  PROACT_TRANSPORT (a
                                  proact__transport_mode_t),
                                  PROACT_STATS_FILE (a
                                  proact__stats_format_t),
                                  PROACT_DEBUG_FILE (0: stderr, 1: a
                                  file; the path is proact__param_text),
                                  PROACT_TRACE (0: off, 1: a file; the
                                  path is proact__param_text),
                                  and the numbers (0: automatic) */
  unsigned mask;               /* PROACT_DEBUG_SUBSYS */
  proact__devlist_t devices;   /* PROACT_DEVICES */
} proact__param_value_t;

/* Parses text into *value_p; on failure returns PROACT_ERR_INVALID_PARAM
 * and writes the exact cause into why. */
typedef proact_status_t (*proact__param_parse_func_t)(
    const char *text, proact__param_value_t *value_p, char *why,
    size_t why_len);

typedef struct proact__param {
  const char *name;  /* PROACT_... */
  const char *dflt;  /* used when the variable is unset or empty */
  const char *range; /* valid values, for error messages and docs */
  const char *doc;
  /* NULL for a parameter whose values only a device backend knows (the
   * CUDA enums): that backend registers its parser (below). */
  proact__param_parse_func_t parse;
} proact__param_t;

/* The table, indexed by proact__param_id_t. */
extern const proact__param_t proact__params[PROACT__PARAM_COUNT_];

/* The cached value of a parameter (parsed from the environment on the first
 * call; an invalid value ends the program). */
const proact__param_value_t *proact__param_get(proact__param_id_t id);

/* Checks the environment's value of id, if it sets one, without caching
 * it: PROACT_OK, else an error status with the message for the user in
 * msg. The start-up check (param_env.c) uses it, so that a program may
 * still set a variable before its first PROACT call. */
proact_status_t proact__param_check_env(proact__param_id_t id, char *msg,
                                        size_t msg_len);

/* Constructor priorities: device backends register their parsers
 * (proact__param_register_parser) before the start-up check reads every
 * variable, and both before any other constructor of libproact. */
#define PROACT__CTOR_PARSERS 101
#define PROACT__CTOR_ENV_CHECK 102

/* Whether id's value came from the environment (else its default). */
int proact__param_from_env(proact__param_id_t id);

/* The text id's value was parsed from: the environment's, else the
 * default. */
const char *proact__param_text(proact__param_id_t id);

/* Gives a parameter whose table entry has no parser the parser of the
 * backend that owns its values, so that support need not know them. Called
 * before main, from a constructor of priority PROACT__CTOR_PARSERS. */
void proact__param_register_parser(proact__param_id_t id,
                                   proact__param_parse_func_t parse);

/* id's parser: the table's, else the registered one; NULL when neither. */
proact__param_parse_func_t proact__param_parser(proact__param_id_t id);

/* Writes one line per parameter (name, default, range, doc); docs use it. */
void proact__param_print_docs(FILE *stream);

/* The parsers, exposed for the unit tests. */
proact_status_t proact__param_parse_devices(const char *text,
                                            proact__param_value_t *value_p,
                                            char *why, size_t why_len);
/* PROACT_COPY_QUEUES' upper bound: the streams a backend creates per
 * device. */
enum { PROACT__COPY_QUEUES_MAX = 16 };
proact_status_t proact__param_parse_level(const char *text,
                                          proact__param_value_t *value_p,
                                          char *why, size_t why_len);
proact_status_t proact__param_parse_subsys(const char *text,
                                           proact__param_value_t *value_p,
                                           char *why, size_t why_len);
proact_status_t proact__param_parse_bool(const char *text,
                                         proact__param_value_t *value_p,
                                         char *why, size_t why_len);
proact_status_t proact__param_parse_mech(const char *text,
                                         proact__param_value_t *value_p,
                                         char *why, size_t why_len);
/* A name-to-value pair of an enumerated parameter. */
typedef struct proact__param_name {
  const char *name;
  int value;
} proact__param_name_t;
/* One of n names (case-sensitive) into value_p->i; what names the kind of
 * value for the error ("'x' is not a <what>"). */
proact_status_t proact__param_parse_named(const char *text,
                                          const proact__param_name_t *names,
                                          size_t n, const char *what,
                                          proact__param_value_t *value_p,
                                          char *why, size_t why_len);
/* A number with an optional K, M or G suffix (powers of 1024), 0 or in
 * [lo, hi]. */
proact_status_t proact__param_parse_size(const char *text, long long lo,
                                         long long hi,
                                         proact__param_value_t *value_p,
                                         char *why, size_t why_len);

#endif
