/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* The start-up check of the environment: before main, every PROACT_*
 * variable the environment sets is parsed, whatever the backend and
 * whether or not the program will read it, and names that are no PROACT
 * variable get a warning with the nearest one. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "error_report.h"
#include "log.h"
#include "param.h"

extern char **environ;

/* PROACT_* names the project's tools read, not the runtime: proactcc's,
 * the build and benchmark scripts', and the <Package>_DIR / _ROOT that
 * CMake's find_package(PROACT) and environment modules set. They are set
 * legitimately where programs run, so they draw no warning
 * (docs/user/environment.md lists them). */
static const char *const env_tool_names[] = {
    "PROACT_CC",           "PROACT_OFFLOAD",        "PROACT_CUDA_ARCH",
    "PROACT_CUDA_PATH",    "PROACT_CMAKE_ARGS",     "PROACT_KERNELS",
    "PROACT_NORM",         "PROACT_DIR",            "PROACT_ROOT",
    "PROACT_LLVM",         "PROACT_OPENMP_PRIVATE", "PROACT_PRIVATE_ROOT",
    "PROACT_OPENMP_ROOT",  "PROACT_LLVM_SOURCE",    "PROACT_BUILD_TARGETS",
    "PROACT_GPU_BUNDLE",   "PROACT_GPU_DEBS_EXTRA", "PROACT_GPU_PAIR",
    "PROACT_GPU_BUNDLE_ONLY", "PROACT_VARIANT_PROGS", "PROACT_LLVM_ROOT",
    "PROACT_DEVICE_RTL_DIR", "PROACT_SETUP_INSTALL",  "PROACT_TEST_FULL",
    "PROACT_DRY_RUN",        "PROACT_CUPTI_INCLUDE",  "PROACT_INSTALL_RPATH",
    "PROACT_OPENMP_COMPILE_FLAGS", "PROACT_OPENMP_LINK_FLAGS"};
enum {
  ENV_NTOOL = sizeof(env_tool_names) / sizeof(env_tool_names[0]),
  ENV_NAME_MAX = 64
};

/* Edit distance of a and b, case-insensitive; names longer than
 * ENV_NAME_MAX count as far from everything. */
static int env_distance(const char *a, size_t na, const char *b) {
  size_t nb = strlen(b);
  int row[ENV_NAME_MAX + 1];
  if (na > ENV_NAME_MAX || nb > ENV_NAME_MAX)
    return ENV_NAME_MAX * 2;
  for (size_t j = 0; j <= nb; j++)
    row[j] = (int)j;
  for (size_t i = 1; i <= na; i++) {
    int diag = row[0];
    row[0] = (int)i;
    for (size_t j = 1; j <= nb; j++) {
      int up = row[j];
      int cost = toupper((unsigned char)a[i - 1]) !=
                 toupper((unsigned char)b[j - 1]);
      int best = diag + cost;
      if (up + 1 < best)
        best = up + 1;
      if (row[j - 1] + 1 < best)
        best = row[j - 1] + 1;
      row[j] = best;
      diag = up;
    }
  }
  return row[nb];
}

/* Warns about a PROACT_* name (any case) that is neither a parameter nor a
 * tool's, naming the nearest of both. */
static void env_check_name(const char *entry) {
  const char *eq = strchr(entry, '=');
  size_t n = eq != NULL ? (size_t)(eq - entry) : strlen(entry);
  const char *nearest = NULL;
  int best = ENV_NAME_MAX * 2;
  const int nparams = proact__param_count();

  if (n < 7 || strncasecmp(entry, "PROACT_", 7) != 0)
    return;
  for (int i = 0; i < nparams; i++)
    if (strlen(proact__param_at(i)->name) == n &&
        strncmp(entry, proact__param_at(i)->name, n) == 0)
      return;
  for (int i = 0; i < ENV_NTOOL; i++)
    if (strlen(env_tool_names[i]) == n &&
        strncmp(entry, env_tool_names[i], n) == 0)
      return;
  for (int i = 0; i < nparams + ENV_NTOOL; i++) {
    const char *name = i < nparams ? proact__param_at(i)->name
                                   : env_tool_names[i - nparams];
    int d = env_distance(entry, n, name);
    if (d < best) {
      best = d;
      nearest = name;
    }
  }
  proact__warn("%.*s is not a PROACT variable and is ignored; did you mean "
               "%s? (proact-info lists them)",
               (int)n, entry, nearest);
}

/* Every invalid value is reported, not only the first, so that one run
 * shows all there is to fix; the last ends the program. Errors go to
 * PROACT_DEBUG_FILE too, as later ones do, unless its own setting is
 * among them. After every layer registered its parameters
 * (PROACT__CTOR_PARAMS). */
__attribute__((constructor(PROACT__CTOR_ENV_CHECK))) static void
param_env_check(void) {
  static char msgs[PROACT__PARAM_MAX][1024];
  int nbad = 0, log_usable = 1;

  for (int i = 0; i < proact__param_count(); i++) {
    const proact__param_t *param = proact__param_at(i);
    if (proact__param_check_env(param, msgs[nbad], sizeof(msgs[nbad])) ==
        PROACT_OK)
      continue;
    if (param == PROACT__PARAM_DEBUG_FILE ||
        param == PROACT__PARAM_DEBUG_PREFIX)
      log_usable = 0;
    nbad++;
  }
  if (nbad > 0) {
    if (log_usable)
      proact__log_open();
    for (int k = 0; k < nbad - 1; k++) {
      if (log_usable)
        proact__log("error", 0, NULL, 0, "%s", msgs[k]);
      else
        fprintf(stderr, "proact: error: %s\n", msgs[k]);
    }
    proact__fatal(NULL, 0, 0, "%s", msgs[nbad - 1]);
  }
  for (char **e = environ; e != NULL && *e != NULL; e++)
    env_check_name(*e);
}
