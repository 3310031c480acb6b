/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* The escapes of the output files' paths and the check that no two
 * processes write one file (output_path.h). */
#include <errno.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

#include "error_report.h"
#include "output_path.h"

proact_status_t proact__output_path_check(const char *pattern, char *why,
                                          size_t why_len) {
  for (const char *p = strchr(pattern, '%'); p != NULL;
       p = strchr(p + 2, '%')) {
    if (p[1] != 'h' && p[1] != 'p' && p[1] != 'r' && p[1] != '%') {
      if (why != NULL && why_len > 0)
        snprintf(why, why_len,
                 "unknown escape '%%%.1s' (%%h, %%p, %%r, %%%%)", p + 1);
      return PROACT_ERR_INVALID_PARAM;
    }
  }
  return PROACT_OK;
}

int proact__output_rank(int *size_p, const char **var_p) {
  /* Each launcher's pair of variables, the rank's first. */
  static const char *const vars[][2] = {
      {"OMPI_COMM_WORLD_RANK", "OMPI_COMM_WORLD_SIZE"},
      {"PMI_RANK", "PMI_SIZE"},
      {"PMIX_RANK", "PMIX_SIZE"},
      {"SLURM_PROCID", "SLURM_NTASKS"}};
  for (size_t i = 0; i < sizeof(vars) / sizeof(vars[0]); i++) {
    const char *rank = getenv(vars[i][0]), *size = getenv(vars[i][1]);
    char *end;
    long r;
    if (rank == NULL || *rank == '\0')
      continue;
    r = strtol(rank, &end, 10);
    if (*end != '\0' || r < 0 || r > INT_MAX)
      continue;
    if (size_p != NULL) {
      long n = size != NULL ? strtol(size, NULL, 10) : 0;
      *size_p = n > r && n <= INT_MAX ? (int)n : (int)r + 1;
    }
    if (var_p != NULL)
      *var_p = vars[i][0];
    return (int)r;
  }
  if (size_p != NULL)
    *size_p = 1;
  if (var_p != NULL)
    *var_p = NULL;
  return 0;
}

static void output_host(char *out, size_t size) {
  if (gethostname(out, size) != 0)
    snprintf(out, size, "unknown");
  out[size - 1] = '\0';
  out[strcspn(out, ".")] = '\0';
}

int proact__output_path_expand(const char *pattern, char *out, size_t size) {
  char host[64];
  size_t n = 0;
  output_host(host, sizeof(host));
  for (const char *p = pattern; *p != '\0'; p++) {
    char num[24];
    const char *add = num;
    size_t len;
    if (p[0] == '%' && p[1] == 'h')
      add = host, p++;
    else if (p[0] == '%' && p[1] == 'p')
      snprintf(num, sizeof(num), "%ld", (long)getpid()), p++;
    else if (p[0] == '%' && p[1] == 'r')
      snprintf(num, sizeof(num), "%d", proact__output_rank(NULL, NULL)), p++;
    else if (p[0] == '%' && p[1] == '%')
      snprintf(num, sizeof(num), "%%"), p++;
    else
      snprintf(num, sizeof(num), "%c", *p);
    len = strlen(add);
    if (n + len >= size)
      return -1;
    memcpy(out + n, add, len + 1);
    n += len;
  }
  if (size == 0)
    return -1;
  out[n] = '\0';
  return 0;
}

/* The absolute path of path, its directory resolved where it exists, so
 * that two spellings of one file are one claim. */
static void output_absolute(const char *path, char *out, size_t size) {
  char dir[PATH_MAX], real[PATH_MAX];
  const char *slash = strrchr(path, '/');
  if (slash == NULL)
    snprintf(dir, sizeof(dir), ".");
  else if (slash == path)
    snprintf(dir, sizeof(dir), "/");
  else
    snprintf(dir, sizeof(dir), "%.*s", (int)(slash - path), path);
  if (realpath(dir, real) != NULL)
    snprintf(out, size, "%s/%s", real, slash != NULL ? slash + 1 : path);
  else
    snprintf(out, size, "%s", path);
}

/* The claims this process holds: listening sockets kept open until exit. */
static int output_claims[8];
static int output_nclaims;

