/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* The PROACT_* parameters' registry, the parsers of the kinds of value
 * they share, and the support layer's own parameters. */
#include <ctype.h>
#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "check.h"
#include "error_report.h"
#include "output_path.h"
#include "param.h"
#include "proact.h"

/* none, or a path whose extension names the format: tools read the file by
 * it, so a path without one would leave them guessing; with the output
 * files' escapes. */
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
  return proact__output_path_check(text, why, why_len);
}

/* stderr, or a path with the output files' escapes (output_path.h). */
static proact_status_t parse_debug_file(const char *text,
                                        proact__param_value_t *value_p,
                                        char *why, size_t why_len) {
  PROACT_CHECK(proact__output_path_check(text, why, why_len));
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

const proact__param_t proact__param_debug = {
    1, "PROACT_DEBUG", "warn", "warn, info or trace",
    "how much PROACT logs (to stderr, or "
    "PROACT_DEBUG_FILE)",
    proact__param_parse_level};
PROACT__PARAM_REGISTER(proact__param_debug)

const proact__param_t proact__param_debug_subsys = {
    2, "PROACT_DEBUG_SUBSYS", "all",
    "'all' or a comma list of init, region, part, mech, agent, copy, "
    "env",
    "subsystems whose info and trace messages are printed",
    proact__param_parse_subsys};
PROACT__PARAM_REGISTER(proact__param_debug_subsys)

const proact__param_t proact__param_stats = {
    3, "PROACT_STATS", "0", "0 or 1",
    "1: print per-loop statistics at exit",
    proact__param_parse_bool};
PROACT__PARAM_REGISTER(proact__param_stats)

const proact__param_t proact__param_stats_file = {
    24, "PROACT_STATS_FILE", "none",
    "none, or a path ending in .json or .csv; " PROACT__OUTPUT_ESCAPES,
    "write the per-loop statistics to this file at exit, as JSON or "
    "CSV by its extension (docs/user/tuning.md); implies collecting "
    "them. A path that cannot be written is an error at start-up",
    parse_stats_file};
PROACT__PARAM_REGISTER(proact__param_stats_file)

const proact__param_t proact__param_debug_file = {
    25, "PROACT_DEBUG_FILE", "stderr",
    "stderr, or a path; " PROACT__OUTPUT_ESCAPES,
    "where PROACT's log lines go, each prefixed host:pid:tid; errors "
    "also go to stderr. A path that cannot be opened is an error at "
    "start-up",
    parse_debug_file};
PROACT__PARAM_REGISTER(proact__param_debug_file)

const proact__param_t proact__param_debug_prefix = {
    26, "PROACT_DEBUG_PREFIX", "0", "0 or 1",
    "1: log lines on stderr are prefixed host:pid:tid too (and [dev] "
    "on a device's agent thread), as in PROACT_DEBUG_FILE",
    proact__param_parse_bool};
PROACT__PARAM_REGISTER(proact__param_debug_prefix)

const proact__param_t proact__param_trace = {
    27, "PROACT_TRACE", "off",
    "off, or a path; " PROACT__OUTPUT_ESCAPES,
    "write a timeline of loops, kernels, copies, chunks seen ready and "
    "agent jobs to this file at exit, as Chrome trace-event JSON for "
    "Perfetto (docs/user/tracing.md). A path that cannot be written is "
    "an error at start-up",
    parse_trace};
PROACT__PARAM_REGISTER(proact__param_trace)

const proact__param_t proact__param_output_strict = {
    36, "PROACT_OUTPUT_STRICT", "1", "0 or 1",
    "1: a write error on PROACT_DEBUG_FILE, PROACT_STATS_FILE or "
    "PROACT_TRACE is reported and makes the program's exit status 1 "
    "when it ends by exit() or by returning from main; "
    "0: it is only reported",
    proact__param_parse_bool};
PROACT__PARAM_REGISTER(proact__param_output_strict)

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

proact_status_t proact__param_parse_plain(const char *text, long long lo,
                                          long long hi, const char *unit,
                                          proact__param_value_t *value_p,
                                          char *why, size_t why_len) {
  for (const char *c = text; *c != '\0'; c++)
    if ((*c < '0' || *c > '9') && *c != ' ' && *c != '\t') {
      snprintf(why, why_len,
               "'%s' is not a whole number of %s (write it without a unit "
               "or suffix)",
               text, unit);
      return PROACT_ERR_INVALID_PARAM;
    }
  return proact__param_parse_size(text, lo, hi, value_p, why, why_len);
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
/* The registered parameters in the order of their places, and per place
 * (the index of the state below) whether one is registered there. */
static const proact__param_t *param_order[PROACT__PARAM_MAX];
static int param_count;
static int param_taken[PROACT__PARAM_MAX];
static int param_loaded[PROACT__PARAM_MAX];
static int param_from_env[PROACT__PARAM_MAX];
/* The environment's text, copied where memory allows: the program may
 * change its environment after the first read. */
static const char *param_env_text[PROACT__PARAM_MAX];
static proact__param_value_t param_values[PROACT__PARAM_MAX];

void proact__param_register(const proact__param_t *param) {
  int i;
  if (param->place < 0 || param->place >= PROACT__PARAM_MAX ||
      param_taken[param->place])
    proact__fatal(NULL, 0, 0, "%s: place %d is taken or out of range",
                  param->name, param->place);
  param_taken[param->place] = 1;
  for (i = param_count; i > 0 && param_order[i - 1]->place > param->place;
       i--)
    param_order[i] = param_order[i - 1];
  param_order[i] = param;
  param_count++;
}

int proact__param_count(void) { return param_count; }

const proact__param_t *proact__param_at(int i) {
  return i >= 0 && i < param_count ? param_order[i] : NULL;
}

/* Parses text as param's value into *value_p; on failure writes the whole
 * message for the user into msg. */
static proact_status_t param_parse(const proact__param_t *param,
                                   const char *text,
                                   proact__param_value_t *value_p, char *msg,
                                   size_t msg_len) {
  char why[256] = "";

  if (param->parse(text, value_p, why, sizeof(why)) != PROACT_OK) {
    snprintf(msg, msg_len, "invalid %s='%s': %s; valid values: %s",
             param->name, text, why, param->range);
    return PROACT_ERR_INVALID_PARAM;
  }
  return PROACT_OK;
}

const proact__param_value_t *proact__param_get(const proact__param_t *param) {
  const int id = param->place;

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
    if (param_parse(param, text, &param_values[id], msg, sizeof(msg)) !=
        PROACT_OK) {
      pthread_mutex_unlock(&param_lock);
      proact__fatal(NULL, 0, 0, "%s", msg);
    }
    param_loaded[id] = 1;
  }
  pthread_mutex_unlock(&param_lock);
  return &param_values[id];
}

proact_status_t proact__param_check_env(const proact__param_t *param,
                                        char *msg, size_t msg_len) {
  const char *env = getenv(param->name);
  proact__param_value_t value;

  if (env == NULL || env[0] == '\0')
    return PROACT_OK;
  return param_parse(param, env, &value, msg, msg_len);
}

int proact__param_from_env(const proact__param_t *param) {
  proact__param_get(param);
  return param_from_env[param->place];
}

const char *proact__param_text(const proact__param_t *param) {
  proact__param_get(param);
  return param_from_env[param->place] ? param_env_text[param->place]
                                      : param->dflt;
}

void proact__param_print_docs(FILE *stream) {
  for (int i = 0; i < param_count; i++) {
    const proact__param_t *param = param_order[i];
    fprintf(stream, "| `%s` | `%s` | %s | %s |\n", param->name, param->dflt,
            param->doc, param->range);
  }
}
