/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* PROACT_* environment variables. Each layer defines its own, each with
 * its name, default, valid range, documentation and parser, and registers
 * them here before main (PROACT__PARAM_REGISTER, as NCCL_PARAM does);
 * these are the support layer's. Every variable the environment sets is
 * checked before main (param_env.c); each is read once, on first use, and
 * cached; an invalid value is a fatal error that names the variable and
 * its valid range. */
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

/* PROACT_STATS_FILE: the format its extension names. */
typedef enum proact__stats_format {
  PROACT__STATS_FORMAT_NONE = 0,
  PROACT__STATS_FORMAT_JSON = 1,
  PROACT__STATS_FORMAT_CSV = 2
} proact__stats_format_t;

/* A parameter's value, as its parser wrote it; where its definition says
 * what the number means. */
typedef union proact__param_value {
  long long i;               /* a number (0: automatic), a flag, or an
                                enumeration's value */
  unsigned mask;             /* a set of names (proact__param_parse_subsys) */
  proact__devlist_t devices; /* a device list (proact__param_parse_devices) */
} proact__param_value_t;

/* Parses text into *value_p; on failure returns PROACT_ERR_INVALID_PARAM
 * and writes the exact cause into why. */
typedef proact_status_t (*proact__param_parse_func_t)(
    const char *text, proact__param_value_t *value_p, char *why,
    size_t why_len);

typedef struct proact__param {
  /* Its row in docs/user/environment.md and proact-info's settings, which
   * keep one order across the layers; unique, below PROACT__PARAM_MAX. */
  int place;
  const char *name;  /* PROACT_... */
  const char *dflt;  /* used when the variable is unset or empty */
  const char *range; /* valid values, for error messages and docs */
  const char *doc;
  proact__param_parse_func_t parse;
} proact__param_t;

enum { PROACT__PARAM_MAX = 64 };

/* Constructor priorities: every layer registers its parameters before the
 * start-up check reads every variable, and both before any other
 * constructor of libproact. */
#define PROACT__CTOR_PARAMS 101
#define PROACT__CTOR_ENV_CHECK 102

/* Adds a parameter to those the start-up check, proact-info and the docs
 * know; a place taken twice is a fatal error. Called before main, from a
 * constructor of priority PROACT__CTOR_PARAMS: use PROACT__PARAM_REGISTER. */
void proact__param_register(const proact__param_t *param);

/* Registers the parameter defined as `var` (a proact__param_t) before
 * main; at file scope, after its definition. */
#define PROACT__PARAM_REGISTER(var)                                            \
  __attribute__((constructor(PROACT__CTOR_PARAMS))) static void                \
      proact__param_register_##var(void) {                                     \
    proact__param_register(&var);                                              \
  }

/* The registered parameters, in the order of their places: i from 0 to
 * proact__param_count() - 1. */
int proact__param_count(void);
const proact__param_t *proact__param_at(int i);

/* The cached value of a parameter (parsed from the environment on the first
 * call; an invalid value ends the program). */
const proact__param_value_t *proact__param_get(const proact__param_t *param);

/* Checks the environment's value of param, if it sets one, without
 * caching it: PROACT_OK, else an error status with the message for the
 * user in msg. The start-up check (param_env.c) uses it, so that a
 * program may still set a variable before its first PROACT call. */
proact_status_t proact__param_check_env(const proact__param_t *param,
                                        char *msg, size_t msg_len);

/* Whether param's value came from the environment (else its default). */
int proact__param_from_env(const proact__param_t *param);

/* The text param's value was parsed from: the environment's, else the
 * default. */
const char *proact__param_text(const proact__param_t *param);

/* Writes one line per parameter (name, default, range, doc); docs use it. */
void proact__param_print_docs(FILE *stream);

/* The support layer's parameters. */
extern const proact__param_t proact__param_debug, proact__param_debug_subsys,
    proact__param_stats, proact__param_stats_file, proact__param_debug_file,
    proact__param_debug_prefix, proact__param_trace,
    proact__param_output_strict;
#define PROACT__PARAM_DEBUG (&proact__param_debug)
#define PROACT__PARAM_DEBUG_SUBSYS (&proact__param_debug_subsys)
#define PROACT__PARAM_STATS (&proact__param_stats)
#define PROACT__PARAM_STATS_FILE (&proact__param_stats_file)
#define PROACT__PARAM_DEBUG_FILE (&proact__param_debug_file)
#define PROACT__PARAM_DEBUG_PREFIX (&proact__param_debug_prefix)
#define PROACT__PARAM_TRACE (&proact__param_trace)
#define PROACT__PARAM_OUTPUT_STRICT (&proact__param_output_strict)

/* Parsers of the kinds of value the layers' parameters share. */
proact_status_t proact__param_parse_devices(const char *text,
                                            proact__param_value_t *value_p,
                                            char *why, size_t why_len);
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
/* A whole number of unit (seconds, ...), 0 or in [lo, hi]: no suffix, so
 * that "1m" is not taken for 1 MiB of seconds. */
proact_status_t proact__param_parse_plain(const char *text, long long lo,
                                          long long hi, const char *unit,
                                          proact__param_value_t *value_p,
                                          char *why, size_t why_len);
/* Defines parser fn: proact__param_parse_size over [lo, hi]. */
#define PROACT__PARAM_SIZE_PARSER(fn, lo, hi)                                 \
  static proact_status_t fn(const char *text, proact__param_value_t *value_p, \
                            char *why, size_t why_len) {                      \
    return proact__param_parse_size(text, lo, hi, value_p, why, why_len);     \
  }

#endif