/* Claims path on this host with a socket in Linux's abstract namespace,
 * named by a hash of the path: the kernel frees it when the process ends,
 * so the claim leaves no file behind and survives no crash. Returns the
 * pid of the process that holds it already, 0 when the claim is this
 * process's, -1 when it cannot tell. */
static long output_claim_host(const char *path) {
  struct sockaddr_un addr = {.sun_family = AF_UNIX};
  char abs[PATH_MAX + 256];
  uint64_t h = 1469598103934665603ull; /* FNV-1a */
  socklen_t len;
  int fd;

  output_absolute(path, abs, sizeof(abs));
  for (const unsigned char *p = (const unsigned char *)abs; *p; p++)
    h = (h ^ *p) * 1099511628211ull;
  /* sun_path[0] == '\0': the abstract namespace. */
  len = (socklen_t)(offsetof(struct sockaddr_un, sun_path) + 1 +
                    (size_t)snprintf(addr.sun_path + 1,
                                     sizeof(addr.sun_path) - 1,
                                     "proact-output-%016llx",
                                     (unsigned long long)h));
  if ((fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0)) < 0)
    return -1;
  if (bind(fd, (struct sockaddr *)&addr, len) == 0) {
    if (listen(fd, 16) != 0 ||
        output_nclaims == (int)(sizeof(output_claims) /
                                sizeof(output_claims[0]))) {
      close(fd);
      return -1;
    }
    output_claims[output_nclaims++] = fd;
    return 0;
  }
  if (errno == EADDRINUSE) {
    struct ucred cred;
    socklen_t clen = sizeof(cred);
    long pid = -1;
    int c = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (c >= 0 && connect(c, (struct sockaddr *)&addr, len) == 0 &&
        getsockopt(c, SOL_SOCKET, SO_PEERCRED, &cred, &clen) == 0)
      pid = (long)cred.pid;
    if (c >= 0)
      close(c);
    close(fd);
    return pid != 0 ? pid : -1;
  }
  close(fd);
  return -1;
}

/* This process's own output files, by absolute path: two settings that
 * name one file would overwrite each other (the log's warning with it). */
static struct {
  const char *var;
  char path[PATH_MAX];
} output_own[8];
static int output_nown;

static void output_own_claim(const char *var, const char *pattern,
                             const char *path) {
  char abs[PATH_MAX];
  struct stat st;
  /* /dev/null and other devices take any number of writers. */
  if (stat(path, &st) == 0 && !S_ISREG(st.st_mode))
    return;
  output_absolute(path, abs, sizeof(abs));
  for (int i = 0; i < output_nown; i++)
    if (strcmp(output_own[i].path, abs) == 0 &&
        strcmp(output_own[i].var, var) != 0)
      proact__fatal(NULL, 0, 0,
                    "%s=%s names %s, which %s names too: one would "
                    "overwrite the other; give them different paths",
                    var, pattern, path, output_own[i].var);
  if (output_nown < (int)(sizeof(output_own) / sizeof(output_own[0]))) {
    output_own[output_nown].var = var;
    snprintf(output_own[output_nown].path, PATH_MAX, "%s", abs);
    output_nown++;
  }
}

int proact__output_clash(const char *var, const char *pattern,
                         const char *path, char *msg, size_t len) {
  int size, rank = proact__output_rank(&size, NULL);
  long other;

  output_own_claim(var, pattern, path);
  /* Several ranks and nothing in the path that tells them apart: every
   * rank would write the one file, wherever it runs. Said once, by rank
   * 0; the claim below would only repeat it. */
  if (size > 1 && strstr(pattern, "%r") == NULL &&
      strstr(pattern, "%p") == NULL && strstr(pattern, "%h") == NULL) {
    if (rank != 0)
      return 0;
    snprintf(msg, len,
             "%s=%s names one file for all %d ranks: each rank writes it "
             "and only one rank's survives; put %%r (the rank) in the path",
             var, pattern, size);
    return 1;
  }
  other = output_claim_host(path);
  if (other <= 0)
    return 0;
  snprintf(msg, len,
           "%s=%s: process %ld on this host writes %s too, and one will "
           "overwrite the other's; put %%r (the rank) or %%p (the process "
           "id) in the path",
           var, pattern, other, path);
  return 1;
}
