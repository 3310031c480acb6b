/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* Log filtering and formatting; PROACT_DEBUG_FILE's file. */
#include <errno.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "build_info.h"
#include "log.h"
#include "output_path.h"
#include "output_status.h"

int proact__log_enabled(proact__log_level_t level, unsigned subsys) {
  if (level == PROACT__LOG_WARN)
    return 1;
  if (proact__param_get(PROACT__PARAM_DEBUG)->i < level)
    return 0;
  return (proact__param_get(PROACT__PARAM_DEBUG_SUBSYS)->mask & subsys) != 0;
}

static const char *subsys_name(unsigned subsys) {
  static const char *const names[] = {"init",  "region", "part", "mech",
                                      "agent", "copy",   "env"};
  for (unsigned i = 0; i < sizeof(names) / sizeof(names[0]); i++)
    if (subsys == 1u << i)
      return names[i];
  return NULL;
}

/* Set once by log_setup (0: not yet, 1: under way, 2: done): a lock would
 * deadlock when the setup's own fatal error runs atexit handlers that log. */
static int log_state;
static FILE *log_file;    /* PROACT_DEBUG_FILE's, NULL: stderr only */
static int log_prefix;    /* PROACT_DEBUG_PREFIX: on stderr too */
static char log_host[64]; /* up to the first '.', as NCCL shows it */
static int log_identified; /* the identity line is out */
static _Thread_local int log_dev = -1;
static _Thread_local int log_dev_set;

void proact__log_set_device(int dev) {
  log_dev = dev;
  log_dev_set = 1;
}

static void host_name(char *out, size_t size) {
  if (gethostname(out, size) != 0)
    snprintf(out, size, "unknown");
  out[size - 1] = '\0';
  out[strcspn(out, ".")] = '\0';
}

static void log_setup(void) {
  int expect = 0;
  if (!__atomic_compare_exchange_n(&log_state, &expect, 1, 0,
                                   __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE))
    return; /* done, or under way (this line goes to stderr) */
  host_name(log_host, sizeof(log_host));
  log_prefix = (int)proact__param_get(PROACT__PARAM_DEBUG_PREFIX)->i;
  if (proact__param_get(PROACT__PARAM_DEBUG_FILE)->i) {
    const char *pattern = proact__param_text(PROACT__PARAM_DEBUG_FILE);
    char path[4096];
    FILE *f = NULL;
    char clash[8192];
    if (proact__output_path_expand(pattern, path, sizeof(path)) != 0)
      proact__fatal(NULL, 0, 0, "PROACT_DEBUG_FILE='%s' is too long",
                    pattern);
    if ((f = fopen(path, "w")) == NULL)
      proact__fatal(NULL, 0, 0, "cannot open PROACT_DEBUG_FILE='%s' (%s): %s",
                    pattern, path, strerror(errno));
    setvbuf(f, NULL, _IOLBF, 0); /* each line out at once, crash or not */
    __atomic_store_n(&log_file, f, __ATOMIC_RELEASE);
    proact__fatal_mirror = proact__log_mirror_error;
    __atomic_store_n(&log_state, 2, __ATOMIC_RELEASE);
    /* To stderr as well: the other process's file is this one. */
    if (proact__output_clash("PROACT_DEBUG_FILE", pattern, path, clash,
                             sizeof(clash)))
      fprintf(stderr, "proact: warning: %s\n", clash);
    return;
  }
  __atomic_store_n(&log_state, 2, __ATOMIC_RELEASE);
}

void proact__log_open(void) { log_setup(); }

/* At start-up, so that a wrong path stops the program before it works. */
__attribute__((constructor)) static void log_setup_at_start(void) {
  if (getenv("PROACT_DEBUG_FILE") != NULL ||
      getenv("PROACT_DEBUG_PREFIX") != NULL)
    log_setup();
}

/* "host:pid:tid [dev] " or "host:pid:tid "; the device is the one the
 * thread was given, else the one its name "proact-ROLE-DEV" carries. */
static void line_prefix(char *out, size_t size) {
  int dev = log_dev;
  if (!log_dev_set) {
    char name[16] = "";
    const char *dash;
    if (pthread_getname_np(pthread_self(), name, sizeof(name)) == 0 &&
        strncmp(name, "proact-", 7) == 0 &&
        (dash = strrchr(name, '-')) != NULL && dash[1] != '\0' &&
        strspn(dash + 1, "0123456789") == strlen(dash + 1))
      dev = atoi(dash + 1);
  }
  if (dev >= 0)
    snprintf(out, size, "%s:%ld:%ld [%d] ", log_host, (long)getpid(),
             (long)syscall(SYS_gettid), dev);
  else
    snprintf(out, size, "%s:%ld:%ld ", log_host, (long)getpid(),
             (long)syscall(SYS_gettid));
}

void proact__log_mirror_error(const char *text) {
  FILE *f = __atomic_load_n(&log_file, __ATOMIC_ACQUIRE);
  char pre[128];
  if (f == NULL)
    return;
  line_prefix(pre, sizeof(pre));
  fprintf(f, "%sproact: error: %s\n", pre, text);
  fflush(f);
}

void proact__log(const char *kind, unsigned subsys, const char *file,
                 int line, const char *fmt, ...) {
  char msg[1024];
  char head[256];
  char pre[128] = "";
  const char *name = subsys_name(subsys);
  const char *base = NULL;
  int is_error = strcmp(kind, "error") == 0;
  FILE *f;
  size_t n;
  va_list ap;

  va_start(ap, fmt);
  vsnprintf(msg, sizeof(msg), fmt, ap);
  va_end(ap);

  n = (size_t)snprintf(head, sizeof(head), "proact: %s: ", kind);
  if (name != NULL && n < sizeof(head))
    n += (size_t)snprintf(head + n, sizeof(head) - n, "%s: ", name);
  if (file != NULL && n < sizeof(head)) {
    base = strrchr(file, '/');
    snprintf(head + n, sizeof(head) - n, "%s:%d: ",
             base != NULL ? base + 1 : file, line);
  }
  log_setup();
  /* The first info or trace line of a log says which PROACT wrote it, so
   * that a log in a bug report needs no question. Only for those kinds,
   * whose callers checked the level: the errors of an invalid
   * PROACT_DEBUG must not read it. */
  if ((strcmp(kind, "info") == 0 || strcmp(kind, "trace") == 0) &&
      !__atomic_load_n(&log_identified, __ATOMIC_ACQUIRE) &&
      !__atomic_exchange_n(&log_identified, 1, __ATOMIC_ACQ_REL))
    proact__log("info", PROACT__SUBSYS_INIT, NULL, 0, "%s",
                proact__build_identity());
  f = __atomic_load_n(&log_file, __ATOMIC_ACQUIRE);
  if (f != NULL || log_prefix)
    line_prefix(pre, sizeof(pre));
  /* One fprintf so lines from several threads do not interleave. Errors
   * reach stderr even when the log goes to a file: they end programs. */
  /* The file is line-buffered: a failed write shows at once. */
  if (f != NULL && (fprintf(f, "%s%s%s\n", pre, head, msg) < 0 || ferror(f)))
    proact__output_failed("the log (PROACT_DEBUG_FILE)",
                          proact__param_text(PROACT__PARAM_DEBUG_FILE),
                          errno != 0 ? errno : EIO);
  if (f == NULL || is_error)
    fprintf(stderr, "%s%s%s\n", log_prefix ? pre : "", head, msg);
  if (is_error)
    proact__set_last_error("%s", msg);
}
