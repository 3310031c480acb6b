/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* The build's identity (build_info.h), from the header CMake writes at
 * configure time (the configuration) and at build time (the commit). */
#include <pthread.h>
#include <stdio.h>

#include "build_info.h"
#include "proact/detail/codegen.h"
#include "proact_build_commit.h"
#include "proact_build_config.h"

const char *proact__build_version(void) { return PROACT_BUILD_VERSION; }

const char *proact__build_commit(void) { return PROACT_BUILD_COMMIT; }

const char *proact__build_config(void) { return PROACT_BUILD_CONFIG; }

static char build_identity[512];
static pthread_once_t build_once = PTHREAD_ONCE_INIT;

static void build_identity_make(void) {
  snprintf(build_identity, sizeof(build_identity),
           "PROACT %s (lowering ABI %d), commit %s, %s", PROACT_BUILD_VERSION,
           PROACT_LOWERING_ABI, PROACT_BUILD_COMMIT, PROACT_BUILD_CONFIG);
}

const char *proact__build_identity(void) {
  pthread_once(&build_once, build_identity_make);
  return build_identity;
}
